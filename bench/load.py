"""Sustained mixed load at a fixed rate, then a worker killed with SIGKILL mid-load (`make load`).

    python bench/load.py [--rate 200] [--seconds 30] [--fault-seconds 10] [--connections 16]

Starts the real app under deploy/gunicorn.conf.py on 127.0.0.1 (free port) and builds its request
mix from the service itself: for every registered game, the catalog, deals, hands/state at several
points of a hand played with legal_actions[0], hands/play, hands/score, tricks/winner, tricks/legal
and matches/score (each checked once before the run; one that does not answer 200 is left out and
named). Then:

1. sustained: the mix at a fixed rate (open loop: request i is due at start + i/rate) for a fixed
   time; throughput, p50/p99 (from the due time, so queueing counts), errors (zero expected) and each
   worker's RSS before and after;
2. fault: the same load, and one worker gets SIGKILL a third of the way in, while requests are in
   flight: 0.3 s before the kill, 8 slow requests (bench/slow_app.py's `/_test/slow`, 1 s each) are
   started, so both workers are busy when it lands (at 200 req/s of ~2 ms requests the kill used to
   land with nothing in flight, which showed nothing of what a kill costs). Requests that worker
   had in flight fail on their connection and are resent once (every operation is a pure function
   of its body, so a resend is safe); a keep-alive connection it held fails on its next use and is
   resent the same way. Reported: the requests in flight at the kill, the resends, the requests
   lost (zero expected beyond those in flight) and the time the master took to start a
   replacement worker;
3. slow clients: 48 connections send headers with `Content-Length: 1000` and then nothing, while
   /healthz is probed every 0.25 s (3 s timeout, like the liveness probe): reported, the probes
   answered (all expected), the slowest probe, and how and when the stalled connections were
   dropped (408 from the body guard within TRICKREF_BODY_TIMEOUT, 5 s by default);
4. hostile (issue 17): bench/hostile.py's attacks, slow headers, idle connections, trickled
   bodies, 400 trickled 256 KiB bodies, quadratic bodies and list bombs, each against gunicorn
   alone and behind nginx with the shipped deploy/kubernetes/nginx.conf (where nginx is
   installed), while /healthz is probed from another address: probes answered, the slowest, the
   largest worker's RSS and nginx's, before and at the peak, and what became of the attackers'
   connections. gunicorn alone is not a supported deployment (the image binds it to loopback,
   behind nginx): its rows show why;
5. keep-alive (issue 13.15): httpx clients whose idle expiry is httpx's default (5 s) pause just
   under it between requests, so they reuse connections as late as they would; a request sent on
   a connection the server is closing at that moment is lost ("Server disconnected without
   sending a response"). Counted against gunicorn (`--keepalive` overrides its idle timeout: 5
   reproduces the old setting) and behind nginx.

6. bots (issue 15): hands/state p99 alone, then while a burst of Hard and Crazy hands/suggest
   requests (closed loop, `--bots-burst` clients) runs against the bots' own pool: a second
   gunicorn on 127.0.0.1, started at a lower CPU priority (`--bots-nice`, os.setpriority), which is
   how two pools get separate capacity on one machine (in Kubernetes and compose: their own
   Deployment and CPUs, deploy/README.md); and, for comparison, while the same burst runs against
   the rules pool itself (what the separate pool prevents). Reported: hands/state p50/p99 in each
   case (open loop at `--bots-rate`, queueing counted), suggest p50/p99 per level, and the load
   average of the machine.

7. cap (issue 35), the bots' budget as a cap: a bots gunicorn on 127.0.0.1 with `--cap-busy`
   CPU-bound processes beside it (by default two, one per core of a 2-core machine), and one
   closed-loop client per worker sending hands/suggest at every turn of one Easy-played deal
   of every game, for Normal, Hard and Crazy at 20 ms, 50 ms and the level's default budget, each
   for `--cap-seconds`. Reported per level and budget: the answers' `elapsed_ms` p50/p99 and the
   share over the budget + 10 %, the client's wait p50/p99 and the share over the budget + 25 ms,
   the share cut by the clock. Fails when `elapsed_ms` p99 is over the budget + 10 % or the wait's
   p99 over the budget + 25 ms.

8. pools (issue 32), the deployment as shipped on one machine: the rules pool (gunicorn, the api
   pods' environment from deployment.yaml) behind its nginx (nginx.conf), the bots pool (gunicorn at
   `--bots-nice`, bots-deployment.yaml's environment) behind its own nginx (bots-nginx.conf, or the
   one nginx.conf of older trees); every request goes through the front nginx as a client's would.
   Measured: hands/state p50/p99 through the front, quiet; while 8 addresses loop on the metrics
   port (the statuses they get, the rules workers' CPU per scrape served, one scrape's time and
   size); while Crazy hands/suggest floods whatever listens on the api pod's bots port (8081) from 8
   addresses, or that nothing listens there; and a burst of Crazy suggestions from `--pools-
   addresses` addresses (2 each) through the front while the bots pool is probed the way the
   kubelet does (the manifests' exec probes at the port and path they name, and the nginx sidecar's
   readiness on its bots port, 2 s timeouts, every second): probes answered, the suggestions'
   statuses, and how many 503s were problem+json with Retry-After. `--pools-before DIR` runs the same
   against another tree (`git archive <rev> | tar -x -C DIR`) first, for a before/after.

`--phases` picks some of them (default: all). Every request goes to 127.0.0.1 and every phase
stops on its own.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import (
    APP,
    ROOT,
    Client,
    Request,
    Result,
    Server,
    build_hands,
    call,
    cpu_seconds,
    format_table,
    free_port,
    games,
    rss_mib,
    say,
    stall_and_probe,
)
from bench.hostile import (
    ATTACKS,
    Flood,
    HostileReport,
    Nginx,
    ProbeTally,
    exchange,
    nginx_binary,
    probing,
    recover,
    run_attack,
    shipped_probes,
)
from bench.slow_app import APP as SLOW_APP
from bench.slow_app import SLOW_ROUTE

PHASES = ("sustained", "fault", "slow", "hostile", "keepalive", "bots", "cap", "pools")
BOT_LEVELS = ("hard", "crazy")


def build_mix(url: str) -> tuple[list[Request], list[str]]:
    """Every registered game's operations, built through the service; (requests, notes)."""
    mix = [
        Request.json("GET /healthz", "GET", "/healthz"),
        Request.json("GET /readyz", "GET", "/readyz"),
        Request.json("GET /v1/games", "GET", "/v1/games"),
    ]
    notes: list[str] = []
    catalog = games(url)
    if not catalog:
        notes.append("no game is registered yet: the mix is the probes and the catalog only")
    for game in catalog:
        gid = game["id"]
        base = f"/v1/games/{gid}"
        candidates = [Request.json(f"GET {base}", "GET", base)]
        candidates += [
            Request.json(f"POST {base}/deals", "POST", base + "/deals", {"seed": s}) for s in (1, 2)
        ]
        built = build_hands(url, gid)
        assert built is not None
        record, steps = built
        _, final = call(url + base + "/hands/state", "POST", record)
        picks = sorted({0, len(steps) // 3, 2 * len(steps) // 3, len(steps) - 1})
        candidates += [
            Request.json(f"POST {base}/hands/state", "POST", base + "/hands/state", steps[i]) for i in picks
        ]
        candidates.append(Request.json(f"POST {base}/hands/state", "POST", base + "/hands/state", record))
        for i in picks[1:]:
            action = steps[i]["actions"][-1]
            body = {"hand": steps[i - 1], "action": action}
            candidates.append(Request.json(f"POST {base}/hands/play", "POST", base + "/hands/play", body))
        candidates.append(
            Request.json(f"POST {base}/hands/score", "POST", base + "/hands/score", {"hand": record})
        )
        candidates.append(
            Request.json(
                f"POST {base}/matches/score", "POST", base + "/matches/score", {"hands": [{"hand": record}]}
            )
        )
        if final.get("tricks"):
            trick = final["tricks"][0]
            body = {
                "trump": final.get("trump"),
                "leader": trick["leader"],
                "cards": [c["card"] for c in trick["cards"]],
            }
            if body["trump"] is None:
                body.pop("trump")
            candidates.append(
                Request.json(f"POST {base}/tricks/winner", "POST", base + "/tricks/winner", body)
            )
        mid = _mid_trick_state(url, base, steps)
        if mid is not None:
            trick = mid["current_trick"]["cards"]
            body = {"hand": mid["hands"][mid["to_act"]], "trick": [c["card"] for c in trick]}
            if mid.get("trump") is not None:
                body["trump"] = mid["trump"]
            candidates.append(Request.json(f"POST {base}/tricks/legal", "POST", base + "/tricks/legal", body))
        for request in candidates:
            status, answer = call(url + request.path, request.method, _body(request))
            if status == 200:
                mix.append(request)
            else:
                code = answer.get("code") if isinstance(answer, dict) else answer
                notes.append(f"left out {request.name}: {status} {code}")
    return mix, notes


def _body(request: Request) -> Any:
    return None if request.body is None else json.loads(request.body)


def _mid_trick_state(url: str, base: str, steps: list[dict[str, Any]]) -> dict[str, Any] | None:
    for record in reversed(steps):
        status, state = call(url + base + "/hands/state", "POST", record)
        if (
            status == 200
            and state.get("current_trick")
            and state["current_trick"]["cards"]
            and state["to_act"] is not None
        ):
            return dict(state)
    return None


@dataclass
class Outcome:
    index: int
    name: str
    due: float
    sent: float
    done: float
    status: int | None
    retried: bool
    error: str | None = None


@dataclass
class Phase:
    name: str
    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0

    def ok(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status is not None and o.status < 400]

    def failed(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status is None or o.status >= 400]

    def pct(self, q: float) -> float:
        lat = sorted(o.done - o.due for o in self.ok())
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")


def open_loop(
    port: int,
    mix: list[Request],
    rate: float,
    seconds: float,
    connections: int,
    name: str,
    on_tick: Any = None,
) -> Phase:
    """Request i is due at start + i/rate; `connections` keep-alive clients take them in turn."""
    total = int(rate * seconds)
    counter = itertools.count()
    lock = threading.Lock()
    phase = Phase(name)
    start = time.perf_counter() + 0.05

    def run() -> None:
        client = Client(port)
        while True:
            with lock:
                i = next(counter)
            if i >= total:
                break
            due = start + i / rate
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            request = mix[i % len(mix)]
            sent = time.perf_counter()
            try:
                status, _, retried = client.send(request)
                outcome = Outcome(i, request.name, due, sent, time.perf_counter(), status, retried)
            except (OSError, http.client.HTTPException) as error:
                client.close()
                outcome = Outcome(i, request.name, due, sent, time.perf_counter(), None, True, repr(error))
            with lock:
                phase.outcomes.append(outcome)
        client.close()

    threads = [threading.Thread(target=run, daemon=True) for _ in range(connections)]
    for thread in threads:
        thread.start()
    if on_tick is not None:
        on_tick(start)
    for thread in threads:
        thread.join(seconds + 60)
    phase.seconds = time.perf_counter() - start
    return phase


def in_flight_slow(port: int, count: int) -> tuple[list[Outcome], list[threading.Thread]]:
    """Start `count` slow requests (1 s each, fresh connections); each is resent once if cut off."""
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    request = Request.json("GET /_test/slow", "GET", SLOW_ROUTE + "?seconds=1")

    def one(i: int) -> None:
        sent = time.perf_counter()
        retried = False
        status: int | None = None
        error = None
        for _ in range(2):
            client = Client(port, timeout=10)
            try:
                status = client.send(request)[0]
                break
            except (OSError, http.client.HTTPException) as e:
                retried, error = True, repr(e)
            finally:
                client.close()
        with lock:
            outcomes.append(
                Outcome(-1 - i, request.name, sent, sent, time.perf_counter(), status, retried, error)
            )

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    return outcomes, threads


def hostile_phase(server: Server, seconds: float) -> list[HostileReport]:
    """Every attack against gunicorn alone, then behind nginx (when installed)."""
    reports = []
    nginx = Nginx(server.port).start() if nginx_binary() else None
    try:
        for attack in ATTACKS:
            targets: list[tuple[str, int, Nginx | None]] = [("gunicorn", server.port, None)]
            if nginx is not None:
                targets.append(("nginx", nginx.port, nginx))
            for target, port, proxy in targets:
                say(f"hostile: {attack.name} ({attack.connections}) against {target} for {seconds:g} s ...")
                reports.append(run_attack(attack, port, target, server.workers_pids, proxy, seconds))
                if not recover(server.port):
                    say("  the server did not answer /healthz again within 60 s")
    finally:
        if nginx is not None:
            nginx.stop()
    return reports


@dataclass
class KeepAliveReport:
    target: str
    server_idle: str
    client: str
    requests: int = 0
    lost: int = 0
    errors: dict[str, int] = field(default_factory=dict)


KEEPALIVE_CLIENTS = {
    # httpx's default pool: idle connections expire after 5 s, and a connection the server has
    # closed is noticed (readable) before reuse: only a close racing the reuse loses the request
    "httpx (expiry 5 s), pauses 4.85-5 s": (4.85, 5.0),
    # a keep-alive client that does not expire idle connections itself (http.client; Go keeps them
    # 90 s, aiohttp 15 s): every pause longer than the server's timeout sends on a closed one
    "http.client (no expiry), pauses 4-6 s": (4.0, 6.0),
}


def keepalive_phase(port: int, target: str, server_idle: str, seconds: float) -> list[KeepAliveReport]:
    """Keep-alive clients pausing around 5 s (the server's old idle timeout, httpx's expiry) between
    requests; a request the server closed the connection under is counted lost (not resent)."""
    import random

    import httpx

    reports = {name: KeepAliveReport(target, server_idle, name) for name in KEEPALIVE_CLIENTS}
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def record(name: str, error: str | None) -> None:
        with lock:
            report = reports[name]
            report.requests += 1
            if error:
                report.lost += 1
                report.errors[error] = report.errors.get(error, 0) + 1

    def run(name: str, seed: int) -> None:
        rng = random.Random(seed)
        low, high = KEEPALIVE_CLIENTS[name]
        if name.startswith("httpx"):
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
                while time.monotonic() < stop_at:
                    try:
                        client.get("/healthz")
                        record(name, None)
                    except httpx.HTTPError as e:
                        record(name, type(e).__name__)
                    time.sleep(rng.uniform(low, high))
            return
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.monotonic() < stop_at:
            try:
                conn.request("GET", "/healthz")
                conn.getresponse().read()
                record(name, None)
            except (OSError, http.client.HTTPException) as e:
                record(name, type(e).__name__)
                conn.close()  # reconnects on the next request
            time.sleep(rng.uniform(low, high))
        conn.close()

    threads = [
        threading.Thread(target=run, args=(name, i), daemon=True)
        for name in KEEPALIVE_CLIENTS
        for i in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 30)
    return list(reports.values())


# --- bots: hands/suggest's own pool (issue 15) --------------------------------------------------------


def bot_requests(url: str) -> tuple[list[Request], dict[str, list[Request]]]:
    """hands/state at a few points of a hand of every game, and hands/suggest for the seat to act at
    those points (bids, calls and cards) at each of BOT_LEVELS (default budgets)."""
    states: list[Request] = []
    suggests: dict[str, list[Request]] = {level: [] for level in BOT_LEVELS}
    for game in games(url):
        base = f"/v1/games/{game['id']}"
        built = build_hands(url, game["id"])
        assert built is not None
        _, steps = built
        for n, i in enumerate(sorted({0, 1, len(steps) // 3, 2 * len(steps) // 3})):
            states.append(Request.json(f"POST {base}/hands/state", "POST", base + "/hands/state", steps[i]))
            _, state = call(url + base + "/hands/state", "POST", steps[i])
            for level in BOT_LEVELS:
                body = {"hand": steps[i], "seat": state["to_act"], "level": level, "seed": n}
                suggests[level].append(Request.json(f"{level} {base}", "POST", base + "/hands/suggest", body))
    return states, suggests


@dataclass
class BotResult(Result):
    """A level's hands/suggest results, with what the answers say: the bot's own time, and how
    many searches the server's clock cut short."""

    thought: list[float] = field(default_factory=list)  # elapsed_ms of each answer
    cut: int = 0

    def merge(self, other: Result) -> None:
        super().merge(other)
        if isinstance(other, BotResult):
            self.thought += other.thought
            self.cut += other.cut


def bot_burst(port: int, suggests: dict[str, list[Request]], clients: int, stop: threading.Event) -> Any:
    """`clients` connections sending hands/suggest back to back (levels in turn) until `stop`; the
    thread list and the per-level results."""
    results = {level: [BotResult(level, 0.0) for _ in range(clients)] for level in suggests}
    levels = list(suggests)

    def run(slot: int) -> None:
        client, i = Client(port, timeout=60.0), slot
        while not stop.is_set():
            level = levels[i % len(levels)]
            requests, result = suggests[level], results[level][slot]
            start = time.perf_counter()
            try:
                status, body, _ = client.send(requests[(i // len(levels)) % len(requests)])
            except (OSError, http.client.HTTPException):
                result.errors += 1
                client.close()
                continue
            finally:
                i += 1
            result.latencies.append(time.perf_counter() - start)
            result.statuses[status] = result.statuses.get(status, 0) + 1
            if status != 200:
                result.errors += 1
                continue
            answer = json.loads(body)
            result.thought.append(answer["elapsed_ms"])
            result.cut += bool(answer["cut"])
        client.close()

    threads = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    return threads, results


@dataclass
class BotsReport:
    state: list[tuple[str, Phase]] = field(default_factory=list)
    suggest: list[tuple[str, str, BotResult]] = field(default_factory=list)  # (where, level, result)
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average before and after
    nice: int = 0


def bots_phase(args: argparse.Namespace) -> BotsReport:
    report = BotsReport(nice=args.bots_nice)
    before = os.getloadavg()[0]
    with (
        Server(args.app, args.workers, args.threads) as rules,
        Server(args.app, args.workers, args.bots_threads) as bots,
    ):
        for pid in [bots.proc.pid, *bots.workers_pids()] if bots.proc else []:
            os.setpriority(os.PRIO_PROCESS, pid, args.bots_nice)  # respawned workers inherit it
        states, suggests = bot_requests(rules.url)
        say(
            f"bots: hands/state at {args.bots_rate:g} req/s for {args.bots_seconds:g} s alone, then with "
            f"{args.bots_burst} clients sending {'/'.join(BOT_LEVELS)} hands/suggest to the bots pool "
            f"(nice {args.bots_nice}), then to the rules pool itself ..."
        )
        report.state.append(
            ("alone", open_loop(rules.port, states, args.bots_rate, args.bots_seconds, 8, "alone"))
        )
        for where, port in (("bots pool", bots.port), ("rules pool (shared)", rules.port)):
            stop = threading.Event()
            threads, results = bot_burst(port, suggests, args.bots_burst, stop)
            time.sleep(1.0)  # the burst under way
            phase = open_loop(rules.port, states, args.bots_rate, args.bots_seconds, 8, where)
            stop.set()
            for thread in threads:
                thread.join(60)
            report.state.append((f"with bots on the {where}", phase))
            for level, per_client in results.items():
                total = BotResult(level, args.bots_seconds)
                for result in per_client:
                    total.merge(result)
                report.suggest.append((where, level, total))
        report.load = (before, os.getloadavg()[0])
    return report


def print_bots(report: BotsReport, failures: list[str]) -> None:
    print(
        f"\nBots: hands/state (open loop) alone and with a burst of hands/suggest; the bots pool at nice "
        f"{report.nice}; load average before / after: {report.load[0]:.1f} / {report.load[1]:.1f}"
    )
    rows = []
    for name, phase in report.state:
        rows.append([name, len(phase.outcomes), len(phase.failed()), phase.pct(0.5), phase.pct(0.99)])
        if phase.failed():
            failures.append(f"bots phase, hands/state {name}: {len(phase.failed())} failed")
    print(format_table(["hands/state", "sent", "failed", "p50 ms", "p99 ms"], rows))
    rows = []
    for where, level, result in report.suggest:
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(result.statuses.items()))
        thought = sorted(result.thought)
        worst = thought[min(len(thought) - 1, int(0.99 * len(thought)))] if thought else float("nan")
        rows.append(
            [where, level, result.count, result.pct(0.5), result.pct(0.99), worst, result.cut, statuses]
        )
        if result.errors:
            failures.append(f"bots phase, {level} on the {where}: {result.errors} errors ({statuses})")
    header = ["hands/suggest sent to", "level", "answered", "p50 ms", "p99 ms", "elapsed_ms p99", "cut"]
    print(format_table([*header, "statuses"], rows))
    print("(p50/p99: the client's wait; elapsed_ms: the bot's own time, as the answer says; cut: answers")
    print(" whose search the server's clock stopped early, on a machine busier than the calibration's)")


# --- cap: the bots' budget as a cap, through gunicorn beside a CPU-bound load (issue 35) ------------

CAP_LEVELS = ("normal", "hard", "crazy")
CAP_BUDGETS: tuple[float | None, ...] = (20.0, 50.0, None)  # None: the level's default budget


@dataclass
class CapResult:
    level: str
    budget: float  # asked for; a game whose own default is lower holds its calls to that
    elapsed: list[float] = field(default_factory=list)  # the answers' elapsed_ms
    budgets: list[float] = field(default_factory=list)  # each answer's own budget
    wall: list[float] = field(default_factory=list)  # the client's wait, ms
    errors: int = 0
    cut: int = 0


@dataclass
class CapReport:
    results: list[CapResult] = field(default_factory=list)
    busy: int = 0
    load: tuple[float, float] = (0.0, 0.0)


def cap_requests(level: str, budget: float | None) -> list[tuple[Request, float]]:
    """hands/suggest at every turn of one Easy-played deal of every game, for `level` at `budget`,
    each with the budget the service holds it to (`budget_ms` only lowers the game's own default)."""
    from bench.bots import cap_positions
    from schemas.suggest import budgets_of
    from service.rules.registry import GAMES

    out: list[tuple[Request, float]] = []
    for game in GAMES:
        own = float(budgets_of(game)[level])
        for i, (hand, seat) in enumerate(cap_positions(game, 1)):
            body: dict[str, Any] = {"hand": hand, "seat": seat, "level": level, "seed": i}
            if budget is not None:
                body["budget_ms"] = budget
            path = f"/v1/games/{game}/hands/suggest"
            request = Request.json(f"{level} {game}", "POST", path, body)
            out.append((request, own if budget is None else min(budget, own)))
    return out


def cap_phase(args: argparse.Namespace) -> CapReport:
    """One closed-loop client per worker sends suggestions to a bots gunicorn while `--cap-busy`
    CPU-bound processes run beside it: the answers' `elapsed_ms` and the client's wait.

    One client per worker, not per thread: two searches in one worker share its interpreter lock,
    so each would wait for the other whatever its budget; that queue is the pool's size, not the cap."""
    from bench.bots import busy
    from schemas.suggest import LEVEL_BUDGETS_MS

    report = CapReport(busy=args.cap_busy)
    before = os.getloadavg()[0]
    hogs = busy(args.cap_busy)
    try:
        with Server(args.app, args.workers, args.bots_threads) as bots:
            for level in CAP_LEVELS:
                budgets = sorted({float(LEVEL_BUDGETS_MS[level]) if b is None else b for b in CAP_BUDGETS})
                for budget in budgets:
                    result = CapResult(level, budget)
                    say(f"cap: {level} at {budget:g} ms for {args.cap_seconds:g} s ...")
                    _cap_run(bots.port, cap_requests(level, budget), result, args.workers, args.cap_seconds)
                    report.results.append(result)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    report.load = (before, os.getloadavg()[0])
    return report


def _cap_run(
    port: int, requests: list[tuple[Request, float]], result: CapResult, clients: int, seconds: float
) -> None:
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def run(slot: int) -> None:
        client, i = Client(port, timeout=60.0), slot
        while time.monotonic() < stop:
            request, own = requests[i % len(requests)]
            start = time.perf_counter()
            try:
                status, body, _ = client.send(request)
            except (OSError, http.client.HTTPException):
                with lock:
                    result.errors += 1
                client.close()
                continue
            finally:
                i += clients
            wall = (time.perf_counter() - start) * 1000.0
            with lock:
                if status != 200:
                    result.errors += 1
                    continue
                answer = json.loads(body)
                result.wall.append(wall)
                result.elapsed.append(answer["elapsed_ms"])
                result.budgets.append(own)
                result.cut += bool(answer["cut"])
        client.close()

    threads = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def print_cap(report: CapReport, failures: list[str]) -> None:
    print(
        f"\nCap: hands/suggest with the clock on, one client per worker, {report.busy} busy processes"
        f" beside; load average before / after: {report.load[0]:.1f} / {report.load[1]:.1f}"
    )
    rows = []
    for r in report.results:
        n = max(len(r.elapsed), 1)
        over = sum(e > b * 1.1 for e, b in zip(r.elapsed, r.budgets, strict=True)) / n
        late = sum(w > b + 25 for w, b in zip(r.wall, r.budgets, strict=True)) / n
        e99, w99 = _pct(r.elapsed, 0.99), _pct(r.wall, 0.99)
        rows.append(
            [
                r.level,
                f"{r.budget:g}",
                len(r.elapsed),
                _pct(r.elapsed, 0.5),
                e99,
                f"{over:.1%}",
                _pct(r.wall, 0.5),
                w99,
                f"{late:.1%}",
                f"{r.cut / n:.0%}",
                r.errors,
            ]
        )
        if r.errors:
            failures.append(f"cap phase, {r.level} at {r.budget:g} ms: {r.errors} errors")
        # at p99: no more than 1 % of the answers past their own budget's target
        where = f"cap phase, {r.level} at {r.budget:g} ms"
        if over > 0.01:
            failures.append(f"{where}: {over:.1%} of elapsed_ms > budget + 10 %")
        if late > 0.01:
            failures.append(f"{where}: {late:.1%} of waits > budget + 25 ms")
    header = ["level", "budget ms", "answered", "elapsed p50", "elapsed p99", "over +10 %"]
    print(format_table([*header, "wall p50", "wall p99", "over +25 ms", "cut", "errors"], rows))
    print(
        "(elapsed: the bot's own time as the answer says; wall: the client's wait through gunicorn;"
        " over: past each answer's own budget, which is the game's where its default is lower)"
    )


# --- the pools as shipped (issue 32) ---------------------------------------------------------------

# what the manifests set that the bench sets itself (the ports, the metrics directory, the workers)
_OWN_ENV = frozenset({"TRICKREF_BIND", "TRICKREF_PROBE_BIND", "PROMETHEUS_MULTIPROC_DIR", "WEB_CONCURRENCY"})


def shipped_env(root: Path, manifest: str) -> dict[str, str]:
    import yaml

    document = yaml.safe_load((root / "deploy" / "kubernetes" / manifest).read_text())
    container = next(c for c in document["spec"]["template"]["spec"]["containers"] if c["name"] == "trickref")
    return {e["name"]: str(e["value"]) for e in container.get("env", []) if e["name"] not in _OWN_ENV}


@dataclass
class PoolsReport:
    tree: str
    state: list[tuple[str, Phase]] = field(default_factory=list)
    metrics: Flood = field(default_factory=Flood)
    scrape_cpu_ms: float = float("nan")  # the rules workers' CPU per scrape answered 200
    flood_cpu: tuple[float, float] = (float("nan"), float("nan"))  # rules workers', front nginx's: s
    scrape: tuple[float, int] = (float("nan"), 0)  # one scrape after the flood: ms, bytes
    side_door: Flood | None = None  # None: nothing listens on the api pod's bots port
    side_door_answer: int = 0  # one suggestion's status there, before the flood (0: refused)
    bots: Flood = field(default_factory=Flood)
    probes: list[ProbeTally] = field(default_factory=list)
    load: tuple[float, float] = (0.0, 0.0)


def pools_phase(args: argparse.Namespace, root: Path, tree: str) -> PoolsReport:
    report = PoolsReport(tree)
    before = os.getloadavg()[0]
    kube = root / "deploy" / "kubernetes"
    bots_conf = kube / "bots-nginx.conf" if (kube / "bots-nginx.conf").exists() else kube / "nginx.conf"
    rules_probe, bots_probe = free_port(), free_port()
    rules_env = {**shipped_env(root, "deployment.yaml"), "TRICKREF_PROBE_BIND": f"127.0.0.1:{rules_probe}"}
    bots_env = {**shipped_env(root, "bots-deployment.yaml"), "TRICKREF_PROBE_BIND": f"127.0.0.1:{bots_probe}"}
    threads = {"rules": int(rules_env.pop("TRICKREF_THREADS", args.threads))}
    threads["bots"] = int(bots_env.pop("TRICKREF_THREADS", args.bots_threads))
    seconds = args.pools_seconds
    with (
        Server(args.app, args.workers, threads["rules"], env=rules_env, root=root) as rules,
        Server(args.app, args.workers, threads["bots"], env=bots_env, root=root) as bots,
    ):
        for pid in [bots.proc.pid, *bots.workers_pids()] if bots.proc else []:
            os.setpriority(os.PRIO_PROCESS, pid, args.bots_nice)
        pool = Nginx(bots.port, conf=bots_conf, probes=bots_probe).start()
        front = Nginx(rules.port, conf=kube / "nginx.conf", bots=pool.bots_port, probes=rules_probe).start()
        try:
            states, suggests = bot_requests(rules.url)
            crazy = [(r.path, r.body) for r in suggests["crazy"]]
            say(f"pools ({tree}): hands/state through the front nginx at {args.bots_rate:g} req/s, quiet ...")
            cpu = cpu_seconds(rules.workers_pids())
            report.state.append(("quiet", open_loop(front.port, states, args.bots_rate, seconds, 8, "quiet")))
            quiet_cpu = cpu_seconds(rules.workers_pids()) - cpu

            say(f"pools ({tree}): 8 addresses looping on the metrics port ...")
            stop = threading.Event()
            cpu = cpu_seconds(rules.workers_pids())
            nginx_cpu = cpu_seconds(front.pids())
            flooding = report.metrics.start(front.metrics_port, "GET", [("/metrics", None)], 8, 1, stop, 10.0)
            phase = open_loop(front.port, states, args.bots_rate, seconds, 8, "metrics flood")
            stop.set()
            for thread in flooding:
                thread.join(15)
            served = report.metrics.statuses.get(200, 0)
            spent = cpu_seconds(rules.workers_pids()) - cpu
            # what the scrapes added to the same hands/state load's CPU
            report.scrape_cpu_ms = (spent - quiet_cpu) * 1000 / max(served, 1)
            report.flood_cpu = (spent, cpu_seconds(front.pids()) - nginx_cpu)
            report.state.append(("8 addresses scraping /metrics", phase))
            time.sleep(2.5)  # past any cached exposition
            status, _, body, took = exchange(front.metrics_port, "GET", "/metrics", source="127.0.0.3")
            report.scrape = (took * 1000 if status == 200 else float("nan"), len(body))

            path, body = crazy[0]
            report.side_door_answer = exchange(front.bots_port, "POST", path, body, "127.0.0.4")[0]
            if report.side_door_answer:
                say(f"pools ({tree}): Crazy hands/suggest on the api pod's bots port from 8 addresses ...")
                report.side_door = Flood()
                stop = threading.Event()
                flooding = report.side_door.start(front.bots_port, "POST", crazy, 8, 1, stop)
                time.sleep(1.0)
                phase = open_loop(front.port, states, args.bots_rate, seconds, 8, "side door")
                stop.set()
                for thread in flooding:
                    thread.join(45)
                report.state.append(("8 addresses on the api pod's port 8081", phase))
            time.sleep(1.0)

            say(
                f"pools ({tree}): Crazy hands/suggest from {args.pools_addresses} addresses (2 each) through "
                "the front, the bots pool probed like the kubelet ..."
            )
            ports = {8000: bots.port, 8001: bots_probe}
            stop = threading.Event()
            flooding = report.bots.start(front.port, "POST", crazy, args.pools_addresses, 2, stop)
            time.sleep(1.0)
            watchers = []
            for kind, (port, path) in shipped_probes(root, "bots-deployment.yaml").items():
                tally = ProbeTally(f"{kind} (exec, :{port}{path})")
                report.probes.append(tally)
                watchers.append(probing(tally, ports[port], path, stop))
            tally = ProbeTally("readiness (nginx, bots port /readyz)")
            report.probes.append(tally)
            watchers.append(probing(tally, pool.bots_port, "/readyz", stop))
            time.sleep(seconds * 1.5)
            stop.set()
            for thread in [*watchers, *flooding]:
                thread.join(45)
        finally:
            front.stop()
            pool.stop()
    report.load = (before, os.getloadavg()[0])
    return report


def print_pools(reports: list[PoolsReport], failures: list[str]) -> None:
    for r in reports:
        print(
            f"\nPools as shipped ({r.tree}); load average before / after: {r.load[0]:.1f} / {r.load[1]:.1f}"
        )
        rows = [[name, len(p.outcomes), len(p.failed()), p.pct(0.5), p.pct(0.99)] for name, p in r.state]
        header = ["hands/state through the front, while", "sent", "failed", "p50 ms", "p99 ms"]
        print(format_table(header, rows))
        side = "nothing listens" if r.side_door is None else r.side_door.summary()
        rows = [
            ["metrics flood: statuses", r.metrics.summary()],
            ["  rules workers' CPU added per scrape answered (ms)", f"{r.scrape_cpu_ms:.1f}"],
            ["  CPU during it (s): rules workers, nginx", f"{r.flood_cpu[0]:.2f}, {r.flood_cpu[1]:.2f}"],
            ["one scrape, quiet: ms, bytes", f"{r.scrape[0]:.1f}, {r.scrape[1]}"],
            ["hands/suggest on the api pod's bots port", f"{r.side_door_answer or 'refused'}; flood: {side}"],
            ["Crazy burst through the front: statuses", r.bots.summary()],
            ["  200s p50 / p99 (ms)", f"{r.bots.pct(0.5):.0f} / {r.bots.pct(0.99):.0f}"],
            ["  503s as problem+json with Retry-After", r.bots.shed_with_retry_after],
        ]
        print(format_table(["measure", "value"], rows))
        header = ["bots pool probe (2 s timeout)", "sent", "answered", "slowest ms"]
        print(format_table(header, [t.row() for t in r.probes]))
    if not reports:
        return
    r = reports[-1]  # this tree's: what must hold
    quiet = dict(r.state)["quiet"]
    flood = dict(r.state)["8 addresses scraping /metrics"]
    if flood.pct(0.99) > 2 * max(quiet.pct(0.99), 5.0):
        failures.append(
            f"pools: hands/state p99 {flood.pct(0.99):.0f} ms under a metrics flood, "
            f"quiet {quiet.pct(0.99):.0f} ms"
        )
    if r.side_door_answer:
        failures.append(f"pools: the api pod's bots port answered a suggestion ({r.side_door_answer})")
    for tally in r.probes:
        if tally.answered < tally.sent:
            failed = tally.sent - tally.answered
            failures.append(f"pools: {failed} of {tally.sent} {tally.name} probes failed")
    shed = r.bots.statuses.get(503, 0)
    if shed and r.bots.shed_with_retry_after < shed:
        bare = shed - r.bots.shed_with_retry_after
        failures.append(f"pools: {bare} 503s without problem+json and Retry-After")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rate", type=float, default=200.0, help="requests per second (open loop)")
    parser.add_argument("--seconds", type=float, default=30.0, help="sustained phase length")
    parser.add_argument("--fault-seconds", type=float, default=10.0, help="fault phase length (0: skip)")
    parser.add_argument("--connections", type=int, default=16, help="keep-alive client connections")
    parser.add_argument(
        "--stall-seconds", type=float, default=10.0, help="slow-client phase length (0: skip)"
    )
    parser.add_argument(
        "--stalled", type=int, default=48, help="stalled connections in the slow-client phase"
    )
    parser.add_argument(
        "--hostile-seconds", type=float, default=8.0, help="each hostile attack's length per target"
    )
    parser.add_argument("--keepalive-seconds", type=float, default=30.0, help="keep-alive phase length")
    parser.add_argument(
        "--keepalive", type=int, default=None, help="gunicorn's idle timeout in the keep-alive phase"
    )
    parser.add_argument("--bots-seconds", type=float, default=10.0, help="each bots measurement's length")
    parser.add_argument("--bots-rate", type=float, default=100.0, help="hands/state req/s in the bots phase")
    parser.add_argument("--bots-burst", type=int, default=4, help="concurrent hands/suggest clients")
    parser.add_argument("--bots-threads", type=int, default=2, help="threads per worker of the bots pool")
    parser.add_argument("--bots-nice", type=int, default=10, help="the bots pool's niceness (0..19)")
    parser.add_argument("--cap-seconds", type=float, default=8.0, help="each level and budget's cap run")
    parser.add_argument("--cap-busy", type=int, default=2, help="CPU-bound processes beside the cap runs")
    parser.add_argument("--pools-seconds", type=float, default=10.0, help="each pools measurement's length")
    parser.add_argument("--pools-addresses", type=int, default=16, help="addresses of the Crazy burst")
    parser.add_argument("--pools-before", type=Path, default=None, help="a tree to measure first (before)")
    parser.add_argument("--phases", default=",".join(PHASES), help=f"some of {','.join(PHASES)}")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--app", default=APP)
    args = parser.parse_args(argv)
    if not (0 < args.rate <= 5000 and 0 < args.seconds <= 600 and 0 <= args.fault_seconds <= 120):
        parser.error("bounded runs only: rate (0, 5000], seconds (0, 600], fault-seconds [0, 120]")
    if not (0 <= args.stall_seconds <= 120 and 0 < args.stalled <= 500):
        parser.error("bounded runs only: stall-seconds [0, 120], stalled (0, 500]")
    if not (0 < args.hostile_seconds <= 60 and 0 < args.keepalive_seconds <= 300):
        parser.error("bounded runs only: hostile-seconds (0, 60], keepalive-seconds (0, 300]")
    if not (0 < args.bots_seconds <= 120 and 0 < args.bots_rate <= 1000 and 0 < args.bots_burst <= 32):
        parser.error("bounded runs only: bots-seconds (0, 120], bots-rate (0, 1000], bots-burst (0, 32]")
    if not (0 < args.cap_seconds <= 60 and 0 <= args.cap_busy <= 8):
        parser.error("bounded runs only: cap-seconds (0, 60], cap-busy [0, 8]")
    if not (0 < args.pools_seconds <= 60 and 0 < args.pools_addresses <= 40):
        parser.error("bounded runs only: pools-seconds (0, 60], pools-addresses (0, 40]")
    if not (0 <= args.bots_nice <= 19 and 0 < args.bots_threads <= 16):
        parser.error("bots-nice [0, 19], bots-threads (0, 16]")
    phases = set(args.phases.split(","))
    if not phases <= set(PHASES):
        parser.error(f"--phases: some of {', '.join(PHASES)}")

    failures: list[str] = []
    sustained = fault = stall = None
    hostile: list[HostileReport] = []
    mix: list[Request] = []
    ops: list[str] = []
    workers: list[int] = []
    rss_before: dict[int, float] = {}
    rss_after: dict[int, float] = {}
    # the harness's slow route (bench/slow_app.py) lets the fault phase kill a worker with requests
    # in flight; another --app is served as it is
    with Server(SLOW_APP if args.app == APP else args.app, args.workers, args.threads) as server:
        if phases & {"sustained", "fault"}:
            mix, notes = build_mix(server.url)
            ops = sorted({r.name for r in mix})
            say(f"mix: {len(mix)} requests over {len(ops)} operations")
            for note in notes:
                say(f"  note: {note}")

        workers = server.workers_pids()
        if "sustained" in phases:
            rss_before = {pid: rss_mib(pid) for pid in workers}
            say(
                f"sustained: {args.rate:g} req/s for {args.seconds:g} s "
                f"over {args.connections} connections ..."
            )
            sustained = open_loop(server.port, mix, args.rate, args.seconds, args.connections, "sustained")
            rss_after = {pid: rss_mib(pid) for pid in server.workers_pids()}
            if sustained.failed():
                failures.append(f"sustained phase: {len(sustained.failed())} failed requests")

        kill: dict[str, Any] = {}
        if args.fault_seconds and "fault" in phases:
            victim = server.workers_pids()[0]

            def killer(start: float) -> None:
                def run() -> None:
                    at = start + args.fault_seconds / 3
                    time.sleep(max(0.0, at - 0.3 - time.perf_counter()))
                    kill["slow"] = in_flight_slow(server.port, 8)
                    time.sleep(max(0.0, at - time.perf_counter()))
                    kill["at"] = time.perf_counter()
                    os.kill(victim, signal.SIGKILL)
                    while time.perf_counter() - kill["at"] < 10:
                        pids = server.workers_pids()
                        if victim not in pids and len(pids) == args.workers:
                            kill["respawned"] = time.perf_counter() - kill["at"]
                            kill["new"] = sorted(set(pids) - set(workers))
                            return
                        time.sleep(0.01)

                threading.Thread(target=run, daemon=True).start()

            say(
                f"fault: {args.rate:g} req/s for {args.fault_seconds:g} s; SIGKILL worker {victim} at 1/3 ..."
            )
            fault = open_loop(
                server.port, mix, args.rate, args.fault_seconds, args.connections, "fault", killer
            )
            kill["victim"] = victim
            for thread in kill.get("slow", ([], []))[1]:
                thread.join(15)
            _, ready = call(server.url + "/readyz")
            kill["ready_after"] = ready.get("status") if isinstance(ready, dict) else ready

        if args.stall_seconds and "slow" in phases:
            say(
                f"slow clients: {args.stalled} stalled connections for {args.stall_seconds:g} s, "
                "probing /healthz ..."
            )
            stall = stall_and_probe(server.port, stalled=args.stalled, seconds=args.stall_seconds)

        if "hostile" in phases:
            hostile = hostile_phase(server, args.hostile_seconds)

    keepalive: list[KeepAliveReport] = []
    if "keepalive" in phases:
        env = {} if args.keepalive is None else {"TRICKREF_KEEPALIVE": str(args.keepalive)}
        idle = f"{args.keepalive} s" if args.keepalive is not None else "the config's"
        with Server(args.app, args.workers, args.threads, env=env) as server:
            say(
                f"keep-alive: 16 clients pausing about 5 s between requests, {args.keepalive_seconds:g} s ..."
            )
            keepalive += keepalive_phase(server.port, "gunicorn", idle, args.keepalive_seconds)
            if nginx_binary():
                with Nginx(server.port) as nginx:
                    keepalive += keepalive_phase(nginx.port, "nginx", "75 s (nginx)", args.keepalive_seconds)

    bots = bots_phase(args) if "bots" in phases else None
    capped = cap_phase(args) if "cap" in phases else None
    pools: list[PoolsReport] = []
    if "pools" in phases and nginx_binary():
        if args.pools_before is not None:
            pools.append(pools_phase(args, args.pools_before.resolve(), f"before: {args.pools_before}"))
        pools.append(pools_phase(args, ROOT, "this tree"))
    elif "pools" in phases:
        say("pools: skipped, nginx is not installed")

    print()
    rows = []
    for phase in (sustained, fault):
        if phase is None:
            continue
        late = max((o.sent - o.due for o in phase.outcomes), default=0.0) * 1000
        rows.append(
            [
                phase.name,
                len(phase.outcomes),
                len(phase.ok()),
                len(phase.failed()),
                len(phase.ok()) / phase.seconds,
                phase.pct(0.5),
                phase.pct(0.99),
                late,
            ]
        )
    if rows:
        print(
            f"Mixed load: {len(mix)} requests over {len(ops)} operations; "
            f"gunicorn {args.workers} workers x {args.threads} threads"
        )
        print(
            format_table(
                ["phase", "sent", "ok", "failed", "ok req/s", "p50 ms", "p99 ms", "max send lag ms"], rows
            )
        )

    if sustained is not None:
        print("\nWorker RSS (MiB), sustained phase")
        rss_rows = [
            [pid, rss_before[pid], rss_after.get(pid, float("nan")), rss_after.get(pid, 0) - rss_before[pid]]
            for pid in workers
        ]
        print(format_table(["worker pid", "before", "after", "growth"], rss_rows))

    if fault is not None:
        at = kill.get("at", float("inf"))
        slow: list[Outcome] = kill.get("slow", ([], []))[0]
        slow_in_flight = [o for o in slow if o.sent < at < o.done]
        in_flight = [o for o in [*fault.outcomes, *slow] if o.sent < at < o.done]
        resent_in_flight = [o for o in in_flight if o.retried]
        if not in_flight:
            failures.append("the kill landed with no request in flight")
        stale = [o for o in fault.outcomes if o.sent >= at and o.retried]
        lost = fault.failed()
        lost_beyond = [o for o in lost if not (o.sent < at < o.done)]
        respawn = kill.get("respawned")
        print("\nFault: SIGKILL one worker mid-load")
        print(
            format_table(
                ["measure", "value"],
                [
                    ["killed worker", kill["victim"]],
                    ["replacement worker", ",".join(map(str, kill.get("new", []))) or "none"],
                    [
                        "respawned after (ms)",
                        f"{respawn * 1000:.0f}" if respawn is not None else "NOT respawned",
                    ],
                    ["requests in flight at the kill (any worker)", len(in_flight)],
                    ["  of them slow ones started 0.3 s before", len(slow_in_flight)],
                    ["  of them cut off and resent", len(resent_in_flight)],
                    ["  slow ones answered (first try or resent)", sum(o.status == 200 for o in slow)],
                    ["stale keep-alive connections resent", len(stale)],
                    ["requests lost (failed after one resend)", len(lost)],
                    ["  lost beyond those in flight", len(lost_beyond)],
                    ["/readyz after", kill["ready_after"]],
                ],
            )
        )
        if respawn is None:
            failures.append("the master did not start a replacement worker within 10 s")
        if lost_beyond:
            failures.append(f"{len(lost_beyond)} requests lost beyond those in flight: {lost_beyond[:3]}")
    if stall is not None:
        print(
            f"\nSlow clients: {stall.stalled} connections send headers (Content-Length: 1000), then nothing"
        )
        print(
            format_table(
                ["measure", "value"],
                [
                    ["/healthz probes answered (3 s timeout)", f"{stall.probes_ok} of {stall.probes_sent}"],
                    ["slowest probe (ms)", f"{stall.probe_worst_ms:.0f}"],
                    ["stalled connections dropped", f"{stall.dropped} of {stall.stalled}"],
                    ["  answered", ", ".join(f"{k}: {v}" for k, v in sorted(stall.answers.items()))],
                    ["  last dropped after (s)", f"{stall.drop_max():.1f}"],
                ],
            )
        )
        if stall.probes_ok < stall.probes_sent:
            failures.append(f"slow clients: {stall.probes_sent - stall.probes_ok} probes unanswered")
        if stall.dropped < stall.stalled:
            failures.append(
                f"slow clients: {stall.stalled - stall.dropped} stalled connections never dropped"
            )
    if hostile:
        print(
            f"\nHostile clients, {args.hostile_seconds:g} s each; /healthz probed every 0.25 s from "
            "another address (3 s timeout); RSS in MiB, before -> peak"
        )
        hostile_rows = []
        for r in hostile:
            nginx_rss = f"{r.nginx_rss[0]:.1f} -> {r.nginx_rss[1]:.1f}" if r.nginx_rss else "-"
            hostile_rows.append(
                [
                    r.attack,
                    r.connections,
                    r.target,
                    f"{r.probes_ok} of {r.probes_sent}",
                    f"{r.probe_worst_ms:.0f}",
                    f"{r.worker_rss[0]:.1f} -> {r.worker_rss[1]:.1f}",
                    nginx_rss,
                    ", ".join(f"{k}: {v}" for k, v in sorted(r.outcomes.items())),
                ]
            )
            attack = next(a for a in ATTACKS if a.name == r.attack)
            if r.target == "nginx" and attack.slow_client and not r.all_probes:
                failures.append(f"{r.attack} behind nginx: {r.probes_sent - r.probes_ok} probes unanswered")
        print(
            format_table(
                [
                    "attack",
                    "conns",
                    "target",
                    "probes answered",
                    "slowest ms",
                    "largest worker",
                    "nginx",
                    "attackers' connections",
                ],
                hostile_rows,
            )
        )
        print(
            "(gunicorn alone is not a deployment: the image keeps it on loopback behind nginx. quadratic "
            "and list-bomb reach the app whole either way: the body guard's and the rules' business.)"
        )
    if keepalive:
        print("\nKeep-alive: httpx clients (idle expiry 5 s) pausing 4.85 to 5 s between requests")
        print(
            format_table(
                ["target", "server idle timeout", "requests", "lost", "errors"],
                [
                    [
                        k.target,
                        k.server_idle,
                        k.requests,
                        k.lost,
                        ", ".join(f"{e}: {n}" for e, n in k.errors.items()),
                    ]
                    for k in keepalive
                ],
            )
        )
        for k in keepalive:
            if k.lost and args.keepalive is None:
                failures.append(
                    f"keep-alive: {k.lost} requests lost on connections closed under them ({k.target})"
                )
    if bots is not None:
        print_bots(bots, failures)
    if capped is not None:
        print_cap(capped, failures)
    print_pools(pools, failures)
    if failures:
        print("\nFAILED: " + "; ".join(failures))
        return 1
    print("\nOK: " + ", ".join(sorted(phases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
