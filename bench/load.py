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
   flight: 0.3 s before the kill, 8 slow requests (the test-only `/_test/slow` route, 1 s each) are
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
   dropped (408 from the body guard within TRICKREF_BODY_TIMEOUT, 5 s by default).

Every request goes to 127.0.0.1 and both phases stop on their own.
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
from typing import Any

from bench.common import (
    APP,
    Client,
    Request,
    Server,
    build_hands,
    call,
    format_table,
    games,
    rss_mib,
    say,
    stall_and_probe,
)
from service.observability import SLOW_ROUTE, SLOW_ROUTE_ENV


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
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--app", default=APP)
    args = parser.parse_args(argv)
    if not (0 < args.rate <= 5000 and 0 < args.seconds <= 600 and 0 <= args.fault_seconds <= 120):
        parser.error("bounded runs only: rate (0, 5000], seconds (0, 600], fault-seconds [0, 120]")
    if not (0 <= args.stall_seconds <= 120 and 0 < args.stalled <= 500):
        parser.error("bounded runs only: stall-seconds [0, 120], stalled (0, 500]")

    failures: list[str] = []
    # the test-only slow route lets the fault phase kill a worker with requests in flight
    with Server(args.app, args.workers, args.threads, env={SLOW_ROUTE_ENV: "1"}) as server:
        mix, notes = build_mix(server.url)
        ops = sorted({r.name for r in mix})
        say(f"mix: {len(mix)} requests over {len(ops)} operations")
        for note in notes:
            say(f"  note: {note}")

        workers = server.workers_pids()
        rss_before = {pid: rss_mib(pid) for pid in workers}
        say(f"sustained: {args.rate:g} req/s for {args.seconds:g} s over {args.connections} connections ...")
        sustained = open_loop(server.port, mix, args.rate, args.seconds, args.connections, "sustained")
        rss_after = {pid: rss_mib(pid) for pid in server.workers_pids()}
        if sustained.failed():
            failures.append(f"sustained phase: {len(sustained.failed())} failed requests")

        fault = None
        kill: dict[str, Any] = {}
        if args.fault_seconds:
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

        stall = None
        if args.stall_seconds:
            say(
                f"slow clients: {args.stalled} stalled connections for {args.stall_seconds:g} s, "
                "probing /healthz ..."
            )
            stall = stall_and_probe(server.port, stalled=args.stalled, seconds=args.stall_seconds)

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
    print(
        f"Mixed load: {len(mix)} requests over {len(ops)} operations; "
        f"gunicorn {args.workers} workers x {args.threads} threads"
    )
    print(
        format_table(
            ["phase", "sent", "ok", "failed", "ok req/s", "p50 ms", "p99 ms", "max send lag ms"], rows
        )
    )

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
    if failures:
        print("\nFAILED: " + "; ".join(failures))
        return 1
    print(
        "\nOK: zero errors under sustained load; the killed worker was replaced and no request was lost "
        "beyond those in flight; every probe answered while clients stalled"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
