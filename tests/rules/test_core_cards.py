"""Card notation and decks (API.md, Notation)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.cards import RANKS, SUITS, Suit, card, deck, strain, suit_of, texts
from service.rules.errors import Code, InvalidNotation


def test_canonical_and_accepted_forms():
    assert card("TS") is card("10S") is card("ts") is card("10s")
    assert card("7H").text == "7H"
    assert card("AC").suit is Suit.CLUBS and card("AC").rank == "A"


@pytest.mark.parametrize("bad", ["", "1S", "11S", "TX", "ST", "T", "10", "AS ", "XX", "TSS"])
def test_not_a_card(bad):
    if bad == "AS ":  # surrounding space is tolerated, as clients trim inconsistently
        assert card(bad) is card("AS")
        return
    with pytest.raises(InvalidNotation) as err:
        card(bad)
    assert err.value.code is Code.INVALID_CARD


@pytest.mark.parametrize(("size", "low"), [(52, "2"), (32, "7"), (24, "9")])
def test_decks(size, low):
    d = deck(size)
    assert len(d) == len(set(d)) == size
    assert {c.rank for c in d} == set(RANKS[RANKS.index(low) :])
    assert {c.suit for c in d} == set(SUITS)


def test_no_other_deck():
    with pytest.raises(ValueError):
        deck(36)


def test_strains():
    assert [strain(s) for s in ("s", "H", "d", "C", "nt")] == ["S", "H", "D", "C", "NT"]
    assert suit_of("NT") is None and suit_of("H") is Suit.HEARTS
    with pytest.raises(InvalidNotation) as err:
        strain("X")
    assert err.value.code is Code.INVALID_STRAIN


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(deck(52)), unique=True))
def test_text_round_trip(cs):
    assert [card(t) for t in texts(cs)] == cs


def test_cards_are_interned_even_through_copies():
    import copy
    import pickle

    c = card("QH")
    assert copy.copy(c) is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    assert {card("QH"): 1}[card("qh")] == 1
