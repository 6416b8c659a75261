"""The request body, read defensively before any parser sees it.

A WSGI middleware (`BodyGuard`) reads every request body itself, once, and hands the app a
buffered copy, so that what a hostile client sends is bounded in time, size and shape:

- time: under gunicorn the body is read with a socket timeout (`TRICKREF_BODY_TIMEOUT`, 5 s by
  default, per read): a client that sends headers and then stalls is answered `408` and its
  connection closed, instead of holding a worker thread for as long as it likes. And at most
  `threads - 1` of a worker's threads wait that long at once: every body first gets
  `BUSY_BODY_TIMEOUT` (a body on its way arrives within it, and a complete one is read at once);
  only one that stalls past it takes one of the `threads - 1` slots and waits the full timeout, or
  is answered 408 at once when every slot is taken. So a client is not refused because others'
  bodies are merely in flight, and one thread always stays free for the probes and for clients
  that send their whole request,
  however many connections stall (48 stalled connections held every thread of 2 workers x 4
  threads before, and /healthz answered none of its probes);
- size: a chunked body is counted like a `Content-Length` one and gets `413` past
  `TRICKREF_MAX_BODY_BYTES` (it used to be cut at the limit and parsed);
- framing: a malformed chunk size (or a client gone mid-body) is a `400`, not a 500;
- encoding: a `Content-Encoding` other than `identity` is a `415` (the body is not decoded, so
  judging it would mean judging bytes the client did not mean);
- shape: JSON nested deeper than `MAX_JSON_DEPTH` or holding a number longer than
  `MAX_NUMBER_DIGITS` digits is a `400` before any parser recurses into it or converts it.

The middleware only records what it found (`environ["trickref.guard"]`); the `before_request`
hook turns that into a problem+json answer inside the app, so the answer carries the request id
and is counted by the metrics like any other. Each refusal is logged at WARNING, without a
traceback: it is the client's fault, not the service's.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import socket
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from flask import Flask, request
from flask_smorest import abort

log = logging.getLogger("trickref.guard")

MAX_JSON_DEPTH = 32  # the deepest body of the contract (a match of hand records) nests 6 deep
MAX_NUMBER_DIGITS = 4300  # CPython's int-from-text limit: a longer integer is refused anyway
BUSY_BODY_TIMEOUT = 0.05  # seconds any body may take before it counts as stalled
_READ = 64 * 1024
_ENVIRON_KEY = "trickref.guard"
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

# A JSON string (escapes included), matched in linear time; brackets and digits inside strings
# must not count.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_LONG_NUMBER = re.compile(rb"\d{%d}" % (MAX_NUMBER_DIGITS + 1))
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_BRACKETS_OR_QUOTES = bytes(b for b in range(256) if b not in b'[]{}"')
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


@dataclass(frozen=True)
class Refusal:
    status: int
    code: str
    message: str


def json_shape_problem(body: bytes) -> str | None:
    """Why `body` is refused before parsing (too deep, too long a number), or None.

    Strings are removed first (split on quotes, or a regex where there are escapes, in C); what is
    left is scanned with bytes.translate and itertools.accumulate, so even a 256 KiB body of
    brackets costs milliseconds, and nothing recurses. A body of a few kilobytes costs a few
    microseconds: it runs before every request's parse.
    """
    if len(body) > MAX_NUMBER_DIGITS and _LONG_NUMBER.search(_STRING.sub(b"", body)):
        return f"A number in the body has more than {MAX_NUMBER_DIGITS} digits"
    if body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH:
        return None  # too few brackets to nest that deep, in strings or not: the usual case
    if b"\\" in body:  # escapes: only the regex finds where strings end
        brackets = _STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    else:  # no escapes: strings are what lies between a quote and the next one
        brackets = b"".join(body.translate(None, _NOT_BRACKETS_OR_QUOTES).split(b'"')[::2])
    if (
        len(brackets) > MAX_JSON_DEPTH
        and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > MAX_JSON_DEPTH
    ):
        return f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels"
    return None


def _body_socket(environ: dict[str, Any]) -> socket.socket | None:
    sock = environ.get("gunicorn.socket")
    return sock if isinstance(sock, socket.socket) else None


def _is_parse_error(error: Exception) -> bool:
    """gunicorn's body reader raises its own exceptions (InvalidChunkSize, NoMoreData...)."""
    return type(error).__module__.startswith("gunicorn.http") or isinstance(error, ValueError)


