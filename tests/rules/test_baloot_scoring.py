"""Saudi Baloot scoring through the Game object: every figure of the rule book (56 to 65 is 6, 65 in
Sun is 13, 16 and 26, 25 and 44, 152), the out-scoring rule and its ties, projects, the baloot,
doubling, whole hands with projects, and the match."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.baloot.projects import seat_projects
from service.rules.baloot.scoring import game_points
from service.rules.cards import cards
from service.rules.errors import Code

from .baloot_support import (
    GAME,
    act,
    hokum,
    passes,
    play,
    raises,
    record_for,
    rules,
    score,
    state,
    summary,
)

R = rules()


def hokum_summary(defenders: int, **kw: Any) -> dict[str, Any]:
    """Seat 0 calls Hokum in hearts; the defenders (team 1) take `defenders` card points."""
    return summary(
        0, "hokum", "H", kw.pop("double", 1), [162 - defenders, defenders], kw.pop("tricks", [5, 3]), **kw
    )


def sun_summary(defenders: int, **kw: Any) -> dict[str, Any]:
    return summary(0, "sun", "NT", 1, [130 - defenders, defenders], kw.pop("tricks", [5, 3]), **kw)


# ------------------------------------------------------------------ the rounding figures


@pytest.mark.parametrize("points", range(56, 66))
def test_hokum_56_to_65_is_6(points: int) -> None:
    assert game_points(points, sun=False) == 6
    out = score(R, hokum_summary(points))
    assert out["breakdown"][1]["game_points"] == 6 and out["scores"] == [10, 6]


@pytest.mark.parametrize("points", range(66, 76))
def test_hokum_66_to_75_is_7(points: int) -> None:
    assert game_points(points, sun=False) == 7


def test_sun_total_ending_in_5_is_not_rounded_65_is_13() -> None:
    assert game_points(65, sun=True) == 13
    assert game_points(64, sun=True) == 12 and game_points(66, sun=True) == 14
    assert game_points(55, sun=True) == 11 and game_points(56, sun=True) == 12
    out = score(R, sun_summary(65))
    assert out["breakdown"][1]["game_points"] == 13 and out["breakdown"][0]["game_points"] == 13


def test_the_other_team_takes_what_is_left_of_16_in_hokum_and_26_in_sun() -> None:
    for d in range(12, 151, 7):  # 4 tricks of 16 cards: 12 to 140 card points, 150 with the last
        gp = [b["game_points"] for b in score(R, hokum_summary(d, tricks=[4, 4]))["breakdown"]]
        assert sum(gp) == 16
    for d in range(8, 123, 7):
        gp = [b["game_points"] for b in score(R, sun_summary(d, tricks=[4, 4]))["breakdown"]]
        assert sum(gp) == 26


def test_app_profile_hokum_hand_totals_16_after_rounding() -> None:
    # issue 13, point 5: the profile's evidence (tazjel hokum_pair_gp, validated on 1,095 Kammelna
    # rounds) rounds each team and gives back the 17th point: [86, 76] is 8 and 8, not 9 and 8
    app = GAME.rules({"profile": "app-variants"})
    s = summary(0, "hokum", "H", 1, [86, 76], [4, 4])
    assert [b["game_points"] for b in score(app, s)["breakdown"]] == [8, 8]
    assert [b["game_points"] for b in score(rules(rounding="each-team"), s)["breakdown"]] == [9, 8]
    s = summary(0, "hokum", "H", 1, [76, 86], [4, 4])  # equal remainders: the side with more points
    assert [b["game_points"] for b in score(app, s)["breakdown"]] == [8, 8]
    for d in range(12, 151):
        s = summary(0, "hokum", "H", 1, [162 - d, d], [4, 4])
        gp = [b["game_points"] for b in score(app, s)["breakdown"]]
        assert sum(gp) == 16, d
    for d in range(10, 121):
        s = summary(0, "sun", "NT", 1, [130 - d, d], [4, 4])
        assert sum(b["game_points"] for b in score(app, s)["breakdown"]) == 26, d
    assert "jawaker-kammelna" not in {p["name"] for p in GAME.describe()["rules"]["profiles"]}


# ------------------------------------------------------------------ making it


def test_callers_must_out_score_the_other_team() -> None:
    made = score(R, hokum_summary(60))  # callers 102 -> 10 against 6
    assert made["made"] is True and made["scores"] == [10, 6]
    failed = score(R, hokum_summary(90))  # defenders 9, callers 7
    assert failed["made"] is False and failed["scores"] == [0, 16]


def test_failing_in_sun_gives_the_defenders_26() -> None:
    assert score(R, sun_summary(70))["scores"] == [0, 26]


def test_projects_and_baloot_weigh_in_on_out_scoring() -> None:
    # defenders 90 -> 9, callers 7: a fifty (5) held by the callers turns 7 against 9 into 12 against 9
    out = score(R, hokum_summary(90, projects=[5, 0]))
    assert out["made"] is True and out["scores"] == [12, 9]
    # 85 -> 8 each: level; the baloot of the defenders breaks it their way (8 + 2 > 8)
    out = score(R, hokum_summary(85, baloot=1))
    assert out["made"] is False and out["scores"] == [0, 18]


def test_level_the_team_that_lost_more_in_the_rounding_wins() -> None:
    # defenders 85 -> 8 (lost 5 points in the rounding); callers 77 -> 16 - 8 = 8 (gained 3): level
    out = score(R, hokum_summary(85))
    assert [b["compared"] for b in out["breakdown"]] == [8, 8]
    assert [b["rounding_loss"] for b in out["breakdown"]] == [-3, 5]
    assert out["made"] is False and out["scores"] == [0, 16]
    # and the other way: callers 85 -> 8 (lost 5) when they count (doubled), defenders 77 -> 8
    out = score(R, hokum_summary(77, double=2))
    assert [b["rounding_loss"] for b in out["breakdown"]] == [5, -3]
    assert out["made"] is True and out["scores"] == [32, 0]


def test_level_and_neither_lost_more_goes_to_the_calling_team() -> None:
    # Sun, 65 each: 13 and 13, no rounding either side
    out = score(R, sun_summary(65))
    assert [b["rounding_loss"] for b in out["breakdown"]] == [0, 0]
    assert out["made"] is True and out["scores"] == [13, 13]
    # Hokum 81 each: 8 and 8 (each lost 1): the callers
    out = score(R, hokum_summary(81))
    assert [b["rounding_loss"] for b in out["breakdown"]] == [1, 1]
    assert out["made"] is True and out["scores"] == [8, 8]


# ------------------------------------------------------------------ kaboot, baloot


def test_kaboot_is_25_in_hokum_and_the_other_team_gets_nothing() -> None:
    out = score(R, summary(0, "hokum", "H", 1, [162, 0], [8, 0]))
    assert out["kaboot"] is True and out["scores"] == [25, 0]


def test_kaboot_is_44_in_sun() -> None:
    out = score(R, summary(0, "sun", "NT", 1, [130, 0], [8, 0]))
    assert out["kaboot"] is True and out["scores"] == [44, 0]


def test_kaboot_by_the_defenders() -> None:
    out = score(R, summary(0, "hokum", "H", 1, [0, 162], [0, 8]))
    assert out["kaboot"] is True and out["made"] is False and out["scores"] == [0, 25]


def test_baloot_is_worth_2_on_top_to_the_team_that_holds_it() -> None:
    out = score(R, hokum_summary(60, baloot=1))
    assert out["scores"] == [10, 8] and out["breakdown"][1]["baloot"] == 2


def test_failed_callers_score_nothing_not_even_their_baloot() -> None:
    # issue 13, point 4: "If it does not, the calling team scores nothing"; the defenders take the
    # whole hand, the baloot with it (as they take the callers' projects)
    out = score(R, hokum_summary(100, baloot=0))  # callers 62 -> 6 + 2 against 10
    assert out["made"] is False and out["scores"] == [0, 16 + 2]
    assert [b["baloot"] for b in out["breakdown"]] == [0, 2]


def test_doubled_winner_takes_everything_multiplied_the_baloot_too() -> None:
    # "In a doubled hand the winning side takes everything, multiplied by the level"
    out = score(R, hokum_summary(60, baloot=1, double=2))  # the defenders' baloot goes to the winner
    assert out["made"] is True and out["scores"] == [(16 + 2) * 2, 0]
    out = score(R, hokum_summary(60, baloot=0, double=3))  # the winner's own baloot, multiplied
    assert out["scores"] == [(16 + 2) * 3, 0]
    for b in out["breakdown"]:
        assert b["score"] == (
            b["raw"] * b["multiplier"]
            + b["projects"] * b["project_multiplier"]
            + b["baloot"] * b["baloot_multiplier"]
        )


def test_kaboot_the_other_team_gets_nothing_not_even_its_baloot() -> None:
    # "Kaboot ... and the other team gets nothing"
    out = score(R, summary(0, "hokum", "H", 1, [162, 0], [8, 0], baloot=1))
    assert out["kaboot"] is True and out["scores"] == [25 + 2, 0]


def test_baloot_never_lost_option_keeps_it_with_its_holder_unmultiplied() -> None:
    kept = rules(baloot_points="never-lost")
    assert score(kept, hokum_summary(100, baloot=0))["scores"] == [2, 16]
    assert score(kept, hokum_summary(60, baloot=1, double=2))["scores"] == [32, 2]
    assert score(kept, hokum_summary(60, baloot=0, double=2))["scores"] == [16 * 2 + 2, 0]
    assert score(kept, summary(0, "hokum", "H", 1, [162, 0], [8, 0], baloot=1))["scores"] == [25, 2]
    assert GAME.rules({"profile": "app-variants"})["baloot_points"] == "never-lost"


def test_whole_kaboot_hand_with_projects_and_baloot() -> None:
    final = {  # seat 1 holds every heart; each other seat one suit
        1: ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"],
        2: ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
        3: ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        0: ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    }
    rec = record_for(final, buyer=1, turned="7H")
    actions = [hokum(1, "H"), *passes(2, 3, 0), *passes(2, 0)]
    for i in range(8):
        actions += [play(1, final[1][i]), play(2, final[2][i]), play(3, final[3][i]), play(0, final[0][i])]
    out = GAME.score(R, {"hand": {**rec, "actions": actions}})
    # four hundreds of eight cards, equal: the seat nearest the dealer's right (seat 1) holds the best,
    # so team 1 scores both its own: 20; kaboot 25; baloot 2 (king and queen of hearts, seat 1)
    assert out["summary"]["projects"] == [0, 20] and out["summary"]["baloot"] == 1
    assert out["kaboot"] is True and out["scores"] == [0, 25 + 20 + 2]
    assert [p["counts"] for p in out["projects"]] == [False, True, False, True]


# ------------------------------------------------------------------ doubling


@pytest.mark.parametrize(("double", "counting"), [(1, 1), (2, 0), (3, 1), (4, 0), ("gahwa", 1)])
def test_the_counting_team_is_the_opponents_of_whoever_doubled_last(double: int | str, counting: int) -> None:
    assert score(R, hokum_summary(60, double=double))["counting_team"] == counting


@pytest.mark.parametrize("level", [2, 3, 4])
def test_doubled_the_winner_takes_everything_multiplied(level: int) -> None:
    out = score(R, hokum_summary(60, double=level, projects=[5, 0]))
    assert out["made"] is True and out["scores"] == [(16 + 5) * level, 0]
    out = score(R, hokum_summary(110, double=level, projects=[5, 0]))  # 5 + 5 against 11
    assert out["made"] is False and out["scores"] == [0, (16 + 5) * level]  # the defenders take it all


def test_gahwa_gives_the_winner_all_152_points_and_ends_the_match() -> None:
    out = score(R, hokum_summary(60, double="gahwa"))
    assert out["scores"] == [152, 0] and out["gahwa"] == {"team": 0, "ends_match": True}
    other = score(rules(gahwa="152-points"), hokum_summary(60, double="gahwa"))
    assert other["gahwa"] == {"team": 0, "ends_match": False}


def test_doubled_projects_and_kaboot_options() -> None:
    s = hokum_summary(60, double=4, projects=[5, 0])
    assert score(rules(doubled_projects="doubled-only"), s)["scores"] == [16 * 4 + 5 * 2, 0]
    assert score(rules(doubled_projects="flat"), s)["scores"] == [16 * 4 + 5, 0]
    k = summary(0, "hokum", "H", 3, [162, 0], [8, 0])
    assert score(R, k)["scores"] == [75, 0]
    assert score(rules(doubled_kaboot="flat"), k)["scores"] == [25, 0]


def test_each_score_equals_its_breakdown() -> None:
    for s in (hokum_summary(60, double=3, projects=[10, 0], baloot=1), sun_summary(44, projects=[0, 4])):
        for b in score(R, s)["breakdown"]:
            assert b["score"] == (
                b["raw"] * b["multiplier"]
                + b["projects"] * b["project_multiplier"]
                + b["baloot"] * b["baloot_multiplier"]
            )


# ------------------------------------------------------------------ projects


def values(hand: list[str], sun: bool) -> list[tuple[str, int]]:
    return [(p.name, p.points) for p in seat_projects(0, cards(hand), sun, "quartet-first")]


def test_project_values_hokum_2_5_10_10() -> None:
    assert values(["7S", "8S", "9S"], False) == [("sira", 2)]
    assert values(["7S", "8S", "9S", "TS"], False) == [("fifty", 5)]
    assert values(["7S", "8S", "9S", "TS", "JS"], False) == [("hundred", 10)]
    assert values(["9S", "TS", "JS", "QS", "KS", "AS"], False) == [("hundred", 10)]
    for r in "TJQK":
        assert values([r + s for s in "SHDC"], False) == [("hundred", 10)]
    assert values(["AS", "AH", "AD", "AC"], False) == [("four-hundred", 10)]
    assert values(["9S", "9H", "9D", "9C"], False) == []


def test_project_values_sun_4_10_20_40() -> None:
    assert values(["7S", "8S", "9S"], True) == [("sira", 4)]
    assert values(["7S", "8S", "9S", "TS"], True) == [("fifty", 10)]
    assert values(["7S", "8S", "9S", "TS", "JS"], True) == [("hundred", 20)]
    assert values(["KS", "KH", "KD", "KC"], True) == [("hundred", 20)]
    assert values(["AS", "AH", "AD", "AC"], True) == [("four-hundred", 40)]


def test_runs_follow_ordinary_order_seven_up_to_ace() -> None:
    assert values(["TS", "JS", "QS"], False) == [("sira", 2)]  # not the trump order
    assert values(["QS", "KS", "AS"], False) == [("sira", 2)]
    assert values(["KS", "AS", "7S"], False) == []  # no wrap-around
    assert values(["9S", "JS", "TS"], False) == [("sira", 2)]


def test_only_the_best_project_team_scores_all_its_own() -> None:
    out = score(R, hokum_summary(40, projects=[0, 7]))  # a fifty and a sira of team 1 count: 7
    assert out["made"] is True and out["scores"] == [12, 4 + 7]
    e = raises(GAME.score, R, {"summary": hokum_summary(60, projects=[2, 5])})
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.projects"


def test_a_team_that_took_no_trick_scores_no_project() -> None:
    e = raises(GAME.score, R, {"summary": summary(0, "hokum", "H", 1, [162, 0], [8, 0], [0, 5])})
    assert e.code is Code.INVALID_SUMMARY


def test_whole_hand_best_project_and_no_trick_rule() -> None:
    final = {
        1: ["7S", "8S", "9S", "TS", "AH", "AD", "AC", "KH"],  # fifty in spades (seat 1, team 1)
        2: ["JS", "QS", "KS", "7H", "8H", "9H", "7D", "8D"],  # two siras (seat 2, team 0)
        3: ["AS", "TH", "JH", "QH", "9D", "TD", "JD", "7C"],  # two siras
        0: ["8C", "9C", "TC", "JC", "QC", "KC", "QD", "KD"],  # a hundred in clubs (team 0): the best
    }
    rec = record_for(final, buyer=1, turned="AH")
    done = state(R, {**rec, "actions": [act(1, "sun")]})
    assert done["phase"] == "play"
    # play at random to the end; the hundred is team 0's, so team 0 scores all of its own projects
    view = done
    actions = [act(1, "sun")]
    while view["phase"] != "complete":
        a = view["legal_actions"][0]
        actions.append(a)
        view = state(R, {**rec, "actions": actions})
    res = view["result"]
    team0 = sum(p["points"] for p in res["projects"] if p["seat"] % 2 == 0)
    assert team0 == 20 + 4 + 4  # the hundred and seat 2's two siras (Sun values)
    if res["summary"]["tricks"][0] > 0:
        assert res["summary"]["projects"] == [team0, 0]
    else:
        assert res["summary"]["projects"] == [0, 0]
    assert all(
        p["counts"] == (p["seat"] % 2 == 0 and res["summary"]["projects"][0] > 0) for p in res["projects"]
    )


def test_house_rule_projects_off_scores_no_combination() -> None:
    off = rules(projects=False)
    e = raises(GAME.score, off, {"summary": hokum_summary(60, projects=[5, 0])})
    assert e.code is Code.INVALID_SUMMARY
    final = {
        1: ["7S", "8S", "9S", "TS", "AH", "AD", "AC", "KH"],
        2: ["JS", "QS", "KS", "7H", "8H", "9H", "7D", "8D"],
        3: ["AS", "TH", "JH", "QH", "9D", "TD", "JD", "7C"],
        0: ["8C", "9C", "TC", "JC", "QC", "KC", "QD", "KD"],
    }
    rec = record_for(final, buyer=1, turned="AH")
    view = state(off, {**rec, "actions": [act(1, "sun")]})
    actions = [act(1, "sun")]
    while view["phase"] != "complete":
        actions.append(view["legal_actions"][-1])
        view = state(off, {**rec, "actions": actions})
    assert view["result"]["projects"] == [] and view["result"]["summary"]["projects"] == [0, 0]


def test_project_ranking_option() -> None:
    # a hundred run against four kings, both 10 in Hokum
    run = seat_projects(1, cards(["7S", "8S", "9S", "TS", "JS"]), False, "quartet-first")[0]
    four = seat_projects(2, cards(["KS", "KH", "KD", "KC"]), False, "quartet-first")[0]
    assert four.key > run.key
    run = seat_projects(1, cards(["7S", "8S", "9S", "TS", "JS"]), False, "run-first")[0]
    four = seat_projects(2, cards(["KS", "KH", "KD", "KC"]), False, "run-first")[0]
    assert run.key > four.key


# ------------------------------------------------------------------ summaries refused


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        ({"card_points": [100, 61]}, "summary.card_points"),
        ({"tricks": [5, 2]}, "summary.tricks"),
        ({"baloot": 2}, "summary.baloot"),
        ({"contract": {"seat": 0, "mode": "sun", "strain": "H", "double": 1}}, "summary.contract.strain"),
        ({"contract": {"seat": 0, "mode": "sun", "strain": "NT", "double": 2}}, "summary.contract.double"),
        ({"contract": {"seat": 0, "mode": "hokum", "strain": "H", "double": 5}}, "summary.contract.double"),
        ({"contract": {"seat": 4, "mode": "hokum", "strain": "H", "double": 1}}, "summary.contract.seat"),
        ({"projects": [3, 0]}, "summary.projects"),
    ],
)
def test_bad_summaries(bad: dict[str, Any], field: str) -> None:
    s = {**hokum_summary(60), **bad}
    if s["contract"]["mode"] == "sun":
        s["card_points"] = [70, 60]
    e = raises(GAME.score, R, {"summary": s})
    assert e.field == field, e


@pytest.mark.parametrize(
    ("mode", "card_points", "tricks", "why"),
    [
        # issue 13, point 6: no card or trick is worth 1 (cards 0, 2, 3, 4, 10, 11, 14, 20; last 10)
        ("hokum", [1, 161], [4, 4], "worth at least 12"),
        ("hokum", [1, 161], [1, 7], "no 4 cards of a hokum deck total 1"),
        # Hokum has 11 pointless cards: four tricks (16 cards) are worth at least 12
        ("hokum", [0, 162], [4, 4], "worth at least 12 in hokum (only 11 cards are worth nothing)"),
        ("hokum", [162, 0], [4, 4], "worth at least 12"),
        # Sun has 12 pointless cards: four tricks at least 8; one card is worth no more than 11
        ("sun", [0, 130], [4, 4], "worth at least 8 in sun (only 12 cards are worth nothing)"),
        ("sun", [1, 129], [2, 6], "no 8 cards of a sun deck total 1"),
        ("sun", [55, 75], [1, 7], "worth at most 44, 54 with the last trick"),
        ("hokum", [75, 87], [1, 7], "worth at most 56, 66 with the last trick"),
    ],
)
def test_card_points_no_deal_can_produce_are_refused_with_the_reason(
    mode: str, card_points: list[int], tricks: list[int], why: str
) -> None:
    strain = "NT" if mode == "sun" else "H"
    e = raises(GAME.score, R, {"summary": summary(0, mode, strain, 1, card_points, tricks)})
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.card_points"
    assert why in e.detail, e.detail


def test_card_points_every_deal_can_produce_are_accepted() -> None:
    assert (
        score(R, summary(0, "hokum", "H", 1, [12, 150], [4, 4]))["made"] is False
    )  # 11 zeros, 2, 2, 2, 3, 3
    assert score(R, summary(0, "hokum", "H", 1, [10, 152], [1, 7]))  # four pointless cards, last trick
    assert score(R, summary(0, "hokum", "H", 1, [2, 160], [1, 7]))  # a plain jack and three zeros
    assert score(R, summary(0, "sun", "NT", 1, [0, 130], [1, 7]))  # four pointless cards
    assert score(R, summary(0, "sun", "NT", 1, [54, 76], [1, 7]))  # 11 + 11 + 11 + 11 and the last trick


@pytest.mark.parametrize(("mode", "projects"), [("hokum", [45, 0]), ("hokum", [80, 0]), ("sun", [0, 130])])
def test_project_totals_two_hands_cannot_hold_are_refused(mode: str, projects: list[int]) -> None:
    # one hand holds at most 20 in Hokum (four aces and four kings), 60 in Sun; a team two hands
    strain = "NT" if mode == "sun" else "H"
    cp = [70, 60] if mode == "sun" else [102, 60]
    e = raises(GAME.score, R, {"summary": summary(0, mode, strain, 1, cp, [4, 4], projects)})
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.projects"
    assert "a team's two hands can hold" in e.detail
    assert score(R, summary(0, "hokum", "H", 1, [102, 60], [4, 4], [40, 0]))["scores"] == [10 + 40, 6]


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "run", "length": length, "top": top, "suit": suit}


def quartet(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "quartet", "rank": rank}


def declared(decl: list[dict[str, Any]], r: Any = R, **kw: Any) -> dict[str, Any]:
    s = {**hokum_summary(40, tricks=kw.pop("tricks", [5, 3])), "declarations": decl, **kw}
    del s["projects"]
    return GAME.score(r, {"summary": s})


def test_a_scorepad_gives_each_sides_declarations_and_the_referee_decides() -> None:
    # issue 13, point 7: seat 0 a sira, seat 2 a sira (team 0: 4); seat 1 a fifty (team 1): the fifty is
    # the single best project, so team 1 scores all of its own and team 0 nothing
    out = declared([run(0, 3, "9", "S"), run(2, 3, "A", "D"), run(1, 4, "K", "C")])
    assert out["summary"]["projects"] == [0, 5] and out["scores"] == [12, 4 + 5]
    assert [(p["seat"], p["name"], p["points"], p["counts"]) for p in out["projects"]] == [
        (0, "sira", 2, False),
        (2, "sira", 2, False),
        (1, "fifty", 5, True),
    ]
    assert out["projects"][2]["cards"] == ["TC", "JC", "QC", "KC"]
    # four kings (hundred, 10) against a run of five (hundred, 10): the quartet first by default
    out = declared([run(1, 5, "J", "S"), quartet(0, "K"), run(0, 3, "9", "H")])
    assert out["summary"]["projects"] == [12, 0]
    out = declared(
        [run(1, 5, "J", "S"), quartet(0, "K"), run(0, 3, "9", "H")], rules(project_ranking="run-first")
    )
    assert out["summary"]["projects"] == [0, 10]
    # the totals form stays, and it still refuses both teams' projects
    e = raises(GAME.score, R, {"summary": hokum_summary(60, projects=[2, 2])})
    assert e.code is Code.INVALID_SUMMARY


def test_declarations_exact_tie_goes_to_the_seat_nearer_the_dealers_right() -> None:
    tie = [run(0, 3, "K", "S"), run(1, 3, "K", "C")]
    e = raises(declared, tie)
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.dealer"
    assert declared(tie, dealer=3)["summary"]["projects"] == [2, 0]  # seat 0 is dealer 3's right
    assert declared(tie, dealer=0)["summary"]["projects"] == [0, 2]  # seat 1 is dealer 0's right
    line = {**hokum_summary(40), "declarations": tie}
    del line["projects"]
    out = GAME.match_score(R, {"hands": [{"summary": line}], "first_dealer": 3})  # the rotation's dealer
    assert out["deals"][0]["summary"]["projects"] == [2, 0]


@pytest.mark.parametrize(
    ("decl", "why"),
    [
        ([run(0, 3, "K", "S"), quartet(1, "K")], "KS is declared by seats 0 and 1"),
        ([run(0, 3, "9", "S"), run(0, 3, "Q", "S")], "meet or overlap"),
        ([quartet(0, "9")], "four tens, jacks, queens, kings or aces"),
        ([run(0, 4, "9", "S")], "no run of 4 ends at 9"),
        ([quartet(0, "A"), quartet(0, "K"), run(0, 3, "Q", "S")], "more than the 8 cards"),
        ([quartet(0, "A"), quartet(0, "A")], "the same quartet twice"),
    ],
)
def test_declarations_one_deal_cannot_hold_are_refused(decl: list[dict[str, Any]], why: str) -> None:
    e = raises(declared, decl)
    assert e.code is Code.INVALID_SUMMARY and why in e.detail, e.detail


def test_declarations_and_the_baloot_tell_one_story() -> None:
    # Hokum in hearts: KH and QH in one hand, the baloot team's
    both = [run(1, 3, "K", "H")]  # seat 1 holds JH QH KH: it holds the baloot
    assert declared(both, baloot=1)["scores"] == [12, 4 + 2 + 2]
    e = raises(lambda: declared(both, baloot=None))
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.baloot" and "holds the baloot" in e.detail
    e = raises(lambda: declared([run(0, 3, "K", "H")], baloot=1))  # team 0 holds KH: not team 1's baloot
    assert e.code is Code.INVALID_SUMMARY and e.field == "summary.baloot"
    e = raises(
        lambda: declared([run(1, 3, "K", "H"), run(3, 3, "Q", "H")], baloot=1)
    )  # KH twice is caught first
    assert e.code is Code.INVALID_SUMMARY
    e = raises(lambda: declared([quartet(1, "K"), quartet(3, "Q")], baloot=1))  # KH seat 1, QH seat 3
    assert e.code is Code.INVALID_SUMMARY and "both in one hand" in e.detail


def test_declarations_follow_the_options() -> None:
    three = [quartet(0, "K"), run(0, 3, "K", "S"), run(0, 3, "K", "D")]  # KS QS JS KD QD JD KH KC
    assert declared(three)["summary"]["projects"] == [14, 0]
    e = raises(declared, three, rules(declarations="two-per-player"))
    assert e.code is Code.INVALID_SUMMARY and "at most two" in e.detail
    assert raises(declared, three[:1], rules(projects=False)).code is Code.INVALID_SUMMARY
    # a team that took no trick scores none of its projects
    out = declared([run(1, 4, "K", "C")], tricks=[8, 0], card_points=[162, 0])
    assert out["summary"]["projects"] == [0, 0] and out["projects"][0]["counts"] is False


def test_summary_projects_may_be_left_out_as_the_schema_says() -> None:
    # issue 13, point 8: projects is optional in the schema; the server reads its absence as none
    s = hokum_summary(60)
    del s["projects"], s["baloot"]
    out = score(R, s)
    assert out["scores"] == [10, 6] and out["summary"]["projects"] == [0, 0]


def test_summary_schema_and_server_agree_on_what_is_required(client: Any) -> None:
    s = hokum_summary(60)
    for left_out in ("projects", "baloot"):
        body = {k: v for k, v in s.items() if k != left_out}
        assert client.post("/v1/games/baloot/hands/score", json={"summary": body}).status_code == 200
    for left_out in ("card_points", "tricks"):
        body = {k: v for k, v in s.items() if k != left_out}
        r = client.post("/v1/games/baloot/hands/score", json={"summary": body})
        assert r.status_code == 422 and r.get_json()["code"] == "validation_failed"
        assert f"summary.{left_out}" in r.get_json()["errors"]
        e = raises(GAME.score, R, {"summary": body})
        assert e.code is Code.INVALID_SUMMARY and e.field == f"summary.{left_out}"
    spec = client.get("/openapi.json").get_json()["components"]["schemas"]["BalootSummary"]
    assert set(spec["required"]) == {"contract", "card_points", "tricks"}
    passed = {"contract": None, "card_points": [0, 0], "tricks": [0, 0]}
    assert client.post("/v1/games/baloot/hands/score", json={"summary": passed}).get_json()["passed"] is True


# ------------------------------------------------------------------ the match


def match(r: Any, lines: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return GAME.match_score(r, {"hands": [{"summary": s} for s in lines], **extra})


def test_match_runs_to_152() -> None:
    win = hokum_summary(60, projects=[10, 0])  # 20 to team 0, 6 to team 1
    out = match(R, [win] * 7)
    assert out["totals"] == [140, 42] and out["finished"] is False and out["winner"] is None
    out = match(R, [win] * 8)
    assert out["totals"] == [160, 48] and out["finished"] is True and out["winner"] == 0
    e = raises(GAME.match_score, R, {"hands": [{"summary": win}] * 9})
    assert e.code is Code.MATCH_OVER and e.field == "hands.8"


def test_match_level_at_the_end_plays_another_hand() -> None:
    a = hokum_summary(60)  # 10 / 6
    b = summary(1, "hokum", "H", 1, [60, 102], [3, 5])  # team 1 calls: 6 / 10
    out = match(rules(match="hands"), [a, b, a, b, a])
    assert out["totals"] == [42, 38] and out["finished"] is True and out["winner"] == 0
    level = match(rules(match="hands"), [a, b, a, b, summary(0, "sun", "NT", 1, [65, 65], [4, 4])])
    assert level["totals"] == [45, 45] and level["finished"] is False
    more = match(rules(match="hands"), [a, b, a, b, summary(0, "sun", "NT", 1, [65, 65], [4, 4]), a])
    assert more["finished"] is True and more["winner"] == 0 and len(more["deals"]) == 6


def test_match_fixed_hands_5_by_default_9_or_11() -> None:
    a = hokum_summary(60)
    assert match(rules(match="hands"), [a] * 4)["finished"] is False
    assert match(rules(match="hands"), [a] * 5)["finished"] is True
    assert match(rules(match="hands", match_hands=9), [a] * 8)["finished"] is False
    assert match(rules(match="hands", match_hands=11), [a] * 11)["winner"] == 0


def test_gahwa_ends_the_match() -> None:
    out = match(R, [hokum_summary(60), hokum_summary(100, double="gahwa")])
    assert out["finished"] is True and out["winner"] == 1 and out["totals"] == [10, 6 + 152]
    out = match(rules(match="hands", gahwa="152-points"), [hokum_summary(100, double="gahwa")])
    assert out["finished"] is False and out["totals"] == [0, 152]


def test_match_safety_cap_stops_after_99_hands() -> None:
    level = summary(0, "sun", "NT", 1, [65, 65], [4, 4])  # 13 each, forever level
    out = match(rules(match="hands"), [level] * 99)
    assert out["finished"] is True and out["winner"] is None
    assert match(rules(match="hands"), [level] * 98)["finished"] is False
    e = raises(GAME.match_score, rules(match="hands"), {"hands": [{"summary": level}] * 100})
    assert e.code is Code.MATCH_OVER


def test_match_passed_deals_move_the_deal_left_and_check_dealers() -> None:
    passed = {**summary(0, "sun", "NT", 1, [0, 0], [0, 0]), "contract": None}
    out = match(rules(match="hands"), [passed, hokum_summary(60)], first_dealer=2)
    assert [d["dealer"] for d in out["deals"]] == [2, 1] and out["next_dealer"] == 0
    assert out["deals"][0]["scores"] == [0, 0] and out["totals"] == [10, 6]
    right = match(rules(deal_rotation="right"), [hokum_summary(60)] * 2, first_dealer=2)
    assert [d["dealer"] for d in right["deals"]] == [2, 3]
    deal = GAME.deal(R, {"seed": 1, "dealer": 1})["hand"]
    e = raises(GAME.match_score, R, {"hands": [{"hand": deal}]})
    assert e.code is Code.WRONG_DEALER and e.field == "hands.0"


def test_match_records_must_be_complete() -> None:
    deal = GAME.deal(R, {"seed": 1, "dealer": 0})["hand"]
    e = raises(GAME.match_score, R, {"hands": [{"hand": deal}]})
    assert e.code is Code.HAND_INCOMPLETE


def test_score_of_an_incomplete_hand_is_refused() -> None:
    deal = GAME.deal(R, {"seed": 1})["hand"]
    assert raises(GAME.score, R, {"hand": deal}).code is Code.HAND_INCOMPLETE
