"""Hostile clients for `make load` and the deploy tests: each attack against gunicorn alone and
behind the nginx sidecar's own configuration (deploy/kubernetes/nginx.conf, ports and paths
rewritten), with /healthz probed meanwhile and the servers' RSS sampled.

Attackers connect from 127.0.0.10 to 127.0.0.49 (Linux routes all of 127/8 to loopback), the probe
from 127.0.0.2: nginx limits connections and requests per client address, so, as in a cluster, the
kubelet's probes do not share the attackers' address. Every connection goes to 127.0.0.1 and every
attack stops on its own.

Attacks (issue 17):
- slow-headers: 16 connections send a request's headers one byte a second;
- idle: 64 connections open and send nothing;
- trickled-bodies: 16 connections send headers (Content-Length: 2000), then one body byte per 20 ms;
- big-trickle: 400 connections send 256 KiB of a 256 KiB + 144 B body at once, then a byte every 3 s
  (against nginx: what each connection's body buffer holds);
- quadratic: 2 clients in a loop POST a 16 KB body of escaped quotes in a string that never ends
  (the body guard's string scan was quadratic in it: 3.4 s of CPU, holding the GIL);
- list-bomb: 4 clients in a loop POST a hand whose actions are 9,000 invalid items (each validated).

For the pools phase of bench/load.py (issue 32): `Nginx` also runs the bots pool's configuration
(bots-nginx.conf, `probes` its gunicorn master's probe port), `Flood` sends one request back to back
from several addresses, `probing` asks a probe path the way the kubelet does, and `shipped_probes`
reads which port and path the manifests' exec probes ask.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import ROOT, children, free_port, rss_mib

NGINX_CONF = ROOT / "deploy" / "kubernetes" / "nginx.conf"
PROBE_ADDRESS = "127.0.0.2"
PATH = "/v1/games/oh-hell/deals"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).is_file()), None
    )


def attacker_address(i: int) -> str:
    return f"127.0.0.{10 + i % 40}"


def connect(port: int, source: str | None = None, timeout: float = 5.0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    if source:
        sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


# --- nginx with the shipped configuration -----------------------------------------------------------


@dataclass
class Nginx:
    """nginx with deploy/kubernetes/nginx.conf, rewritten to listen on 127.0.0.1 free ports, write
    under a temporary directory and proxy to `upstream` (gunicorn's port); `edits` are further
    (pattern, replacement) rewrites, for tests that shorten a timeout."""

    upstream: int
    edits: list[tuple[str, str]] = field(default_factory=list)
    conf: Path = NGINX_CONF
    probes: int | None = None  # gunicorn's probe listener (TRICKREF_PROBE_BIND), when the conf names it
    port: int = field(default_factory=free_port)
    metrics_port: int = field(default_factory=free_port)
    bots: int | None = None  # where hands/suggest goes (the bots pool's nginx); default: `upstream`
    bots_port: int = field(default_factory=free_port)  # this nginx's own bots port (8081)
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="trickref-nginx-")))
    proc: subprocess.Popen[bytes] | None = None

    def config(self) -> str:
        conf = self.conf.read_text().replace("/tmp/", f"{self.tmp}/")
        conf = conf.replace("listen 8080;", f"listen 127.0.0.1:{self.port};")
        conf = conf.replace("listen 9102;", f"listen 127.0.0.1:{self.metrics_port};")
        conf = conf.replace("listen 8081;", f"listen 127.0.0.1:{self.bots_port};")
        conf = conf.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{self.upstream};")
        conf = conf.replace("server 127.0.0.1:8001;", f"server 127.0.0.1:{self.probes or self.upstream};")
        bots = self.upstream if self.bots is None else self.bots
        conf = conf.replace("server trickref-bots:8081;", f"server 127.0.0.1:{bots};")
        conf = conf.replace("access_log /dev/stdout trickref;", f"access_log {self.tmp}/access.log trickref;")
        conf = conf.replace("error_log /dev/stderr warn;", f"error_log {self.tmp}/error.log warn;")
        for pattern, replacement in self.edits:
            conf = re.sub(pattern, replacement, conf)
        return conf

    def start(self, timeout: float = 10.0) -> Nginx:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed")
        path = self.tmp / "nginx.conf"
        text = self.config()
        path.write_text(text)
        # the bots pool's nginx has no public port: its bots port answers first
        first = self.port if f"listen 127.0.0.1:{self.port};" in text else self.bots_port
        self.tmp.chmod(0o755)  # started as root, nginx's workers run as nobody: they write in here
        self.proc = subprocess.Popen(
            [binary, "-c", str(path), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=(self.tmp / "stderr.log").open("wb"),
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.logs()}")
            if probe(first, timeout=1.0)[0]:  # any answer: the upstream may be down on purpose
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not answer within {timeout} s: {self.logs()}")

    def pids(self) -> list[int]:
        return [self.proc.pid, *children(self.proc.pid)] if self.proc else []

    def rss(self) -> float:
        total = 0.0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                total += rss_mib(pid)
        return total

    def access_log(self) -> list[dict[str, object]]:
        path = self.tmp / "access.log"
        lines = path.read_text().splitlines() if path.exists() else []
        return [json.loads(line) for line in lines if line.startswith("{")]

    def logs(self) -> str:
        parts = []
        for name in ("stderr.log", "error.log"):
            path = self.tmp / name
            if path.exists():
                parts.append(path.read_text()[-2000:])
        return "\n".join(parts)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the group this process started
                self.proc.wait(5)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Nginx:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- probes -----------------------------------------------------------------------------------------


def probe(
    port: int, path: str = "/healthz", timeout: float = 3.0, source: str = PROBE_ADDRESS
) -> tuple[int, float]:
    """(status or 0, seconds) of one GET on a fresh connection from `source`."""
    started = time.monotonic()
    try:
        sock = connect(port, source, timeout)
    except OSError:
        return 0, time.monotonic() - started
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.sock = sock
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    except (OSError, http.client.HTTPException):
        return 0, time.monotonic() - started
    finally:
        conn.close()


# --- attacks ----------------------------------------------------------------------------------------


def _verdict(sock: socket.socket, wait: float = 0.0) -> str | None:
    """What the server did with this connection: an HTTP status, "closed", "reset", or None (open)."""
    try:
        readable, _, _ = select.select([sock], [], [], wait)
        if not readable:
            return None
        data = sock.recv(4096)
    except ConnectionResetError:
        return "reset"
    except OSError:
        return "closed"
    if data.startswith(b"HTTP/"):
        return data.split(b" ", 2)[1].decode()
    return "closed"


def _drip(sock: socket.socket, pieces: Iterator[bytes], every: float, stop: threading.Event) -> str:
    """Send `pieces` one per `every` seconds until the server answers or closes, or `stop`."""
    for piece in pieces:
        verdict = _verdict(sock)
        if verdict is not None:
            return verdict
        if stop.wait(every):
            break
        try:
            sock.sendall(piece)
        except BrokenPipeError:
            return _verdict(sock, 0.5) or "closed"
        except OSError:
            return "reset"
    return _verdict(sock, 0.2) or "held open"


def _head(length: int) -> bytes:
    return (
        f"POST {PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


def slow_headers(sock: socket.socket, stop: threading.Event) -> str:
    head = _head(12) + b'{"seed": 12}'
    return _drip(sock, (head[i : i + 1] for i in range(len(head))), 1.0, stop)


def idle(sock: socket.socket, stop: threading.Event) -> str:
    while not stop.wait(0.25):
        verdict = _verdict(sock)
        if verdict is not None:
            return verdict
    return _verdict(sock, 0.2) or "held open"


def trickled_body(sock: socket.socket, stop: threading.Event) -> str:
    sock.sendall(_head(2000))
    return _drip(sock, (b" " for _ in range(2000)), 0.02, stop)


BIG = 256 * 1024


def big_trickle(sock: socket.socket, stop: threading.Event) -> str:
    sock.sendall(_head(BIG) + b"[" + b" " * (BIG - 145))
    return _drip(sock, (b" " for _ in range(144)), 3.0, stop)


def quadratic_body() -> bytes:
    """A string of escaped quotes that never ends: every quote starts a scan to the end."""
    return b'{"a": ' + b"[" * 40 + b'"' + b'\\"' * 8000


def list_bomb() -> bytes:
    body = {"dealer": 0, "hands": [["AS"]], "actions": [{"seat": "x", "type": 5}] * 9000}
    return json.dumps(body, separators=(",", ":")).encode()


def _looping(body: bytes, path: str) -> Callable[[socket.socket, threading.Event], str]:
    request = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body

    def run(sock: socket.socket, stop: threading.Event) -> str:
        """Send the request, wait for its answer, on fresh connections until `stop`."""
        statuses: Counter[str] = Counter()
        port = sock.getpeername()[1]
        source = sock.getsockname()[0]
        while not stop.is_set():
            try:
                sock.settimeout(40)
                sock.sendall(request)
                data = sock.recv(64)
                statuses[data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "closed"] += 1
            except OSError:
                statuses["failed"] += 1
            sock.close()
            if stop.is_set():
                break
            try:
                sock = connect(port, source)
            except OSError:
                statuses["refused"] += 1
                stop.wait(0.2)
        sock.close()
        return ",".join(f"{k}x{v}" for k, v in sorted(statuses.items())) or "none"

    return run


@dataclass(frozen=True)
class Attack:
    name: str
    connections: int
    run: Callable[[socket.socket, threading.Event], str]
    slow_client: bool  # nginx's job (True) or the body guard's (False: it reaches the app whole)


ATTACKS = (
    Attack("slow-headers", 16, slow_headers, True),
    Attack("idle", 64, idle, True),
    Attack("trickled-bodies", 16, trickled_body, True),
    Attack("big-trickle", 400, big_trickle, True),
    Attack("quadratic", 2, _looping(quadratic_body(), PATH), False),
    Attack("list-bomb", 4, _looping(list_bomb(), "/v1/games/oh-hell/hands/state"), False),
)


@dataclass
class HostileReport:
    attack: str
    target: str
    connections: int
    seconds: float
    probes_sent: int = 0
    probes_ok: int = 0
    probe_worst_ms: float = 0.0
    worker_rss: tuple[float, float] = (0.0, 0.0)  # largest worker: before, highest during
    nginx_rss: tuple[float, float] | None = None  # nginx processes summed: before, highest during
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def all_probes(self) -> bool:
        return self.probes_sent > 0 and self.probes_ok == self.probes_sent


def run_attack(
    attack: Attack,
    port: int,
    target: str,
    workers: Callable[[], list[int]],
    nginx: Nginx | None = None,
    seconds: float = 8.0,
    probe_every: float = 0.25,
    probe_timeout: float = 3.0,
) -> HostileReport:
    """`attack` against `port` for `seconds` while /healthz is probed from PROBE_ADDRESS."""
    report = HostileReport(attack.name, target, attack.connections, seconds)

    def worker_rss() -> float:
        values = []
        for pid in workers():
            with contextlib.suppress(OSError):
                values.append(rss_mib(pid))
        return max(values, default=0.0)

    rss_before = worker_rss()
    rss_peak = rss_before
    nginx_before = nginx.rss() if nginx else 0.0
    nginx_peak = nginx_before
    stop = threading.Event()
    lock = threading.Lock()

    def one(i: int) -> None:
        try:
            sock = connect(port, attacker_address(i), timeout=10)
        except OSError:
            outcome = "refused"
        else:
            try:
                outcome = attack.run(sock, stop)
            except OSError:
                outcome = "failed"
            finally:
                sock.close()
        with lock:
            report.outcomes[outcome] += 1

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(attack.connections)]
    for thread in threads:
        thread.start()
    time.sleep(0.3)  # the attack in place before the first probe
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        status, took = probe(port, timeout=probe_timeout)
        report.probes_sent += 1
        report.probes_ok += status == 200
        report.probe_worst_ms = max(report.probe_worst_ms, took * 1000)
        rss_peak = max(rss_peak, worker_rss())
        if nginx:
            nginx_peak = max(nginx_peak, nginx.rss())
        time.sleep(max(0.0, probe_every - (time.monotonic() - started)))
    stop.set()
    for thread in threads:
        thread.join(45)
    report.worker_rss = (rss_before, rss_peak)
    if nginx:
        report.nginx_rss = (nginx_before, nginx_peak)
    return report


def recover(port: int, timeout: float = 60.0) -> bool:
    """Wait until the server answers /healthz again (a CPU attack can leave a worker busy)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if probe(port, timeout=2.0)[0] == 200:
            return True
        time.sleep(0.25)
    return False


# --- the two pools as shipped (issue 32) -------------------------------------------------------------


def shipped_probes(root: Path, manifest: str) -> dict[str, tuple[int, str]]:
    """The kubelet's exec probes of the trickref container in `root`'s `manifest`:
    {"readiness"|"liveness": (port, path)}, the port as the pod sees it (8000: gunicorn)."""
    import yaml

    document = yaml.safe_load((root / "deploy" / "kubernetes" / manifest).read_text())
    pod = document["spec"]["template"]["spec"]
    container = next(c for c in pod["containers"] if c["name"] == "trickref")
    out = {}
    for kind in ("readiness", "liveness"):
        command = " ".join(container[f"{kind}Probe"]["exec"]["command"])
        found = re.search(r"http://127\.0\.0\.1:(\d+)(/\w+)", command)
        assert found, command
        out[kind] = (int(found[1]), found[2])
    return out


def exchange(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    source: str | None = None,
    timeout: float = 5.0,
) -> tuple[int, dict[str, str], bytes, float]:
    """One request on a fresh connection from `source`: (status or 0, headers, body, seconds)."""
    started = time.monotonic()
    try:
        sock = connect(port, source, timeout)
    except OSError:
        return 0, {}, b"", time.monotonic() - started
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.sock = sock
    headers = {"Connection": "close"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        found = {k.lower(): v for k, v in response.getheaders()}
        return response.status, found, data, time.monotonic() - started
    except (OSError, http.client.HTTPException):
        return 0, {}, b"", time.monotonic() - started
    finally:
        conn.close()


@dataclass
class ProbeTally:
    """A kubelet-like probe sent every `every` seconds: how many were answered 200 in time."""

    name: str
    sent: int = 0
    answered: int = 0
    worst_ms: float = 0.0

    def row(self) -> list[object]:
        return [self.name, self.sent, self.answered, self.worst_ms]


def probing(
    tally: ProbeTally, port: int, path: str, stop: threading.Event, every: float = 1.0, timeout: float = 2.0
) -> threading.Thread:
    """A thread probing `port` `path` from PROBE_ADDRESS until `stop` (the manifests' 2 s timeout)."""

    def run() -> None:
        while not stop.is_set():
            started = time.monotonic()
            status, took = probe(port, path, timeout=timeout)
            tally.sent += 1
            tally.answered += status == 200 and took <= timeout
            tally.worst_ms = max(tally.worst_ms, took * 1000)
            stop.wait(max(0.0, every - (time.monotonic() - started)))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@dataclass
class Flood:
    """Clients from several addresses sending the same request back to back, each on a fresh
    connection, until `stop`, at the lowest CPU priority: the statuses, the latencies of the 200s,
    and the answers that carried what a shedding answer must (problem+json with Retry-After)."""

    statuses: Counter[int] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    shed_with_retry_after: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(
        self,
        port: int,
        method: str,
        paths_bodies: list[tuple[str, bytes | None]],
        addresses: int,
        per_address: int,
        stop: threading.Event,
        timeout: float = 40.0,
    ) -> list[threading.Thread]:
        def run(n: int) -> None:
            # the attackers' machine is not the server's: their threads yield the shared cores
            # (Linux sets a niceness per thread), so what is measured is what the servers do
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
            source = attacker_address(n // per_address)
            i = n
            while not stop.is_set():
                path, body = paths_bodies[i % len(paths_bodies)]
                i += addresses * per_address
                status, headers, _, took = exchange(port, method, path, body, source, timeout)
                with self.lock:
                    self.statuses[status] += 1
                    if status == 200:
                        self.latencies.append(took)
                    elif status == 503 and "retry-after" in headers:
                        problem = headers.get("content-type") == "application/problem+json"
                        self.shed_with_retry_after += problem
                if status == 0:
                    stop.wait(0.05)

        count = addresses * per_address
        threads = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(count)]
        for thread in threads:
            thread.start()
        return threads

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    def summary(self) -> str:
        return ", ".join(f"{k or 'failed'}: {v}" for k, v in sorted(self.statuses.items()))
