"""The Oh Hell family's rule of thumb on suit masks (`lean.oh_thumb`) against the rule as its
docstring states it, over lists of cards: the strongest or cheapest winner, the highest loser, the
lowest lead, ties between plain cards of equal rank to the earlier card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots.lean import OH_BIT, OH_STRENGTH, OH_SUIT, oh_thumb, oh_winning

LETTER = {0: 3, 1: 2, 2: 1, 3: 0}  # S, H, D, C: C's letter first


def stated(
    legal: list[int], trick: list[int], best: int, need: int, plus_ten: bool, n: int, trump: int
) -> int:
    s = OH_STRENGTH[trump]
    if need < 0 and plus_ten:
        need = 1
    if not trick:
        if need > 0:
            return max(legal, key=s.__getitem__)
        return min(legal, key=lambda c: (s[c], LETTER[OH_SUIT[c]]))
    winners = [c for c in legal if s[c] > s[best] and OH_SUIT[c] in (OH_SUIT[best], trump)]
    last = len(trick) == n - 1
    if need > 0:
        if winners:
            return min(winners, key=s.__getitem__) if last else max(winners, key=s.__getitem__)
        return min(legal, key=s.__getitem__)
    losers = [c for c in legal if c not in winners]
    if losers:
        return max(losers, key=s.__getitem__)
    return max(legal, key=s.__getitem__) if last else min(legal, key=s.__getitem__)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[int], list[int], int, bool, int, int]:
    n = draw(st.integers(3, 7))
    cards = draw(st.permutations(range(52)))
    in_trick = draw(st.integers(0, n - 1))
    trick = list(cards[:in_trick])
    hand = list(cards[in_trick : in_trick + draw(st.integers(1, 10))])
    if trick and draw(st.booleans()):  # follow suit where the hand can
        legal = [c for c in hand if OH_SUIT[c] == OH_SUIT[trick[0]]] or hand
    else:
        legal = hand
    return legal, trick, draw(st.integers(-3, 4)), draw(st.booleans()), n, draw(st.integers(-1, 3))


@settings(max_examples=1000, deadline=None)
@given(positions())
def test_the_masks_play_the_stated_rule(p: tuple[list[int], list[int], int, bool, int, int]) -> None:
    legal, trick, need, plus_ten, n, trump = p
    best = oh_winning(trick, 0, n, trump)[0]
    suits = [0, 0, 0, 0]
    for c in legal:
        suits[OH_SUIT[c]] |= OH_BIT[c]
    shown = [q for q in range(4) if suits[q]]
    follow = shown[0] if len(shown) == 1 else -1
    got = oh_thumb(suits, legal, follow, not trick, best, need, plus_ten, len(trick) == n - 1, trump)
    assert got == stated(legal, trick, best, need, plus_ten, n, trump)


def test_equal_ranks_go_to_the_earlier_card() -> None:
    # no trumps, leading for a trick: the aces of hearts and clubs are equal, the hand's first wins
    ah, ac = 1 * 13 + 12, 3 * 13 + 12
    for cards in ([ah, ac], [ac, ah]):
        suits = [0, 0, 0, 0]
        for c in cards:
            suits[OH_SUIT[c]] |= OH_BIT[c]
        assert oh_thumb(suits, cards, -1, True, -1, 1, False, False, -1) == cards[0]
