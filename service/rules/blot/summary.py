"""What a scorepad summary may say, beyond its shape: the checks no real deal can fail, and the
declarations a table writes down, ranked by the service as it ranks them from a record.

A summary is refused (`invalid_summary`, with the reason) when no deal can produce it: card points
outside what the tricks each side took can hold, in the duel fewer than the 12 points the eight
undealt cards hold at least (or more than their 98 at most), or a side's combinations that no two
hands (one in the duel) of runs and four of a kind add up to. These are necessary conditions, each
derived from the deck: a summary they accept may still be one no deal produces, but no summary of a
real deal is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from ..belote import ranking
from ..belote.cards import DECK_24, DECK_32, LAST_TRICK, NATURAL_LOW_TO_HIGH
from ..belote.holding import Held, shapes_of
from ..belote.ranking import Key, Outcome, Ranked
from ..cards import SUITS, suit_of
from ..errors import Code, InvalidRecord, shown
from ..parse import is_int, read_seat
from .combinations import QUARTET, RUN, Declaration, run_name, run_points
from .options import FIRST_IN_ORDER, QUARTET_VALUES
from .table import card_values

TRICKS = 8
DEAL_POINTS = 162
UNDEALT = 8  # cards the duel leaves undealt
_SUIT_LETTERS = tuple(s.value for s in SUITS)
_QUARTET_RANKS = "9TJQKA"

# One hand's runs: none, one of 3, 4, 5+ (20, 50, 100) or two (3+3, 3+4, 3+5, 4+4: eight cards).
_RUNS = (0, 20, 50, 100, 40, 70, 120)
# One hand's runs beside a four of a kind: its four other cards extend one run through a card of the
# four (to 3, 4 or 5 cards) or make two terzes through two of its cards.
_RUNS_BESIDE_QUARTET = (0, 20, 50, 100, 40)


def _fail(why: str, field: str) -> InvalidRecord:
    return InvalidRecord(Code.INVALID_SUMMARY, why, field=f"summary.{field}")


# ------------------------------------------------------------------ card points against tricks


def check_card_points(
    cp: tuple[int, int], tricks: tuple[int, int], values: Sequence[int], players: int
) -> None:
    """Each side's card points within what its tricks' cards can hold; in the duel the undealt cards'
    points within what eight cards of the deck can hold. `values`: every card's points, this strain."""
    ordered = sorted(values)
    per_trick = players
    for team in (0, 1):
        cards = tricks[team] * per_trick
        low = sum(ordered[:cards])
        high = sum(ordered[len(ordered) - cards :]) + (LAST_TRICK if cards else 0)
        if not low <= cp[team] <= high:
            raise _fail(
                f"team {team} took {tricks[team]} trick(s), {cards} cards holding {low} to {high} points "
                f"with the last trick: not {cp[team]}",
                "card_points",
            )
    if players == 2:
        undealt = DEAL_POINTS - cp[0] - cp[1]
        low, high = sum(ordered[:UNDEALT]), sum(ordered[-UNDEALT:])
        if not low <= undealt <= high:
            raise _fail(
                f"card points total {cp[0] + cp[1]}, leaving {undealt} for the eight undealt cards, which "
                f"hold {low} to {high}",
                "card_points",
            )


def card_point_values(strain: str, players: int) -> list[int]:
    deck = DECK_32 if players == 4 else DECK_24
    table = card_values(strain)
    return [table[c] for c in deck]


# ------------------------------------------------------------------ combination totals


@cache
def hand_totals(quartets: tuple[tuple[str, int], ...]) -> tuple[tuple[frozenset[str], int], ...]:
    """What one hand's combinations can add up to, with the ranks of its four of a kind: runs alone,
    one four of a kind beside runs of its other four cards, or two four of a kind (no run then)."""
    out: set[tuple[frozenset[str], int]] = {(frozenset(), r) for r in _RUNS}
    for rank, v in quartets:
        out |= {(frozenset(rank), v + r) for r in _RUNS_BESIDE_QUARTET}
    for i, (r1, v1) in enumerate(quartets):
        for r2, v2 in quartets[i + 1 :]:
            out.add((frozenset((r1, r2)), v1 + v2))
    return tuple(sorted(out, key=lambda x: (x[1], sorted(x[0]))))


@cache
def side_totals(quartets: tuple[tuple[str, int], ...], hands: int) -> frozenset[int]:
    """What a side's combinations can add up to over its `hands` hands (a rank's four of a kind once)."""
    one = hand_totals(quartets)
    if hands == 1:
        return frozenset(v for _, v in one)
    return frozenset(v1 + v2 for q1, v1 in one for q2, v2 in one if not q1 & q2)


