"""A table mix's latency inside the app, and the garbage collector's pauses, without HTTP.

    python -m bench.pauses [--game all|oh-hell|...] [--tables 6] [--hands 2] [--passes 2]

bench/throughput.py's p99 is the server's as the network sees it: gunicorn, its threads, the
operating system. This plays the same tables (bench/tables.py, each with its table key, every game
interleaved) through the app's WSGI callable in one thread, built as gunicorn loads it and frozen
as its master freezes it (deploy/gunicorn.conf.py, when_ready), and prints each request's latency
percentiles and every collection the garbage collector ran, by generation: what the app itself
adds to a p99. The replay cache fills as it would in a worker.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
import time
from typing import Any

from bench.common import all_games, format_table, say
from bench.profile import environ
from bench.tables import build_tables, interleave


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="all", help="a game id, or 'all'")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--passes", type=int, default=2, help="times every table's requests are sent")
    args = parser.parse_args(argv)
    if not 0 < args.tables <= 100 or not 0 < args.hands <= 20 or not 0 < args.passes <= 20:
        parser.error("--tables in (0, 100], --hands in (0, 20], --passes in (0, 20]")
    from service import create_app

    games = all_games() if args.game == "all" else [args.game]
    say(f"playing {args.tables} tables x {args.hands} hands of {', '.join(games)} in-process ...")
    by_game = build_tables(games, args.tables, args.hands, "random")
    tables = interleave(by_game) if len(by_game) > 1 else next(iter(by_game.values()))
    requests = [r for t in tables for r in t.requests]
    app = create_app()
    environs = [environ(r) for r in requests]
    gc.collect()
    gc.freeze()
    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started = [0.0]

    def clock(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses[info["generation"]].append((time.perf_counter() - started[0]) * 1000)

    def ignore(status: str, headers: list[Any], exc_info: Any = None) -> None:
        return None

    latencies: list[float] = []
    gc.callbacks.append(clock)
    try:
        for _ in range(args.passes):
            for request, base in zip(requests, environs, strict=True):
                env = dict(base)
                env["wsgi.input"] = io.BytesIO(request.body or b"")
                start = time.perf_counter()
                b"".join(app(env, ignore))
                latencies.append((time.perf_counter() - start) * 1000)
    finally:
        gc.callbacks.remove(clock)
    latencies.sort()
    n = len(latencies)
    print(f"\n{n} requests ({len(tables)} tables, {args.passes} passes), one thread, ms\n")
    quantiles = (0.5, 0.9, 0.99, 0.999)
    print(
        format_table(
            ["p50", "p90", "p99", "p99.9", "max"],
            [[*(latencies[min(n - 1, int(q * n))] for q in quantiles), latencies[-1]]],
        )
    )
    rows = [
        [f"gen {g}", len(p), sorted(p)[len(p) // 2] if p else 0.0, max(p, default=0.0), sum(p)]
        for g, p in pauses.items()
    ]
    print("\ngarbage collections during the run, ms\n")
    print(format_table(["generation", "collections", "median", "max", "total"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
