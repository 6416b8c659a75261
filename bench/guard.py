"""The body guard's JSON shape check against json.loads, on the worst body of each shape.

Every shape is built at a given size (the size limit, TRICKREF_MAX_BODY_BYTES, 256 KiB, by default)
and the check's CPU time (the least of several runs) is printed per request and per byte, beside
json.loads of the same bytes and of a valid body of the same size. A check that is linear stays
within a few times the valid body's json.loads; a quadratic one grows with the square of the size,
so each shape is also measured at 1/32, 1/16... of the size: the figures show the growth.

    python -m bench.guard [--size BYTES] [--budget SECONDS]

A size whose first run takes more than --budget seconds ends that shape's row (the old check spent
minutes on some 256 KiB bodies).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable

from service.api.config import DEFAULT_MAX_BODY
from service.api.guard import MAX_NUMBER_DIGITS, json_shape_problem


def _fit(unit: bytes, size: int, head: bytes = b"", tail: bytes = b"") -> bytes:
    """`head`, then `unit` repeated, then `tail`: exactly `size` bytes (the last unit cut short)."""
    room = size - len(head) - len(tail)
    body = head + unit * (room // len(unit)) + unit[: room % len(unit)] + tail
    assert len(body) == size
    return body


def escaped_quotes(size: int) -> bytes:
    """An unterminated string of escaped quotes: the old string regex failed from every quote."""
    return _fit(b'\\"', size, head=b'"')


def deep_brackets(size: int) -> bytes:
    return b"[" * size


def deep_balanced(size: int) -> bytes:
    """Nests exactly to the limit over and over: no early exit, every bracket counted."""
    return _fit(b"[" * 32 + b"]" * 32, size)


def long_digit_runs(size: int) -> bytes:
    """Runs of the most digits allowed: the old digit regex rescanned each run from every digit."""
    return _fit(b"1" * MAX_NUMBER_DIGITS + b",", size, head=b"[", tail=b"1]")


def short_numbers(size: int) -> bytes:
    return _fit(b"1,", size, head=b"[", tail=b"1]")


def short_strings(size: int) -> bytes:
    return _fit(b'"a",', size, head=b"[", tail=b'"a"]')


def brackets_in_strings(size: int) -> bytes:
    """Strings full of brackets, escaped quotes and escaped backslashes (the regex path of old)."""
    return _fit(b'"[{\\"]}\\\\[[",', size, head=b"[", tail=b'"a"]')


def brackets_in_unterminated_string(size: int) -> bytes:
    return _fit(b'[{\\"', size, head=b'"')


def digits_in_a_string(size: int) -> bytes:
    return _fit(b"7", size, head=b'{"profile": "', tail=b'"}')


def mixed(size: int) -> bytes:
    """Nesting near the limit, numbers, escapes and brackets in strings, then an unterminated string."""
    unit = b'[[[[{"a\\"[{":1234567,"b":["x\\\\]",' + b"9" * 100 + b"]}]]]],"
    body = _fit(unit, size * 3 // 4, head=b"[")
    return body + escaped_quotes(size - len(body))


SHAPES: dict[str, Callable[[int], bytes]] = {
    "escaped-quotes": escaped_quotes,
    "deep-brackets": deep_brackets,
    "deep-balanced": deep_balanced,
    "long-digit-runs": long_digit_runs,
    "short-numbers": short_numbers,
    "short-strings": short_strings,
    "brackets-in-strings": brackets_in_strings,
    "brackets-in-unterminated-string": brackets_in_unterminated_string,
    "digits-in-a-string": digits_in_a_string,
    "mixed": mixed,
}


def valid_body(size: int) -> bytes:
    """A valid body of `size` bytes like the contract's: objects, short strings, small numbers."""
    unit = b'{"seat":1,"type":"play","card":"QH"},{"seat":2,"type":"bid","value":3},'
    head, tail = b'{"seed":7,"actions":[', b'{"seat":0,"type":"pass"}]}'
    units = unit * ((size - len(head) - len(tail)) // len(unit))
    return _fit(b" ", size, head=head + units, tail=tail)  # padded with spaces: still valid


def cpu(fn: Callable[[], object], repeat: int = 5, budget: float = float("inf")) -> float:
    """The least CPU time of `repeat` runs; one run only when the first exceeds `budget`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
        if best > budget:
            break
    return best


def loads_or_error(body: bytes) -> None:
    with contextlib.suppress(ValueError, RecursionError):
        json.loads(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=DEFAULT_MAX_BODY)
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args()
    valid = valid_body(args.size)
    assert json_shape_problem(valid) is None
    baseline = cpu(lambda: json.loads(valid))
    print(
        f"json.loads of a valid {args.size}-byte body: {baseline * 1e3:.2f} ms "
        f"({baseline / args.size * 1e9:.1f} ns/B)"
    )
    print(f"{'shape':34} {'size':>7} {'check ms':>10} {'ns/B':>8} {'x valid':>8} {'loads same ms':>14}")
    for name, build in SHAPES.items():
        size = max(1024, args.size // 32)
        while True:
            size = min(size, args.size)
            body = build(size)
            took = cpu(lambda body=body: json_shape_problem(body), budget=args.budget)  # type: ignore[misc]
            same = cpu(lambda body=body: loads_or_error(body))  # type: ignore[misc]
            ratio = f"{took / baseline:8.1f}" if size == args.size else " " * 8
            per_byte = took / size * 1e9
            print(f"{name:34} {size:>7} {took * 1e3:>10.2f} {per_byte:>8.1f} {ratio} {same * 1e3:>14.2f}")
            if size >= args.size or took > args.budget:
                break
            size *= 2


if __name__ == "__main__":
    main()
