"""Scoring a hand of the Oh Hell family from its calls and tricks, and ranking a scorepad.

Pure arithmetic over (bid, tricks) pairs: the hand records, summaries and the match scorepad all
come down to these functions, so each method's formula lives in exactly one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .options import BLOBS, TEN_PLUS_BID, TEN_PLUS_OR_MINUS, TEN_PLUS_SQUARE, TRICKS_PLUS_TEN


def seat_score(method: str, bid: int, tricks: int) -> int:
    """One seat's score for one hand."""
    made = bid == tricks
    if method == TEN_PLUS_OR_MINUS:  # Blob method two; Nomination Whist's "penalty for missing"
        return 10 + tricks if made else -abs(tricks - bid)
    if method == TEN_PLUS_BID:  # Nomination Whist standard
        return 10 + bid if made else 0
    if method == TEN_PLUS_SQUARE:
        return 10 + bid * bid if made else 0
    if method == TRICKS_PLUS_TEN:  # Oh Hell; Nomination Whist's "1 point per trick for missed bids"
        return tricks + 10 if made else tricks
    if method == BLOBS:  # Blob method one: the call stands if made, a blob otherwise
        return tricks if made else 0
    raise ValueError(f"unknown scoring method {method!r}")


def breakdown(method: str, bids: Sequence[int], tricks: Sequence[int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat, (b, t) in enumerate(zip(bids, tricks, strict=True)):
        entry: dict[str, Any] = {
            "seat": seat,
            "bid": b,
            "tricks": t,
            "made": b == t,
            "difference": t - b,
            "score": seat_score(method, b, t),
        }
        if method == BLOBS:
            entry["blob"] = b != t
        out.append(entry)
    return out


def standings(method: str, totals: Sequence[int], blobs: Sequence[int]) -> list[tuple[int, ...]]:
    """Each seat's ranking key, smaller is better: (blobs, -tricks) for method one, else (-total,)."""
    if method == BLOBS:
        return [(blobs[s], -totals[s]) for s in range(len(totals))]
    return [(-totals[s],) for s in range(len(totals))]


def ranking(method: str, totals: Sequence[int], blobs: Sequence[int]) -> tuple[list[int], int | None]:
    """Seats best first (ties keep seat order) and the sole leader, or None on a true tie."""
    keys = standings(method, totals, blobs)
    order = sorted(range(len(totals)), key=lambda s: (keys[s], s))
    if not order:
        return order, None
    tied = len(order) > 1 and keys[order[0]] == keys[order[1]]
    return order, None if tied else order[0]
