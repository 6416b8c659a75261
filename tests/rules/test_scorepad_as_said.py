"""A scorepad writes what players say (issue 31): declarations by name and seat, the top card and
suit only where a tie needs them; a Sun contract without a strain; project totals in the unit the
field names; no team total that no deal's projects make; a passed-out deal said the same way
everywhere. Every figure below is worked out by hand from the Baloot rule book (High Card Club),
Projects and Scoring a hand, and the Armenian Blot rule book, Combinations."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import Code, RuleError
from service.rules.registry import GAMES

from .blot_fixtures import BAZAR, RULES

BALOOT = GAMES["baloot"]
HOKUM = {"seat": 0, "mode": "hokum", "strain": "H", "double": 1}
SUN = {"seat": 0, "mode": "sun"}  # no strain: Sun has no trumps


def baloot(contract: dict[str, Any] = HOKUM, rules: Any = None, **more: Any) -> dict[str, Any]:
    cp = [102, 60] if contract["mode"] == "hokum" else [80, 50]
    summary = {"contract": contract, "card_points": cp, "tricks": [5, 3], **more}
    return BALOOT.score(BALOOT.rules(rules), {"summary": summary})


def refused(call: Any, *args: Any, **kw: Any) -> RuleError:
    with pytest.raises(RuleError) as e:
        call(*args, **kw)
    return e.value


# ----------------------------------------------------------- Baloot: declarations by name and seat


def test_a_fifty_beats_a_sira_said_by_name_alone():
    # Hokum: 102 card points are 10 game points, 60 are 6; team 0's fifty (5) beats team 1's sira
    # (2), so team 0 scores its own: 10 + 5 = 15 against 6, made.
    out = baloot(declarations=[{"seat": 1, "name": "sira"}, {"seat": 0, "name": "fifty"}])
    assert out["scores"] == [15, 6] and out["made"] is True
    assert [(p["seat"], p["name"], p["points"], p["cards"], p["counts"]) for p in out["projects"]] == [
        (1, "sira", 2, None, False),
        (0, "fifty", 5, None, True),
    ]


def test_two_equal_fifties_need_their_top_cards_and_the_answer_says_so():
    e = refused(baloot, declarations=[{"seat": 1, "name": "fifty"}, {"seat": 2, "name": "fifty"}])
    assert (e.code, e.key, dict(e.params), e.field) == (
        Code.INVALID_SUMMARY,
        "detail.invalid_summary.needs_detail",
        {"seats": "1, 2"},
        "summary.declarations.0",
    )
    assert "top card" in e.detail and "None" not in e.detail
    # with the top cards the higher run wins: seat 2's fifty to the ace, team 0 (10 + 5 = 15)
    out = baloot(
        declarations=[{"seat": 1, "name": "fifty", "top": "K"}, {"seat": 2, "name": "fifty", "top": "A"}]
    )
    assert out["scores"] == [15, 6]


def test_four_aces_beat_any_hundred_when_quartets_rank_first_so_no_detail_is_needed():
    # Hokum: the four hundred and a hundred are both 10; quartets first (the rule book's house
    # default), four aces beat every hundred: team 0 scores 10 + 10 = 20 against 6.
    decls = [{"seat": 1, "name": "hundred"}, {"seat": 2, "name": "four-hundred"}]
    assert baloot(declarations=decls)["scores"] == [20, 6]
    # runs first: a hundred run beats the four aces, a hundred of four kings does not
    e = refused(baloot, rules={"project_ranking": "run-first"}, declarations=decls)
    assert e.key == "detail.invalid_summary.needs_detail" and dict(e.params) == {"seats": "1"}
    run = [{"seat": 1, "name": "hundred", "length": 5}, decls[1]]
    assert baloot(rules={"project_ranking": "run-first"}, declarations=run)["scores"] == [0, 26]


def test_a_name_that_contradicts_its_details_is_refused():
    e = refused(baloot, declarations=[{"seat": 1, "name": "sira", "length": 4}])
    assert e.code == Code.INVALID_SUMMARY and "a run of 4 is a fifty" in e.detail


# ----------------------------------------------------------- Baloot: Sun, units, impossible totals


def test_sun_needs_no_strain():
    # Sun: 80 card points are 16 game points, 50 are 10 (the hand is worth 26)
    assert baloot(SUN)["scores"] == [16, 10]
    assert baloot({**SUN, "strain": "NT"})["scores"] == [16, 10]
    e = refused(baloot, {"seat": 0, "mode": "hokum"})  # Hokum names its trump suit
    assert e.field == "summary.contract.strain"


def test_project_totals_in_table_points_are_converted_and_in_game_points_kept():
    # a sira written as the table writes it, 20: 2 game points in Hokum; team 1 has 6 + 2 = 8
    assert baloot(project_table_points=[0, 20])["scores"] == [10, 8]
    assert baloot(project_game_points=[0, 2])["scores"] == [10, 8]
    assert baloot(projects=[0, 2])["scores"] == [10, 8]  # the older name
    # in Sun a sira is 4 game points, 20 table points (x 5)
    assert baloot(SUN, project_table_points=[20, 0])["scores"] == [20, 10]


@pytest.mark.parametrize(
    ("contract", "field", "value"),
    [
        (HOKUM, "project_table_points", [0, 25]),  # no project is worth 25 table points
        (HOKUM, "project_game_points", [0, 45]),
        (SUN, "project_table_points", [0, 22]),
    ],
)
def test_a_total_no_set_of_projects_makes_in_its_unit_is_refused(contract, field, value):
    e = refused(baloot, contract, **{field: value})
    assert e.code == Code.INVALID_SUMMARY and e.field == f"summary.{field}"
    assert ("table points" if "table" in field else "game points") in e.detail


@pytest.mark.parametrize("total", [92, 94, 96, 98, 104, 108, 110, 120])
def test_sun_team_totals_no_deal_makes_are_refused(total):
    # The four aces (40) are in one hand; with them a hand holds at most 60, the other hand then
    # at most 40 (two hundreds): 100 at most, and 92 to 98 need a hand no deal makes.
    e = refused(baloot, {**SUN, "strain": "NT", "double": 1}, projects=[total, 0])
    assert e.code == Code.INVALID_SUMMARY and e.field == "summary.projects"


@pytest.mark.parametrize("total", [4, 40, 60, 80, 90, 100])
def test_sun_team_totals_two_hands_make_are_accepted(total):
    # e.g. 100: four aces and four kings in one hand (60), four queens and four jacks in the other
    assert baloot(SUN, projects=[total, 0])["scores"][0] == 16 + total


def test_more_than_two_declarations_a_seat_under_two_per_player_is_refused_also_by_name():
    # one hand holds them (8-9-10 of spades and of hearts, and the four tens): three is one too many
    decls = [{"seat": 0, "name": "sira"}] * 2 + [{"seat": 0, "name": "hundred"}]
    e = refused(baloot, rules={"declarations": "two-per-player"}, declarations=decls)
    assert "at most two" in e.detail


# ----------------------------------------------------------- Baloot: a passed-out deal


def test_a_passed_out_deal_is_passed_and_neither_made_nor_failed_everywhere():
    passed = {"contract": None, "card_points": [0, 0], "tricks": [0, 0]}
    hand = BALOOT.score(BALOOT.rules(None), {"summary": passed})
    assert (hand["passed"], hand["made"], hand["scores"]) == (True, None, [0, 0])
    played = {"contract": HOKUM, "card_points": [102, 60], "tricks": [5, 3]}
    match = BALOOT.match_score(BALOOT.rules(None), {"hands": [{"summary": passed}, {"summary": played}]})
    assert [(d["passed"], d["made"]) for d in match["deals"]] == [(True, None), (False, True)]


# ----------------------------------------------------------- Bazar Blot: runs by name, length only


def bazar(decls: list[dict[str, Any]] | None = None, dealer: int | None = None) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "contract": {"seat": 0, "value": 9, "strain": "H", "capot": False, "double": "none"},
        "card_points": [100, 62],
        "tricks": [5, 3],
    }
    if decls is not None:
        summary["declarations"] = decls
    if dealer is not None:
        summary["dealer"] = dealer
    return BAZAR.score(RULES, {"summary": summary})


def test_a_bazar_summary_without_combinations_scores_none():
    assert bazar()["summary"]["combinations"] == [0, 0]


def test_a_run_with_its_length_only_is_accepted():
    # a fifty (a run of four) is 50; alone at the table it scores for seat 1's side
    assert bazar([{"seat": 1, "kind": "run", "length": 4}])["summary"]["combinations"] == [0, 50]
    assert bazar([{"seat": 1, "name": "fifty"}])["summary"]["combinations"] == [0, 50]


def test_a_fifty_beats_a_terz_by_name_and_equal_terzes_need_their_top_and_suit():
    decls = [{"seat": 0, "name": "terz"}, {"seat": 1, "name": "fifty"}]
    assert bazar(decls)["summary"]["combinations"] == [0, 50]
    equal = [{"seat": 0, "name": "terz"}, {"seat": 1, "name": "terz"}]
    e = refused(bazar, equal)
    assert (e.key, dict(e.params)) == ("detail.invalid_summary.needs_detail", {"seats": "0, 1"})
    assert "top rank" in e.detail and "None" not in e.detail
    # the same top: a run in trumps (hearts) beats an equal one, so the suits decide
    tops = [{**equal[0], "top": "K"}, {**equal[1], "top": "K"}]
    e = refused(bazar, tops)
    assert "suit" in e.detail
    suited = [{**tops[0], "suit": "S"}, {**tops[1], "suit": "H"}]
    assert bazar(suited)["summary"]["combinations"] == [0, 20]


def test_no_python_none_in_a_refused_run():
    e = refused(bazar, [{"seat": 1, "kind": "run", "length": 4, "top": "9"}])
    assert e.code == Code.INVALID_SUMMARY and "None" not in e.detail and "tops at '9'" in e.detail


@pytest.mark.parametrize(
    ("game", "summary"),
    [
        ("baloot", {"contract": {"seat": 1, "mode": "hokum"}, "card_points": [102, 60], "tricks": [5, 3]}),
        ("baloot", {"contract": {"seat": 0, "mode": None}, "card_points": [102, 60], "tricks": [5, 3]}),
        (
            "baloot",
            {
                "contract": HOKUM,
                "card_points": [102, 60],
                "tricks": [5, 3],
                "declarations": [{"name": "sira"}],
            },
        ),
        (
            "baloot",
            {
                "contract": HOKUM,
                "card_points": [102, 60],
                "tricks": [5, 3],
                "declarations": [{"seat": 0, "kind": "run", "top": "T"}],
            },
        ),
        (
            "baloot",
            {
                "contract": HOKUM,
                "card_points": [102, 60],
                "tricks": [5, 3],
                "declarations": [{"seat": 0, "kind": "quartet"}],
            },
        ),
        (
            "baloot",
            {
                **dict(contract=HOKUM, card_points=[102, 60], tricks=[5, 3]),
                "declarations": [{"seat": 2, "name": "sira", "top": "K", "suit": "H"}],
            },
        ),
        (
            "bazar-blot",
            {
                "contract": {"seat": 0, "value": 9, "strain": "H"},
                "card_points": [100, 62],
                "tricks": [5, 3],
                "declarations": [{"seat": 0, "kind": None}],
            },
        ),
        (
            "bazar-blot",
            {
                "contract": {"seat": 0, "value": 9, "strain": "H"},
                "card_points": [100, 62],
                "tricks": [5, 3],
                "declarations": [{"seat": 0, "kind": "quartet"}],
            },
        ),
    ],
)
def test_no_message_shows_pythons_none(game, summary):
    g = GAMES[game]
    e = refused(g.score, g.rules(None), {"summary": summary})
    assert e.code in (Code.INVALID_SUMMARY, Code.INVALID_SEAT, Code.INVALID_STRAIN) and "None" not in str(
        e
    ), str(e)
