"""Bazar Blot scoring and the match: the rule book's statements, its rounding examples, and whole deals
checked by hand."""

from __future__ import annotations

import pytest

from service.rules.blot.scoring import multiplier, round_tens
from service.rules.errors import Code, RuleError

from .blot_fixtures import BAZAR, RULES, SUITED, act, bid, finish, record


def summary(
    seat=0, value=9, strain="H", double="none", cp=(100, 62), tricks=(5, 3), comb=(50, 0), blot=0, **kw
):
    contract = {
        "seat": seat,
        "value": value,
        "strain": strain,
        "capot": kw.get("capot", False),
        "double": double,
    }
    return {
        "contract": contract,
        "card_points": list(cp),
        "tricks": list(tricks),
        "combinations": list(comb),
        "blot": blot,
    }


def score(s: dict, rules=RULES) -> dict:
    return BAZAR.score(rules, {"summary": s})


def check_breakdown(out: dict) -> None:
    for line, s in zip(out["breakdown"], out["scores"], strict=True):
        assert (
            line["total_points"]
            == line["card_points"] + line["combinations"] + line["blot"] + line["capot_bonus"]
        )
        assert line["score"] == line["points"] + line["bid"] == s


def test_rounding_examples_of_the_rule_book():
    assert round_tens(86) == 9
    assert round_tens(85) == 8
    assert round_tens(84) == 8 and round_tens(80) == 8 and round_tens(0) == 0
    assert round_tens(85, "half-up") == 9 and round_tens(84, "half-up") == 8


def test_multipliers():
    assert [multiplier("H", d) for d in ("none", "contra", "recontra")] == [1, 2, 4]
    assert [multiplier("NT", d) for d in ("none", "contra", "recontra")] == [2, 3, 5]


def test_made_each_side_scores_its_own_and_bidders_add_the_bid():
    out = score(summary())
    # bidders: 100 + 50 combinations + 20 blot = 170 -> 17, + 9; defenders 62 -> 6
    assert out["made"] is True and out["scores"] == [26, 6]
    check_breakdown(out)


def test_reach_the_bid_with_combinations_and_blot():
    out = score(summary(value=17))  # 170 reaches 170
    assert out["made"] is True and out["scores"] == [17 + 17, 6]
    out = score(summary(value=18))  # 170 falls short of 180: inside
    assert out["made"] is False


def test_inside_the_defenders_take_everything_bid_included():
    out = score(summary(value=18))
    # everything: 162 + 50 + 20 = 232 -> 23, and the bid 18
    assert out["scores"] == [0, 23 + 18]
    check_breakdown(out)


def test_contra_made_bidders_take_the_whole_deal_doubled():
    out = score(summary(double="contra"))  # the scorepad example
    assert out["made"] and out["scores"] == [23 + 18, 0] and out["multiplier"] == 2
    out = score(summary(double="recontra"))
    assert out["scores"] == [23 + 36, 0]
    out = score(summary(value=18, double="contra"))
    assert out["scores"] == [0, 23 + 36]


def test_no_trump_bid_counts_double_three_and_five_times():
    for double, m in (("none", 2), ("contra", 3), ("recontra", 5)):
        out = score(summary(strain="NT", blot=None, double=double))
        assert out["multiplier"] == m and out["breakdown"][0]["bid"] == 9 * m


def test_all_eight_tricks_add_90():
    out = score(summary(cp=(162, 0), tricks=(8, 0), comb=(0, 0), blot=None))
    assert out["breakdown"][0]["capot_bonus"] == 90 and out["scores"] == [25 + 9, 0]


