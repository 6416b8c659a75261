"""The body guard's patience, on real sockets and gunicorn's own body reader: a body merely on its way
is read however many others are in flight, a stalled one takes one of the patient slots, and with
every slot taken a stalled body is refused; a read that timed out resumes without losing a byte."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Any

from gunicorn.http.body import Body, LengthReader
from gunicorn.http.unreader import SocketUnreader

from service.guard import BUSY_BODY_TIMEOUT, BodyGuard

BODY = b'{"seed": 7}' + b" " * 3000


def _environ(sock: socket.socket, length: int) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "POST",
        "CONTENT_LENGTH": str(length),
        "gunicorn.socket": sock,
        "wsgi.input": Body(LengthReader(SocketUnreader(sock), length)),
    }


def _send_later(peer: socket.socket, parts: list[tuple[float, bytes]]) -> threading.Thread:
    def run() -> None:
        for delay, data in parts:
            time.sleep(delay)
            with contextlib.suppress(OSError):  # a refused body's connection is shut
                peer.sendall(data)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _guard(stalled: int) -> BodyGuard:
    guard = BodyGuard(lambda environ, start_response: [], max_bytes=1 << 20, timeout=2.0, threads=4)
    guard._stalled = stalled  # the slots other stalled bodies already hold
    return guard


def test_a_stalled_body_with_a_free_slot_is_read_whole_after_the_short_wait():
    ours, peer = socket.socketpair()
    delay = BUSY_BODY_TIMEOUT * 6
    sender = _send_later(peer, [(0, BODY[:100]), (delay, BODY[100:])])  # part now, the rest later
    environ = _environ(ours, len(BODY))
    assert _guard(stalled=2)._check(environ) is None
    sender.join()
    assert environ["wsgi.input"].read() == BODY  # nothing lost across the timed-out read


def test_a_stalled_body_with_every_slot_taken_is_refused_at_once():
    ours, peer = socket.socketpair()
    sender = _send_later(peer, [(BUSY_BODY_TIMEOUT * 6, BODY)])
    start = time.monotonic()
    refusal = _guard(stalled=3)._check(_environ(ours, len(BODY)))
    assert refusal is not None and refusal.status == 408
    assert time.monotonic() - start < BUSY_BODY_TIMEOUT * 4
    sender.join()


def test_a_body_on_its_way_is_read_even_with_every_slot_taken():
    """Other readers in flight do not cost a client its patience: only stalled ones hold slots, and
    a body that arrives within the short wait never asks for one."""
    ours, peer = socket.socketpair()
    sender = _send_later(peer, [(BUSY_BODY_TIMEOUT / 5, BODY)])
    environ = _environ(ours, len(BODY))
    assert _guard(stalled=3)._check(environ) is None
    sender.join()
    assert environ["wsgi.input"].read() == BODY
