"""Shared by the Baloot tests: the game, records built from the hands the players end up with, and
short action builders."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.baloot import GAMES
from service.rules.errors import RuleError
from service.rules.profile import Rules

GAME = GAMES[0]

# A whole Hokum hand, checked by hand (docs/rules/baloot.md walks through it). Dealer 0, so seat 1
# speaks first and leads; seat 1 calls Hokum in spades (the turned 9S) and takes it. Every seat holds
# two cards of each suit, so every trick follows suit; seat 1 leads its eight cards in this order.
SPADES_HAND = {
    1: ["JS", "9S", "AH", "TH", "AD", "TD", "AC", "KC"],
    2: ["7S", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
    3: ["8S", "AS", "KH", "QH", "KD", "QD", "QC", "JC"],
    0: ["QS", "TS", "9H", "JH", "9D", "JD", "9C", "TC"],
}
# trick by trick (seat 1, 2, 3, 0): winner and points, counted by hand from the rule book's table
SPADES_TRICKS = [
    (["JS", "7S", "8S", "QS"], 1, 20 + 0 + 0 + 3),
    (["9S", "KS", "AS", "TS"], 1, 14 + 4 + 11 + 10),
    (["AH", "7H", "KH", "9H"], 1, 11 + 0 + 4 + 0),
    (["TH", "8H", "QH", "JH"], 1, 10 + 0 + 3 + 2),
    (["AD", "7D", "KD", "9D"], 1, 11 + 0 + 4 + 0),
    (["TD", "8D", "QD", "JD"], 1, 10 + 0 + 3 + 2),
    (["AC", "7C", "QC", "9C"], 1, 11 + 0 + 3 + 0),
    (["KC", "8C", "JC", "TC"], 0, 4 + 0 + 2 + 10 + 10),  # the ten of clubs wins; last trick's 10
]


def rules(**opts: Any) -> Rules:
    return GAME.rules(opts)


def record_for(
    final: dict[int, list[str]], buyer: int, turned: str, dealer: int = 0, actions: list[Any] | None = None
) -> dict[str, Any]:
    """The record whose deal gives each seat `final` once `buyer` has bought `turned`.

    The completion order: from the dealer's right round to the dealer, three cards from the stock a
    seat, the buyer the turned card and two."""
    first = (dealer + 1) % 4
    dealt: list[list[str]] = [[] for _ in range(4)]
    stock: list[str] = []
    for k in range(4):
        s = (first + k) % 4
        hand = list(final[s])
        if s == buyer:
            hand.remove(turned)
            dealt[s] = hand[:5]
            stock += hand[5:7]
        else:
            dealt[s] = hand[:5]
            stock += hand[5:8]
    return {"dealer": dealer, "hands": dealt, "turned": turned, "stock": stock, "actions": actions or []}


def act(seat: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "type": kind, **fields}


def hokum(seat: int, strain: str) -> dict[str, Any]:
    return act(seat, "hokum", strain=strain)


def play(seat: int, card: str) -> dict[str, Any]:
    return act(seat, "play", card=card)


def passes(*seats: int) -> list[dict[str, Any]]:
    return [act(s, "pass") for s in seats]


def plays_of(tricks: list[tuple[list[str], int, int]], leaders: list[int]) -> list[dict[str, Any]]:
    out = []
    for (cards, _, _), leader in zip(tricks, leaders, strict=True):
        out += [play((leader + i) % 4, c) for i, c in enumerate(cards)]
    return out


SPADES_PLAYS = plays_of(SPADES_TRICKS, [1, 1, 1, 1, 1, 1, 1, 1])


def raises(fn: Any, *args: Any) -> RuleError:
    with pytest.raises(RuleError) as e:
        fn(*args)
    return e.value


def state(r: Rules, rec: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    body = dict(rec)
    if seat is not None:
        body["seat"] = seat
    return GAME.state(r, body)


def summary(
    seat: int,
    mode: str,
    strain: str,
    double: int | str,
    card_points: list[int],
    tricks: list[int],
    projects: list[int] | None = None,
    baloot: int | None = None,
) -> dict[str, Any]:
    return {
        "contract": {"seat": seat, "mode": mode, "strain": strain, "double": double},
        "card_points": card_points,
        "tricks": tricks,
        "projects": projects or [0, 0],
        "baloot": baloot,
    }


def score(r: Rules, s: dict[str, Any]) -> dict[str, Any]:
    return GAME.score(r, {"summary": s})