def test_capot_bid_made_only_with_all_eight_tricks():
    out = score(summary(value=None, capot=True, cp=(162, 0), tricks=(8, 0), comb=(0, 0), blot=None))
    # capot is worth one more than the highest numeric bid (75): 252 -> 25, + 76
    assert out["made"] and out["scores"] == [25 + 76, 0]
    out = score(summary(value=None, capot=True, cp=(152, 10), tricks=(7, 1), comb=(0, 0), blot=None))
    assert not out["made"] and out["scores"] == [0, 16 + 76]
    rules = BAZAR.rules({"bid_ceiling": 20, "capot_bid_value": 30})
    out = score(summary(value=None, capot=True, cp=(162, 0), tricks=(8, 0), comb=(0, 0), blot=None), rules)
    assert out["scores"] == [25 + 30, 0]


def test_summary_rounding_uses_the_option():
    out = score(summary(value=8, cp=(77, 85), comb=(0, 0), blot=None))
    assert out["made"] is False  # 77 < 80
    out = score(summary(value=8, cp=(85, 77), tricks=(4, 4), comb=(0, 0), blot=None))
    assert out["scores"] == [8 + 8, 8]  # 85 counts 8, 77 counts 8
    out = score(
        summary(value=8, cp=(85, 77), tricks=(4, 4), comb=(0, 0), blot=None),
        BAZAR.rules({"rounding": "half-up"}),
    )
    assert out["scores"] == [9 + 8, 8]


@pytest.mark.parametrize(
    "bad",
    [
        summary(cp=(100, 60)),
        summary(tricks=(5, 2)),
        summary(comb=(20, 20)),
        summary(comb=(25, 0)),
        summary(strain="NT"),  # a blot in no trump
        summary(value=7),
        summary(double="triple"),
        summary(cp=(162, 0), tricks=(7, 0)),
        summary(cp=(100, 62), tricks=(8, 0)),
    ],
)
def test_bad_summaries(bad):
    with pytest.raises(RuleError):
        score(bad)


# --------------------------------------------------------------------- whole deals, by hand


def test_whole_deal_capot_with_trump_run_and_blot():
    # dealer 3; seat 0 bids 8 spades and keeps; seat 0 holds every spade and leads them all
    body = finish(
        record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")])
    )
    out = BAZAR.score(RULES, {"hand": body})
    assert out["summary"] == {
        "contract": {"seat": 0, "value": 8, "strain": "S", "capot": False, "double": "none"},
        "card_points": [162, 0],
        "tricks": [8, 0],
        "combinations": [200, 0],  # four 8-card runs tie on length and top: the trump run wins, with seat 2's
        "blot": 0,
    }
    # 162 + 200 + 20 blot + 90 all tricks = 472 -> 47, + 8
    assert out["made"] and out["scores"] == [55, 0] and out["match_ending"] is None
    check_breakdown(out)


def test_whole_deal_contra_capot_wins_the_match():
    actions = [act(0, "pass"), bid(1, 9, "H"), act(2, "contra"), act(3, "pass"), act(1, "pass")]
    body = finish(record(SUITED, actions))
    out = BAZAR.score(RULES, {"hand": body})
    # seat 1 ruffs the first spade lead, then leads hearts: all eight tricks to team 1
    assert out["summary"]["tricks"] == [0, 8] and out["summary"]["blot"] == 1
    assert out["scores"] == [0, 47 + 18]
    assert out["match_ending"] == {"winner": 1, "reason": "capot-under-contra"}
    m = BAZAR.match_score(RULES, {"hands": [{"hand": body}], "first_dealer": 3})
    assert m["finished"] and m["winner"] == 1
    with pytest.raises(RuleError) as e:
        BAZAR.match_score(RULES, {"hands": [{"hand": body}, {"hand": body}], "first_dealer": 3})
    assert e.value.code == Code.MATCH_OVER


