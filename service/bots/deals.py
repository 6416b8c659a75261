"""Imagined deals: drawn from what a seat knows, replayed to the view's position, kept by weight.

Every deal a bot imagines comes from here: `imagine` fills the hidden places with the unknown cards
(voids and shown cards respected), `draw` first places a card set for each combination a seat
announced without showing it, `world` replays a draw through the family's engine until the deal's
view for the seat is the one given, and `keep` takes the deals a search uses by their weights.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..rules.cards import Card
from ..rules.errors import RuleError
from ..rules.profile import Rules
from ..rules.record import Action
from .knowledge import Announced, Knowledge, run_lengths
from .lean import deal_cards, suit_index
from .views import SeatView

if TYPE_CHECKING:
    from .core import Family


class Position(Protocol):
    """What the search reads of a family engine's hand state: its phase, the seat to act, the state
    an action leads to, and a seat's view of it (every family's state answers these under these
    names)."""

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int | None: ...

    def apply(self, action: Action) -> Position: ...

    def view(self, seat: int | None = None) -> Mapping[str, Any]: ...


def acting(st: Position) -> int:
    """The seat to act: a bot is asked only where one is (a finished hand has none)."""
    seat = st.to_act
    if seat is None:
        raise ValueError("no seat is to act")
    return seat


class Prepared(NamedTuple):
    """What every draw from one knowledge shares (`_prepared`)."""

    unknown: tuple[Card, ...]  # the cards to place, in a fixed order
    order: tuple[int, ...]  # the seats with hidden places, in the order they are filled
    suits: list[int]  # each unknown card's suit (`lean.suit_index`)
    need: list[int]  # each of those seats' hidden places
    voids: list[int]  # each of those seats' voids, a bit per suit


# a call or card of an imagined deal's replay, with the position it was made from (weighed by Hard)
Made = tuple[Position, Action]


# the last knowledge drawn from, with its unknown cards, the order its seats are filled in, and what
# `lean.deal_cards` reads of them (each unknown card's suit, each seat's places and voids in that
# order): a search draws hundreds of deals from one knowledge, and these cost more than the draw
# itself (one entry, replaced whole, so threads sharing it at worst recompute)
_NOTHING = Prepared((), (), [], [], [])
_PREPARED: tuple[Knowledge | None, Prepared] = (None, _NOTHING)


def _prepared(k: Knowledge) -> Prepared:
    global _PREPARED
    last = _PREPARED
    if last[0] is k:
        return last[1]
    pool = k.unknown()
    # the most constrained seats first: fewest cards they may hold per card they need
    order = sorted(
        (s for s in range(k.players) if k.hidden[s] > 0),
        key=lambda s: (sum(1 for c in pool if c.suit not in k.voids[s]) - k.hidden[s], s),
    )
    prepared = Prepared(
        tuple(pool),
        tuple(order),
        [suit_index(c.suit) for c in pool],
        [k.hidden[s] for s in order],
        [sum(1 << suit_index(v) for v in k.voids[s]) for s in order],
    )
    _PREPARED = (k, prepared)
    return prepared


def imagine(k: Knowledge, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    """One deal of the unknown cards: each seat's hidden cards (voids respected, its shown cards
    included) and the cards outside the hands, in a random order. None if the draw got stuck (the
    caller draws again). The draw itself is `lean.deal_cards`, compiled with the simulators."""
    p = _prepared(k)
    dealt = deal_cards(p.unknown, p.suits, p.need, p.voids, rng.getrandbits)
    if dealt is None:
        return None
    rest = dealt[-1]
    if len(rest) < k.extra:
        return None
    hands: list[list[Card]] = [[] for _ in range(k.players)]
    for s, taken in zip(p.order, dealt, strict=False):
        hands[s] = taken
    if k.shown:  # a seat's shown cards first, in the deck's order
        hands = [sorted(k.shown[s], key=k.deck.index) + hands[s] for s in range(k.players)]
    return hands, rest[: k.extra]


def draw(k: Knowledge, rng: random.Random, tries: int = 12) -> tuple[list[list[Card]], list[Card]] | None:
    """An imagined deal in which every announced combination is held (one of its card sets placed
    among its seat's hidden cards first, chosen at random among those still possible, the rest drawn
    as `imagine` draws) and every seat whose announcements are in view holds exactly the runs it
    announced (a draw that does not is drawn again here, before the engine replays it: after `tries`,
    the last draw). The engine's own view check still refuses a deal whose combinations differ in
    what this does not check (a quartet)."""
    if not isinstance(k, Announced):
        return imagine(k, rng)
    last = None
    for _ in range(tries):
        found = _place(k, rng)
        if found is None:
            continue
        if all(run_lengths([*k.played[s], *found[0][s]]) == r for s, r in k.runs):
            return found
        last = found
    return last


def _place(a: Announced, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    k: Knowledge = a
    if a.combos:
        taken: set[Card] = set()
        for seat, options in a.combos:
            mine = set(k.played[seat]) | (set(k.shown[seat]) if k.shown else set())
            free = k.hidden[seat]
            fits = [
                cs
                for cs in options
                if not any(c in taken for c in cs if c not in mine)
                and sum(1 for c in cs if c not in mine) <= free
            ]
            if not fits:
                continue
            for c in fits[rng.randrange(len(fits))]:
                if c not in mine:
                    k = k.holding(seat, c)
                    taken.add(c)
    return imagine(k, rng)


def world(
    fam: Family[Any, Any],
    view: SeatView,
    seat: int,
    rules: Rules,
    k: Knowledge,
    rng: random.Random,
    infer: bool,
    tries: int = 30,
    tally: list[int] | None = None,
    deadline: float = math.inf,
) -> tuple[Position, list[Made]] | None:
    """One imagined deal replayed to the view's position, whose view for `seat` is the one given.
    After `tries` draws, the last deal the rules accept is used even if its view differs (a
    combination announced but not matched by any draw); past the `deadline` (a perf_counter time),
    no further draw is tried."""
    fallback: tuple[Position, list[Made]] | None = None
    draw = fam.draw or imagine
    for i in range(tries):
        if i and time.perf_counter() > deadline:
            break
        drawn = draw(k, rng)
        if drawn is None:
            continue
        calls: list[Made] | None = [] if infer else None
        if tally is not None:
            tally[0] += 1
        try:
            st = fam.build(view, seat, rules, k, drawn[0], drawn[1], rng, calls)
        except RuleError:
            continue
        if same_view(st.view(seat), view.json):
            return st, calls or []
        fallback = (st, calls or [])
    return fallback


def same_view(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    for key, v in b.items():
        if key in ("rules", "legal_actions", "bid_range"):
            continue
        w = a.get(key)
        if key == "hands":
            if [sorted(h) if h is not None else None for h in w or ()] != [
                sorted(h) if h is not None else None for h in v or ()
            ]:
                return False
        elif w != v:
            return False
    return True


def keep(drawn: list[tuple[Any, float]], n: int, rng: random.Random) -> list[Any]:
    """`n` of the deals drawn, by weight without replacement: each pick draws u x the weight left
    and takes the first deal, in the order drawn, whose running sum of the weights left reaches it.
    The running sums live in a Fenwick tree, so a pick costs log time: summing the deals left for
    every pick cost n x drawn, a tenth of a move's time once the lean deals let Hard keep hundreds."""
    size = len(drawn)
    tree = [0.0] * (size + 1)
    for i, (_, w) in enumerate(drawn, 1):
        j = i
        while j <= size:
            tree[j] += w
            j += j & -j
    taken = [False] * size
    total = sum(w for _, w in drawn)
    top = 1 << (size.bit_length() - 1) if size else 0
    kept: list[Any] = []
    while len(kept) < min(n, size):
        r = rng.random() * total
        pos, rest, step = 0, r, top
        while step:
            nxt = pos + step
            if nxt <= size and tree[nxt] < rest:
                pos = nxt
                rest -= tree[nxt]
            step >>= 1
        if pos >= size or taken[pos]:  # r at the very top (rounding): the last deal left
            pos = max(i for i in range(size) if not taken[i])
        taken[pos] = True
        w = drawn[pos][1]
        total -= w
        j = pos + 1
        while j <= size:
            tree[j] -= w
            j += j & -j
        kept.append(drawn[pos][0])
    return kept
