"""Scoring a deal of Bazar Blot or of the duel from its tally, and the match's special endings.

Pure arithmetic over a `Tally` (what the scorepad summary holds): hand records and summaries both come
down to these functions, so each rule lives in one place. Every breakdown line satisfies
total_points = card_points + combinations + blot + capot_bonus and score = points + bid, where
points is total_points in tens, rounded per the `rounding` option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import NO_TRUMP
from .combinations import BLOT_POINTS
from .options import HALF_DOWN

NONE = "none"
CONTRA = "contra"
RECONTRA = "recontra"
DOUBLES = (NONE, CONTRA, RECONTRA)

CAPOT_BONUS = 90
DEAL_POINTS = 162
TRICKS = 8

NO_TRICK = "no-trick"
CAPOT_UNDER_CONTRA = "capot-under-contra"


def round_tens(points: int, rounding: str = HALF_DOWN) -> int:
    """Points in tens: above a half up, a half or less down (86 -> 9, 85 -> 8); or half-up (85 -> 9)."""
    tens, rest = divmod(points, 10)
    if rest > 5 or (rest == 5 and rounding != HALF_DOWN):
        tens += 1
    return tens


def multiplier(strain: str, double: str) -> int:
    """The bid's multiplier: a suit 1, 2, 4; no trump 2, 3, 5 (none, contra, recontra)."""
    i = DOUBLES.index(double)
    return (2, 3, 5)[i] if strain == NO_TRUMP else (1, 2, 4)[i]


@dataclass(frozen=True, slots=True)
class Contract:
    seat: int
    value: int | None
    strain: str
    capot: bool = False
    double: str = NONE

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "value": self.value,
            "strain": self.strain,
            "capot": self.capot,
            "double": self.double,
        }


@dataclass(frozen=True, slots=True)
class Tally:
    """A played deal as the scorepad records it, by team (team = seat % 2; in the duel, the seat)."""

    contract: Contract | None
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    combinations: tuple[int, int]
    blot: int | None

    def summary(self) -> dict[str, Any]:
        return {
            "contract": self.contract.to_json() if self.contract is not None else None,
            "card_points": list(self.card_points),
            "tricks": list(self.tricks),
            "combinations": list(self.combinations),
            "blot": self.blot,
        }


def _line(team: int, cp: int, comb: int, blot: int, capot: int, bid: int, rounding: str) -> dict[str, Any]:
    total = cp + comb + blot + capot
    points = round_tens(total, rounding)
    return {
        "team": team,
        "card_points": cp,
        "combinations": comb,
        "blot": blot,
        "capot_bonus": capot,
        "total_points": total,
        "points": points,
        "bid": bid,
        "score": points + bid,
    }


def _own(t: Tally) -> list[tuple[int, int, int, int]]:
    capot_team = 0 if t.tricks[0] == TRICKS else 1 if t.tricks[1] == TRICKS else None
    return [
        (
            t.card_points[team],
            t.combinations[team],
            BLOT_POINTS if t.blot == team else 0,
            CAPOT_BONUS if capot_team == team else 0,
        )
        for team in (0, 1)
    ]


def _everything(own: Sequence[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    a, b = own
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


_ZERO = (0, 0, 0, 0)


def bazar_score(t: Tally, capot_bid_value: int, rounding: str) -> dict[str, Any]:
    """The deal's score: {contract, made, multiplier, scores, breakdown, summary, match_ending}."""
    c = t.contract
    if c is None:  # four passes: the deal is void and dealt again
        lines = [_line(team, 0, 0, 0, 0, 0, rounding) for team in (0, 1)]
        return {
            "contract": None,
            "made": None,
            "multiplier": 0,
            "scores": [0, 0],
            "breakdown": lines,
            "summary": t.summary(),
            "match_ending": None,
        }
    bidders = c.seat % 2
    own = _own(t)
    if c.capot:
        made = t.tricks[bidders] == TRICKS
        value = capot_bid_value
    else:
        assert c.value is not None
        # "card points, the last trick, their combinations and blot": the 90 for all eight tricks
        # is not in that list; it scores once the contract is made, it does not make it
        made = sum(own[bidders][:3]) >= c.value * 10
        value = c.value
    m = multiplier(c.strain, c.double)
    bid = value * m
    if made and c.double == NONE:
        credit = own
        bids = [bid if team == bidders else 0 for team in (0, 1)]
    else:
        taker = bidders if made else 1 - bidders
        credit = [_everything(own) if team == taker else _ZERO for team in (0, 1)]
        bids = [bid if team == taker else 0 for team in (0, 1)]
    lines = [_line(team, *credit[team], bids[team], rounding) for team in (0, 1)]
    ending: dict[str, Any] | None = None
    if t.tricks[bidders] == 0:
        ending = {"winner": 1 - bidders, "reason": NO_TRICK}
    elif made and c.double != NONE and t.tricks[bidders] == TRICKS:  # "a capot *made* under contra"
        ending = {"winner": bidders, "reason": CAPOT_UNDER_CONTRA}
    return {
        "contract": c.to_json(),
        "made": made,
        "multiplier": m,
        "scores": [line["score"] for line in lines],
        "breakdown": lines,
        "summary": t.summary(),
        "match_ending": ending,
    }


def duel_score(t: Tally, rounding: str) -> dict[str, Any]:
    """The duel: the taker must score strictly more than the other player (cards, last trick, runs,
    blot, capot); then both keep their own and the undealt cards' points go to the taker; if not,
    the other player takes everything."""
    c = t.contract
    assert c is not None
    taker = c.seat
    own = _own(t)
    undealt = DEAL_POINTS - t.card_points[0] - t.card_points[1]
    made = sum(own[taker]) > sum(own[1 - taker])
    if made:
        credit = [
            (cp + (undealt if team == taker else 0), comb, blot, capot)
            for team, (cp, comb, blot, capot) in enumerate(own)
        ]
    else:
        a = _everything(own)
        everything = (a[0] + undealt, a[1], a[2], a[3])
        credit = [everything if team != taker else _ZERO for team in (0, 1)]
    lines = [_line(team, *credit[team], 0, rounding) for team in (0, 1)]
    return {
        "contract": c.to_json(),
        "made": made,
        "multiplier": 1,
        "undealt_points": undealt,
        "scores": [line["score"] for line in lines],
        "breakdown": lines,
        "summary": t.summary(),
        "match_ending": None,
    }
