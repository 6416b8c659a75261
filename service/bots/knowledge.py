"""What one seat knows, read from its view: the cards it saw, the voids the others showed, the
combinations they announced (deals.py draws the imagined deals from it).

Everything here starts from the seat's view (`Game.state` with `seat`, typed by views.py): the seat's
own hand, the cards played, the turned card, the counts of the other hands, the calls, and the
combinations shown. Nothing else is ever read, so a bot cannot peek: two records that give the seat
the same view give it the same knowledge, hence the same imagined deals for the same seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

from ..rules.belote.combinations import hand_mask, mask_runs
from ..rules.cards import Card, Suit, card
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


# -- the combinations a view announces without their cards ---------------------------------------

NATURAL = "789TJQKA"


@dataclass(frozen=True)
class Announced(Knowledge):
    """A seat's knowledge with the combinations the others announced but did not show: for each, the
    seat and every set of cards that could make it (`options`). An imagined deal places one of them
    first (`draw`), so that it holds what was announced: drawn blind, most deals did not (in Baloot
    nine draws in ten were refused for it, and a deal kept after ten refusals did not fit the view)."""

    combos: tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...] = ()
    # seats whose announcements are all in view, with the lengths of the runs they announced (a run
    # of five or more counted as five): a deal gives each exactly those runs
    runs: tuple[tuple[int, tuple[int, ...]], ...] = ()


def _runs_of(length: int, deck: Sequence[Card]) -> list[tuple[Card, ...]]:
    have = set(deck)
    out = []
    for s in "SHDC":
        for lo in range(len(NATURAL) - length + 1):
            cs = tuple(card(NATURAL[i] + s) for i in range(lo, lo + length))
            if all(c in have for c in cs):
                out.append(cs)
    return out


def _quartets_of(ranks: str, deck: Sequence[Card]) -> list[tuple[Card, ...]]:
    have = set(deck)
    out = []
    for r in ranks:
        cs = tuple(card(r + s) for s in "SHDC")
        if all(c in have for c in cs):
            out.append(cs)
    return out


def combination_cards(kind: str, points: int, deck: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of cards that makes an announced combination: Blot's `run` (20, 50, 100: three, four,
    five in a row) and `quartet`; Baloot's `sira`, `fifty`, `hundred` (five in a row, or four tens,
    jacks, queens or kings) and `four-hundred` (four aces)."""
    if kind == "run":
        return _runs_of(3 if points == 20 else 4 if points == 50 else 5, deck)
    if kind == "quartet":
        return _quartets_of("9TJQKA", deck)
    if kind == "sira":
        return _runs_of(3, deck)
    if kind == "fifty":
        return _runs_of(4, deck)
    if kind == "hundred":
        return _runs_of(5, deck) + _quartets_of("TJQK", deck)
    if kind == "four-hundred":
        return _quartets_of("A", deck)
    return []


def announced(
    k: Knowledge,
    hidden_combos: Sequence[tuple[int, str, int]],
    runs: Sequence[tuple[int, Sequence[int]]] = (),
) -> Knowledge:
    """`k` with the combinations (seat, kind, points) announced without their cards: the card sets
    that could make each, given what the seat played and the suits it showed it lacks; and the seats
    whose announcements are all in view, with the lengths of their runs (none: no three in a row)."""
    unknown = set(k.unknown())
    out = []
    for seat, kind, points in hidden_combos:
        if seat == k.seat or not 0 <= seat < k.players:
            continue
        mine = set(k.played[seat]) | (set(k.shown[seat]) if k.shown else set())
        options = tuple(
            cs
            for cs in combination_cards(kind, points, k.deck)
            if all(c in mine or (c in unknown and c.suit not in k.voids[seat]) for c in cs)
            and sum(1 for c in cs if c not in mine) <= k.hidden[seat]
        )
        if options:
            out.append((seat, options))
    exact = tuple((s, tuple(sorted(min(5, x) for x in r))) for s, r in runs if s != k.seat)
    if not out and not exact:
        return k
    return Announced(**{f.name: getattr(k, f.name) for f in fields(Knowledge)}, combos=tuple(out), runs=exact)


def run_lengths(hand: Sequence[Card]) -> tuple[int, ...]:
    """The lengths of the hand's runs of three or more (five or more counted as five), shortest first."""
    return tuple(sorted(min(5, length) for _, length, _ in mask_runs(hand_mask(hand))))