class BodyGuard:
    """WSGI middleware: read and bound the body, then call the app with a buffered copy."""

    def __init__(
        self, app: Callable[..., Iterable[bytes]], max_bytes: int, timeout: float, threads: int = 4
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.patient = max(1, threads - 1)  # threads that may wait the full timeout at once
        self._stalled = 0  # readers waiting the full timeout on a body that stalled
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") in _BODY_METHODS:
            refusal = self._check(environ)
            if refusal is not None:
                environ[_ENVIRON_KEY] = refusal
        return self.app(environ, start_response)

    def _check(self, environ: dict[str, Any]) -> Refusal | None:
        encoding = environ.get("HTTP_CONTENT_ENCODING", "").strip().lower()
        if encoding not in ("", "identity"):
            return Refusal(
                415,
                "unsupported_encoding",
                f"Content-Encoding {encoding[:40]!r} is not supported: send the body uncompressed",
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
            if length > self.max_bytes:
                return None  # werkzeug answers 413 from the header, without reading
        sock = _body_socket(environ)
        if sock is None:
            return self._read(environ, None, length, self.timeout)
        if length is None:  # chunked: a timed-out read cannot be resumed, so decide up front
            with self._lock:
                timeout = self.timeout if self._stalled < self.patient else BUSY_BODY_TIMEOUT
                self._stalled += 1
            try:
                return self._read(environ, sock, length, timeout)
            finally:
                with self._lock:
                    self._stalled -= 1
        # A body of known length is read with a short timeout first: a body on its way arrives
        # within it, however many others are being read. Only a body that stalls past it takes one
        # of the `patient` slots and the full timeout, or, with every slot taken, a 408. (gunicorn
        # keeps what a timed-out read had received, so the read resumes where it stopped.)
        patient = [False]

        def stalled() -> float | None:
            with self._lock:
                if self._stalled >= self.patient:
                    return None
                self._stalled += 1
            patient[0] = True
            return self.timeout

        try:
            return self._read(environ, sock, length, BUSY_BODY_TIMEOUT, stalled)
        finally:
            if patient[0]:
                with self._lock:
                    self._stalled -= 1

    def _read(
        self,
        environ: dict[str, Any],
        sock: socket.socket | None,
        length: int | None,
        timeout: float,
        stalled: Callable[[], float | None] | None = None,
    ) -> Refusal | None:
        """Read the whole body; `stalled`, if given, is asked once, at the first timeout, for a
        longer timeout to go on with (None: give up)."""
        previous = sock.gettimeout() if sock is not None else None
        if sock is not None:
            sock.settimeout(timeout)
        stream = environ["wsgi.input"]
        parts: list[bytes] = []
        size = 0
        try:
            while True:
                want = _READ if length is None else min(_READ, length - size)
                if want <= 0:
                    break
                try:
                    part = stream.read(want)
                except TimeoutError:
                    longer = stalled() if stalled is not None else None
                    if longer is None or sock is None:
                        raise
                    stalled = None
                    timeout = longer
                    sock.settimeout(longer)
                    continue
                if not part:
                    break
                parts.append(part)
                size += len(part)
                if size > self.max_bytes:
                    self._stop_reading(sock)
                    return Refusal(
                        413, "payload_too_large", f"The request body is larger than {self.max_bytes} bytes"
                    )
        except TimeoutError:
            self._stop_reading(sock)
            return Refusal(408, "request_timeout", f"The request body stalled for more than {timeout:g} s")
        except Exception as error:
            if not _is_parse_error(error) and not isinstance(error, OSError):
                raise
            self._stop_reading(sock)
            return Refusal(400, "malformed_request", f"The request body could not be read: {_name(error)}")
        finally:
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.settimeout(previous)
        data = b"".join(parts)
        if length is not None and size < length:
            return Refusal(400, "malformed_request", "The request body is shorter than its Content-Length")
        environ["wsgi.input"] = io.BytesIO(data)
        environ["CONTENT_LENGTH"] = str(len(data))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ.pop("wsgi.input_terminated", None)
        return None

    @staticmethod
    def _stop_reading(sock: socket.socket | None) -> None:
        """The rest of the body will not be read: no more requests on this connection.

        Shutting the read side makes gunicorn's drain after the response see the end at once (it
        then closes the connection) instead of waiting on a client that sends nothing.
        """
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RD)


def _name(error: Exception) -> str:
    return type(error).__name__


def refuse_bad_bodies() -> None:
    """before_request: answer what the middleware found, then check the JSON's shape."""
    refusal: Refusal | None = request.environ.get(_ENVIRON_KEY)
    if refusal is None and request.method in _BODY_METHODS and request.is_json:
        problem = json_shape_problem(request.get_data(cache=True))
        if problem is not None:
            refusal = Refusal(400, "malformed_request", problem)
    if refusal is not None:
        log.warning(
            "request refused: %s",
            refusal.message,
            extra={"status": refusal.status, "code": refusal.code, "path": request.path},
        )
        abort(refusal.status, code=refusal.code, message=refusal.message)


def init_app(app: Flask) -> None:
    """Wrap the WSGI app and check bodies first among the request hooks."""
    app.wsgi_app = BodyGuard(  # type: ignore[method-assign]
        app.wsgi_app,
        app.config["MAX_CONTENT_LENGTH"],
        app.config["TRICKREF_BODY_TIMEOUT"],
        app.config["TRICKREF_THREADS"],
    )
    app.before_request(refuse_bad_bodies)
