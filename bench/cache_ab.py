"""The replay cache's effect alone: the same app, the same requests with and without a table key.

    python -m bench.cache_ab [--game all|oh-hell|...] [--passes 7]

In one process (no server), so what else runs on the machine weighs on both sides alike: for each
game, one table's requests (bench/tables.py: a deal, plays, seat views, the score; one hand) and
then its complete record as hands/state again and again, each sent through the app's WSGI callable
in alternating passes with the table's key (`Trickref-Table-Key`: the replay cache) and without it
(today's path), the cache emptied before each pass (the complete record then misses once in 200).
Prints the median over the passes of each side's CPU time per request (this thread's: a busy
machine inflates both), and what the key saves.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

from bench.common import Request, all_games, format_table, say


def cpu_per_request(app: Any, environs: list[dict[str, Any]], clear: Any) -> float:
    """µs of this thread's CPU time per request, over the requests in order."""
    clear()
    started = time.thread_time_ns()
    for environ in environs:
        env = dict(environ)
        env["wsgi.input"] = io.BytesIO(environ["wsgi.input"].getvalue())
        result = app(env, lambda status, headers, exc_info=None: None)
        for _ in result:
            pass
        result.close()
    return (time.thread_time_ns() - started) / len(environs) / 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="all", help="a game id, or 'all'")
    parser.add_argument("--passes", type=int, default=7, help="alternating passes of each side")
    args = parser.parse_args(argv)
    if not 0 < args.passes <= 50:
        parser.error("--passes must be in (0, 50]")
    metrics_dir = tempfile.mkdtemp(prefix="trickref-cache-ab-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir  # as under gunicorn
    try:
        return run(all_games() if args.game == "all" else [args.game], args.passes)
    finally:
        shutil.rmtree(metrics_dir, ignore_errors=True)


def run(games: list[str], passes: int) -> int:
    from bench.profile import environ
    from bench.tables import build_tables
    from service import create_app
    from service.api.dispatch import replay_cache_of

    say(f"playing a table of {', '.join(games)} in-process ...")
    tables = build_tables(games, 1, 1)
    app = create_app()
    cache = replay_cache_of(app)

    def clear() -> None:
        if cache is not None:
            cache.clear()

    rows: list[list[Any]] = []
    for game, built in tables.items():
        table = built[0]
        key = dict(table.requests[0].headers)
        score = [r for op, r in table.bodies() if op == "hands_score"][-1]
        record = json.loads(score.body or b"{}")["hand"]
        path = score.path.replace("/hands/score", "/hands/state")
        workloads = {
            "table": [r for _, r in table.bodies()],
            "complete record": [Request.json(f"POST {path}", "POST", path, record, key)] * 200,
        }
        for name, requests in workloads.items():
            keyed = [environ(r) for r in requests]
            plain = [environ(dataclasses.replace(r, headers=())) for r in requests]
            times: dict[str, list[float]] = {"keyed": [], "plain": []}
            for _ in range(passes):
                times["plain"].append(cpu_per_request(app, plain, clear))
                times["keyed"].append(cpu_per_request(app, keyed, clear))
            without, with_key = statistics.median(times["plain"]), statistics.median(times["keyed"])
            saved = without - with_key
            share = f"{saved:.1f} ({saved / without:.0%})"
            rows.append([game, name, len(requests), without, with_key, share])
            say(f"{game} {name}: {without:.0f} -> {with_key:.0f} µs")
    print(f"\nCPU µs per request, the median of {passes} alternating passes of each side\n")
    print(format_table(["game", "requests", "n", "no key", "table key", "saved µs"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
