"""Shared by bench/throughput.py and bench/load.py: gunicorn on 127.0.0.1, a keep-alive load generator.

Every server here binds to 127.0.0.1 on a free port and every request loop is bounded in time.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
APP = "service:create_app()"
CEILING_APP = "bench.ceiling:create_app()"
CLK_TCK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    """Direct children of `pid` (gunicorn's workers), read from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if int(text[text.rindex(")") + 2 :].split()[1]) == pid:
            found.append(int(stat.parent.name))
    return sorted(found)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pids: Sequence[int]) -> float:
    """utime + stime of these processes, in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / CLK_TCK


@dataclass
class Server:
    """gunicorn with deploy/gunicorn.conf.py on 127.0.0.1:<free port>; logs to a temporary file."""

    app: str = APP
    workers: int = 2
    threads: int = 4
    env: dict[str, str] = field(default_factory=dict)
    root: Path = ROOT  # the tree served (its deploy/gunicorn.conf.py too): another for a before/after
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="trickref-bench-")))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> Server:
        gunicorn = Path(sys.executable).parent / "gunicorn"
        env = {
            **os.environ,
            "TRICKREF_BIND": f"127.0.0.1:{self.port}",
            "WEB_CONCURRENCY": str(self.workers),
            "TRICKREF_THREADS": str(self.threads),
            "PROMETHEUS_MULTIPROC_DIR": str(self.tmp / "metrics"),
            **self.env,
        }
        self.log = self.tmp / "server.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(gunicorn), "--config", str(self.root / GUNICORN_CONF.relative_to(ROOT)), self.app],
                cwd=self.root,
                env=env,
                stdout=subprocess.DEVNULL,  # the JSON access log: same cost for every server benched
                stderr=out,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                message = self.log.read_text()[-2000:]
                self.stop()  # removes the temporary directory too
                raise RuntimeError(f"gunicorn exited: {message}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1):
                    pass
                if len(self.workers_pids()) >= self.workers:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        message = self.log.read_text()[-2000:]
        self.stop()
        raise RuntimeError(f"gunicorn did not start: {message}")

    def workers_pids(self) -> list[int]:
        return children(self.proc.pid) if self.proc else []

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the group this script started
                self.proc.wait(5)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def call(url: str, method: str = "GET", body: Any = None, timeout: float = 10.0) -> tuple[int, Any]:
    """One request, JSON in and out (for building payloads, not for measuring)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


# --- load generation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    name: str
    method: str
    path: str
    body: bytes | None = None
    headers: tuple[tuple[str, str], ...] = ()  # sent besides Content-Type (a table's key)

    @classmethod
    def json(
        cls, name: str, method: str, path: str, payload: Any = None, headers: dict[str, str] | None = None
    ) -> Request:
        body = None if payload is None else json.dumps(payload).encode()
        return cls(name, method, path, body, tuple((headers or {}).items()))


@dataclass
class Result:
    name: str
    seconds: float
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.latencies)

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    def merge(self, other: Result) -> None:
        self.latencies += other.latencies
        self.errors += other.errors
        for status, n in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + n


# Headers every request of a run carries (bench.throughput --language sets Accept-Language).
EXTRA_HEADERS: dict[str, str] = {}


class Client:
    """One keep-alive connection; reconnects once if the server dropped an idle connection."""

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.port = port
        self.timeout = timeout
        self.conn: http.client.HTTPConnection | None = None

    def send(self, request: Request, headers: dict[str, str] | None = None) -> tuple[int, bytes, bool]:
        """(status, body, retried). Raises OSError/HTTPException when the request is lost."""
        all_headers = {"Content-Type": "application/json"} if request.body is not None else {}
        all_headers.update(EXTRA_HEADERS)
        all_headers.update(request.headers)
        all_headers.update(headers or {})
        reused = self.conn is not None
        try:
            return (*self._once(request, all_headers), False)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.close()
            if not reused:
                raise
            # a stale keep-alive connection (its worker is gone): safe to resend, every call is idempotent
            return (*self._once(request, all_headers), True)

    def _once(self, request: Request, headers: dict[str, str]) -> tuple[int, bytes]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        self.conn.request(request.method, request.path, body=request.body, headers=headers)
        response = self.conn.getresponse()
        return response.status, response.read()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def timed_send(client: Client, request: Request, result: Result) -> None:
    """Send one request and count it in `result`: its latency and status, or an error (a lost
    request closes the connection; the next send opens another)."""
    start = time.perf_counter()
    try:
        status, _, _ = client.send(request)
    except (OSError, http.client.HTTPException):
        result.errors += 1
        client.close()
        return
    result.latencies.append(time.perf_counter() - start)
    result.statuses[status] = result.statuses.get(status, 0) + 1
    if status >= 400:
        result.errors += 1


