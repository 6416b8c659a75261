"""Request ids, structured logs, Prometheus metrics: everything an operator sees.

- Request id: `X-Request-ID` is accepted when it matches `^[A-Za-z0-9._-]{1,128}$`, otherwise a
  uuid4 is made. The front (service/api/front.py) keeps it for the request (problem+json bodies
  carry it), sends it back in the response header, and every log record written while the request
  is served carries it.
- Logs: one JSON object per line on stdout (python-json-logger) at `TRICKREF_LOG_LEVEL`.
- Metrics at `/metrics` (a plain Flask route, so not in the OpenAPI spec), labelled by operation
  (the endpoint), method and game (a registered id, `unknown`, or `-` when the route has none):
  requests by status, latency, and error responses by problem `code`; the replay cache's lookups
  by result (hit, prefix, miss) and the bytes it holds (service/api/replay_cache.py). Label values
  come from closed sets only, so a client cannot grow the series count. With several gunicorn workers,
  `PROMETHEUS_MULTIPROC_DIR` switches to prometheus_client's multiprocess mode (gunicorn.conf.py
  prepares the directory, and folds a dead worker's files into one archive per metric type:
  `archive_dead_worker`); without it each app has its own registry. `/metrics` is for the
  scraper: nginx does not forward it (deploy/kubernetes/nginx.conf serves it on its own port,
  rate-limited). In multiprocess mode a scrape reads every worker's files (tens of ms of a
  worker's CPU for a large exposition): the text is kept `TRICKREF_METRICS_MAX_AGE` seconds (1 by
  default) per worker and rendered by one thread at a time, so scrapes cost at most one rendering
  per second per worker however many arrive (`Exposition`).
- CORS (service/api/front.py) only when `TRICKREF_CORS_ORIGINS` lists origins: no header at all
  otherwise.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import re
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from pythonjsonlogger.json import JsonFormatter

from . import context, errors, i18n

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_ENVIRON = "HTTP_X_REQUEST_ID"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
LOGGER_NAME = "trickref"
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
KNOWN_CODES = frozenset(errors.ALL_CODES)


# --- request id -----------------------------------------------------------------------------------


def request_id_from(header: str | None) -> str:
    """The caller's id when it is safe to log and echo, else a fresh uuid4."""
    if header and _REQUEST_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


# --- logging --------------------------------------------------------------------------------------


def json_formatter() -> logging.Formatter:
    """The one JSON line format (gunicorn.conf.py builds the same for its own loggers)."""
    return JsonFormatter(
        "{levelname}{name}{message}",
        style="{",
        timestamp="time",
        rename_fields={"levelname": "level", "name": "logger"},
    )


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record: the current request's, or None outside a request."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            call = context.CALL.get()
            record.request_id = call.request_id if call is not None else None
        return True


