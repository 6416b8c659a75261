"""A table mix's latency inside the app, and the garbage collector's pauses, without HTTP.

    python -m bench.pauses [--game all|oh-hell|...] [--tables 6] [--hands 2] [--passes 2]
                           [--fill-cache]

bench/throughput.py's p99 is the server's as the network sees it: gunicorn, its threads, the
operating system. This plays the same tables (bench/tables.py, each with its table key, every game
interleaved) through the app's WSGI callable in one thread, built as gunicorn loads it and frozen
as its master freezes it (deploy/gunicorn.conf.py, when_ready), and prints each request's latency
percentiles and every collection the garbage collector ran, by generation: what the app itself
adds to a p99. The replay cache fills as it would in a worker. `--fill-cache` then sends the
tables' records again, each under a table key of its own, until the replay cache has evicted as
many entries as it holds, and times one full collection: the longest a worker's collector can hold
a request (a bot's search included) once its cache is full.
"""

from __future__ import annotations

import argparse
import base64
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
    parser.add_argument(
        "--fill-cache", action="store_true", help="then fill the replay cache and time a full collection"
    )
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
                env = fresh(base, request)
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
    if args.fill_cache:
        fill_cache(app, requests, environs, ignore)
    return 0


def fresh(base: dict[str, Any], request: Any) -> dict[str, Any]:
    """A copy of a request's prepared environ with its body ready to be read again."""
    return {**base, "wsgi.input": io.BytesIO(request.body or b"")}


def fill_cache(
    app: Any, requests: list[Any], environs: list[dict[str, Any]], respond: Any, most: int = 100_000
) -> None:
    """Sends every record the tables replay again under a new table key each, until the replay
    cache has evicted as many entries as it holds (or `most` requests), then prints what the
    collector walks beyond the frozen heap and how long one full collection of it takes."""
    from service.api.dispatch import replay_cache_of

    cache = replay_cache_of(app)
    if cache is None:
        print("\nthe replay cache is turned off: nothing to fill")
        return
    kinds = ("/hands/state", "/hands/play")
    replays = [(r, e) for r, e in zip(requests, environs, strict=True) if r.path.endswith(kinds)]
    sent = 0
    stats = cache.stats
    while replays and sent < most and not (stats.entries and stats.evictions >= stats.entries):
        request, base = replays[sent % len(replays)]
        env = fresh(base, request)
        key = base64.urlsafe_b64encode(sent.to_bytes(16, "big")).decode().rstrip("=")
        env["HTTP_TRICKREF_TABLE_KEY"] = key  # a key no table used: the record is stored anew
        b"".join(app(env, respond))
        sent += 1
    held = len(gc.get_objects())  # the three generations: the frozen heap is not among them
    start = time.perf_counter()
    gc.collect()
    full = (time.perf_counter() - start) * 1000
    print(
        f"\nthe replay cache filled by {sent} more requests: {stats.bytes:,} bytes in {stats.entries:,}"
        f" entries, {stats.evictions:,} evicted\na full collection then: {held:,} objects beyond the"
        f" frozen heap, {full:.1f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
