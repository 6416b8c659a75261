"""What one seat knows, read from its view, and the imagined deals drawn from it.

Everything here starts from the seat's view (`Game.state` with `seat`, typed by views.py): the seat's
own hand, the cards played, the turned card, the counts of the other hands, the calls, and the
combinations shown. Nothing else is ever read, so a bot cannot peek: two records that give the seat
the same view give it the same knowledge, hence the same imagined deals for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..rules.cards import Card, Suit
from .views import SeatView


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the deal: the known cards, and the hidden places to fill.

    `hidden[s]` is how many unknown cards seat s holds now (0 for the seat itself, unless its own
    hand is hidden, as on a blind 1-card round); `extra` counts unknown cards outside the hands (the
    stock, a turned card not shown). `voids[s]` are the suits seat s showed it no longer holds (it
    did not follow them); `shown[s]` the cards seat s showed in a combination and has not played.
    """

    players: int
    seat: int
    deck: tuple[Card, ...]
    mine: tuple[Card, ...]
    played: tuple[tuple[Card, ...], ...]  # by seat, in the order played
    public: frozenset[Card]  # cards seen outside any hand (a turned card in view)
    hidden: tuple[int, ...]
    extra: int
    voids: tuple[frozenset[Suit], ...]
    shown: tuple[frozenset[Card], ...] = field(default=())

    def unknown(self) -> list[Card]:
        seen = set(self.mine) | set(self.public)
        for p in self.played:
            seen.update(p)
        for s in self.shown:
            seen.update(s)
        return [c for c in self.deck if c not in seen]

    def holding(self, seat: int, c: Card) -> Knowledge:
        """This knowledge with `c` known to be among `seat`'s hidden cards (a taker holds the turned
        card it took): shown, and one hidden place fewer to imagine."""
        shown = [set(s) for s in self.shown] or [set() for _ in range(self.players)]
        shown[seat].add(c)
        hidden = list(self.hidden)
        hidden[seat] -= 1
        return replace(self, shown=tuple(frozenset(s) for s in shown), hidden=tuple(hidden))

    def hands(self, hidden: Sequence[Sequence[Card]]) -> list[list[Card]]:
        """Each seat's whole dealt hand in an imagined deal: the cards it played, then its own hand
        (the seat's, when it sees it) or the imagined cards."""
        return [
            list(self.played[s])
            + (list(self.mine) if s == self.seat and self.hidden[s] == 0 else list(hidden[s]))
            for s in range(self.players)
        ]


def plays_of(view: SeatView) -> list[tuple[int, Card]]:
    """Every card played so far, in order, with its seat."""
    return [(p.seat, p.card) for p in view.plays()]


def voids_of(view: SeatView, players: int) -> list[set[Suit]]:
    """Suits each seat showed it lacks: it played another suit on a trick led in that suit."""
    voids: list[set[Suit]] = [set() for _ in range(players)]
    for t in view.every_trick():
        if not t:
            continue
        led = t[0].card.suit
        for p in t[1:]:
            if p.card.suit is not led:
                voids[p.seat].add(led)
    return voids


def knowledge(
    view: SeatView, seat: int, deck: tuple[Card, ...], extra: int, public: Sequence[Card]
) -> Knowledge:
    n = view.players
    own = view.mine
    mine = own if own is not None else ()
    played: list[list[Card]] = [[] for _ in range(n)]
    for s, c in plays_of(view):
        played[s].append(c)
    counts = view.hand_counts
    hidden = tuple(0 if (s == seat and own is not None) else counts[s] for s in range(n))
    shown: list[set[Card]] = [set() for _ in range(n)]
    gone = {c for p in played for c in p}
    for d in view.declarations:
        if d.cards is not None and d.seat != seat and 0 <= d.seat < n:
            shown[d.seat].update(c for c in d.cards if c not in gone)
    hidden = tuple(h - len(shown[s]) for s, h in enumerate(hidden))
    return Knowledge(
        n,
        seat,
        deck,
        mine,
        tuple(tuple(p) for p in played),
        frozenset(public),
        hidden,
        extra,
        tuple(frozenset(v) for v in voids_of(view, n)),
        tuple(frozenset(s) for s in shown),
    )


# the last knowledge drawn from, with its unknown cards and the order its seats are filled in: a
# search draws hundreds of deals from one knowledge, and both cost more than the draw itself (one
# entry, replaced whole, so threads sharing it at worst recompute)
_PREPARED: tuple[Knowledge | None, tuple[Card, ...], tuple[int, ...]] = (None, (), ())


def _prepared(k: Knowledge) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    global _PREPARED
    last = _PREPARED
    if last[0] is k:
        return last[1], last[2]
    pool = k.unknown()
    # the most constrained seats first: fewest cards they may hold per card they need
    order = sorted(
        (s for s in range(k.players) if k.hidden[s] > 0),
        key=lambda s: (sum(1 for c in pool if c.suit not in k.voids[s]) - k.hidden[s], s),
    )
    _PREPARED = (k, tuple(pool), tuple(order))
    return _PREPARED[1], _PREPARED[2]


def imagine(k: Knowledge, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    """One deal of the unknown cards: each seat's hidden cards (voids respected, its shown cards
    included) and the cards outside the hands, in a random order. None if the draw got stuck (the
    caller draws again)."""
    unknown, order = _prepared(k)
    pool = list(unknown)
    rng.shuffle(pool)
    hands: list[list[Card]] = [
        sorted(k.shown[s], key=k.deck.index) if k.shown else [] for s in range(k.players)
    ]
    for s in order:
        need = k.hidden[s]
        taken: list[Card] = []
        rest: list[Card] = []
        for c in pool:
            if len(taken) < need and c.suit not in k.voids[s]:
                taken.append(c)
            else:
                rest.append(c)
        if len(taken) < need:
            return None
        hands[s].extend(taken)
        pool = rest
    if len(pool) < k.extra:
        return None
    return hands, pool[: k.extra]