def run_connections(run: Callable[[int], None], results: list[Result], name: str, seconds: float) -> Result:
    """`run(slot)` on a thread per connection; their results merged into one, timed as a whole."""
    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(len(results))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    total = Result(name, time.perf_counter() - started)
    for result in results:
        total.merge(result)
    return total


def closed_loop(port: int, requests: Sequence[Request], seconds: float, concurrency: int) -> Result:
    """As fast as possible: `concurrency` keep-alive connections, each sending back to back."""
    stop_at = time.perf_counter() + seconds
    results = [Result("closed", seconds) for _ in range(concurrency)]

    def run(slot: int) -> None:
        client, result, i = Client(port), results[slot], slot
        while time.perf_counter() < stop_at:
            request = requests[i % len(requests)]
            i += concurrency
            timed_send(client, request, result)
        client.close()

    return run_connections(run, results, "closed", seconds)


def table_loop(
    port: int,
    tables: Sequence[Sequence[Request]],
    seconds: float,
    concurrency: int,
    positions: list[list[int]] | None = None,
) -> Result:
    """As fast as possible, as tables send: `concurrency` keep-alive connections, each playing one
    table's requests in order, then the table `concurrency` places further on, and so on (wrapping
    round). `positions` ([table, request] per connection, updated) lets the next call go on where
    this one stopped: short rounds that each restarted at the deals would measure small records
    more than a table sends them."""
    stop_at = time.perf_counter() + seconds
    results = [Result("tables", seconds) for _ in range(concurrency)]
    if positions is None:
        positions = [[slot, 0] for slot in range(concurrency)]

    def run(slot: int) -> None:
        client, result, position = Client(port), results[slot], positions[slot]
        while time.perf_counter() < stop_at:
            table = tables[position[0] % len(tables)]
            while position[1] < len(table) and time.perf_counter() < stop_at:
                request = table[position[1]]
                position[1] += 1
                timed_send(client, request, result)
            if position[1] >= len(table):
                position[0] += concurrency
                position[1] = 0
        client.close()

    return run_connections(run, results, "tables", seconds)


