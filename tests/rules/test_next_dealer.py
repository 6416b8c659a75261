"""Every game's scorepad says who deals next (and, in the Oh Hell family, the next round), so a front
end needs no rotation of its own: hand-checked after a few hands, and the property that the hand the
answer announces is the one the scorepad accepts next (and no other dealer or round)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.baloot import GAMES as BALOOT_GAMES
from service.rules.blot import GAMES as BLOT_GAMES
from service.rules.errors import Code, RuleError
from service.rules.ohhell import GAMES as OHHELL_GAMES

from .blot_fixtures import SUITED, act, record

OH = {g.id: g for g in OHHELL_GAMES}
BLOT = {g.id: g for g in BLOT_GAMES}
BALOOT = BALOOT_GAMES[0]


def oh_summary(size: int, players: int, **extra: Any) -> dict[str, Any]:
    """Everyone calls 0; seat 0 takes every trick (never the dealer's forbidden total: 0 < size)."""
    return {"bids": [0] * players, "tricks": [size] + [0] * (players - 1), **extra}


def blot_summary(**extra: Any) -> dict[str, Any]:
    """Seat 0 makes 9 hearts: 26 to 6 in the bazar (a small score: the match goes on)."""
    contract = {"seat": 0, "value": 9, "strain": "H", "capot": False, "double": "none"}
    return {"contract": contract, "card_points": [100, 62], "tricks": [5, 3], "combinations": [50, 0],
            "blot": 0, **extra}  # fmt: skip


def duel_summary(**extra: Any) -> dict[str, Any]:
    contract = {"seat": 0, "value": None, "strain": "H", "capot": False, "double": "none"}
    return {"contract": contract, "card_points": [80, 50], "tricks": [5, 3], "combinations": [20, 0],
            "blot": None, **extra}  # fmt: skip


def baloot_summary(**extra: Any) -> dict[str, Any]:
    """Seat 0 makes Hokum in hearts, the defenders taking 60: 10 to 6."""
    contract = {"seat": 0, "mode": "hokum", "strain": "H", "double": 1}
    return {"contract": contract, "card_points": [102, 60], "tricks": [5, 3], "projects": [0, 0],
            "baloot": None, **extra}  # fmt: skip


def pad(game: Any, rules: Any, entries: list[dict[str, Any]], first: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"hands": entries}
    if first is not None:
        body["first_dealer"] = first
    return game.match_score(rules, body)


# ------------------------------------------------------------------ checked by hand


def test_oh_hell_family_passes_the_deal_left_and_walks_the_schedule() -> None:
    for game in ("oh-hell", "blob", "nomination-whist"):
        r = OH[game].rules({"players": 4, "schedule": "custom", "hand_sizes": [1, 2, 3]})
        out = pad(OH[game], r, [], first=2)
        assert (out["next_dealer"], out["next_round"]) == (2, 1)
        out = pad(OH[game], r, [{"summary": oh_summary(1, 4)}], first=2)
        assert (out["next_dealer"], out["next_round"]) == (3, 2)
        out = pad(OH[game], r, [{"summary": oh_summary(1, 4)}, {"summary": oh_summary(2, 4)}], first=2)
        assert (out["next_dealer"], out["next_round"]) == (0, 3)  # seat 3's left is seat 0
        three = [{"summary": oh_summary(h, 4)} for h in (1, 2, 3)]
        out = pad(OH[game], r, three, first=2)
        assert out["finished"] and out["next_dealer"] is None and out["next_round"] is None


def test_oh_hell_standard_schedule_next_round_follows_the_hands_played() -> None:
    r = OH["oh-hell"].rules({"players": 5})  # 10 down to 1 and back up: 19 rounds
    entries = [{"summary": oh_summary(10, 5)}, {"summary": oh_summary(9, 5)}]
    out = pad(OH["oh-hell"], r, entries)
    assert (out["next_dealer"], out["next_round"]) == (2, 3)


def test_bazar_blot_passes_the_deal_left_a_redeal_included() -> None:
    g = BLOT["bazar-blot"]
    r = g.rules(None)
    out = pad(g, r, [{"summary": blot_summary()}] * 3, first=2)
    assert out["next_dealer"] == 1 and not out["finished"]  # dealt by 2, 3, 0
    void = record(SUITED, [act(0, "pass"), act(1, "pass"), act(2, "pass"), act(3, "pass")], dealer=3)
    out = pad(g, r, [{"hand": void}], first=3)
    assert out["deals"][0]["contract"] is None and out["next_dealer"] == 0
    out = pad(g, r, [{"summary": blot_summary()}] * 6)  # 156 to 36: over the target of 151
    assert out["finished"] and out["next_dealer"] is None


def test_blot_duel_alternates_the_deal() -> None:
    g = BLOT["blot-duel"]
    r = g.rules(None)
    assert pad(g, r, [], first=1)["next_dealer"] == 1
    assert pad(g, r, [{"summary": duel_summary()}], first=1)["next_dealer"] == 0
    assert pad(g, r, [{"summary": duel_summary()}] * 2, first=1)["next_dealer"] == 1


def test_baloot_rotation_option_and_passed_deal() -> None:
    left = BALOOT.rules({"deal_rotation": "left"})
    right = BALOOT.rules({"deal_rotation": "right"})
    assert pad(BALOOT, left, [{"summary": baloot_summary()}] * 2, first=1)["next_dealer"] == 3
    assert pad(BALOOT, right, [{"summary": baloot_summary()}] * 2, first=1)["next_dealer"] == 3
    assert pad(BALOOT, right, [{"summary": baloot_summary()}], first=1)["next_dealer"] == 2
    assert pad(BALOOT, left, [{"summary": baloot_summary()}], first=1)["next_dealer"] == 0
    passed = {**baloot_summary(), "contract": None, "card_points": [0, 0], "tricks": [0, 0]}
    assert pad(BALOOT, left, [{"summary": passed}], first=1)["next_dealer"] == 0  # the deal moves on


# ------------------------------------------------------------------ the announced hand is the next one


def refusal(game: Any, rules: Any, entries: list[dict[str, Any]], first: int) -> Code | None:
    try:
        pad(game, rules, entries, first)
    except RuleError as e:
        return e.code
    return None


CASES: list[tuple[Any, dict[str, Any], int, Any]] = [
    (OH[g], {"players": p, "schedule": "custom", "hand_sizes": [1, 2, 3, 2]}, p, oh_summary)
    for g in OH
    for p in (3, 4, 6)
] + [
    (BLOT["bazar-blot"], {}, 4, lambda *_a, **kw: blot_summary(**kw)),
    (BLOT["blot-duel"], {}, 2, lambda *_a, **kw: duel_summary(**kw)),
    (BALOOT, {"deal_rotation": "left"}, 4, lambda *_a, **kw: baloot_summary(**kw)),
    (BALOOT, {"deal_rotation": "right"}, 4, lambda *_a, **kw: baloot_summary(**kw)),
]


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(CASES), data=st.data())
def test_the_announced_dealer_and_round_are_the_only_next_hand_accepted(case: Any, data: Any) -> None:
    game, opts, n, make = case
    rules = game.rules(opts or None)
    sizes = opts.get("hand_sizes")
    first = data.draw(st.integers(0, n - 1), label="first_dealer")
    k = data.draw(st.integers(0, len(sizes) if sizes else 8), label="hands so far")
    entries: list[dict[str, Any]] = []
    out = pad(game, rules, entries, first)
    while len(entries) < k and not out["finished"]:  # hands so far, never past the match's end
        entries.append({"summary": make(sizes[len(entries)] if sizes else 0, n)})
        out = pad(game, rules, entries, first)
    k = len(entries)
    nxt = out["next_dealer"]
    if out["finished"]:
        assert nxt is None and out.get("next_round") is None
        return
    assert nxt is not None
    extra: dict[str, Any] = {"dealer": nxt}
    if sizes:
        assert out["next_round"] == k + 1
        extra["round"] = out["next_round"]
    entry = {"summary": make(sizes[k] if sizes else 0, n, **extra)}
    assert refusal(game, rules, [*entries, entry], first) is None
    for other in range(n):
        if other != nxt:
            wrong = {"summary": make(sizes[k] if sizes else 0, n, **{**extra, "dealer": other})}
            assert refusal(game, rules, [*entries, wrong], first) is Code.WRONG_DEALER
    if sizes:
        for rnd in range(1, len(sizes) + 1):
            if rnd != k + 1:
                wrong = {"summary": make(sizes[k], n, **{**extra, "round": rnd})}
                assert refusal(game, rules, [*entries, wrong], first) is not None


@pytest.mark.parametrize("game", [*OH.values()])
def test_oh_hell_schedule_over_means_no_next_round(game: Any) -> None:
    r = game.rules({"players": 3, "schedule": "custom", "hand_sizes": [2]})
    out = pad(game, r, [{"summary": oh_summary(2, 3)}], first=1)
    assert out["next_dealer"] is None and out["next_round"] is None
    assert refusal(game, r, [{"summary": oh_summary(2, 3)}] * 2, 1) is Code.INVALID_ROUND
