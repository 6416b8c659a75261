"""bench.differ: a level against itself never differs; where two levels differ, the deal is played on
from the other answer and the choice's worth is the change in the seat's standing."""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest

from bench.bots import main as bots_main
from bench.bots import turn, variant
from bench.differ import (
    JUDGE_SEED,
    against,
    deal_rows,
    finish,
    in_sight,
    paired,
    promised,
    seeing,
    standing,
    summary,
)
from service.bots import LEVELS, family_of, suggest
from service.bots.deals import imagine
from service.rules.registry import GAMES


def test_standing_counts_a_deal_as_the_match_does() -> None:
    assert standing("oh-hell", [10, 2, 5, 1], 0) == 6.0
    assert standing("oh-hell", [10, 2, 5, 1], 3) == -6.0
    assert standing("baloot", [16, 10], 1) == -6.0
    assert standing("baloot", [16, 10], 2) == 6.0  # seats 0 and 2 are one team
    assert standing("blot-duel", [120, 42], 0) == 78.0


def test_a_level_against_itself_never_differs() -> None:
    rows = list(deal_rows("oh-hell", 3, "normal", ("normal",)))
    assert rows and all(r["same"] and "alt" not in r for r in rows)


def test_a_different_choice_is_played_on_and_valued() -> None:
    g = GAMES["oh-hell"]
    rows = []
    for d in range(4):
        seed = 7919 * (d + 1)
        hand = g.deal(g.rules(None), {"dealer": seed % 2, "seed": seed})["hand"]
        scores = finish("oh-hell", hand, seed, 0, "normal")  # the deal as base plays it
        for r in deal_rows("oh-hell", d, "normal", ("easy",)):
            rows.append(r)
            if not r["same"]:
                assert r["normal"] != r["easy"] and r["easy"]["seat"] == r["seat"]
                want = standing("oh-hell", r["alt"], r["seat"]) - standing("oh-hell", scores, r["seat"])
                assert r["worth"] == want
                assert r["own"] == r["alt"][r["seat"]] - scores[r["seat"]]
    assert any(not r["same"] for r in rows)
    lines = summary(rows)
    assert lines[0] == f"4 deals, {len(rows)} decisions with a choice"
    assert any("standing" in line for line in lines[1:])


def test_a_variant_is_a_level_with_those_fields_changed() -> None:
    assert variant("hard") == "hard"
    name = variant("crazy+read=0.6+pool=3+wide=false")
    lv = LEVELS.pop(name)
    assert (lv.read, lv.pool, lv.wide, lv.name) == (0.6, 3, False, name)
    assert lv.playouts == LEVELS["crazy"].playouts


def test_two_other_levels_are_compared_on_the_same_decisions() -> None:
    rows = [r for d in range(3) for r in deal_rows("oh-hell", d, "normal", ("easy", "normal"))]
    easy = [r for r in rows if r["other"] == "easy"]
    again = [r for r in rows if r["other"] == "normal"]
    assert [(r["deal"], r["move"]) for r in easy] == [(r["deal"], r["move"]) for r in again]
    assert all(r["same"] for r in again)
    lines = paired(rows, "easy", "normal")
    # normal against itself gains what easy's differing choices lost: minus easy's worth
    lost = [r["worth"] for r in easy if not r["same"]]
    assert lost and lines[0].startswith("normal minus easy, standing a decision")
    mean = -sum(lost) / len(easy)
    assert f"{mean:+.2f}" in lines[1]


def test_a_variant_of_no_level_or_no_field_is_refused() -> None:
    for spec in ("expert", "crazy+reed=0.6", "crazy+name=x"):
        with pytest.raises(SystemExit):
            variant(spec)


