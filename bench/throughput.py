"""Service throughput against a bare-Flask ceiling, both under deploy/gunicorn.conf.py, in one run.

    python -m bench.throughput [--game all|oh-hell|...] [--workload both|tables|fixed]
                               [--tables 6] [--hands 2] [--policy random|first] [--cache both|on|off]
                               [--seconds 5] [--rounds 4] [--concurrency 8] [--workers 2] [--threads 4]
                               [--language ar]

Starts the real app and bench/ceiling.py on 127.0.0.1 (free ports), then drives each with the same
requests for a bounded time:

- GET /healthz (control);
- the table mix (issue 18): what tables send. bench/tables.py plays `--tables` tables of each game,
  `--hands` hands each, in-process before the servers are measured, and records every request a
  front end sends: a deal, after every action hands/play with the record so far, then hands/state
  with `seat` for each seat, and hands/score at the end. Each connection then replays one table's
  requests in order, then another table's. One row per game (its tables only), and one for every
  game's tables interleaved (each connection plays the games in turn);
- the fixed record: POST /v1/games/{game}/hands/state with the same complete hand again and again,
  built through the service itself (deal, then the first legal call until complete; 7 cards a seat
  and 4 players where the game has a deal schedule): the case measured before the table mix, kept
  so the two can be compared.

Every table sends its own table key (`Trickref-Table-Key`), and the fixed record one key, as a front
end does, so the app keeps the replayed hands in its replay cache (service/api/replay_cache.py). With
`--cache both` (the default) the app is also served with the cache turned off
(`TRICKREF_REPLAY_CACHE=0`, row `no-cache`), the same requests, keys ignored: before and after in
one run. After each workload the cache's lookups (hit: the whole record held; prefix: the record but
its last actions; miss) and the most bytes one worker's cache held are read from /metrics.

The servers take turns in short rounds (a table mix goes on where it stopped in the previous
round). Prints req/s, p50/p99, requests per server CPU-second, and the real/ceiling ratio of each
(the load generator shares the machine's cores, so the per-CPU figures, not the wall-clock rate,
are the ones to plan capacity with: see deploy/README.md). bench/profile.py shows where the time
of each operation of the table mix goes.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import platform
import re
import sys
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import (
    APP,
    CEILING_APP,
    EXTRA_HEADERS,
    Request,
    Result,
    Server,
    all_games,
    build_hands,
    cpu_seconds,
    format_table,
    say,
    table_loop,
)
from bench.tables import TABLE_KEY, build_tables, describe, interleave
from bench.wrk import available as wrk_available
from bench.wrk import wrk_loop

WARMUP_SECONDS = 1.0


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


@dataclass
class Load:
    """What the connections send: tables of requests, each played in order (a fixed request is a
    table of one). Each server keeps its own place in the tables from one round to the next."""

    name: str
    tables: list[tuple[Request, ...]]
    positions: dict[str, list[list[int]]] = field(default_factory=dict)

    def place(self, label: str, concurrency: int) -> list[list[int]]:
        return self.positions.setdefault(label, [[slot, 0] for slot in range(concurrency)])


LOOPS: dict[str, Callable[..., Result]] = {"python": table_loop, "wrk": wrk_loop}


def measure(
    server: Server, label: str, load: Load, seconds: float, concurrency: int, client: str = "python"
) -> tuple[Result, float]:
    for _ in range(3):
        pids = server.workers_pids()
        before = cpu_seconds(pids)
        result = LOOPS[client](server.port, load.tables, seconds, concurrency, load.place(label, concurrency))
        used = cpu_seconds(pids) - before
        if result.errors:
            raise RuntimeError(f"{load.name} on {server.app}: {result.errors} errors {result.statuses}")
        if server.workers_pids() == pids:
            return result, used
        # a worker was recycled (max_requests: the ceiling reaches 100,000 requests a worker within
        # a make bench run): the CPU time of the one that left is gone from /proc, and the new one's
        # warm-up is in the figures, so this part is measured again
        say(f"  a {label} worker was recycled during {load.name}: measuring that round again")
    raise RuntimeError(f"{load.name} on {server.app}: workers kept being replaced")


LOOKUP = re.compile(r'^trickref_replay_cache_lookups_total\{result="(\w+)"\} (\S+)$', re.M)
PEAK = re.compile(r"^trickref_replay_cache_peak_bytes (\S+)$", re.M)


def cache_figures(server: Server) -> dict[str, float]:
    """The replay cache's lookups by result and its peak bytes (one worker's most), from /metrics."""
    with urllib.request.urlopen(server.url + "/metrics", timeout=10) as response:
        text = response.read().decode()
    figures = {result: float(n) for result, n in LOOKUP.findall(text)}
    peak = PEAK.search(text)
    figures["peak_bytes"] = float(peak.group(1)) if peak else 0.0
    return figures


def table_loads(games: list[str], tables: int, hands: int, policy: str) -> list[Load]:
    say(f"playing {tables} tables x {hands} hands of {', '.join(games)} in-process ...")
    by_game = build_tables(games, tables, hands, policy)
    for game in games:
        if game not in by_game:
            say(f"SKIPPED table mix: {game!r} is not registered")
    loads = []
    for game, built in by_game.items():
        say(f"  {game}: {describe(built)}")
        loads.append(Load(f"tables {game}", [t.requests for t in built]))
    if len(by_game) > 1:
        mixed = interleave(by_game)
        say(f"  every game: {describe(mixed)}")
        loads.append(Load("tables every game", [t.requests for t in mixed]))
    return loads


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="all", help="a game id, or 'all'")
    parser.add_argument(
        "--workload",
        choices=("both", "tables", "fixed"),
        default="both",
        help="the table mix, the fixed record",
    )
    parser.add_argument("--tables", type=int, default=6, help="tables of each game in the table mix")
    parser.add_argument("--hands", type=int, default=2, help="hands each table plays")
    parser.add_argument(
        "--policy", choices=("random", "first"), default="random", help="cards: seeded random or first legal"
    )
    parser.add_argument(
        "--cache",
        choices=("both", "on", "off"),
        default="on",
        help="the app with its replay cache, without (TRICKREF_REPLAY_CACHE=0), or both side by side",
    )
    parser.add_argument(
        "--before",
        metavar="TREE",
        help="also serve the app of another checkout (e.g. `git worktree add /tmp/before <commit>`), "
        "with its own gunicorn config, as the row `before`: before and after in one run",
    )
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds per operation")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time per operation and server")
    parser.add_argument("--concurrency", type=int, default=8, help="keep-alive connections")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (WEB_CONCURRENCY)")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker (TRICKREF_THREADS)")
    parser.add_argument(
        "--client",
        choices=("auto", "python", "wrk"),
        default="auto",
        help="the load generator: wrk (C, Debian's `wrk`; its p99 is the server's) or Python threads "
        "(their own queueing inflates p99); auto takes wrk when it is installed",
    )
    parser.add_argument(
        "--pace",
        type=float,
        metavar="REQ_S",
        help="with wrk: send about REQ_S requests a second over all connections (each waits an "
        "exponential think time after each answer) instead of as fast as possible: p99 below saturation",
    )
    parser.add_argument("--app", default=APP, help="the app under test (a gunicorn app spec)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument(
        "--language", help="send Accept-Language: LANGUAGE with every request (to both servers)"
    )
    args = parser.parse_args(argv)
    if args.client == "auto":
        args.client = "wrk" if wrk_available() else "python"
    elif args.client == "wrk" and not wrk_available():
        parser.error("--client wrk: wrk is not installed (apt-get install wrk)")
    if args.pace is not None:
        if args.client != "wrk" or not 0 < args.pace <= 100_000:
            parser.error("--pace needs --client wrk and a rate in (0, 100000]")
        LOOPS["wrk"] = functools.partial(wrk_loop, pace=args.pace)
    if args.language:
        EXTRA_HEADERS["Accept-Language"] = args.language
    if not 0 < args.seconds <= 120 or not 0 < args.concurrency <= 64:
        parser.error("--seconds must be in (0, 120] and --concurrency in (0, 64]")
    if not 0 < args.tables <= 100 or not 0 < args.hands <= 20:
        parser.error("--tables must be in (0, 100] and --hands in (0, 20]")

    rows: list[list[Any]] = []
    figures: dict[str, Any] = {
        "workers": args.workers,
        "threads": args.threads,
        "concurrency": args.concurrency,
        "client": args.client,
        "pace": args.pace,
    }
    games = all_games() if args.game == "all" else [args.game]
    loads = [Load("GET /healthz", [(Request.json("GET /healthz", "GET", "/healthz"),)])]
    if args.workload in ("both", "tables"):
        loads += table_loads(games, args.tables, args.hands, args.policy)
    off = {"TRICKREF_REPLAY_CACHE": "0"}
    with contextlib.ExitStack() as stack:
        real = stack.enter_context(
            Server(args.app, args.workers, args.threads, off if args.cache == "off" else {})
        )
        servers: list[tuple[str, Server]] = [("trickref", real)]
        if args.cache == "both":
            servers.append(
                ("no-cache", stack.enter_context(Server(args.app, args.workers, args.threads, off)))
            )
        if args.before:
            tree = Path(args.before).resolve()
            if not (tree / "deploy" / "gunicorn.conf.py").is_file():
                parser.error(f"--before {args.before}: not a checkout of this service")
            servers.append(
                ("before", stack.enter_context(Server(args.app, args.workers, args.threads, root=tree)))
            )
        servers.append(("ceiling", stack.enter_context(Server(CEILING_APP, args.workers, args.threads))))
        if args.workload in ("both", "fixed"):
            for game in games:
                record = state_payload(real.url, game)
                if record is None:
                    say(f"SKIPPED hands/state: {game!r} is not registered (GET /v1/games/{game}: 404)")
                    continue
                path = f"/v1/games/{game}/hands/state"
                key = {TABLE_KEY: f"fixed-record-of-{game}".ljust(16, "-")}
                request = Request.json(f"POST {path}", "POST", path, record, key)
                loads.append(Load(f"fixed {game}", [(request,)]))
                figures[f"fixed {game} payload_bytes"] = len(json.dumps(record))
        cache_rows: list[list[Any]] = []
        for load in loads:
            # trickref and the ceiling take turns, in short rounds, so that what else the machine is
            # doing slows both alike and the ratio holds
            before = cache_figures(real)
            for label, server in servers:
                LOOPS[args.client](
                    server.port,
                    load.tables,
                    WARMUP_SECONDS,
                    args.concurrency,
                    load.place(label, args.concurrency),
                )
            say(f"{load.name}: {args.seconds:g} s each in {args.rounds} rounds ...")
            measured: dict[str, Result] = {}
            cpus: dict[str, float] = {}
            for _ in range(args.rounds):
                for label, server in servers:
                    part, cpu = measure(
                        server, label, load, args.seconds / args.rounds, args.concurrency, args.client
                    )
                    if label in measured:
                        measured[label].merge(part)
                        measured[label].seconds += part.seconds
                    else:
                        measured[label] = part
                    cpus[label] = cpus.get(label, 0.0) + cpu
            for label, _ in servers:
                result = measured[label]
                per_cpu = result.count / cpus[label] if cpus[label] else float("nan")
                rows.append([load.name, label, result.rate, result.pct(0.5), result.pct(0.99), per_cpu])
                figures[f"{load.name} {label}"] = {
                    "req_s": round(result.rate, 1),
                    "p50_ms": round(result.pct(0.5), 3),
                    "p99_ms": round(result.pct(0.99), 3),
                    "req_per_cpu_s": round(per_cpu, 1),
                }
            # per server CPU-second too: the wall-clock ratio moves with what else the machine runs
            # (the client included), the CPU one much less
            per_cpu = {
                label: measured[label].count / cpus[label] if cpus[label] else float("nan") for label in cpus
            }
            for label, _ in servers[:-1]:
                ratio = measured[label].rate / measured["ceiling"].rate
                cpu_ratio = per_cpu[label] / per_cpu["ceiling"]
                rows.append([load.name, f"{label}/ceiling", ratio, "", "", cpu_ratio])
                suffix = "" if label == "trickref" else f" {label}"
                figures[f"{load.name} ratio{suffix}"] = round(ratio, 3)
                figures[f"{load.name} cpu_ratio{suffix}"] = round(cpu_ratio, 3)
            after = cache_figures(real)
            looked = {r: after.get(r, 0.0) - before.get(r, 0.0) for r in ("hit", "prefix", "miss")}
            total = sum(looked.values())
            if total:
                share = {r: looked[r] / total for r in looked}
                cache_rows.append(
                    [
                        load.name,
                        int(total),
                        share["hit"],
                        share["prefix"],
                        share["miss"],
                        after["peak_bytes"] / 1024,
                    ]
                )
                figures[f"{load.name} cache"] = {
                    "lookups": int(total),
                    **{r: round(v, 3) for r, v in share.items()},
                    "peak_kib": round(after["peak_bytes"] / 1024, 1),
                }

    print(
        f"\n{platform.python_implementation()} {platform.python_version()}, gunicorn gthread "
        f"{args.workers} workers x {args.threads} threads, {args.concurrency} connections, "
        f"{args.seconds:g} s each (after {WARMUP_SECONDS:g} s warm-up); client on the same machine: "
        f"{args.client}{f', paced at {args.pace:g} req/s' if args.pace else ''}\n"
    )
    print(format_table(["workload", "server", "req/s", "p50 ms", "p99 ms", "req/server-CPU-s"], rows))
    if cache_rows:
        print("\nthe trickref row's replay cache (shares of its lookups; peak: one worker's most so far)\n")
        print(format_table(["workload", "lookups", "hit", "prefix", "miss", "peak KiB"], cache_rows))
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