class _StdoutHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever sys.stdout is at emit time (gunicorn and pytest both swap it)."""

    _trickref = True

    def __init__(self) -> None:
        super().__init__(sys.stdout)

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return self._stream if self._stream is not None else sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        self._stream = None if value is sys.stdout else value


def configure_logging(level: str) -> logging.Logger:
    """JSON lines on stdout for the `trickref` logger tree (the app's own loggers); idempotent."""
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(level)
    # Records still propagate: the root logger has no handler under gunicorn (no duplicate lines),
    # and test tools that listen on the root (pytest's caplog) keep seeing them.
    from flask.logging import default_handler

    if default_handler in logger.handlers:
        logger.removeHandler(default_handler)
    if not any(getattr(h, "_trickref", False) for h in logger.handlers):
        handler = _StdoutHandler()
        handler.setFormatter(json_formatter())
        handler.addFilter(RequestIdFilter())
        logger.addHandler(handler)
    return logger


# --- metrics --------------------------------------------------------------------------------------


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


_GAUGES_LOCK = threading.Lock()


@dataclass(frozen=True)
class Metrics:
    registry: CollectorRegistry
    requests: Counter
    latency: Histogram
    problems: Counter
    replay_lookups: Counter
    # the replay cache's gauges, made at the first store: an unlabelled gauge opens its file at
    # once in multiprocess mode, and the app is first built in gunicorn's master before that exists
    _replay: dict[str, Any] = field(default_factory=dict)
    _series: dict[tuple[str, str, str, int], tuple[Any, Any]] = field(default_factory=dict)

    @classmethod
    def create(cls) -> Metrics:
        disable_created_metrics()  # the `_created` series double the count and nobody graphs them
        # One registry per app: tests build many apps in one process. In multiprocess mode the
        # values live in the shared directory whatever the registry, and /metrics reads them there.
        reg = CollectorRegistry()
        return cls(
            registry=reg,
            requests=Counter(
                "trickref_http_requests",
                "HTTP requests served, by operation, method, game and status",
                ("operation", "method", "game", "status"),
                registry=reg,
            ),
            latency=Histogram(
                "trickref_http_request_duration_seconds",
                "Time to serve a request inside the app (routing to response), in seconds",
                ("operation", "method", "game"),
                buckets=LATENCY_BUCKETS,
                registry=reg,
            ),
            problems=Counter(
                "trickref_http_problems",
                "Error responses (4xx and 5xx) by their problem+json code",
                ("operation", "game", "status", "code"),
                registry=reg,
            ),
            replay_lookups=Counter(
                "trickref_replay_cache_lookups",
                "Records looked up in the replay cache (requests with a table key), by result: the "
                "whole record held (hit), a prefix held (prefix), nothing held (miss)",
                ("result",),
                registry=reg,
            ),
        )

    def served(self, operation: str, method: str, game: str, status: int, elapsed: float) -> None:
        """Count one answer and its time. The children of each label set are looked up once per
        process (labels() costs a few µs); the label values come from closed sets, so this stays
        bounded."""
        key = (operation, method, game, status)
        children = self._series.get(key)
        if children is None:
            children = self._series[key] = (
                self.latency.labels(operation, method, game),
                self.requests.labels(operation, method, game, str(status)),
            )
        children[0].observe(elapsed)
        children[1].inc()

    def replay_lookup(self, result: str) -> None:
        child = self._replay.get(result)
        if child is None:  # three label values, looked up once each
            child = self._replay[result] = self.replay_lookups.labels(result)
        child.inc()

    def replay_held(self, held: int, peak: int) -> None:
        gauges = self._replay.get("gauges")
        if gauges is None:
            with _GAUGES_LOCK:
                gauges = self._replay.get("gauges")
                if gauges is None:
                    gauges = self._replay["gauges"] = (
                        Gauge(
                            "trickref_replay_cache_bytes",
                            "Bytes the replay cache holds (an upper estimate), summed over the live workers",
                            registry=self.registry,
                            multiprocess_mode="livesum",
                        ),
                        Gauge(
                            "trickref_replay_cache_peak_bytes",
                            "The most bytes one worker's replay cache has held since it started",
                            registry=self.registry,
                            multiprocess_mode="max",
                        ),
                    )
        gauges[0].set(held)
        gauges[1].set(peak)

    def exposition(self) -> bytes:
        path = multiprocess_dir()
        if path:
            from prometheus_client import multiprocess

            reg = CollectorRegistry()
            multiprocess.MultiProcessCollector(reg)
            with _metrics_lock(path, fcntl.LOCK_SH):  # never while a dead worker is folded in
                return generate_latest(reg)
        return generate_latest(self.registry)


class Exposition:
    """The text of /metrics, rendered at most once per `max_age` seconds: a scrape within that
    time gets the text the last one rendered. One thread renders at a time (the others wait for its
    text rather than render it again), so a flood of scrapes costs one rendering per `max_age`.
    `max_age` 0 renders every time."""

    def __init__(
        self, render: Callable[[], bytes], max_age: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._render = render
        self.max_age = max_age
        self._clock = clock
        self._lock = threading.Lock()
        self._held: tuple[float, bytes] | None = None
        self.renders = 0

    def text(self) -> bytes:
        with self._lock:
            held = self._held
            if held is not None and self._clock() - held[0] < self.max_age:
                return held[1]
            body = self._render()
            self.renders += 1
            if self.max_age > 0:
                self._held = (self._clock(), body)
            return body


# --- dead workers' metric files -------------------------------------------------------------------

ARCHIVED_TYPES = ("counter", "histogram")  # the types this app uses whose values outlive a worker
_LOCK_FILE = ".archive.lock"


@contextlib.contextmanager
def _metrics_lock(path: str, mode: int) -> Iterator[None]:
    """A flock on the metrics directory: scrapes share it, folding a dead worker in takes it alone,
    so no scrape sees a worker's counts twice (archive written, file not yet gone) or not at all."""
    with open(os.path.join(path, _LOCK_FILE), "a+b") as handle:
        fcntl.flock(handle, mode)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def archive_dead_worker(pid: int, path: str | None = None) -> int:
    """Fold a dead worker's counter and histogram files into `<type>_archive.db` and delete them.

    prometheus_client's multiprocess mode keeps every dead worker's files (its counts must stay in
    the totals), and a scrape reads every file: with each recycled or killed worker the scrape grew
    (5.8 ms, then 36 to 40 ms after a few hundred dead workers; nothing removed them while the
    server ran). Summed into one archive file per type, a scrape reads the live workers' files and
    two more, however many have died. Called by gunicorn's master (`child_exit`), one at a time.
    Returns the number of files folded in.
    """
    from prometheus_client.mmap_dict import MmapedDict

    path = path or multiprocess_dir()
    if not path:
        return 0
    folded = 0
    with _metrics_lock(path, fcntl.LOCK_EX):
        for kind in ARCHIVED_TYPES:
            dead = Path(path, f"{kind}_{pid}.db")
            if not dead.exists():
                continue
            archive = Path(path, f"{kind}_archive.db")
            totals: dict[str, float] = {}
            for source in (archive, dead):
                if source.exists():
                    for key, value, _, _ in MmapedDict.read_all_values_from_file(str(source)):
                        totals[key] = totals.get(key, 0.0) + value
            partial = Path(path, f"{kind}_archive.partial")  # not *.db: no scrape reads it
            partial.unlink(missing_ok=True)
            merged = MmapedDict(str(partial))
            try:
                for key, value in totals.items():
                    merged.write_value(key, value, 0.0)
            finally:
                merged.close()
            os.replace(partial, archive)
            dead.unlink()
            folded += 1
    return folded


# --- gunicorn's own errors ------------------------------------------------------------------------

_SERVER_LOG = logging.getLogger(f"{LOGGER_NAME}.server")
_SERVER_CODES = {400: "malformed_http", 500: "internal_error"}


def server_error_response(status: int, reason: str, message: str) -> bytes:
    """The whole HTTP answer for an error gunicorn raises before the app sees the request (a bad
    request line, a CR or LF or a bad byte in a header, an oversized header): problem+json, with a
    fresh request id, instead of gunicorn's HTML page (deploy/gunicorn.conf.py installs it).

    The id cannot be the client's `X-Request-ID`: the headers did not parse, so none of them is
    trusted. It is logged (`trickref.server`) with the status, so the answer can be traced.
    """
    request_id = uuid.uuid4().hex
    code = _SERVER_CODES.get(status, "http_error")
    body = json.dumps(
        {
            "type": errors.TYPE_PREFIX + code,
            "title": i18n.text(i18n.DEFAULT, code),  # the headers did not parse: no Accept-Language
            "status": status,
            "detail": errors.clip(f"{reason}: {message}" if message else reason, errors.MAX_DETAIL_CHARS),
            "code": code,
            "request_id": request_id,
        }
    ).encode()
    _SERVER_LOG.warning(
        "request refused by the HTTP parser",
        extra={"request_id": request_id, "status": status, "code": code, "reason": reason},
    )
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {errors.PROBLEM_MIMETYPE}\r\nContent-Length: {len(body)}\r\n"
        f"{REQUEST_ID_HEADER}: {request_id}\r\nX-Content-Type-Options: nosniff\r\n"
        f"Cache-Control: no-store\r\nContent-Language: {i18n.DEFAULT}\r\n\r\n"
    )
    return head.encode("latin-1") + body


# --- wiring ---------------------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    """JSON logs, the metrics and their /metrics route (the front counts every answer)."""
    configure_logging(app.config.get("TRICKREF_LOG_LEVEL", "INFO"))
    metrics = Metrics.create()
    app.extensions["trickref_metrics"] = metrics

    # kept only where a rendering reads the workers' files; an app's own registry is cheap to read
    max_age = app.config.get("TRICKREF_METRICS_MAX_AGE", 1.0) if multiprocess_dir() else 0.0
    exposition = Exposition(metrics.exposition, max_age)
    app.extensions["trickref_exposition"] = exposition

    def prometheus_metrics() -> Response:
        return Response(exposition.text(), mimetype=None, content_type=CONTENT_TYPE_LATEST)

    # Plain Flask routes: flask-smorest documents only its blueprints, so these stay out of the spec.
    app.add_url_rule("/metrics", "metrics", prometheus_metrics, methods=["GET"])
