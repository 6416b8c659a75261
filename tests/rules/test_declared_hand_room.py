"""A seat's declarations said by name must still fit in one hand of eight cards.

Runs share no card, four of a kind share no card, and a run shares at most one card with a four of
a kind (one card a rank), so R runs and Q four of a kind need at least the runs' cards + 4Q - RQ.
Baloot's hundred said by name may be a run of five or four of a rank, and counts the cheaper way.
Each accepted case below is a real hand (the cards are in the comment); each refused one needs nine
cards or more, however its details are filled in."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import Code

from .test_scorepad_as_said import HOKUM, SUN, baloot, bazar, refused


def seat0(*names: str) -> list[dict[str, Any]]:
    return [{"seat": 0, "name": n} for n in names]


@pytest.mark.parametrize(
    "decls",
    [
        seat0("hundred", "hundred"),  # 7-8-9-T-J of spades and the jacks: JS in both
        seat0("sira", "sira"),  # 7-8-9 of spades and of hearts
        seat0("sira", "fifty"),  # 7 cards
        seat0("sira", "hundred"),  # 8 cards: a run of 3 and a run of 5
    ],
)
def test_baloot_declarations_one_hand_holds_are_accepted(decls):
    assert all(p["counts"] for p in baloot(SUN, declarations=decls)["projects"])


@pytest.mark.parametrize(
    "decls",
    [
        seat0("hundred", "hundred", "hundred"),  # two quartets fill the hand: no room for a run
        seat0("sira", "sira", "sira"),  # 9 cards
        seat0("fifty", "hundred", "sira"),  # 4 + 4 - 1 with the hundred a quartet, + 3 - 1
    ],
)
def test_baloot_declarations_no_hand_holds_are_refused(decls):
    e = refused(baloot, SUN, declarations=decls)
    assert e.code == Code.INVALID_SUMMARY and "8 cards" in e.detail
    assert e.field == f"summary.declarations.{len(decls) - 1}"


def test_baloot_a_hundred_said_by_name_fits_beside_a_quartet_with_its_rank():
    # four jacks and 7-8-9-T-J of spades: the run and the quartet share the jack of spades
    decls = [{"seat": 0, "kind": "quartet", "rank": "J"}, {"seat": 0, "name": "hundred"}]
    assert all(p["counts"] for p in baloot(HOKUM, declarations=decls)["projects"])
    # two quartets fill the hand: a sira beside them needs a ninth card
    two = [{"seat": 0, "kind": "quartet", "rank": r} for r in "JQ"]
    e = refused(baloot, HOKUM, declarations=[*two, {"seat": 0, "name": "sira"}])
    assert e.code == Code.INVALID_SUMMARY and e.field == "summary.declarations.2"


@pytest.mark.parametrize(
    "decls",
    [
        seat0("terz", "terz"),
        seat0("terz", "hundred"),  # 3 + 5
        # 7-8-9 of spades, 9-T-J of hearts, and the nines: the quartet shares a card with each run
        [*seat0("terz", "terz"), {"seat": 0, "kind": "quartet", "rank": "9"}],
    ],
)
def test_bazar_declarations_one_hand_holds_are_accepted(decls):
    assert bazar(decls)["summary"]["combinations"][0] > 0


@pytest.mark.parametrize(
    "decls",
    [
        seat0("hundred", "hundred"),  # 10 cards
        seat0("terz", "terz", "terz"),  # 9
        seat0("fifty", "hundred"),  # 9
        [*seat0("terz", "terz"), *({"seat": 0, "kind": "quartet", "rank": r} for r in "9J")],  # 10
    ],
)
def test_bazar_declarations_no_hand_holds_are_refused(decls):
    e = refused(bazar, decls)
    assert e.code == Code.INVALID_SUMMARY and "eight cards" in e.detail
    assert e.field == f"summary.declarations.{len(decls) - 1}"


def test_a_thousand_hundreds_are_refused_at_the_first_that_does_not_fit():
    e = refused(bazar, seat0(*["hundred"] * 1000))
    assert e.field == "summary.declarations.1"
    e = refused(baloot, SUN, declarations=seat0(*["hundred"] * 1000))
    assert e.field == "summary.declarations.2"
