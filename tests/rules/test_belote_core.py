"""The Belote core: orders, points and combination detection, as both rule books state them."""

from __future__ import annotations

import random

from service.rules.belote.cards import BELOTE_ORDER, DECK_24, DECK_32, LAST_TRICK, card_points, points
from service.rules.belote.combinations import Run, holds_king_and_queen, quartets, runs
from service.rules.belote.duties import (
    BALOOT_DUTIES,
    BLOT_DUTIES,
    TRUMP_LEAD_NEVER,
    TRUMP_LEAD_OPPONENT,
    UNDERTRUMP_REQUIRED,
    BeloteDuties,
)
from service.rules.belote.duties import judge as duty_judge
from service.rules.cards import SUITS, Suit, card, cards
from service.rules.errors import Code
from service.rules.trick import Duties, judge, winning_index

H = Suit.HEARTS


def test_decks_seven_and_nine_to_ace() -> None:
    assert len(DECK_32) == 32 and {c.rank for c in DECK_32} == set("789TJQKA")
    assert len(DECK_24) == 24 and {c.rank for c in DECK_24} == set("9TJQKA")


def test_trump_points_and_order() -> None:
    assert [card_points(card(r + "H"), H) for r in "J9ATKQ87"] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert winning_index(cards(["AH", "9H", "JH"]), H, BELOTE_ORDER) == 2
    assert winning_index(cards(["AH", "9H", "TH"]), H, BELOTE_ORDER) == 1


def test_plain_points_and_order() -> None:
    assert [card_points(card(r + "S"), H) for r in "ATKQJ987"] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert winning_index(cards(["KS", "TS", "JS"]), H, BELOTE_ORDER) == 1


def test_no_trump_ace() -> None:
    assert card_points(card("AS"), None, no_trump_ace=19) == 19
    assert card_points(card("AS"), None) == 11


def test_a_deal_holds_162_with_a_trump_and_without() -> None:
    assert points(DECK_32, H) + LAST_TRICK == 162
    # with the Armenian no-trump ace: 4 x (19 + 10 + 4 + 3 + 2) + 10 = 162 as well
    assert points(DECK_32, None, no_trump_ace=19) + LAST_TRICK == 162
    # Baloot's Sun counts 130: 4 x 30 + 10
    assert points(DECK_32, None) + LAST_TRICK == 130


def test_runs_are_maximal_and_natural() -> None:
    hand = cards(["7H", "8H", "9H", "TH", "JH", "QS", "KS", "AS"])
    assert runs(hand) == [Run(Suit.SPADES, 3, "A"), Run(H, 5, "J")]
    assert Run(H, 3, "9").cards == ("7H", "8H", "9H")
    assert runs(cards(["9D", "TD", "QD", "KD"])) == []  # 9 10 . Q K is no run


def test_quartets_and_king_queen() -> None:
    hand = cards(["JS", "JH", "JD", "JC", "KH", "QH", "9S", "9H"])
    assert [q.rank for q in quartets(hand)] == ["J"]
    assert holds_king_and_queen(hand, H) and not holds_king_and_queen(hand, Suit.SPADES)
    assert not holds_king_and_queen(hand, None)


def test_the_mask_fast_path_agrees_with_the_reference():
    """hand_mask/mask_runs/holds_quartet (what the engines use) against runs/quartets, on many hands."""
    import random

    from service.rules.belote.combinations import hand_mask, holds_quartet, mask_runs, may_hold_run, rank_bits

    rng = random.Random(32)
    ranks = rank_bits("TJQKA")
    for _ in range(3000):
        hand = rng.sample(DECK_32, rng.choice((5, 8)))
        mask = hand_mask(hand)
        reference = runs(hand)
        assert [(tuple(c.text for c in cs), n, top) for cs, n, top in mask_runs(mask)] == [
            (r.cards, r.length, r.top_strength) for r in reference
        ]
        assert may_hold_run(mask) == bool(reference)
        assert holds_quartet(mask, ranks) == bool(quartets(hand, "TJQKA"))


# --------------------------------------------------------------------- the family's duties


def _legal(hand: str, trick: str, duties: BeloteDuties, partner: bool = False) -> set[str]:
    return {c.text for c in duty_judge(cards(hand.split()), cards(trick.split()), H, duties, partner).legal}


def test_trump_lead_beats_even_the_partners_trump_by_default() -> None:
    # hearts trump, led by the partner's 9H (winning): the rule books say beat it if you can
    assert _legal("JH 7H AS", "9H 8H", BLOT_DUTIES, partner=True) == {"JH"}
    assert _legal("JH 7H AS", "9H 8H", BALOOT_DUTIES, partner=True) == {"JH"}


def test_trump_lead_option_beat_only_an_opponents_trump() -> None:
    duties = BeloteDuties(TRUMP_LEAD_OPPONENT, UNDERTRUMP_REQUIRED)
    assert _legal("JH 7H AS", "9H 8H", duties, partner=True) == {"JH", "7H"}  # the partner wins: any trump
    assert _legal("JH 7H AS", "8H 9H", duties, partner=False) == {"JH"}  # an opponent wins: beat it
    never = BeloteDuties(TRUMP_LEAD_NEVER, UNDERTRUMP_REQUIRED)
    assert _legal("JH 7H AS", "8H 9H", never) == {"JH", "7H"}


def test_undertrump_free_or_required() -> None:
    # spades led, an opponent trumped with the jack: nothing beats it
    v = duty_judge(cards(["7H", "AD"]), cards(["AS", "JH"]), H, BLOT_DUTIES, False)
    assert {c.text for c in v.legal} == {"7H", "AD"}
    v = duty_judge(cards(["7H", "AD"]), cards(["AS", "JH"]), H, BALOOT_DUTIES, False)
    assert [c.text for c in v.legal] == ["7H"] and v.reasons == {card("AD"): Code.MUST_TRUMP}


def test_family_duties_agree_with_the_core_judge() -> None:
    """Blot's and Baloot's duties as the core's flags: same legal cards, same reasons."""
    rng = random.Random(13)
    flags = {
        BLOT_DUTIES: Duties(True, True, True, True, True),
        BALOOT_DUTIES: Duties(True, True, True, True, False),
    }
    for _ in range(3000):
        deck = rng.sample(DECK_32, 32)
        n = rng.randrange(0, 4)
        trick, hand = deck[:n], tuple(deck[n : n + rng.randrange(1, 9)])
        trump = rng.choice([None, *SUITS])
        partner = n >= 2 and winning_index(trick, trump, BELOTE_ORDER) == n - 2
        for family, core in flags.items():
            mine = duty_judge(hand, trick, trump, family, partner)
            theirs = judge(hand, trick, trump, core, BELOTE_ORDER, partner)
            assert mine.legal == theirs.legal and dict(mine.reasons) == dict(theirs.reasons)
