"""deploy/gunicorn.conf.py: its settings, and a real gunicorn on 127.0.0.1 (smoke, respawn, SIGTERM)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bench import slow_app

from .conftest import APP, GUNICORN_CONF, ROOT, Gunicorn, get, load_gunicorn_conf, metric, tool, wait_for

# The real-server tests share one xdist group: they run on one xdist worker, one after the other,
# instead of competing with each other for the machine's 2 cores.


def test_check_config_passes() -> None:
    for bind in ("127.0.0.1:8000", "0.0.0.0:8000"):
        env = {**os.environ, "TRICKREF_BIND": bind}
        result = subprocess.run(
            [str(tool("gunicorn")), "--config", str(GUNICORN_CONF), "--check-config", APP],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_settings_for_cpu_bound_work(tmp_path: Path) -> None:
    conf = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)})
    from gunicorn.workers.gthread import ThreadWorker

    assert issubclass(conf["worker_class"], ThreadWorker) and conf["threads"] == 4
    assert conf["preload_app"] is True
    assert conf["control_socket_disable"] is True
    assert conf["max_requests"] > 0 and 0 < conf["max_requests_jitter"] < conf["max_requests"]
    assert conf["timeout"] > 0 and 0 < conf["graceful_timeout"] <= conf["timeout"]
    assert conf["limit_request_line"] <= 8190 and conf["limit_request_fields"] <= 100
    assert conf["accesslog"] == "-"
    assert conf["logger_class"].__name__ == "JsonLogger"
    if Path("/dev/shm").is_dir():
        assert conf["worker_tmp_dir"] == "/dev/shm"
    for hook in ("on_starting", "child_exit", "when_ready"):
        assert callable(conf[hook])


def test_workers_and_bind_from_the_environment(tmp_path: Path) -> None:
    metrics = {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    defaults = load_gunicorn_conf({**metrics, "WEB_CONCURRENCY": "", "TRICKREF_BIND": ""})
    assert defaults["workers"] == 2
    saved = os.environ.pop("TRICKREF_BIND", None)
    try:
        assert load_gunicorn_conf(metrics)["bind"] == ["127.0.0.1:8000"]
    finally:
        if saved is not None:
            os.environ["TRICKREF_BIND"] = saved
    custom = load_gunicorn_conf({**metrics, "WEB_CONCURRENCY": "3", "TRICKREF_BIND": "0.0.0.0:9000"})
    assert custom["workers"] == 3 and custom["bind"] == ["0.0.0.0:9000"]


def test_metrics_dir_defaults_to_a_private_one() -> None:
    saved = os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
    try:
        conf = load_gunicorn_conf()
        assert conf["_OWN_METRICS_DIR"] is True
        assert "PROMETHEUS_MULTIPROC_DIR" not in os.environ  # the loader restored the environment
    finally:
        if saved is not None:
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = saved


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_smoke_two_workers(gunicorn: Gunicorn) -> None:
    """Health, readiness, problem+json, metrics summed across workers, JSON access log, respawn."""
    gunicorn.start()
    assert wait_for(lambda: len(gunicorn.workers()) == 2, 10)

    status, headers, body = get(gunicorn.url + "/healthz", {"X-Request-ID": "smoke-1"})
    assert status == 200 and json.loads(body)["status"] == "ok"
    assert headers["X-Request-ID"] == "smoke-1"

    status, _, body = get(gunicorn.url + "/readyz")
    assert status == 200 and json.loads(body)["status"] == "ready"

    status, headers, body = get(gunicorn.url + "/v1/games/no-such-game", {"X-Request-ID": "smoke-404"})
    assert status == 404 and headers["Content-Type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["code"] == "unknown_game" and problem["request_id"] == "smoke-404"

    # 20 more health checks on fresh connections, spread over both workers: every scrape, whichever
    # worker answers it, must report all of them (multiprocess mode sums the workers' files).
    health = {"operation": "ops.Health", "status": "200"}
    before = metric(get(gunicorn.url + "/metrics")[2].decode(), "trickref_http_requests_total", **health)
    assert before >= 2  # the start-up poll and smoke-1
    for _ in range(20):
        assert get(gunicorn.url + "/healthz")[0] == 200
    for _ in range(4):
        status, headers, body = get(gunicorn.url + "/metrics")
        assert status == 200 and headers["Content-Type"].startswith("text/plain")
        text = body.decode()
        assert metric(text, "trickref_http_requests_total", **health) == before + 20
        assert metric(text, "trickref_http_problems_total", code="unknown_game") == 1
    assert list(gunicorn.metrics_dir.glob("*.db")), "no multiprocess metric files written"

    # The image's HEALTHCHECK command works against a live server.
    check = "import urllib.request; urllib.request.urlopen('{url}/healthz', timeout=2)"
    result = subprocess.run([sys.executable, "-c", check.format(url=gunicorn.url)], timeout=10, check=False)
    assert result.returncode == 0

    # kill -9 a worker: the master starts a new one and service goes on.
    victim = gunicorn.workers()[0]
    os.kill(victim, signal.SIGKILL)
    assert wait_for(lambda: victim not in gunicorn.workers() and len(gunicorn.workers()) == 2, 10)
    assert get(gunicorn.url + "/healthz")[0] == 200
    # the dead worker's counts survive in the shared directory
    text = get(gunicorn.url + "/metrics")[2].decode()
    assert metric(text, "trickref_http_requests_total", **health) == before + 22  # + HEALTHCHECK, + 1

    assert gunicorn.stop() == 0
    records = gunicorn.json_lines()
    access = [r for r in records if r.get("logger") == "gunicorn.access"]
    mine = [r for r in access if r.get("request_id") == "smoke-1"]
    assert len(mine) == 1
    assert mine[0]["path"] == "/healthz" and mine[0]["status"] == 200 and mine[0]["duration_ms"] >= 0
    assert all(r.get("request_id") for r in access), "every access line carries a request id"
    server_log = gunicorn.json_lines("stderr")  # gunicorn's own log: JSON lines on stderr
    assert any(r["logger"] == "gunicorn.error" and "Booting worker" in r["message"] for r in server_log)
    lines = gunicorn.stdout_lines() + gunicorn.stderr_lines()
    non_json = [line for line in lines if line and not line.startswith("{")]
    assert not non_json, non_json[:5]


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_sigterm_lets_in_flight_requests_finish(gunicorn: Gunicorn) -> None:
    gunicorn.app = slow_app.APP
    gunicorn.env = {"WEB_CONCURRENCY": "1"}
    gunicorn.start()
    results: dict[int, Any] = {}

    def slow_request(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", gunicorn.port, timeout=15)
        try:
            connection.request("GET", "/_test/slow?seconds=1.5", headers={"X-Request-ID": f"slow-{i}"})
            response = connection.getresponse()
            results[i] = (response.status, json.loads(response.read()), time.monotonic())
        except Exception as error:  # recorded, asserted below
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=slow_request, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    # On loopback 0.5 s is ample for the three requests to be inside the app (1 worker x 4 threads).
    time.sleep(0.5)
    assert gunicorn.proc is not None
    sent = time.monotonic()
    gunicorn.proc.send_signal(signal.SIGTERM)

    # New connections are refused soon after SIGTERM, while the in-flight ones carry on. Refused,
    # not accepted into the backlog to hang and be reset when the last worker exits (issue 17.9:
    # a timeout counted as refused here, and that is what happened, for 7.2 s).
    def refused() -> bool:
        try:
            socket.create_connection(("127.0.0.1", gunicorn.port), timeout=2).close()
        except ConnectionRefusedError:
            return True
        return False

    assert wait_for(refused, 1.0)
    for thread in threads:
        thread.join(15)
    returncode = gunicorn.proc.wait(25)
    exited = time.monotonic()

    for i in range(3):
        assert not isinstance(results[i], Exception), results[i]
        status, body, finished = results[i]
        assert status == 200 and body == {"slept": 1.5}
        assert finished > sent  # completed after the signal, not before it
    assert returncode == 0
    assert exited - sent < 10, "graceful shutdown waited for nothing but the in-flight requests"
    access = [r for r in gunicorn.json_lines() if r.get("logger") == "gunicorn.access"]
    assert {r["request_id"] for r in access} >= {"slow-0", "slow-1", "slow-2"}


def test_keepalive_outlasts_common_clients_and_nginx() -> None:
    """Issue 13.15: a request sent on a connection the server is closing at that moment is lost.
    The server's idle timeout must outlast the clients' idle expiry (httpx and Node: 5 s, aiohttp:
    15 s) and nginx's upstream keep-alive, with a margin for gunicorn's 1 s timer granularity."""
    import httpx

    from .test_nginx import directive, nginx_conf, seconds

    conf = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})
    httpx_expiry = httpx.Limits().keepalive_expiry
    assert httpx_expiry is not None
    upstream = seconds(directive(nginx_conf(), "keepalive_timeout")[-1])
    assert conf["keepalive"] >= max(httpx_expiry, 15, upstream) + 10


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_clients_pausing_at_their_keepalive_expiry_lose_nothing(gunicorn: Gunicorn) -> None:
    """An httpx client whose idle expiry is the server's keep-alive (scaled down: 1 s) reuses
    connections the server is about to close; with the shipped ratio (server keep-alive well above
    the client's), pauses just under the client's expiry lose nothing."""
    import httpx

    gunicorn.env = {"TRICKREF_KEEPALIVE": "3"}
    gunicorn.start()
    lost = 0
    with httpx.Client(base_url=gunicorn.url, limits=httpx.Limits(keepalive_expiry=1.0)) as client:
        for i in range(8):
            try:
                client.get("/healthz")
            except httpx.RemoteProtocolError:
                lost += 1
            time.sleep(0.9 + 0.1 * (i % 2))
    assert lost == 0


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_gunicorn_refusals_are_problem_json(gunicorn: Gunicorn) -> None:
    """Issue 17.7: what gunicorn's parser refuses before the app runs (a CR in a header value, a bad
    header name, an oversized request line) is problem+json with a fresh request id, logged."""
    from .test_slow_clients import raw

    gunicorn.start()
    bad = [
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-ID: a\rb\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
        b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    ]
    ids = []
    for request in bad:
        status, headers, body = raw(gunicorn.port, request)
        assert 400 <= status < 500 and headers["content-type"] == "application/problem+json", body
        problem = json.loads(body)
        assert problem["status"] == status and problem["code"] in ("malformed_http", "http_error")
        assert problem["request_id"] == headers["x-request-id"] and problem["request_id"] != "a\rb"
        ids.append(problem["request_id"])
    gunicorn.stop()
    logged = {r.get("request_id") for r in gunicorn.json_lines() if r.get("logger") == "trickref.server"}
    assert set(ids) <= logged


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_dead_workers_metrics_are_archived(gunicorn: Gunicorn) -> None:
    """Issue 17.5: each dead worker left its files and every scrape read them all. A killed worker's
    counts are folded into one archive per type: the totals keep them, the file count does not grow."""
    gunicorn.start()
    health = {"operation": "ops.Health", "status": "200"}
    for _ in range(3):
        for _ in range(10):
            assert get(gunicorn.url + "/healthz")[0] == 200
        before = metric(get(gunicorn.url + "/metrics")[2].decode(), "trickref_http_requests_total", **health)
        victim = gunicorn.workers()[0]
        os.kill(victim, signal.SIGKILL)
        assert wait_for(lambda v=victim: v not in gunicorn.workers() and len(gunicorn.workers()) == 2, 10)
        assert wait_for(lambda v=victim: not list(gunicorn.metrics_dir.glob(f"*_{v}.db")), 5)
        after = metric(get(gunicorn.url + "/metrics")[2].decode(), "trickref_http_requests_total", **health)
        assert after == before  # the dead worker's counts are still in the totals
    names = sorted(p.name for p in gunicorn.metrics_dir.glob("*.db"))
    archives = {"counter_archive.db", "histogram_archive.db"}
    assert archives <= set(names)
    live = {str(pid) for pid in gunicorn.workers()}
    assert all(n in archives or n.rsplit("_", 1)[1][:-3] in live for n in names), names


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_recycled_workers_leave_the_socket_listening(gunicorn: Gunicorn) -> None:
    """A worker that stops on its own (max_requests) closes its copy of the listening socket; the
    master's keeps it listening for the others and the replacement: no request is refused."""
    gunicorn.env = {"TRICKREF_MAX_REQUESTS": "20"}
    gunicorn.start()
    first = set(gunicorn.workers())
    statuses = [get(gunicorn.url + "/healthz")[0] for _ in range(120)]
    assert statuses == [200] * 120
    assert first - set(gunicorn.workers()), "no worker was recycled"


