"""The body guard's patience, on real sockets and gunicorn's own body readers (issue 17, point 3).

A body must arrive whole within its deadline however fast each piece comes; a body merely on its
way is read however many others are in flight; a stalled one takes one of the patient slots, the
oldest holder's when every slot is taken, so an honest client whose body comes late is served while
trickling clients hold the slots; a read that waited resumes without losing a byte."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Any

from gunicorn.http.body import Body, ChunkedReader, LengthReader
from gunicorn.http.unreader import SocketUnreader

from service.api.guard import BUSY_BODY_TIMEOUT, BodyGuard, Refusal

BODY = b'{"seed": 7}' + b" " * 3000
THREADS = 4  # three patient slots


def _environ(sock: socket.socket, length: int | None) -> dict[str, Any]:
    unreader = SocketUnreader(sock)
    if length is None:
        reader: Any = ChunkedReader(type("Req", (), {})(), unreader)
        return {
            "REQUEST_METHOD": "POST",
            "HTTP_TRANSFER_ENCODING": "chunked",
            "gunicorn.socket": sock,
            "wsgi.input": Body(reader),
        }
    return {
        "REQUEST_METHOD": "POST",
        "CONTENT_LENGTH": str(length),
        "gunicorn.socket": sock,
        "wsgi.input": Body(LengthReader(unreader, length)),
    }


def _send_later(peer: socket.socket, parts: list[tuple[float, bytes]]) -> threading.Thread:
    def run() -> None:
        for delay, data in parts:
            time.sleep(delay)
            try:
                peer.sendall(data)
            except OSError:  # a refused body's connection is shut
                return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _trickle(body: bytes, every: float = 0.02) -> list[tuple[float, bytes]]:
    """One byte every 20 ms: each read is fast, the whole body would take a minute."""
    return [(every, body[i : i + 1]) for i in range(len(body))]


def _guard(timeout: float = 2.0) -> BodyGuard:
    return BodyGuard(lambda environ, start_response: [], max_bytes=1 << 20, timeout=timeout, threads=THREADS)


class Client:
    """A body sent by a thread of its own, read by the guard in another (a worker thread)."""

    def __init__(self, guard: BodyGuard, parts: list[tuple[float, bytes]], length: int | None) -> None:
        self.ours, self.peer = socket.socketpair()
        self.environ = _environ(self.ours, length)
        self.refusal: Refusal | None = None
        self.took = 0.0
        self.sender = _send_later(self.peer, parts)
        self.thread = threading.Thread(target=self._run, args=(guard,), daemon=True)
        self.thread.start()

    def _run(self, guard: BodyGuard) -> None:
        start = time.monotonic()
        self.refusal = guard._check(self.environ)
        self.took = time.monotonic() - start

    def join(self, timeout: float = 10.0) -> Client:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the guard is still reading"
        for sock in (self.ours, self.peer):
            with contextlib.suppress(OSError):
                sock.close()
        return self


def test_a_trickled_body_past_the_whole_body_deadline_is_408_though_each_read_is_fast():
    guard = _guard(timeout=0.5)
    client = Client(guard, _trickle(BODY), len(BODY)).join()
    assert client.refusal is not None and client.refusal.status == 408 and client.refusal.close
    assert 0.5 <= client.took < 0.5 + 4 * BUSY_BODY_TIMEOUT


def test_a_trickled_chunked_body_past_the_deadline_is_408():
    guard = _guard(timeout=0.5)
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(BODY), BODY)
    client = Client(guard, _trickle(chunked), None).join()
    assert client.refusal is not None and client.refusal.status == 408
    assert client.took < 0.5 + 4 * BUSY_BODY_TIMEOUT


def test_a_stalled_body_with_a_free_slot_is_read_whole_after_the_short_wait():
    delay = BUSY_BODY_TIMEOUT * 6
    client = Client(_guard(), [(0, BODY[:100]), (delay, BODY[100:])], len(BODY)).join()
    assert client.refusal is None
    assert client.environ["wsgi.input"].read() == BODY  # nothing lost across the wait


def _hold_every_slot(guard: BodyGuard) -> list[Client]:
    """THREADS - 1 trickling clients, each past its short wait: every patient slot is theirs."""
    tricklers = [Client(guard, _trickle(BODY), len(BODY)) for _ in range(THREADS - 1)]
    deadline = time.monotonic() + 2
    while guard._stalled < THREADS - 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert guard._stalled == THREADS - 1
    return tricklers


def test_an_honest_body_200_ms_late_is_served_while_trickling_clients_hold_every_slot():
    """The late body takes the slot of the oldest trickler (which gets 408), not a 408 of its own."""
    guard = _guard(timeout=2.0)
    tricklers = _hold_every_slot(guard)
    honest = Client(guard, [(0.2, BODY)], len(BODY)).join()
    assert honest.refusal is None and honest.environ["wsgi.input"].read() == BODY
    assert tricklers[0].join().refusal is not None and tricklers[0].refusal.status == 408
    for trickler in tricklers[1:]:
        assert trickler.join().refusal is not None  # cut at their deadline, 2 s after they began


def test_a_body_on_its_way_is_read_even_with_every_slot_taken():
    """Other readers in flight do not cost a client its patience: a body that arrives within the
    short wait never asks for a slot, and no slot holder is cut for it."""
    guard = _guard(timeout=1.0)
    tricklers = _hold_every_slot(guard)
    quick = Client(guard, [(BUSY_BODY_TIMEOUT / 5, BODY)], len(BODY)).join()
    assert quick.refusal is None and quick.environ["wsgi.input"].read() == BODY
    assert guard._stalled == THREADS - 1
    for trickler in tricklers:
        trickler.join()
