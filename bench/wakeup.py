"""What waking a thread costs on this machine: the floor under any threaded server's p99.

    python -m bench.wakeup [--rounds 2000] [--gaps 0,0.5,2,10]

gunicorn's gthread worker hands every request from its poller thread to a pool thread and the
connection back (two wake-ups a request, more when the GIL changes hands). This sends a token from
one Python thread to another and back, `--rounds` times after each idle gap (ms), and prints the
round trip's percentiles. Back to back (gap 0) both threads stay on CPU and a round trip costs tens
of µs; after an idle gap the woken thread's CPU may be halted, and on a virtual machine its wake-up
can take milliseconds. bench/throughput.py's p99 sits on top of this (docs/performance.md, "Latency
below saturation").
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
import time

from bench.common import format_table


def round_trips(rounds: int, gap_ms: float) -> list[float]:
    """Round trip times in µs of a token sent to an echo thread, each after `gap_ms` of idleness."""
    there: queue.SimpleQueue[int | None] = queue.SimpleQueue()
    back: queue.SimpleQueue[int] = queue.SimpleQueue()

    def echo() -> None:
        while (token := there.get()) is not None:
            back.put(token)

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()
    times = []
    for i in range(rounds):
        if gap_ms:
            time.sleep(gap_ms / 1000)
        start = time.perf_counter()
        there.put(i)
        back.get()
        times.append((time.perf_counter() - start) * 1e6)
    there.put(None)
    thread.join()
    return sorted(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--gaps", default="0,0.5,2,10", help="idle gaps in ms, comma-separated")
    args = parser.parse_args(argv)
    if not 0 < args.rounds <= 100_000:
        parser.error("--rounds must be in (0, 100000]")
    rows = []
    for gap in (float(g) for g in args.gaps.split(",")):
        times = round_trips(args.rounds, gap)
        n = len(times)
        rows.append(
            [f"{gap:g}", *(times[min(n - 1, int(q * n))] for q in (0.5, 0.9, 0.99, 0.999)), times[-1]]
        )
    print(f"\nthread round trip after an idle gap, {args.rounds} rounds each (µs)\n")
    print(format_table(["gap ms", "p50", "p90", "p99", "p99.9", "max"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