def format_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [[str(c) for c in header]] + [
        [f"{c:.2f}" if isinstance(c, float) else str(c) for c in r] for r in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(c.rjust(w) if j else c.ljust(w) for j, (c, w) in enumerate(zip(row, widths, strict=True)))
        for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def first_call(state: dict[str, Any]) -> dict[str, Any]:
    """The action of a quiet table: while no contract stands a seat calls rather than passes (always
    passing would leave a Baloot deal passed out), and once one stands it is kept and passed (always
    calling would run a Bazar Blot auction up to capot); cards are the first legal one."""
    legal: list[dict[str, Any]] = state["legal_actions"]
    if state.get("contract") is None:
        return next((a for a in legal if a["type"] != "pass"), legal[0])
    return next((a for kind in ("keep", "pass") for a in legal if a["type"] == kind), legal[0])


def build_hands(
    url: str, game: str, players: int | None = None, want_hand_size: int | None = None, max_rounds: int = 20
) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """A deal, then hands/state + legal_actions[0] until complete: (complete record, the records on the way).

    Generic over games: it needs only the deal, state and legal_actions contract. With
    `want_hand_size` it tries rounds 1..max_rounds until the hand has that many cards (None if none has).
    """
    rounds: list[int | None] = [None] if want_hand_size is None else list(range(1, max_rounds + 1))
    for round_ in rounds:
        body: dict[str, Any] = {"seed": 1}
        if round_ is not None:
            body["round"] = round_
        if players is not None:
            body["rules"] = {"players": players}
        status, deal = call(f"{url}/v1/games/{game}/deals", "POST", body)
        if status != 200:
            if round_ is not None and status == 422:
                continue
            raise RuntimeError(f"deal {body} -> {status}: {deal}")
        record = deal["hand"]
        status, state = call(f"{url}/v1/games/{game}/hands/state", "POST", record)
        if status != 200:
            raise RuntimeError(f"hands/state -> {status}: {state}")
        if want_hand_size is not None and state.get("hand_size") != want_hand_size:
            continue
        steps = [json.loads(json.dumps(record))]
        for _ in range(500):
            if state["phase"] == "complete" or not state["legal_actions"]:
                break
            record = {**record, "actions": [*record.get("actions", []), first_call(state)]}
            steps.append(record)
            status, state = call(f"{url}/v1/games/{game}/hands/state", "POST", record)
            if status != 200:
                raise RuntimeError(f"hands/state at action {len(record['actions'])} -> {status}: {state}")
        if state["phase"] != "complete":
            raise RuntimeError(f"{game}: hand not complete after the legal-action loop ({state['phase']})")
        return record, steps
    return None


def games(url: str) -> list[dict[str, Any]]:
    status, body = call(url + "/v1/games")
    if status != 200:
        raise RuntimeError(f"GET /v1/games -> {status}")
    found: list[dict[str, Any]] = body["games"]
    return found


Progress = Callable[[str], None]


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- slow clients ------------------------------------------------------------------------------------


@dataclass
class StallReport:
    """What a slow-client run saw: probes answered while `stalled` connections held a body back."""

    stalled: int
    probes_sent: int = 0
    probes_ok: int = 0
    probe_worst_ms: float = 0.0
    dropped: int = 0  # stalled connections the server answered (408) or closed
    answers: dict[str, int] = field(default_factory=dict)
    drop_seconds: list[float] = field(default_factory=list)

    def drop_max(self) -> float:
        return max(self.drop_seconds, default=float("nan"))


def stall_and_probe(
    port: int,
    stalled: int = 48,
    seconds: float = 10.0,
    probe_every: float = 0.25,
    probe_timeout: float = 3.0,
    path: str = "/v1/games/oh-hell/deals",
) -> StallReport:
    """Open `stalled` connections that send headers with `Content-Length: 1000` and then nothing,
    and meanwhile probe /healthz on fresh connections; bounded in time, loopback only."""
    report = StallReport(stalled)
    socks: list[tuple[socket.socket, float]] = []
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 1000\r\n\r\n"
    ).encode()
    for _ in range(stalled):
        sock = socket.create_connection(("127.0.0.1", port), timeout=seconds + 5)
        sock.sendall(head)
        socks.append((sock, time.monotonic()))
    lock = threading.Lock()

    def watch(sock: socket.socket, opened: float) -> None:
        try:
            data = sock.recv(4096)
        except OSError:
            data = b""
        status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "closed"
        with lock:
            report.dropped += 1
            report.answers[status] = report.answers.get(status, 0) + 1
            report.drop_seconds.append(time.monotonic() - opened)

    watchers = [threading.Thread(target=watch, args=pair, daemon=True) for pair in socks]
    for thread in watchers:
        thread.start()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        report.probes_sent += 1
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=probe_timeout)
            conn.request("GET", "/healthz", headers={"Connection": "close"})
            if conn.getresponse().status == 200:
                report.probes_ok += 1
            conn.close()
        except (OSError, http.client.HTTPException):
            pass
        report.probe_worst_ms = max(report.probe_worst_ms, (time.monotonic() - started) * 1000)
        time.sleep(max(0.0, probe_every - (time.monotonic() - started)))
    for sock, _ in socks:
        sock.close()
    for thread in watchers:
        thread.join(1)
    return report


def all_games() -> list[str]:
    """Every game id of the registry, in its order: the one list of games (imported when asked, so a
    bench module loads without the service)."""
    from service.rules import registry

    return list(registry.GAMES)
