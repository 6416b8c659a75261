"""The request body, read defensively before any parser sees it.

A WSGI middleware (`BodyGuard`) reads every request body itself, once, and hands the app a
buffered copy, so that what a hostile client sends is bounded in time, size and shape:

- time: under gunicorn the whole body must arrive within a deadline, not each read within a
  timeout (a body trickled a byte every 20 ms passed every per-read timeout and held its thread for
  as long as it liked). A watchdog thread per worker holds each body being read to its deadline and
  cuts it off by shutting the socket's read side, which wakes the blocked read at once; the client
  gets `408` and `Connection: close`. The deadlines:
  - every body first gets `BUSY_BODY_TIMEOUT` (50 ms, whole body, counted from when the guard
    starts reading): a body sent with its headers, or merely on its way, is read within it however
    many others are in flight, and never holds more than that;
  - a body not complete by then takes one of `threads - 1` patient slots and has until
    `TRICKREF_BODY_TIMEOUT` (5 s) after its read began. So one thread always stays free for the
    probes and for clients that send their whole request, however many connections stall or
    trickle (48 stalled connections once held every thread of 2 workers x 4 threads);
  - with every slot taken, the newly stalled body takes the slot of the oldest holder, which is
    cut off (408): that one has had its chance for longer than any other. The old rule (the newcomer
    gets 408 at once) let 8 stalled bodies refuse an honest client whose body came 200 ms late; now
    a slot holder keeps it until its deadline or until `threads - 1` newer bodies stalled after it,
    so a client that is merely slow-ish is served unless stalled bodies arrive faster than it does,
    and a trickling client holds a thread for at most the deadline. Stalled connections in numbers
    are the nginx sidecar's to absorb (deploy/kubernetes); this is the backstop.
  The watchdog sleeps until the earliest deadline (a new body wakes it when its own comes first). Without
  gunicorn (the test client, `flask run`) there is no socket to watch and the body is read as is;
- size: a chunked body is counted like a `Content-Length` one and gets `413` past
  `TRICKREF_MAX_BODY_BYTES` (it used to be cut at the limit and parsed);
- framing: a malformed chunk size (or a client gone mid-body) is a `400`, not a 500;
- encoding: a `Content-Encoding` other than `identity` is a `415` (the body is not decoded, so
  judging it would mean judging bytes the client did not mean);
- shape: JSON nested deeper than `MAX_JSON_DEPTH` or holding a number longer than
  `MAX_NUMBER_DIGITS` digits is a `400` before any parser recurses into it or converts it; the
  check is linear in the body (C-level bytes operations only), within a few times json.loads.

A refusal that leaves the body unread (413, 408, 415, a framing 400) answers `Connection: close`
and tells gunicorn to close the connection: the rest of the body would otherwise be read as the next
request (a 413 said keep-alive, gunicorn gave up draining after 64 KB and closed anyway).

The middleware only records what it found (`environ["trickref.guard"]`); the front
(service/api/front.py) turns that into a problem+json answer, so the answer carries the request id
and is counted by the metrics like any other. Each refusal is logged at WARNING, without a
traceback: it is the client's fault, not the service's.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

log = logging.getLogger("trickref.guard")

MAX_JSON_DEPTH = 32  # the deepest body of the contract (a match of hand records) nests 6 deep
MAX_NUMBER_DIGITS = 4300  # CPython's int-from-text limit: a longer integer is refused anyway
BUSY_BODY_TIMEOUT = 0.05  # seconds any body may take before it counts as stalled
_READ = 64 * 1024
ENVIRON_KEY = "trickref.guard"
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

# The shape check works on whole bytes objects with C-level operations only (replace, split, join,
# translate, substring search), so its cost is linear in the body (bench/guard.py measures it).
_DIGITS_AS_ZERO = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_TOO_LONG = b"0" * (MAX_NUMBER_DIGITS + 1)  # found by the two-way search: linear, whatever the runs
_BRACKET_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and -1 as signed bytes
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_QUOTES_OR_BRACKETS = bytes(b for b in range(256) if b not in b'[]{}"')
_NOT_DIGITS = bytes(b for b in range(256) if not 0x30 <= b <= 0x39)
_STRETCH = 16 * 1024  # bytes split at a time when strings are removed
_SCAN = 4096  # brackets per step of the depth scan (it stops at the first step that nests too deep)


@dataclass(frozen=True)
class Refusal:
    status: int
    code: str
    message: str
    close: bool = False  # the body was not read to its end: no further request on this connection


def outside_strings(body: bytes) -> bytes:
    """What lies outside the body's JSON strings, in linear time.

    Escaped backslash pairs go first, then escaped quotes (left to right, as a JSON parser pairs
    them): every quote left then opens or closes a string, so the text outside strings is every
    other piece between quotes. Exact up to the first byte where the body stops being JSON, which
    is as far as any parser goes. (The regex for a string this replaces failed from every quote of
    an unterminated string of escaped quotes: quadratic, 2.9 s for 32 KB.)
    """
    if b'"' not in body:
        return body
    if b"\\" in body:
        body = body.replace(b"\\\\", b"").replace(b'\\"', b"")
    # Split a stretch at a time: a whole body of short strings split at once held a bytes object
    # per string, 14-18 times the body in memory; a stretch's pieces are freed before the next.
    outside = []
    inside = False  # whether the stretch starts inside a string
    for start in range(0, len(body), _STRETCH):
        pieces = body[start : start + _STRETCH].split(b'"')
        outside.append(b"".join(pieces[inside::2]))
        inside ^= len(pieces) % 2 == 0  # an odd number of quotes in the stretch
    return b"".join(outside)


def json_shape_problem(body: bytes) -> str | None:
    """Why `body` is refused before parsing (too deep, too long a number), or None.

    Linear in the body whatever its shape: at the size limit, within a few times json.loads of a
    valid body of the same size (tests/api/test_guard_cost.py holds it to that). A body of a few
    kilobytes with few brackets costs a few microseconds: it runs before every request's parse.
    """
    deep = body.count(b"[") + body.count(b"{") > MAX_JSON_DEPTH  # else it cannot nest that deep
    # no number can be longer than the body's digits, wherever they stand: one C pass says so
    long = len(body) > MAX_NUMBER_DIGITS and len(body.translate(None, _NOT_DIGITS)) > MAX_NUMBER_DIGITS
    if not deep and not long:
        return None  # the usual case
    if not long:
        steps = _structural_steps(body)
        if steps is None:
            steps = outside_strings(body).translate(_BRACKET_STEPS, _NOT_BRACKETS)
        return _TOO_DEEP if _nests_too_deep(steps) else None
    outside = outside_strings(body)
    if len(outside) > MAX_NUMBER_DIGITS and _TOO_LONG in outside.translate(_DIGITS_AS_ZERO):
        return f"A number in the body has more than {MAX_NUMBER_DIGITS} digits"
    if deep and _nests_too_deep(outside.translate(_BRACKET_STEPS, _NOT_BRACKETS)):
        return _TOO_DEEP
    return None


_TOO_DEEP = f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels"


def _structural_steps(body: bytes) -> bytes | None:
    """The body's brackets outside strings as depth steps, when no string holds a bracket (every
    record a table sends); None otherwise, and then `outside_strings` tells them apart.

    Escaped backslashes and quotes go first (as in `outside_strings`), then everything but quotes
    and brackets: every string is left as its two quotes with any brackets it holds between them.
    One pass of `replace` removes each pair of adjacent quotes, left to right, and does not look
    again at what a removal joins. The first quote is an opening one: it goes with the next byte
    only if that is its closing quote (the string held no bracket), and then the same holds for the
    next quote. So no quote is left exactly when no string holds a bracket, and what is left is the
    structure's brackets. It costs a translate of the body and a replace of its quotes and
    brackets, against splitting the body at each of its hundreds of quotes.
    """
    if b"\\" in body:
        body = body.replace(b"\\\\", b"")
    if b'\\"' in body:
        body = body.replace(b'\\"', b"")
    left = body.translate(None, _NOT_QUOTES_OR_BRACKETS).replace(b'""', b"")
    if b'"' in left:
        return None
    return left.translate(_BRACKET_STEPS)


def _nests_too_deep(steps: bytes) -> bool:
    """Whether the running sum of `steps` (+1 per opening, -1 per closing bracket) passes the limit.

    _SCAN brackets at a time: a stretch whose openings cannot take the depth past the limit is
    passed on two counts, and the scan stops at the first stretch that does pass it.
    """
    if len(steps) <= MAX_JSON_DEPTH:
        return False
    signed = memoryview(steps).cast("b")
    depth = 0
    for start in range(0, len(steps), _SCAN):
        stretch = steps[start : start + _SCAN]
        opening = stretch.count(1)
        if depth + opening > MAX_JSON_DEPTH and (
            max(accumulate(signed[start : start + _SCAN], initial=depth)) > MAX_JSON_DEPTH
        ):
            return True
        depth += 2 * opening - len(stretch)
    return False


def _body_socket(environ: dict[str, Any]) -> socket.socket | None:
    sock = environ.get("gunicorn.socket")
    return sock if isinstance(sock, socket.socket) else None


def _is_parse_error(error: Exception) -> bool:
    """gunicorn's body reader raises its own exceptions (InvalidChunkSize, NoMoreData...)."""
    return type(error).__module__.startswith("gunicorn.http") or isinstance(error, ValueError)


