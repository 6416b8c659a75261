"""Declarations and project totals a scorepad cannot mean are refused with a reason a person reads:
a run of no stated length (its points would be a guess), and no Python list in a reason."""

from __future__ import annotations

import pytest

from service.rules.errors import Code

from .test_scorepad_as_said import HOKUM, SUN, baloot, bazar, refused


@pytest.mark.parametrize(
    "run", [{"seat": 0, "kind": "run"}, {"seat": 0, "kind": "run", "top": "K", "suit": "S"}]
)
def test_a_bazar_run_without_its_name_or_length_is_refused_as_in_baloot(run):
    # a terz, a fifty and a hundred score 20, 50 and 100: a run of no length cannot be scored
    e = refused(bazar, [run])
    assert e.code == Code.INVALID_SUMMARY and e.field == "summary.declarations.0.length"
    e = refused(baloot, declarations=[run])
    assert e.code == Code.INVALID_SUMMARY and e.field == "summary.declarations.0.length"


@pytest.mark.parametrize(
    ("contract", "more"),
    [
        (SUN, {"project_table_points": [45, 0]}),
        (SUN, {"project_game_points": [7, 0]}),
        (HOKUM, {"projects": [3, 0]}),
    ],
)
def test_a_refused_project_total_names_its_numbers_not_a_python_list(contract, more):
    e = refused(baloot, contract, **more)
    assert e.code == Code.INVALID_SUMMARY
    assert "[" not in e.detail and "]" not in e.detail, e.detail
    value = next(iter(more.values()))
    assert f"{value[0]} and {value[1]}" in e.detail


def test_the_baloot_of_two_seats_names_them_without_a_python_list():
    # the king of trumps (hearts) in seat 0's four kings, the queen in seat 1's four queens
    runs = [{"seat": 0, "kind": "quartet", "rank": "K"}, {"seat": 1, "kind": "quartet", "rank": "Q"}]
    e = refused(baloot, declarations=runs, baloot=1)
    assert e.code == Code.INVALID_SUMMARY and "[" not in e.detail, e.detail
