"""bench/wrk.py sends what bench/common.table_loop sends, in the same order, byte for byte a request.

No wrk needed (and no timing): the walk a wrk connection is given is compared with the order the
Python loop plays, and each request's bytes are read back by an HTTP parser.
"""

from __future__ import annotations

import io
from email.parser import BytesParser

from bench.common import Request
from bench.wrk import advance, raw, walk


def _tables() -> list[tuple[Request, ...]]:
    sizes = [3, 1, 4, 2, 5]
    return [
        tuple(Request.json(f"t{t}r{r}", "POST", f"/t{t}/{r}", {"r": r}) for r in range(n))
        for t, n in enumerate(sizes)
    ]


def _python_order(tables: list[tuple[Request, ...]], concurrency: int, slot: int, count: int) -> list[str]:
    """The order table_loop's connection `slot` sends in (its loop, without the sockets)."""
    position = [slot, 0]
    out: list[str] = []
    while len(out) < count:
        table = tables[position[0] % len(tables)]
        while position[1] < len(table) and len(out) < count:
            out.append(table[position[1]].name)
            position[1] += 1
        if position[1] >= len(table):
            position[0] += concurrency
            position[1] = 0
    return out


def test_each_connection_walks_the_tables_as_the_python_loop_does() -> None:
    tables = _tables()
    for concurrency in (1, 2, 3, 8):
        for slot in range(concurrency):
            got = [r.name for r in walk(tables, concurrency, [slot, 0], 23)]
            assert got == _python_order(tables, concurrency, slot, 23)


def test_advance_goes_on_where_the_connection_stopped() -> None:
    tables = _tables()
    for sent in (0, 1, 2, 3, 7, 15, 40):
        position = [1, 0]
        advance(tables, 2, position, sent)
        rest = walk(tables, 2, position, 10)
        assert [r.name for r in rest] == _python_order(tables, 2, 1, sent + 10)[sent:]


def test_the_bytes_are_one_http_request_with_its_headers_and_body() -> None:
    body = b'{"seat": 2, "name": "\\u00e9"}'
    request = Request("x", "POST", "/v1/games/blob/hands/state", body, (("Trickref-Table-Key", "k" * 16),))
    data = raw(request, 8123)
    head, _, rest = data.partition(b"\r\n\r\n")
    line, _, fields = head.partition(b"\r\n")
    assert line == b"POST /v1/games/blob/hands/state HTTP/1.1"
    headers = BytesParser().parse(io.BytesIO(fields + b"\r\n\r\n"))
    assert headers["Host"] == "127.0.0.1:8123"
    assert headers["Content-Type"] == "application/json"
    assert headers["Trickref-Table-Key"] == "k" * 16
    assert int(headers["Content-Length"]) == len(body) and rest == body
    get = raw(Request("h", "GET", "/healthz"), 1)
    assert get.endswith(b"\r\n\r\n") and b"Content-Length" not in get and b"Content-Type" not in get