def quartet_values(table: str | None, trump: bool) -> tuple[tuple[str, int], ...]:
    """The four of a kind that count (rank, points); none in the duel (`table` None)."""
    if table is None:
        return ()
    values = QUARTET_VALUES[table][trump]
    return tuple((r, values[r]) for r in _QUARTET_RANKS if values.get(r))


def check_combinations(combos: tuple[int, int], table: str | None, trump: bool, players: int) -> None:
    if combos[0] and combos[1]:
        raise _fail("only the side with the best combination scores its combinations", "combinations")
    possible = side_totals(quartet_values(table, trump), 2 if players == 4 else 1)
    for team in (0, 1):
        if combos[team] not in possible:
            what = "runs of 3, 4, 5+ (20, 50, 100)" + ("" if table is None else " and four of a kind")
            hands = "two hands" if players == 4 else "one hand (four of a kind never counts in the duel)"
            raise _fail(
                f"team {team}'s combinations {combos[team]}: no {hands} of {what} add up to that "
                f"(at most {max(possible)})",
                "combinations",
            )


# ------------------------------------------------------------------ declarations


def _natural(rank: object) -> int:
    return (
        NATURAL_LOW_TO_HIGH.index(rank)
        if isinstance(rank, str) and len(rank) == 1 and rank in NATURAL_LOW_TO_HIGH
        else -1
    )


# What players say of a run: its name, which is its length (a hundred: five cards or more).
RUN_NAMES = {"terz": 3, "fifty": 4, "hundred": 5}


def read_declarations(
    data: object,
    players: int,
    strain: str,
    table: str | None,
    ties: str,
    dealer: int | None,
) -> tuple[int, int]:
    """Each seat's declarations as said at the table (a run: its name, terz, fifty or hundred, or its
    length, with its top rank and suit where the scorepad has them; four of a kind: its rank),
    checked against one another where their cards are known (no card in two places, runs maximal,
    eight cards a hand), ranked as from a record; the points each team scores. A run's top and
    suit are needed only when the sides' best declarations are otherwise equal: the answer says
    which (belote/ranking.py)."""
    if not isinstance(data, list):
        raise _fail("'declarations' lists each seat's runs and four of a kind", "declarations")
    trump = suit_of(strain)
    lowest = 0 if players == 4 else NATURAL_LOW_TO_HIGH.index("9")
    values = dict(quartet_values(table, trump is not None))
    decls: list[list[Declaration]] = [[] for _ in range(players)]
    ranked: list[Ranked] = []
    seats: list[int] = []
    held: dict[str, tuple[int, int]] = {}  # card -> (seat, declaration index)
    runs_by_suit: dict[tuple[int, str], list[tuple[int, int]]] = {}
    room = [Held() for _ in range(players)]
    for i, d in enumerate(data):
        where = f"declarations.{i}"
        if not isinstance(d, Mapping):
            raise _fail("a declaration is {seat, name} or {seat, kind, ...}", where)
        d = {k: v for k, v in d.items() if v is not None}  # null is not given
        seat = read_seat(d.get("seat"), players, f"summary.{where}.seat")
        name = d.get("name")
        kind = d.get("kind", RUN if name is not None else None)
        if name is not None and (name not in RUN_NAMES or kind != RUN):
            raise _fail(f"a declaration's name is terz, fifty or hundred (a run), not {name!r}", where)
        if kind == RUN:
            _only(d, {"seat", "kind", "name", "length", "top", "suit"}, where, "run")
            decl, keys = _run(d, where, seat, lowest, trump.value if trump else None)
            if decl.cards:
                low, top = _natural(decl.cards[0][0]), _natural(decl.cards[-1][0])
                suit = decl.cards[0][1]
                for lo, hi in runs_by_suit.get((seat, suit), []):
                    if low <= hi + 1 and lo - 1 <= top:
                        raise _fail(
                            f"seat {seat}'s runs in {suit} overlap or touch: they would be one longer run",
                            where,
                        )
                runs_by_suit.setdefault((seat, suit), []).append((low, top))
        elif kind == QUARTET:
            _only(d, {"seat", "kind", "rank"}, where, "four of a kind")
            if table is None:
                raise _fail("four of a kind never counts in the duel: it is not declared", where)
            four = d.get("rank")
            if not isinstance(four, str) or not values.get(four):
                worth = ", ".join(values)
                raise _fail(f"four of a kind of {shown(four)} is no combination here (only {worth})", where)
            key = (1, values[four], 0, 0)
            decl = Declaration(seat, QUARTET, tuple(four + s for s in _SUIT_LETTERS), values[four], key)
            keys = (key,)
        else:
            raise _fail(f"a declaration's kind is run or quartet, not {shown(kind)}", where)
        for c in decl.cards:
            other = held.get(c)
            if other is not None and (other[0] != seat or _same_kind(decls, other, decl)):
                raise _fail(
                    f"{c} would be in two places: seat {other[0]}'s declaration and seat {seat}'s", where
                )
            held[c] = (seat, len(decls[seat]))
        decls[seat].append(decl)
        ranked.append(Ranked(i, seat % 2 if players == 4 else seat, keys))
        seats.append(seat)
        room[seat].add(shapes_of((k[0] == 1, 4 if k[0] == 1 else k[1]) for k in keys))
        if room[seat].fewest_cards() > TRICKS or len({c for x in decls[seat] for c in x.cards}) > TRICKS:
            raise _fail(f"seat {seat}'s declarations need more than the eight cards of a hand", where)
    outcome = ranking.rank(ranked)
    if outcome.undecided:
        raise _needs_detail(outcome, seats)
    winner = outcome.team
    if outcome.level and ties == FIRST_IN_ORDER:
        if dealer is None:
            raise _fail(
                "the best combinations of both sides are equal: the first in trick order from the "
                "dealer's left scores; give the summary's dealer",
                "dealer",
            )
        first = (dealer + 1) % players
        winner = min(outcome.level, key=lambda r: (seats[r.index] - first) % players).team
    if winner is None:
        return (0, 0)
    total = sum(
        x.points for s in range(players) if (s % 2 if players == 4 else s) == winner for x in decls[s]
    )
    return (total, 0) if winner == 0 else (0, total)


