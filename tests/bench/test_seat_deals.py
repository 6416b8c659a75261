"""The anchor's imagined deals (bench.anchors.SeatDeals) are uniform over what its seat knows.

An ISMCTS opponent whose deals lean one way plays a handicapped game, and a match against it
flatters our bots: its sampler is held against an exact one (rejection over the seat's knowledge),
card counts per seat and suit over many seeded draws, in positions where seats have shown voids.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest

from bench.anchors import FairHands, Unseen, count_gaps, rejection_hands, suit_counts

CLUBS, DIAMONDS, SPADES, HEARTS = range(4)  # OpenSpiel's suits: card % 4


def _unseen(seed: int, size: int, need: dict[int, int], voids: dict[int, set[int]]) -> Unseen:
    """`size` cards the seat has not seen, none of a void suit in the seats' hands' true deal
    (drawn so the true deal fits: the void seats' cards are taken from their other suits)."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    cards = deck[:size]
    # make sure a deal fits: enough cards outside each seat's voids for what it needs
    for q, n in need.items():
        assert sum(1 for c in cards if c % 4 not in voids.get(q, set())) >= n
    return Unseen(tuple(cards), dict(need), {q: frozenset(voids.get(q, set())) for q in need})


# the seat to act sees: 4 x 7 after three tricks and a card (seat 2 void in hearts), then two and
# three seats void, late in the hand with a seat void in two suits
POSITIONS = [
    _unseen(1, 33, {1: 4, 2: 4, 3: 3}, {2: {HEARTS}}),
    _unseen(2, 33, {1: 4, 2: 4, 3: 4}, {1: {CLUBS}, 3: {HEARTS}}),
    _unseen(3, 30, {1: 3, 2: 3, 3: 3}, {1: {SPADES}, 2: {HEARTS}, 3: {HEARTS}}),
    _unseen(4, 27, {1: 2, 2: 1, 3: 2}, {1: {DIAMONDS}, 2: {CLUBS, SPADES}}),
]
DRAWS = 2000


@pytest.mark.parametrize("i", range(len(POSITIONS)))
def test_card_counts_per_seat_and_suit_are_the_exact_samplers(i: int) -> None:
    u = POSITIONS[i]
    fair = FairHands(u)
    exact = suit_counts(lambda rng: rejection_hands(u, rng), DRAWS, seed=100 + i)
    ours = suit_counts(fair, DRAWS, seed=200 + i)
    z = count_gaps(ours, exact, DRAWS)
    worst = max(z, key=lambda k: abs(z[k]))
    assert abs(z[worst]) < 4.5, (
        f"seat {worst[0]} suit {worst[1]}: {ours[worst][0]:.3f} cards a draw, exact {exact[worst][0]:.3f}"
        f" (z {z[worst]:+.1f})"
    )
    for (q, s), (mean, _) in ours.items():
        if s in u.voids[q]:
            assert mean == 0.0


def test_every_deal_that_fits_is_equally_likely() -> None:
    """A small position counted by hand: every split of the unseen cards between two seats and the
    stock that respects the voids, each drawn about as often as the others."""
    u = Unseen((0, 1, 2, 3, 4, 5, 7, 11), {1: 2, 2: 3}, {1: frozenset({HEARTS}), 2: frozenset({CLUBS})})
    fits = []
    for one in itertools.combinations(u.cards, 2):
        rest = [c for c in u.cards if c not in one]
        for two in itertools.combinations(rest, 3):
            if all(c % 4 != HEARTS for c in one) and all(c % 4 != CLUBS for c in two):
                fits.append((frozenset(one), frozenset(two)))
    fair = FairHands(u)
    assert fair.ways(0, fair.need) == len(fits)
    rng = random.Random(5)
    draws = 200 * len(fits)
    seen = Counter()
    for _ in range(draws):
        h = fair(rng)
        seen[(frozenset(h[1]), frozenset(h[2]))] += 1
    assert set(seen) == set(fits)
    # each of the deals 200 times on average: none below 140 or above 260 (about 4 standard errors)
    assert min(seen.values()) > 140 and max(seen.values()) < 260, sorted(seen.values())


def test_seat_deals_through_openspiel_are_the_exact_samplers() -> None:
    """The same, through OpenSpiel's states: the position read from a history (the seat's hand,
    the cards played, the voids) and the deal written back, at a position where seats showed voids."""
    pyspiel = pytest.importorskip("pyspiel")
    from bench.anchors import SeatDeals, _openspiel_start, hidden_hands
    from service.rules.registry import GAMES

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    ours = GAMES["oh-hell"]
    seed = 71286838  # `--check-resampler`'s first position: seat 3 to act, seats 0, 1 and 2 each void
    st = _openspiel_start(game, ours, ours.rules({"players": 4}), seed)
    play = random.Random(seed)
    assert play.randint(12, 26) == 24
    for _ in range(24):
        st.apply_action(play.choice(st.legal_actions()))
    p = st.current_player()
    deals = SeatDeals(game, seed)
    hist = [int(a) for a in st.history()]
    u = deals.unseen(hist, p)[4]
    assert p == 3 and all(u.voids[q] for q in (0, 1, 2))
    draws = 1000
    z = count_gaps(
        suit_counts(functools.partial(hidden_hands, deals, st, p), draws, 1),
        suit_counts(lambda r: rejection_hands(u, r), draws, 2),
        draws,
    )
    assert max(abs(v) for v in z.values()) < 4.5, z


def test_without_voids_the_shuffle_is_the_exact_samplers() -> None:
    u = _unseen(6, 44, {1: 7, 2: 7, 3: 7}, {})
    exact = suit_counts(lambda rng: rejection_hands(u, rng), DRAWS, seed=7)
    z = count_gaps(suit_counts(FairHands(u), DRAWS, seed=8), exact, DRAWS)
    assert max(abs(v) for v in z.values()) < 4.5, z