@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_the_master_answers_probes_while_every_thread_is_busy(gunicorn: Gunicorn) -> None:
    """Issue 32.1: the probes asked the workers, and waited behind whatever their threads were
    doing (a bots pool under a burst failed half of them). With TRICKREF_PROBE_BIND the master
    answers /healthz and /readyz itself, at once, while every worker thread is held."""
    from .conftest import free_port

    probes = free_port()
    gunicorn.app = slow_app.APP
    gunicorn.env = {
        "TRICKREF_THREADS": "1",
        "TRICKREF_PROBE_BIND": f"127.0.0.1:{probes}",
    }
    gunicorn.start()
    url = f"http://127.0.0.1:{probes}"
    assert wait_for(lambda: get(url + "/readyz")[0] == 200, 5)
    busy = [
        threading.Thread(target=get, args=(gunicorn.url + "/_test/slow?seconds=3",), kwargs={"timeout": 15})
        for _ in range(4)
    ]
    for thread in busy:
        thread.start()
    time.sleep(0.5)
    for path in ("/healthz", "/readyz"):
        started = time.monotonic()
        status, headers, body = get(url + path, timeout=1.0)
        assert status == 200 and time.monotonic() - started < 0.5, path
        assert headers["Content-Type"] == "application/json" and json.loads(body)["status"] in ("ok", "ready")
    assert json.loads(get(url + "/readyz")[2])["workers"] == 2
    assert get(url + "/metrics")[0] == 404  # probes only
    for thread in busy:
        thread.join(20)
    # the workers do not hold the master's probe socket (only the master answers there)
    (probe_socket,) = _listening(gunicorn.proc.pid if gunicorn.proc else 0, probes)
    for pid in gunicorn.workers():
        held = set()
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(FileNotFoundError):  # closed since it was listed
                held.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        assert probe_socket not in held
    assert gunicorn.stop() == 0


def _listening(pid: int, port: int) -> set[str]:
    """The socket inodes (`socket:[n]`) of the server's own listening socket, which workers share."""
    hex_port = f"{port:04X}"
    inodes = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[1].endswith(":" + hex_port) and fields[3] == "0A":
                inodes.add(f"socket:[{fields[9]}]")
    return inodes