def test_whole_deal_inside_in_no_trump_bidders_without_a_trick_lose_the_match():
    body = finish(
        record(
            SUITED,
            [act(0, "pass"), bid(1, 8, "NT"), act(2, "pass"), act(3, "pass"), act(0, "pass"), act(1, "keep")],
        )
    )
    out = BAZAR.score(RULES, {"hand": body})
    # seat 0 leads spades and nobody can follow: team 0 takes all; combinations: four equal
    # non-trump runs, seat 0 first in trick order -> 200 to team 0
    assert out["summary"]["card_points"] == [162, 0] and out["summary"]["combinations"] == [200, 0]
    # 162 + 200 + 90 = 452 -> 45, + the bid 8 x 2 (no trump)
    assert not out["made"] and out["scores"] == [61, 0]
    assert out["match_ending"] == {"winner": 0, "reason": "no-trick"}
    out = BAZAR.score(BAZAR.rules({"combination_ties": "neither"}), {"hand": body})
    assert out["summary"]["combinations"] == [0, 0] and out["scores"] == [25 + 16, 0]


def test_incomplete_hand_cannot_be_scored():
    with pytest.raises(RuleError) as e:
        BAZAR.score(RULES, {"hand": record(SUITED, [bid(0, 8, "S")])})
    assert e.value.code == Code.HAND_INCOMPLETE


# --------------------------------------------------------------------- the match


def test_match_runs_to_target_and_passes_the_deal_left():
    made = summary()  # 26 / 6
    m = BAZAR.match_score(RULES, {"hands": [{"summary": made}] * 5, "first_dealer": 2})
    assert [d["dealer"] for d in m["deals"]] == [2, 3, 0, 1, 2]
    assert m["totals"] == [130, 30] and not m["finished"] and m["winner"] is None
    m = BAZAR.match_score(RULES, {"hands": [{"summary": made}] * 6})
    assert m["totals"] == [156, 36] and m["finished"] and m["winner"] == 0
    long = BAZAR.rules({"profile": "long"})
    assert not BAZAR.match_score(long, {"hands": [{"summary": made}] * 6})["finished"]


def test_both_pass_the_target_higher_wins_tie_plays_on():
    x = summary()  # 26 / 6
    y = summary(seat=1, cp=(62, 100), tricks=(3, 5), comb=(0, 50), blot=1)  # 6 / 26
    z = summary(value=8, cp=(90, 72), tricks=(4, 4), comb=(0, 100))  # 110 -> 11 + 8 / 172 -> 17
    z2 = summary(seat=1, value=8, cp=(72, 90), tricks=(4, 4), comb=(100, 0), blot=1)  # 17 / 19
    pairs = [{"summary": x}, {"summary": y}] * 4
    m = BAZAR.match_score(RULES, {"hands": [*pairs, {"summary": z}, {"summary": z}]})
    assert [d["totals"] for d in m["deals"][-2:]] == [[147, 145], [166, 162]]
    assert m["finished"] and m["winner"] == 0
    m = BAZAR.match_score(RULES, {"hands": [*pairs, {"summary": z}, {"summary": z2}]})
    assert m["totals"] == [164, 164] and not m["finished"] and m["winner"] is None
    m = BAZAR.match_score(RULES, {"hands": [*pairs, {"summary": z}, {"summary": z2}, {"summary": y}]})
    assert m["totals"] == [170, 190] and m["finished"] and m["winner"] == 1


def test_match_no_trick_loses_whatever_the_score():
    s = summary(seat=1, value=8, strain="S", cp=(162, 0), tricks=(8, 0), comb=(0, 0), blot=None)
    m = BAZAR.match_score(RULES, {"hands": [{"summary": s}]})
    assert m["finished"] and m["winner"] == 0 and m["deals"][0]["match_ending"]["reason"] == "no-trick"


def test_match_redeal_counts_nothing():
    void = record(SUITED, [act(0, "pass"), act(1, "pass"), act(2, "pass"), act(3, "pass")], dealer=3)
    m = BAZAR.match_score(RULES, {"hands": [{"hand": void}], "first_dealer": 3})
    assert m["totals"] == [0, 0] and m["deals"][0]["contract"] is None
    with pytest.raises(RuleError) as e:
        BAZAR.match_score(RULES, {"hands": [{"hand": void}], "first_dealer": 0})
    assert e.value.code == Code.WRONG_DEALER
