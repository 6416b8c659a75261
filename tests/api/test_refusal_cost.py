"""What refusing a request costs is bounded by the body, not by how many things are wrong in it.

A 256 KB record of 9,000 junk actions took a worker from 51 to 93 MiB (the hostile review): marshmallow
built an error entry for every bad item, only for the answer to show 20. Each body below fills the
body limit with junk of one kind, against both ways a request is checked: the compiled check of
plainly well-formed bodies (a list of valid actions too long for the record) and marshmallow's load
(everything else). The answer stays small, and answering it allocates at most a few times the body
beyond what reading any body of that size costs (the body guard's scan, json.loads).
"""

from __future__ import annotations

import gc
import json
import tracemalloc
from collections.abc import Callable

import pytest

from schemas.common import MAX_ITEM_ERRORS, NOT_CHECKED
from service.api.config import DEFAULT_MAX_BODY
from service.api.guard import json_shape_problem

LIMIT = DEFAULT_MAX_BODY - 64
RECORD = '{"dealer":0,"hands":[["AS"],["KS"],["QS"],["JS"]],"actions":['
MAX_ANSWER = 4096  # bytes: 20 messages, clipped (service/api/errors.py)
EXTRA = 4  # times the body, beyond reading it


def filled(prefix: str, item: str, suffix: str) -> bytes:
    n = (LIMIT - len(prefix) - len(suffix)) // (len(item) + 1)
    return (prefix + ",".join([item] * n) + suffix).encode()


def keys(prefix: str, suffix: str) -> bytes:
    items, size = [], len(prefix) + len(suffix)
    while size < LIMIT - 16:
        items.append(f'"k{len(items)}":0')
        size += len(items[-1]) + 1
    return (prefix + ",".join(items) + suffix).encode()


def junk_match() -> bytes:
    record = {"dealer": "x", "hands": [["ZZ"] * 52] * 8, "actions": [{"seat": "x", "type": 5}] * 200}
    while True:
        body = json.dumps({"hands": [{"hand": record}] * 60}, separators=(",", ":")).encode()
        if len(body) <= LIMIT:
            return body
        record["actions"] = record["actions"][:-10]


BODIES: dict[str, tuple[str, Callable[[], bytes]]] = {
    # the hostile review's list bomb (bench/hostile.py), filled to the limit
    "list bomb": ("oh-hell/hands/state", lambda: filled(RECORD, '{"seat":"x","type":5}', "]}")),
    "131,000 junk actions": ("oh-hell/hands/state", lambda: filled(RECORD, "5", "]}")),
    # plainly well formed, so the compiled check's: only the record's length is wrong
    "7,000 valid plays": (
        "oh-hell/hands/state",
        lambda: filled(RECORD, '{"seat":0,"type":"play","card":"AS"}', "]}"),
    ),
    "52,000 junk cards": ("bazar-blot/hands/state", lambda: filled('{"dealer":0,"hands":[[', '"ZZ"', "]]}")),
    "a record bomb on play": (
        "bazar-blot/hands/play",
        lambda: filled('{"action":{"seat":0,"type":"pass"},"hand":' + RECORD, '{"seat":"x","type":5}', "]}}"),
    ),
    "131,000 junk hands of a match": ("baloot/matches/score", lambda: filled('{"hands":[', "5", "]}")),
    "60 junk records, each at its limits": ("blot-duel/matches/score", junk_match),
    "25,000 unknown fields": ("blob/hands/state", lambda: keys('{"dealer":0,"hands":[["AS"]],', "}")),
    "25,000 unknown fields of an action": (
        "nomination-whist/hands/state",
        lambda: keys(RECORD + '{"seat":0,"type":"play","card":"AS",', "}]}"),
    ),
}


def peak(call: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", list(BODIES))
def test_refusing_a_body_of_junk_costs_a_few_times_the_body(client, name):
    path, make = BODIES[name]
    body = make()
    assert DEFAULT_MAX_BODY // 2 < len(body) <= DEFAULT_MAX_BODY

    def post():
        return client.post(f"/v1/games/{path}", data=body, content_type="application/json")

    post()  # warm: the first request builds caches that are no cost of this body
    answers = []
    cost = peak(lambda: answers.append(post()))
    reading = max(peak(lambda: json.loads(body)), peak(lambda: json_shape_problem(body)))
    resp = answers[0]
    assert resp.status_code == 422, resp.get_data(as_text=True)
    assert len(resp.data) <= MAX_ANSWER, len(resp.data)
    assert cost <= reading + EXTRA * len(body), (
        f"{cost / len(body):.1f}x the body to refuse it, reading it {reading / len(body):.1f}x"
    )


def test_a_list_stops_at_the_requests_20th_bad_item_and_says_how_many_it_left(client):
    actions = [{"seat": 0, "type": "play", "card": "AS"}] * 3 + [
        {"seat": "x", "type": "play", "card": "AS"}
    ] * 50
    resp = client.post(
        "/v1/games/oh-hell/hands/state", json={"dealer": 0, "hands": [["AS"]], "actions": actions}
    )
    problem = resp.get_json()
    assert problem["code"] == "invalid_seat" and problem["action_index"] == 3
    assert problem["errors"]["actions"] == [
        f"{NOT_CHECKED}: the last {50 - MAX_ITEM_ERRORS} items (a request's validation stops at its "
        f"{MAX_ITEM_ERRORS}th invalid item)"
    ]
    seats = [k for k in problem["errors"] if k.endswith(".seat")]
    assert (
        seats[0] == "actions.3.seat" and len(seats) == MAX_ITEM_ERRORS - 1
    )  # the answer's cap: the note first


def test_a_list_too_long_is_refused_on_its_length_before_its_items(client, app):
    """Neither the compiled check nor marshmallow's load looks at an item of a list past its
    maximum: each would otherwise check 5,000 actions for nothing."""
    from schemas import family_of
    from schemas.contract import operations
    from service.rules.registry import GAMES

    game = GAMES["oh-hell"]
    union = family_of(game).actions
    state = next(op for op in operations(game, family_of(game)) if op.key == "hands_state").request
    looked = []

    def spy(check):
        def counted(value):
            looked.append(value)
            return check(value)

        return counted

    checks = dict(union._quick)
    union._quick.update({k: spy(c) for k, c in checks.items()})
    try:
        plays = [{"seat": 0, "type": "play", "card": "AS"}] * 5000
        resp = client.post(
            "/v1/games/oh-hell/hands/state", json={"dealer": 0, "hands": [["AS"]], "actions": plays}
        )
        assert resp.get_json()["errors"] == {"actions": ["Longer than maximum length 200."]}
        assert looked == []
        with pytest.raises(Exception, match="Longer than maximum length 200"):
            state.load(
                {"dealer": 0, "hands": [["AS"]], "actions": plays}, unknown="raise"
            )  # marshmallow's path
        assert looked == []
    finally:
        union._quick.update(checks)


@pytest.mark.parametrize("name", ["131,000 junk actions", "list bomb", "52,000 junk cards"])
def test_a_refused_body_is_freed_when_its_answer_is_written(client, name):
    """Not left to the cyclic collector: a body of few tracked objects (131,000 small integers
    parse into one list) rarely triggers it, and each refused body used to stay behind (1.7 MB for
    this one) until it ran: a worker under a list bomb grew by tens of MiB."""
    path, make = BODIES[name]
    body = make()

    def post():
        return client.post(f"/v1/games/{path}", data=body, content_type="application/json")

    post()
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        assert post().status_code == 422
        left = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.enable()
    assert left < len(body) // 4, f"{left} bytes left after the answer, for a body of {len(body)}"
