"""gunicorn settings for Trickref: CPU-bound request handling, one worker per core.

Every knob an operator may need is an environment variable (docs/configuration.md lists them):
  TRICKREF_BIND (default 127.0.0.1:8000, the image's too: nginx beside it is the only way in),
  WEB_CONCURRENCY (workers, default 2: set it to the container's CPU request, since
  os.cpu_count() sees the host's cores),
  TRICKREF_THREADS (threads per worker, default 4), TRICKREF_MAX_REQUESTS (default 100000),
  TRICKREF_TIMEOUT (30 s), TRICKREF_GRACEFUL_TIMEOUT (20 s), TRICKREF_KEEPALIVE (75 s),
  TRICKREF_PROBE_BIND (the master's own probe listener, e.g. 127.0.0.1:8001; unset: none),
  PROMETHEUS_MULTIPROC_DIR (metrics shared by the workers; a private temporary directory if unset).

Run: gunicorn --config deploy/gunicorn.conf.py "service:create_app()"
"""

from __future__ import annotations

import gc
import json
import logging
import os
import shutil
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

from gunicorn import util
from gunicorn.glogging import Logger
from gunicorn.workers.gthread import ThreadWorker


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw)
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return value


# --- server socket and workers -------------------------------------------------------------------
bind = [os.environ.get("TRICKREF_BIND", "127.0.0.1:8000")]
backlog = 2048
workers = max(1, _env_int("WEB_CONCURRENCY", 2))


class Worker(ThreadWorker):
    """gunicorn's gthread worker that lets go of the listening socket as soon as it stops accepting.

    On SIGTERM the master closes its copy of the listening socket, but every worker held its own
    until it had drained its requests: the socket stayed in LISTEN, the kernel completed new
    handshakes into the backlog, nobody accepted them, and they were reset when the last worker
    exited (7.2 s after SIGTERM in the report, 2.5 s measured here). Closing each worker's copy
    when it leaves the accept loop for good closes the socket itself once the master and every
    worker have: new connections are refused at once, the requests in flight finish. A worker that
    stops for any other reason (max_requests, a reload's SIGTERM to old workers) only drops its own
    copy: the master's keeps the socket listening for the others.
    """

    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled)
        if not enabled and not self.alive:
            for listener in self.sockets:
                listener.close()