READING, EXPIRED, EVICTED = "reading", "expired", "evicted"
_NEVER = float("inf")


class _Reader:
    """A body being read under gunicorn, as the watchdog sees it."""

    __slots__ = ("deadline", "patient", "sock", "start", "state")

    def __init__(self, sock: socket.socket, start: float) -> None:
        self.sock = sock
        self.start = start
        self.deadline = start + BUSY_BODY_TIMEOUT  # the short wait, then a slot's whole deadline
        self.patient = False  # holds one of the patient slots
        self.state = READING


def _closing(start_response: Callable[..., Any]) -> Callable[..., Any]:
    """The answer to a body that will not be read to its end says `Connection: close` and means it.

    Under gunicorn the app's Connection header is dropped (hop-by-hop) and the server writes its own,
    so its Response is told to close (it then says `close` and does not drain); other servers and
    the test client see the header.
    """
    force_close = getattr(getattr(start_response, "__self__", None), "force_close", None)
    if callable(force_close):
        force_close()

    def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        kept = [h for h in headers if h[0].lower() != "connection"]
        return start_response(status, [*kept, ("Connection", "close")], exc_info)

    return start


class BodyGuard:
    """WSGI middleware: read and bound the body, then call the app with a buffered copy."""

    def __init__(
        self, app: Callable[..., Iterable[bytes]], max_bytes: int, timeout: float, threads: int = 4
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.patient = max(1, threads - 1)  # bodies that may wait past the short wait at once
        self._stalled = 0  # patient slots taken
        self._readers: list[_Reader] = []  # bodies being read under gunicorn, oldest first
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._watchdog_pid = 0  # the process whose watchdog runs (the app is loaded before the fork)
        self._next_wake = _NEVER  # when the watchdog wakes next, unless notified

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") in BODY_METHODS:
            refusal = self._check(environ)
            if refusal is not None:
                environ[ENVIRON_KEY] = refusal
                if refusal.close:
                    start_response = _closing(start_response)
        return self.app(environ, start_response)

    def _check(self, environ: dict[str, Any]) -> Refusal | None:
        encoding = environ.get("HTTP_CONTENT_ENCODING", "").strip().lower()
        if encoding not in ("", "identity"):
            return Refusal(
                415,
                "unsupported_encoding",
                f"Content-Encoding {encoding[:40]!r} is not supported: send the body uncompressed",
                close=True,
            )
        raw_length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and not raw_length:
            return None  # no body (werkzeug reads none either)
        length: int | None = None
        if not chunked:
            try:
                length = int(raw_length)
            except ValueError:
                return None  # the server refuses such a header itself; werkzeug reads no body
            if length > self.max_bytes:  # refused from the header, without reading a byte of it
                return self._too_large(_body_socket(environ))
        sock = _body_socket(environ)
        if sock is None:
            return self._read(environ, None, length, None)
        reader = self._watch(sock)
        try:
            refusal = self._read(environ, sock, length, reader)
        finally:
            state = self._unwatch(reader)
        if state == EXPIRED:
            message = f"The request body did not arrive within {self.timeout:g} s"
            return Refusal(408, "request_timeout", message, close=True)
        if state == EVICTED:
            return Refusal(
                408,
                "request_timeout",
                "The request body stalled and newer stalled bodies needed its place: send the body "
                "with the request",
                close=True,
            )
        return refusal

    def _too_large(self, sock: socket.socket | None) -> Refusal:
        self._stop_reading(sock)
        return Refusal(
            413, "payload_too_large", f"The request body is larger than {self.max_bytes} bytes", close=True
        )

    # --- the whole-body deadline -------------------------------------------------------------------

    def _watch(self, sock: socket.socket) -> _Reader:
        reader = _Reader(sock, time.monotonic())
        with self._lock:
            if self._watchdog_pid != os.getpid():
                self._watchdog_pid = os.getpid()
                self._readers.clear()
                self._stalled = 0
                self._next_wake = _NEVER
                threading.Thread(target=self._watchdog, name="trickref-body-deadlines", daemon=True).start()
            self._readers.append(reader)
            if reader.deadline < self._next_wake:
                self._next_wake = reader.deadline
                self._wake.notify()
        return reader

    def _unwatch(self, reader: _Reader) -> str:
        with self._lock:
            self._readers.remove(reader)
            if reader.patient:
                self._stalled -= 1
            return reader.state

    def _watchdog(self) -> None:
        """Sleep until the earliest deadline of the bodies being read, or `BUSY_BODY_TIMEOUT` at
        most, then hold every body to its deadline.

        Never sleeping longer than the short wait means a new body never needs to wake it: the body's
        first deadline (`BUSY_BODY_TIMEOUT` after its read began) is never before the next wake, so
        that wake sees it and sleeps until its deadline exactly. Waking the watchdog for every
        body (it used to sleep for good while no body was being read) cost each request a thread
        switch: 4 % of a worker's time under a table's traffic. Idle, it wakes 20 times a second.
        """
        with self._wake:
            while True:
                now = time.monotonic()
                self._expire(now)
                waiting = [r.deadline for r in self._readers if r.state == READING]
                self._next_wake = min(min(waiting, default=_NEVER), now + BUSY_BODY_TIMEOUT)
                self._wake.wait(self._next_wake - now)

    def _expire(self, now: float) -> None:
        """Hold every body being read to its deadline (called with the lock held).

        A body past the short wait takes a patient slot, the oldest holder's when every slot is
        taken: that one has had its chance for longer than any other stalled body. A body past its
        slot's deadline (`timeout` after its first byte was asked for) is cut off.
        """
        for reader in list(self._readers):  # oldest first
            if reader.state != READING or reader.deadline > now:
                continue
            if reader.patient:
                self._cut(reader, EXPIRED)
                continue
            if self._stalled >= self.patient:
                oldest = next((r for r in self._readers if r.patient), None)
                if oldest is None:  # every slot is held by bodies this guard does not see
                    self._cut(reader, EVICTED)
                    continue
                self._cut(oldest, EVICTED)
            reader.patient = True
            self._stalled += 1
            reader.deadline = reader.start + self.timeout

    def _cut(self, reader: _Reader, state: str) -> None:
        """Stop reading a body from another thread: shutting the read side wakes its reader at once."""
        reader.state = state
        if reader.patient:
            reader.patient = False
            self._stalled -= 1
        self._stop_reading(reader.sock)

    # --- reading -----------------------------------------------------------------------------------

    def _read(
        self, environ: dict[str, Any], sock: socket.socket | None, length: int | None, reader: _Reader | None
    ) -> Refusal | None:
        """Read the whole body (the watchdog cuts it off at its deadline: `reader.state` says so)."""
        previous = sock.gettimeout() if sock is not None else None
        if sock is not None:
            sock.settimeout(self.timeout)  # a backstop per read; the watchdog keeps the deadline
        stream = environ["wsgi.input"]
        parts: list[bytes] = []
        size = 0
        try:
            while reader is None or reader.state == READING:
                # never more than one byte past the limit: a reader asked for more waits for it
                want = min(_READ, self.max_bytes + 1 - size if length is None else length - size)
                if want <= 0:
                    break
                part = stream.read(want)
                if not part:
                    break
                parts.append(part)
                size += len(part)
                if size > self.max_bytes:
                    return self._too_large(sock)
        except TimeoutError:
            self._stop_reading(sock)
            message = f"The request body stalled for more than {self.timeout:g} s"
            return Refusal(408, "request_timeout", message, close=True)
        except Exception as error:
            if not _is_parse_error(error) and not isinstance(error, OSError):
                raise
            self._stop_reading(sock)
            return Refusal(
                400, "malformed_request", f"The request body could not be read: {_name(error)}", close=True
            )
        finally:
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.settimeout(previous)
        data = b"".join(parts)
        if length is not None and size < length:
            return Refusal(
                400, "malformed_request", "The request body is shorter than its Content-Length", close=True
            )
        environ["wsgi.input"] = io.BytesIO(data)
        environ["CONTENT_LENGTH"] = str(len(data))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ.pop("wsgi.input_terminated", None)
        return None

    @staticmethod
    def _stop_reading(sock: socket.socket | None) -> None:
        """The rest of the body will not be read: no more requests on this connection.

        Shutting the read side makes a read blocked on it return at once, and gunicorn's drain
        after the response see the end at once, instead of waiting on a client that sends nothing.
        """
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RD)


def _name(error: Exception) -> str:
    return type(error).__name__
