"""Service throughput against a bare-Flask ceiling, both under deploy/gunicorn.conf.py, in one run.

    python -m bench.throughput [--game oh-hell|all] [--seconds 5] [--rounds 4] [--concurrency 8]
                               [--workers 2] [--threads 4]

Starts the real app and bench/ceiling.py on 127.0.0.1 (free ports), then drives each with the same
requests for a bounded time: GET /healthz (control) and POST /v1/games/{game}/hands/state with a
complete hand built through the service itself (deal, then the first legal call until complete; 7
cards a seat and 4 players where the game has a deal schedule). The two servers take turns in short
rounds. Prints req/s, p50/p99 and real/ceiling ratios, and requests per server CPU-second (the
load generator shares the machine's cores, so that figure, not the wall-clock rate, is the one to
plan capacity with: see deploy/README.md).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

from bench.common import (
    APP,
    CEILING_APP,
    Request,
    Result,
    Server,
    build_hands,
    closed_loop,
    cpu_seconds,
    format_table,
    say,
)

WARMUP_SECONDS = 1.0
ALL_GAMES = ["blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"]


def state_payload(url: str, game: str) -> dict[str, Any] | None:
    """A complete hand of `game` (7 cards a seat, 4 players, for a game with a deal schedule; a
    default deal otherwise), or None when the game is not registered."""
    from bench.common import call

    status, description = call(f"{url}/v1/games/{game}")
    if status == 404:
        return None
    if not any(o["name"] == "schedule" for o in description["rules"]["options"]):
        built = build_hands(url, game)
        assert built is not None
        return built[0]
    built = build_hands(url, game, want_hand_size=7)
    if built is not None and len(built[0]["hands"]) != 4:
        built = build_hands(url, game, players=4, want_hand_size=7)
    if built is None:
        raise RuntimeError(f"{game}: no round of the default schedule deals 7 cards")
    record, _ = built
    assert len(record["hands"]) == 4 and all(len(h) == 7 for h in record["hands"]), record["hands"]
    return record


def measure(server: Server, request: Request, seconds: float, concurrency: int) -> tuple[Result, float]:
    pids = server.workers_pids()
    before = cpu_seconds(pids)
    result = closed_loop(server.port, [request], seconds, concurrency)
    used = cpu_seconds(pids) - before
    if result.errors:
        raise RuntimeError(f"{request.name} on {server.app}: {result.errors} errors {result.statuses}")
    return result, used


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="oh-hell", help="a game id, or 'all'")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds per operation")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time per operation and server")
    parser.add_argument("--concurrency", type=int, default=8, help="keep-alive connections")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (WEB_CONCURRENCY)")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker (TRICKREF_THREADS)")
    parser.add_argument("--app", default=APP, help="the app under test (a gunicorn app spec)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 120 or not 0 < args.concurrency <= 64:
        parser.error("--seconds must be in (0, 120] and --concurrency in (0, 64]")

    rows: list[list[Any]] = []
    figures: dict[str, Any] = {
        "workers": args.workers,
        "threads": args.threads,
        "concurrency": args.concurrency,
    }
    with (
        Server(args.app, args.workers, args.threads) as real,
        Server(CEILING_APP, args.workers, args.threads) as ceiling,
    ):
        operations = [Request.json("GET /healthz", "GET", "/healthz")]
        games = ALL_GAMES if args.game == "all" else [args.game]
        for game in games:
            record = state_payload(real.url, game)
            if record is None:
                say(f"SKIPPED hands/state: {game!r} is not registered (GET /v1/games/{game}: 404)")
                continue
            path = f"/v1/games/{game}/hands/state"
            operations.append(Request.json(f"POST {path}", "POST", path, record))
            figures[f"{game} payload_bytes"] = len(json.dumps(record))
        for request in operations:
            # trickref and the ceiling take turns, in short rounds, so that what else the machine is
            # doing slows both alike and the ratio holds
            servers = (("trickref", real), ("ceiling", ceiling))
            for _, server in servers:
                closed_loop(server.port, [request], WARMUP_SECONDS, args.concurrency)
            say(f"{request.name}: {args.seconds:g} s each in {args.rounds} rounds ...")
            measured: dict[str, Result] = {}
            cpus: dict[str, float] = {}
            for _ in range(args.rounds):
                for label, server in servers:
                    part, cpu = measure(server, request, args.seconds / args.rounds, args.concurrency)
                    if label in measured:
                        measured[label].merge(part)
                        measured[label].seconds += part.seconds
                    else:
                        measured[label] = part
                    cpus[label] = cpus.get(label, 0.0) + cpu
            for label, _ in servers:
                result = measured[label]
                per_cpu = result.count / cpus[label] if cpus[label] else float("nan")
                rows.append([request.name, label, result.rate, result.pct(0.5), result.pct(0.99), per_cpu])
                figures[f"{request.name} {label}"] = {
                    "req_s": round(result.rate, 1),
                    "p50_ms": round(result.pct(0.5), 3),
                    "p99_ms": round(result.pct(0.99), 3),
                    "req_per_cpu_s": round(per_cpu, 1),
                }
            ratio = measured["trickref"].rate / measured["ceiling"].rate
            rows.append([request.name, "trickref/ceiling", ratio, "", "", ""])
            figures[f"{request.name} ratio"] = round(ratio, 3)

    print(
        f"\n{platform.python_implementation()} {platform.python_version()}, gunicorn gthread "
        f"{args.workers} workers x {args.threads} threads, {args.concurrency} connections, "
        f"{args.seconds:g} s each (after {WARMUP_SECONDS:g} s warm-up); client on the same machine\n"
    )
    print(format_table(["operation", "server", "req/s", "p50 ms", "p99 ms", "req/server-CPU-s"], rows))
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