def _run(
    d: Mapping[str, Any], where: str, seat: int, lowest: int, trump: str | None
) -> tuple[Declaration, tuple[Key, ...]]:
    """A run as declared, and every ranking key it can have with what is not given: (0, length,
    top, 1 when in trumps). Its cards only when its length, top and suit are all given."""
    longest = len(NATURAL_LOW_TO_HIGH) - lowest
    name = d.get("name")
    if name is None and d.get("length") is None:  # its points would be a guess: 20, 50 or 100
        raise _fail("a run needs its name (terz, fifty, hundred) or its length", f"{where}.length")
    length = d.get("length", RUN_NAMES.get(str(name)) if name != "hundred" else None)
    if length is not None and (not is_int(length) or not 3 <= length <= longest):
        raise _fail(f"a run is 3 to {longest} cards long, not {length!r}", where)
    if name is not None and length is not None and run_name(int(length)) != name:
        raise _fail(f"a run of {length} cards is a {run_name(int(length))}, not a {name}", where)
    shortest = 5 if name == "hundred" and length is None else int(length or 3)
    top = d.get("top")
    if top is not None and _natural(top) - shortest + 1 < lowest:
        raise _fail(
            f"no run of {shortest} cards tops at {top!r} (ranks {NATURAL_LOW_TO_HIGH[lowest:]} in natural "
            "order, from the lowest up)",
            where,
        )
    suit = d.get("suit")
    if suit is not None and suit not in _SUIT_LETTERS:
        raise _fail(f"a run's suit is S, H, D or C, not {suit!r}", where)
    lengths = [int(length)] if length is not None else list(range(shortest, longest + 1))
    tops = [_natural(top)] if top is not None else list(range(lowest, len(NATURAL_LOW_TO_HIGH)))
    flags = [int(suit == trump)] if suit is not None else sorted({0, int(trump is not None)})
    keys = tuple((0, n, t, f) for n in lengths for t in tops if t - n + 1 >= lowest for f in flags)
    points = run_points(lengths[0])
    if length is None or top is None or suit is None:
        return Declaration(seat, RUN, (), points, keys[0]), keys
    assert isinstance(length, int) and isinstance(suit, str)
    t = _natural(top)
    cards = tuple(NATURAL_LOW_TO_HIGH[k] + suit for k in range(t - length + 1, t + 1))
    return Declaration(seat, RUN, cards, points, keys[0]), keys


def _needs_detail(outcome: Outcome, seats: list[int]) -> InvalidRecord:
    which = ", ".join(str(seats[r.index]) for r in outcome.undecided)
    need = {1: "length", 2: "top rank"}.get(outcome.part, "suit (a run in trumps beats an equal one)")
    return InvalidRecord(
        Code.INVALID_SUMMARY,
        f"the best combinations of both sides are equal as written (seats {which}): which side scores "
        f"depends on each run's {need}, so give it for these declarations",
        field=f"summary.declarations.{outcome.undecided[0].index}",
        params={"seats": which},
        case="needs_detail",
    )


def _same_kind(decls: list[list[Declaration]], at: tuple[int, int], decl: Declaration) -> bool:
    """A card of one seat in two of its declarations: allowed in a run and a four of a kind, never in
    two runs or twice in the same four of a kind."""
    return decls[at[0]][at[1]].kind == decl.kind


def _only(d: Mapping[str, Any], allowed: Iterable[str], where: str, kind: str) -> None:
    extra = sorted(set(d) - set(allowed))
    if extra:
        raise _fail(f"a {kind} declaration carries no {', '.join(map(str, extra))}", where)