# gthread: 2 workers x 4 threads was best or tied on 2 cores (bench/throughput.py re-measures it); the
# threads overlap socket I/O and parsing while the GIL serialises the CPU-bound rules work.
worker_class = Worker
threads = max(1, _env_int("TRICKREF_THREADS", 4))
worker_connections = 1000
# Load the app once in the master: workers fork with it imported (faster spawn, shared pages) and
# an import error stops the server at start instead of in a respawn loop.
preload_app = True
# Recycle workers now and then (a guard against slow leaks). Kept high: each recycled worker leaves
# its metric files in PROMETHEUS_MULTIPROC_DIR for the counters to stay monotonic.
max_requests = _env_int("TRICKREF_MAX_REQUESTS", 100_000)
max_requests_jitter = max(1, max_requests // 10) if max_requests else 0
timeout = _env_int("TRICKREF_TIMEOUT", 30)
# Kubernetes' terminationGracePeriodSeconds (35 s) must exceed this plus the preStop sleep (5 s).
graceful_timeout = _env_int("TRICKREF_GRACEFUL_TIMEOUT", 20)
# An idle keep-alive connection is closed after this long. It must outlast the idle expiry of the
# clients that reuse connections, or a request sent on a connection the server is closing at that
# moment is lost ("Server disconnected without sending a response"; it happened twice in 60,000
# httpx requests when both were 5 s): httpx and Node's agent expire idle connections after 5 s,
# aiohttp after 15 s, and nginx's upstream keep-alive (deploy/kubernetes/nginx.conf) after 60 s.
# An idle connection costs gthread a poller entry, not a thread (worker_connections bounds them).
keepalive = _env_int("TRICKREF_KEEPALIVE", 75)
# gunicorn >= 25.1 opens a control socket under $HOME by default: not wanted in a container.
control_socket_disable = True
# The heartbeat file lives on tmpfs: a read-only or disk-backed /tmp would stall workers.
if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
    worker_tmp_dir = "/dev/shm"

# --- request limits (the body limit is the app's: TRICKREF_MAX_BODY_BYTES -> 413) -------------
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# --- proxies -------------------------------------------------------------------------------------
# Trust X-Forwarded-* only from these addresses (gunicorn itself reads FORWARDED_ALLOW_IPS too).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# --- logging: JSON lines, access log to stdout with the request id ------------------------------
loglevel = os.environ.get("TRICKREF_LOG_LEVEL", "info").lower()
accesslog = "-"
errorlog = "-"


def _formatter() -> logging.Formatter:
    # The app's own JSON line format, so server, access and app logs parse alike.
    from service.api.observability import json_formatter

    return json_formatter()


_TRUSTED_PROXIES = frozenset(p.strip() for p in forwarded_allow_ips.split(",") if p.strip())


def _client_address(environ: dict[str, Any]) -> str | None:
    """The client's address: the peer's, or, when the peer is a trusted proxy (nginx in the pod,
    FORWARDED_ALLOW_IPS), the last address of its `X-Forwarded-For` (nginx sets it to the address
    it saw: a client cannot put its own value there through nginx)."""
    peer = environ.get("REMOTE_ADDR")
    forwarded = environ.get("HTTP_X_FORWARDED_FOR")
    if forwarded and (peer in _TRUSTED_PROXIES or "*" in _TRUSTED_PROXIES):
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return peer


class JsonLogger(Logger):
    """gunicorn's logger with JSON lines: access records carry fields, not a formatted string."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(_formatter())

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.access_log_enabled:
            return
        request_id = None
        for name, value in resp.headers:
            if name.lower() == "x-request-id":
                request_id = value
                break
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        try:
            self.access_log.info(
                "request",
                extra={
                    "request_id": request_id,
                    "method": environ.get("REQUEST_METHOD"),
                    "path": environ.get("PATH_INFO"),
                    "query": environ.get("QUERY_STRING") or None,
                    "status": int(status),
                    "bytes": getattr(resp, "sent", None),
                    "duration_ms": round(request_time.total_seconds() * 1000, 3),
                    "remote": environ.get("REMOTE_ADDR"),
                    "client": _client_address(environ),
                    "user_agent": environ.get("HTTP_USER_AGENT"),
                },
            )
        except Exception:
            self.exception("access log failed")


logger_class = JsonLogger

# --- Prometheus multiprocess mode ----------------------------------------------------------------
# prometheus_client picks its value store when it is first imported, which happens when the app is
# preloaded, after this file runs: so the variable is set here. Unset, a private directory is used
# (and removed on exit), so `make serve` with two workers still reports one set of numbers.
_OWN_METRICS_DIR = not os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if _OWN_METRICS_DIR:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = os.path.join(
        tempfile.gettempdir(), f"trickref-metrics-{os.getpid()}"
    )


def on_starting(server: Any) -> None:
    """Start with an empty metrics directory: files left by a previous master would be summed in."""
    path = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink()
    server.log.info("prometheus multiprocess dir ready: %s", path)


def child_exit(server: Any, worker: Any) -> None:
    """A worker died (or was recycled): drop its live gauges, and fold its counters and histograms
    into the archive files, so the totals keep its counts and a scrape does not read one more pair
    of files per dead worker (service/api/observability.py, archive_dead_worker)."""
    from prometheus_client import multiprocess

    from service.api.observability import archive_dead_worker

    multiprocess.mark_process_dead(worker.pid)
    try:
        archive_dead_worker(worker.pid)
    except Exception:  # the metrics must never take the master down
        server.log.exception("could not archive the metrics of worker %s", worker.pid)


# --- probes answered by the master -----------------------------------------------------------------
# The kubelet's probes and nginx's readiness check asked gunicorn itself, and waited behind whatever
# the workers' threads were doing: under a burst of bots (up to 1.5 s of a core each, 2 x 2
# threads) half the probes timed out, and the pods went unready or were restarted because they were
# busy. The master does no request work: a thread of its own answers /healthz (the master runs)
# and /readyz (the app loaded, and a worker's heartbeat is fresh: its main loop runs even when
# every thread is busy) on TRICKREF_PROBE_BIND, loopback only, one small request at a time.
probe_bind = os.environ.get("TRICKREF_PROBE_BIND", "").strip()
PROBE_TIMEOUT = 2.0  # a probe client that stalls holds the listener this long at most


class ProbeHandler(BaseHTTPRequestHandler):
    arbiter: Any = None
    timeout = PROBE_TIMEOUT
    server_version = "trickref-probes"
    sys_version = ""

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/healthz":
            status, body = 200, {"status": "ok"}
        elif path == "/readyz":
            alive = _fresh_workers(self.arbiter)
            status = 200 if alive else 503
            body = {"status": "ready" if alive else "not ready", "workers": alive}
        else:
            status, body = 404, {"status": "not found"}
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        """Probes are not logged: one line every few seconds per probe says nothing."""


def _fresh_workers(arbiter: Any) -> int:
    """The workers whose heartbeat (the tmp file gunicorn's master watches) is within the timeout."""
    if arbiter is None:
        return 0
    limit = arbiter.timeout or 30
    fresh = 0
    for worker in list(arbiter.WORKERS.values()):
        try:
            fresh += time.monotonic() - worker.tmp.last_update() <= limit
        except (OSError, ValueError):
            continue
    return fresh


_probe_server: HTTPServer | None = None


def _start_probes(server: Any) -> None:
    global _probe_server
    if not probe_bind or _probe_server is not None:  # once per master, whatever calls it again
        return
    host, _, port = probe_bind.rpartition(":")
    ProbeHandler.arbiter = server
    _probe_server = HTTPServer((host or "127.0.0.1", int(port)), ProbeHandler)
    thread = threading.Thread(target=_probe_server.serve_forever, name="trickref-probes", daemon=True)
    thread.start()
    server.log.info("probes answered by the master on %s", probe_bind)


def post_fork(server: Any, worker: Any) -> None:
    """A worker does not keep the master's probe socket (only the master answers there)."""
    if _probe_server is not None:
        _probe_server.socket.close()


def when_ready(server: Any) -> None:
    """Build the contract document once in the master (preload_app): every worker forks with it.
    Then freeze what the master holds (the app, its modules, schemas, catalog and the document) out
    of the garbage collector's reach: a worker's full collections walked all of it again and again
    (3 % of a worker's CPU under a table's traffic, one 110 ms pause in 3,500 requests), and
    touching it copied the pages a worker shares with the master. What a worker allocates itself
    is collected as before."""
    app = server.app.wsgi()
    api = getattr(app, "extensions", {}).get("trickref_api")
    if api is not None:
        api.spec_document()
    gc.collect()
    gc.freeze()
    _start_probes(server)


# --- gunicorn's own errors as problem+json ---------------------------------------------------------
# A request gunicorn's parser refuses (a CR or LF in a header value, a bad header name, a request
# line or header over the limits) is answered before the app sees it, with an HTML page by default.


def _write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    from service.api.observability import server_error_response

    util.write_nonblock(sock, server_error_response(status_int, reason, mesg))


util.write_error = _write_problem


def on_exit(server: Any) -> None:
    if _OWN_METRICS_DIR:
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
