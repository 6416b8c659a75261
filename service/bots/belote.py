"""Rules of thumb the Belote games share (Bazar Blot, the duel, Baloot): the card play.

A team game for points: draw trumps while the side holds the contract and some are still out (the
master trump, or the lowest with three or more); cash the side suits' masters (counting what is
out); feed a partner whose card holds (last, a trump, or the master) with a card worth points; when
last, win with the cheapest card that wins, or bank a card worth more that could be caught later (a
ten with the ace out); ruff with the lowest trump that wins, else win with the strongest; duck with
the card worth least when it cannot win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..rules.belote.cards import DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH, card_points
from ..rules.belote.combinations import hand_mask, mask_runs
from ..rules.belote.duties import STRENGTHS
from ..rules.cards import SUITS, Card, Suit, card, suit_of
from ..rules.record import Action
from .knowledge import Knowledge, imagine
from .lean import BEL_INDEX, BIT, BelTables, bel_tables, bel_thumb, suit_index
from .views import BeloteView

PLAIN = {r: i for i, r in enumerate(PLAIN_LOW_TO_HIGH)}
TRUMP = {r: i for i, r in enumerate(TRUMP_LOW_TO_HIGH)}


def strength(c: Card, trump: Suit | None) -> int:
    return TRUMP[c.rank] + 10 if c.suit is trump else PLAIN[c.rank]


def beats(c: Card, best: Card, trump: Suit | None) -> bool:
    if c.suit is best.suit:
        return strength(c, trump) > strength(best, trump)
    return trump is not None and c.suit is trump


def winner_index(trick: Sequence[Card], trump: Suit | None) -> int:
    bi = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[bi], trump):
            bi = i
    return bi


# the rule of thumb's tables under each trump: the rules' strengths and card points
THUMB_TABLES: dict[Suit | None, BelTables] = {
    t: bel_tables(STRENGTHS[t], {c: card_points(c, t) for c in DECK_32}, t) for t in (None, *SUITS)
}


def play_card(st: Any, legal: Sequence[Action], trump: Suit | None, declarer: int | None) -> Action:
    """The card for the seat to act; `declarer` the contract's seat (None if unknown). The rule is
    `lean.bel_thumb`, the one the playouts play, read here from the engine's state."""
    if len(legal) == 1:
        return legal[0]
    seat = st.to_act
    n = len(st.hands)
    cards = [BEL_INDEX[a.card] for a in legal if a.card is not None]
    trick = [BEL_INDEX[c] for c in st.trick]
    best, partner_wins = -1, False
    if trick:
        bi = winner_index(st.trick, trump)
        best = trick[bi]
        partner_wins = n == 4 and (st.leader + bi) % n == (seat + 2) % n
    gone = 0
    for t in st.tricks:
        for c in t.cards:
            gone |= BIT[BEL_INDEX[c]]
    for c in trick:
        gone |= BIT[c]
    hand = 0
    for c in st.hands[seat]:
        hand |= BIT[BEL_INDEX[c]]
    ours = declarer is not None and (declarer % 2 == seat % 2 if n == 4 else declarer == seat)
    tables = THUMB_TABLES[trump]
    c = bel_thumb(cards, hand, trick, best, partner_wins, gone, ours, n, suit_index(trump), tables)
    return legal[cards.index(c)]


def suit_value(hand: Sequence[Card], suit: Suit | None, no_trump_ace: int = 11) -> float:
    """What a hand is worth with `suit` as trumps (None: no trumps), in card points and a bit: the
    points it holds, its trumps' length, its aces."""
    v = 0.0
    for c in hand:
        if suit is None:
            v += no_trump_ace if c.rank == "A" else card_points(c, None)
            if c.rank == "T":
                v += 2
        elif c.suit is suit:
            v += card_points(c, suit) + 8
        else:
            v += card_points(c, suit) if c.rank in "AT" else 0
    return v


def careless(legal: Sequence[Action], pick: Action, roll: float, index: int) -> Action:
    """Easy's slip: a quarter of the time, any legal card instead of the sound one."""
    if len(legal) > 1 and roll < 0.25:
        return legal[index % len(legal)]
    return pick


def team_value(st: Any, seat: int) -> float:
    """The seat's side's score minus the other side's (the duel: the seat's minus the other's)."""
    scores = st.result()["scores"]
    n = len(st.hands)
    mine = seat % 2 if n == 4 else seat
    return float(scores[mine] - scores[1 - mine])


def fit_of(policy_choice: Action, action: Action, sharp: float) -> float:
    """How well a call fits what the rule of thumb would call with this deal's hand."""
    if policy_choice == action:
        return 1.0
    if policy_choice.type == action.type:
        return 0.7 if policy_choice.strain == action.strain else 0.45
    return sharp


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


def trump_voids(view: BeloteView, k: Knowledge) -> Knowledge:
    """`k` with the trump suit among the voids of every seat that discarded (neither followed nor
    trumped) on a trick that held no trump yet and that its partner was not winning: every rule set
    of the family then obliges a trump, so it had none (a deal giving it one was refused by the
    engine, after its whole replay)."""
    c = view.contract
    if c is None or c.strain not in ("S", "H", "D", "C"):
        return k
    trump = suit_of(c.strain)
    assert trump is not None
    voids = [set(v) for v in k.voids]
    n = k.players
    for t in view.every_trick():
        seats = [p.seat for p in t]
        cards = [p.card for p in t]
        if not cards or cards[0].suit is trump:
            continue
        for i in range(1, len(cards)):
            x = cards[i]
            if any(y.suit is trump for y in cards[:i]):
                break  # a trump in the trick: some rule sets let a seat that cannot overtrump discard
            if x.suit is not cards[0].suit and x.suit is not trump:
                held_by = seats[winner_index(cards[:i], trump)]
                if not (n == 4 and held_by == (seats[i] + 2) % 4):
                    voids[seats[i]].add(trump)
    if all(len(a) == len(b) for a, b in zip(voids, k.voids, strict=True)):
        return k
    return replace(k, voids=tuple(frozenset(v) for v in voids))
