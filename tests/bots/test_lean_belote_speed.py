"""The Belote family's fast playouts (service/bots/lean.py, `BeloteSim.play_out`) play what the rules
and the rule of thumb play: by the rule of thumb, card for card what the stepwise `thumb` then `play`
play, also once the duty tables hold the rule of thumb's answers from many other deals; at random,
only cards the engine accepts, each hand scored as the engine scores it, and the first card drawn
uniformly among those allowed; and the rule of thumb's card to a trick, which the duty tables keep
by what it reads, reads no more than that."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.bots.belote import THUMB_TABLES
from service.bots.lean import BEL_CARD, BEL_SUIT, BIT, SUIT_MASK, baloot_sim, bel_thumb, blot_sim
from service.rules.cards import SUITS
from tests.bots.test_lean import into_play

TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("bazar-blot", None),
    ("bazar-blot", {"undertrump": "required"}),
    ("blot-duel", None),
    ("baloot", None),
    ("baloot", {"trump_lead": "over-opponent", "doubled_play": "closed"}),
]


class Hand(list[int]):
    """A hand that notes the cards taken from it, in order, in a log the seats share."""

    def __init__(self, cards: list[int], log: list[int]) -> None:
        super().__init__(cards)
        self.log = log

    def remove(self, c: int) -> None:
        self.log.append(c)
        super().remove(c)

    def pop(self, i: Any = -1) -> int:
        c = super().pop(i)
        self.log.append(c)
        return c


def _sim(game: str, state: Any) -> Any:
    return baloot_sim(state) if game == "baloot" else blot_sim(state)


def _noted(sim: Any) -> list[int]:
    log: list[int] = []
    sim.hands = [Hand(h, log) for h in sim.hands]
    return log


def _replay(state: Any, cards: list[int]) -> Any:
    """The engine's state once `cards` are played from `state`, each one it accepts."""
    for c in cards:
        legal = {a.card: a for a in state.legal_actions()}
        assert BEL_CARD[c] in legal, (BEL_CARD[c], list(legal))
        state = state.apply(legal[BEL_CARD[c]])
    return state


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_thumb_playouts_are_the_stepwise_rule_of_thumb(table: tuple[str, Any]) -> None:
    """From 120 positions of each game (the duty tables filling with the rule of thumb's answers as
    the deals go), the fused playout plays the cards, in order, that the stepwise rule of thumb
    plays, and scores what the engine scores once it plays them."""
    game, options = table
    for seed in range(120):
        rng = random.Random(seed)
        state = into_play(game, options, seed, rng, rng.randrange(24))
        if state is None:
            continue
        fused = _sim(game, state)
        played = _noted(fused)
        fused.play_out()
        step = _sim(game, state)
        cards: list[int] = []
        while step.left:
            c = step.thumb()
            cards.append(c)
            step.play(c)
        assert played == cards, seed
        assert fused.scores() == step.scores() == _replay(state, played).result()["scores"]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_random_playouts_play_by_the_rules(table: tuple[str, Any]) -> None:
    """Random playouts from random positions play only cards the engine accepts, to the hand's end,
    and score what the engine scores."""
    game, options = table
    draws = random.Random(7)
    for seed in range(60):
        rng = random.Random(seed)
        state = into_play(game, options, seed, rng, rng.randrange(24))
        if state is None:
            continue
        sim = _sim(game, state)
        played = _noted(sim)
        sim.play_out(draws.random)
        assert len(played) == sum(len(h) for h in state.hands)
        assert sim.scores() == _replay(state, played).result()["scores"]


def test_random_playouts_draw_the_first_card_uniformly() -> None:
    """Over 8,000 random playouts from one lead, each card of the leader's hand comes first about as
    often as every other (within five standard deviations of a uniform draw)."""
    rng = random.Random(3)
    state = None
    seed = 0
    while state is None or len(state.legal_actions()) < 6:
        seed += 1
        state = into_play("bazar-blot", None, seed, rng, 0)
    legal = [a.card for a in state.legal_actions()]
    counts = dict.fromkeys(legal, 0)
    draws = random.Random(11)
    runs = 8000
    for _ in range(runs):
        sim = blot_sim(state)
        played = _noted(sim)
        sim.play_out(draws.random)
        counts[BEL_CARD[played[0]]] += 1
    p = 1 / len(legal)
    sd = (runs * p * (1 - p)) ** 0.5
    for card, k in counts.items():
        assert abs(k - runs * p) < 5 * sd, (card, k, runs * p)


def _situation(rng: random.Random, n: int) -> tuple[Any, ...] | None:
    """A random position of a card to a trick whose allowed cards are two or more of the hand's
    cards of one suit (a follower's cards of the suit led), with the cards gone and the trick."""
    deck = list(range(32))
    rng.shuffle(deck)
    size = rng.randint(2, 8)
    hand, rest = deck[:size], deck[size:]
    count = rng.randint(1, n - 1)
    trick, rest = rest[:count], rest[count:]
    gone = 0
    for c in [*rest[: rng.randint(0, len(rest))], *trick]:
        gone |= BIT[c]
    legal = tuple(c for c in hand if BEL_SUIT[c] == BEL_SUIT[trick[0]])
    if len(legal) < 2:
        return None
    return legal, sum(BIT[c] for c in hand), trick, gone


@pytest.mark.parametrize("trump", [None, *SUITS], ids=str)
def test_rule_of_thumb_to_a_trick_reads_only_what_the_tables_keep(trump: Any) -> None:
    """With the cards allowed of one suit, `bel_thumb` gives the same card in any two positions
    that agree on those cards, the card winning and whether the partner holds it, whether the card
    is the last to the trick, the hand's and the gone cards of the suits of the winning card and of
    those allowed (so which of them are still out): whatever the hand holds and what has gone in
    the other suits, whose side holds the contract and which other cards are in the trick."""
    t = THUMB_TABLES[trump]
    ti = -1 if trump is None else SUITS.index(trump)
    rng = random.Random(5)
    checked = 0
    while checked < 1500:
        n = rng.choice((2, 4))
        found = _situation(rng, n)
        if found is None:
            continue
        legal, hand, trick, gone = found
        best = trick[0]
        for c in trick[1:]:
            if t.wins[best][c]:
                best = c
        partner = n == 4 and rng.random() < 0.5
        reads = SUIT_MASK[BEL_SUIT[best]] | SUIT_MASK[BEL_SUIT[legal[0]]]
        card = bel_thumb(legal, hand, trick, best, partner, gone, rng.random() < 0.5, n, ti, t)
        # the same position in what the tables keep, every other card placed anew
        others = [c for c in range(32) if not BIT[c] & reads]
        rng.shuffle(others)
        hand2 = (hand & reads) | sum(BIT[c] for c in others[: rng.randint(0, 6)])
        gone2 = (gone & reads) | sum(BIT[c] for c in others[6:] if rng.random() < 0.5)
        trick2 = [best if c == best else rng.choice(others) for c in trick]
        again = bel_thumb(legal, hand2, trick2, best, partner, gone2, rng.random() < 0.5, n, ti, t)
        assert card == again, (legal, best, partner, trick, trick2)
        checked += 1
