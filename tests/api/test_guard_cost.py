"""The body guard's shape check is linear (issue 17, point 1): the worst body of each shape at the size
limit costs within a small multiple of json.loads of a valid body of the same size.

The old check was quadratic on some shapes (an unterminated string of escaped quotes: minutes at
256 KiB), so each shape is measured in a child process with a time limit: a quadratic check fails
on the limit instead of holding the suite for minutes. Both timings are the least of several runs in
that same process; the factor is generous (a linear check stays within 3x here, bench/guard.py
prints the figures), a quadratic one misses it by orders of magnitude.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from bench.guard import SHAPES
from service.api.config import DEFAULT_MAX_BODY
from service.api.guard import json_shape_problem, outside_strings

ROOT = Path(__file__).resolve().parents[2]
FACTOR = 10
TIME_LIMIT = 20.0  # seconds for the child; the linear check needs well under one

CHILD = """
import json, sys, time
from bench.guard import SHAPES, cpu, valid_body
from service.api.guard import json_shape_problem
shape, size = sys.argv[1], int(sys.argv[2])
body, valid = SHAPES[shape](size), valid_body(size)
assert len(body) == len(valid) == size
check = cpu(lambda: json_shape_problem(body), repeat=7, budget=5.0)
loads = cpu(lambda: json.loads(valid), repeat=7)
print(json.dumps({"check": check, "loads": loads, "problem": json_shape_problem(body)}))
"""


@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_worst_body_of_each_shape_costs_a_few_json_loads(shape: str) -> None:
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, shape, str(DEFAULT_MAX_BODY)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIME_LIMIT,
            check=True,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{shape}: the check of a {DEFAULT_MAX_BODY}-byte body ran past {TIME_LIMIT} s")
    figures = json.loads(done.stdout)
    assert figures["check"] <= FACTOR * figures["loads"], figures


@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_shape_check_holds_a_few_times_the_body_in_memory(shape: str) -> None:
    """Splitting a whole body of short strings at once held a bytes object per string: 14-18 times
    the body. Stretch by stretch, the check holds about the body's own copies."""
    body = SHAPES[shape](DEFAULT_MAX_BODY)
    tracemalloc.start()
    try:
        json_shape_problem(body)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 4 * len(body), (shape, peak)


def test_strings_are_removed_stretch_by_stretch_as_from_the_whole_body() -> None:
    """The stretches carry whether they start inside a string: the same bytes as one split."""

    def at_once(body: bytes) -> bytes:
        if b"\\" in body:
            body = body.replace(b"\\\\", b"").replace(b'\\"', b"")
        return b"".join(body.split(b'"')[::2])

    rng = random.Random(17)
    for _ in range(200):
        body = bytes(rng.choice(b'ab"\\[]{}0 ') for _ in range(rng.choice([5, 50, 17_000, 40_000])))
        assert outside_strings(body) == at_once(body)