def test_a_match_takes_a_variant(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`bench.bots --pairs` plays a variant as it plays a level (here Easy against Easy reading the
    calls otherwise, which Easy does not read: a duplicate match of two deals, level)."""
    spec = "easy+sharp=0.5"
    argv = ["bench.bots", "--skip-latency", "--games", "oh-hell", "--pairs", f"easy-{spec}", "--deals", "2"]
    monkeypatch.setattr("sys.argv", argv)
    try:
        bots_main()
    finally:
        LEVELS.pop(spec, None)
    out = capsys.readouterr().out
    assert f"{spec} vs easy       +0.00 +/-   0.00 per deal" in out


def test_a_judge_values_both_answers_where_they_differ() -> None:
    """With a judge, each differing row carries the judge's own search's mean for base's answer and
    for the other's (asked at that decision with the same seed), and which one it picks; the
    summary's promise is the other's mean minus base's."""
    g = GAMES["oh-hell"]
    rows = [r for d in range(3) for r in deal_rows("oh-hell", d, "normal", ("easy",), "normal")]
    differing = [r for r in rows if not r["same"]]
    assert differing and all("judged" not in r for r in rows if r["same"])
    for r in differing[:3]:
        seed = 7919 * (r["deal"] + 1)
        hand = g.deal(g.rules(None), {"dealer": seed % 2, "seed": seed})["hand"]
        for _ in range(r["move"]):  # the deal as base played it up to this decision
            full, view = turn(g, g.rules(None), hand)
            s = suggest(
                "oh-hell",
                view,
                full["to_act"],
                "normal",
                seed=seed * 1000 + len(hand["actions"]),
                clock=False,
            )
            hand = {**hand, "actions": [*hand["actions"], s.action]}
        full, view = turn(g, g.rules(None), hand)
        at = seed * 1000 + JUDGE_SEED + r["move"]  # the judge's own seed
        j = suggest("oh-hell", view, r["seat"], "normal", seed=at, clock=False)
        means = {json.dumps(a, sort_keys=True): v for a, v in j.values}
        assert r["judged"]["base"] == means.get(json.dumps(r["normal"], sort_keys=True))
        assert r["judged"]["other"] == means.get(json.dumps(r["easy"], sort_keys=True))
        pick = "other" if j.action == r["easy"] else "base" if j.action == r["normal"] else "neither"
        assert r["judged"]["pick"] == pick
    full_rows = [r for r in differing if None not in (r["judged"]["base"], r["judged"]["other"])]
    lines = promised(rows)
    assert full_rows and lines[0].startswith("the judge's means")
    for kind in {"all"} | {r["type"] for r in full_rows}:
        mine = [r for r in full_rows if kind in ("all", r["type"])]
        gains = [r["judged"]["other"] - r["judged"]["base"] for r in mine]
        line = next(x for x in lines if x.startswith(f"  {kind} "))
        assert f"promised {statistics.fmean(gains):+.2f}" in line
        # shared among the seats, summed a deal: over the deals of the run, those without a
        # judged decision counting 0
        per_deal = [sum(g for r, g in zip(mine, gains, strict=True) if r["deal"] == d) / 4 for d in range(3)]
        assert f"({statistics.fmean(per_deal):+.2f} +/-" in line


def _position(game: str, deal: int, moves: int) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The full state and the acting seat's view after `moves` actions of a deal Normal plays."""
    g = GAMES[game]
    rules = g.rules(None)
    hand = g.deal(rules, {"dealer": 0, "seed": deal})["hand"]
    for m in range(moves):
        full, view = turn(g, rules, hand)
        assert view is not None
        s = suggest(game, view, full["to_act"], "normal", seed=m, clock=False)
        hand = {**hand, "actions": [*hand["actions"], s.action]}
    full, view = turn(g, rules, hand)
    assert view is not None
    return full, view, full["to_act"]


@pytest.mark.parametrize(("game", "moves"), [("oh-hell", 9), ("blob", 5), ("blob", 17)])
def test_a_seeing_judge_draws_only_the_true_deal(game: str, moves: int) -> None:
    """Every deal drawn from the knowledge the seeing judge searches gives each other seat the hand
    it holds in the full state, whatever the seed; the seat's own knowledge is untouched."""
    full, view, seat = _position(game, 5, moves)
    fam = family_of(game)
    rules = GAMES[game].rules(None)
    k = fam.know(fam.parse(view, seat), seat, rules)
    sees = in_sight(k, full["hands"])
    assert (sees.mine, sees.played, sees.voids) == (k.mine, k.played, k.voids)
    for seed in range(20):
        drawn = imagine(sees, random.Random(seed))
        assert drawn is not None
        for q, cards in enumerate(drawn[0]):
            if q != seat:
                assert sorted(map(str, cards)) == sorted(full["hands"][q])
        assert sees.hands(drawn[0])[seat] == k.hands(drawn[0])[seat]


def test_a_seeing_judge_reads_the_hidden_hands_the_seat_cannot() -> None:
    """Two deals alike in all the acting seat sees (its hand, the calls, the cards played), unlike in
    two other seats' hands (a card of one suit swapped between them): the seeing judge, with the
    same seed, values the answers otherwise (it searches each true deal; the seat's own view, all
    an ordinary judge reads, is the same for both)."""
    full, view, seat = _position("oh-hell", 5, 9)
    others = [q for q in range(4) if q != seat]
    a, b = others[0], others[1]
    swapped = [list(h) for h in full["hands"]]
    ca, cb = next((x, y) for x in swapped[a] for y in swapped[b] if x[-1] == y[-1])  # one suit: no void moves
    swapped[a][swapped[a].index(ca)], swapped[b][swapped[b].index(cb)] = cb, ca
    one = seeing("oh-hell", view, full, seat, "hard", 3)
    other = seeing("oh-hell", view, {**full, "hands": swapped}, seat, "hard", 3)
    assert one.values != other.values


def test_without_play_on_the_rows_are_judged_alike_and_carry_no_worth() -> None:
    with_play = [r for d in range(2) for r in deal_rows("oh-hell", d, "normal", ("easy",), "normal")]
    without = [
        r for d in range(2) for r in deal_rows("oh-hell", d, "normal", ("easy",), "normal", play_on=False)
    ]
    assert any(not r["same"] for r in without)
    assert all(not {"alt", "worth", "own"} & set(r) for r in without)
    dropped = [{k: v for k, v in r.items() if k not in ("alt", "worth", "own")} for r in with_play]
    assert without == dropped
    assert summary(without)[0] == summary(with_play)[0]
    assert promised(without)[0] == promised(with_play)[0]


def test_against_sets_two_judges_side_by_side_on_the_decisions_both_judged() -> None:
    def row(deal: int, move: int, base: float, other: float, kind: str = "play") -> dict[str, Any]:
        judged = {"base": base, "other": other, "pick": "other"}
        return {"deal": deal, "move": move, "seat": move % 4 + deal, "type": kind, "cards": 8,
                "other": "crazy", "same": False, "judged": judged}  # fmt: skip

    here = [row(1, 4, 1.0, 2.0), row(1, 9, 0.0, 0.5, "bid"), row(2, 4, 3.0, 3.0), row(3, 4, 0.0, 9.0)]
    there = [row(1, 4, 1.0, 1.5), row(1, 9, 0.0, 1.5, "bid"), row(2, 4, 3.0, 2.0)]  # deal 3 not judged
    lines = against(here, there)
    assert lines[0].startswith("this judge's promise minus the earlier one's, 3 choices of 2 deals")
    # (2 - 1) - (1.5 - 1) = 0.5; 0.5 - 1.5 = -1; 0 - (-1) = 1: a mean of 1/6 a choice
    everything = next(x for x in lines if x.startswith("  all "))
    assert "+0.17 +/-" in everything
    # a seat a deal (four seats: seat 3 acts in deal 3): deal 1 (0.5 - 1) / 4, deal 2 1 / 4
    assert "(+0.06 +/-" in everything
    assert next(x for x in lines if x.startswith("  bid ")).split(";")[0].endswith("1 choices")
