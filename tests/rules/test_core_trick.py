"""Trick winners and the duties of following, trumping and overtrumping."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.cards import Suit, cards, deck
from service.rules.errors import Code
from service.rules.trick import Duties, RankOrder, judge, legal_cards, rank_order, winning_index

H, S = Suit.HEARTS, Suit.SPADES
# Belote family: trumps J 9 A T K Q 8 7, plain suits A T K Q J 9 8 7 (seed 001, The cards)
BELOTE = RankOrder(plain=rank_order("789JQKTA"), trump=rank_order("78QKTA9J"))
BLOT = Duties(
    must_trump=True,
    must_overtrump=True,
    raise_on_trump_lead=True,
    partner_exemption=True,
    free_if_cannot_overtrump=True,
)
BALOOT = Duties(must_trump=True, must_overtrump=True, raise_on_trump_lead=True, partner_exemption=True)


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("2S AS KS QS", None, 1),  # highest of the suit led, ace high
        ("2S AH KH QH", None, 0),  # other suits never win without trumps
        ("2S AS 2H QS", H, 2),  # a trump beats the suit led
        ("2S 3H 4H AS", H, 2),  # the highest trump wins
        ("3H 2H AS KH", H, 3),  # trumps led: highest trump
        ("9D AD JD TD", None, 1),
    ],
)
def test_whist_winner(played, trump, winner):
    assert winning_index(cards(played.split()), trump) == winner


def test_belote_rank_orders():
    # jack then nine are the top trumps; ten beats king in plain suits
    assert winning_index(cards(["AH", "JH", "9H"]), H, BELOTE) == 1
    assert winning_index(cards(["AH", "9H", "TH"]), H, BELOTE) == 1
    assert winning_index(cards(["KS", "TS", "QS"]), H, BELOTE) == 1
    assert winning_index(cards(["JS", "AS", "7H"]), H, BELOTE) == 2


def test_follow_suit_gives_reasons():
    verdict = judge(cards(["AS", "2S", "KH", "3D"]), cards(["5S"]), None)
    assert set(verdict.legal) == set(cards(["AS", "2S"]))
    assert {c.text: r for c, r in verdict.reasons.items()} == {
        "KH": Code.MUST_FOLLOW_SUIT,
        "3D": Code.MUST_FOLLOW_SUIT,
    }


def test_void_may_discard_in_whist():
    hand = cards(["KH", "3D"])
    assert set(judge(hand, cards(["5S"]), H).legal) == set(hand)


def test_leading_is_free():
    hand = cards(["KH", "3D"])
    assert judge(hand, [], H, BLOT, BELOTE).legal == hand


def test_must_trump_when_void():
    verdict = judge(cards(["KH", "8D", "7D"]), cards(["AS"]), Suit.DIAMONDS, BLOT, BELOTE)
    assert [c.text for c in verdict.legal] == ["8D", "7D"]
    assert verdict.reasons == {cards(["KH"])[0]: Code.MUST_TRUMP}


def test_partner_winning_frees_the_void_player():
    hand = cards(["KH", "8D"])
    assert set(judge(hand, cards(["AS"]), Suit.DIAMONDS, BLOT, BELOTE, partner_winning=True).legal) == set(
        hand
    )


def test_must_overtrump_an_opponents_trump():
    hand = cards(["7D", "AD", "KH"])
    verdict = judge(hand, cards(["AS", "TD"]), Suit.DIAMONDS, BLOT, BELOTE)
    assert [c.text for c in verdict.legal] == ["AD"]
    assert {c.text: r for c, r in verdict.reasons.items()} == {
        "7D": Code.MUST_OVERTRUMP,
        "KH": Code.MUST_OVERTRUMP,
    }


def test_cannot_overtrump_blot_plays_anything_baloot_must_still_trump():
    hand = cards(["7D", "KH"])
    trick = cards(["AS", "JD"])
    assert set(judge(hand, trick, Suit.DIAMONDS, BLOT, BELOTE).legal) == set(hand)
    verdict = judge(hand, trick, Suit.DIAMONDS, BALOOT, BELOTE)
    assert [c.text for c in verdict.legal] == ["7D"]
    assert verdict.reasons == {cards(["KH"])[0]: Code.MUST_TRUMP}


def test_trump_lead_must_be_raised_even_over_partner():
    hand = cards(["JD", "7D", "AS"])
    verdict = judge(hand, cards(["9D"]), Suit.DIAMONDS, BLOT, BELOTE, partner_winning=True)
    assert [c.text for c in verdict.legal] == ["JD"]
    assert {c.text: r for c, r in verdict.reasons.items()} == {
        "7D": Code.MUST_OVERTRUMP,
        "AS": Code.MUST_FOLLOW_SUIT,
    }


def test_trump_lead_any_trump_when_none_higher():
    hand = cards(["7D", "8D", "AS"])
    verdict = judge(hand, cards(["JD"]), Suit.DIAMONDS, BLOT, BELOTE)
    assert [c.text for c in verdict.legal] == ["7D", "8D"]


hands_and_tricks = st.lists(st.sampled_from(deck(32)), min_size=2, max_size=12, unique=True).flatmap(
    lambda cs: st.tuples(st.just(cs[: len(cs) // 2 + 1]), st.just(cs[len(cs) // 2 + 1 :]))
)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    hands_and_tricks, st.sampled_from([None, *Suit]), st.sampled_from([Duties(), BLOT, BALOOT]), st.booleans()
)
def test_verdict_partitions_the_hand(hand_trick, trump, duties, partner):
    hand, trick = hand_trick
    trick = trick[:3]
    verdict = judge(hand, trick, trump, duties, BELOTE, partner)
    assert verdict.legal, "a player can always play some card"
    assert set(verdict.legal).isdisjoint(verdict.reasons)
    assert set(verdict.legal) | set(verdict.reasons) == set(hand)
    assert set(legal_cards(hand, trick, trump, duties, BELOTE, partner)) == set(verdict.legal)
    if trick and any(c.suit is trick[0].suit for c in hand):
        assert all(c.suit is trick[0].suit for c in verdict.legal)
