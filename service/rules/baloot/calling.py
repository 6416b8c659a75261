"""The calling and the doubling of a Baloot hand (Baloot rule book, Calling the hand, Doubling), and the
records they settle: the table (what the deal and the rules fix), the auction and the contract.

Each transition takes the table, the auction and one action already known to be the turn's (the
hand's state checks phase and turn first) and returns a `Step`: the new auction, the phase, the seat
to act, and the eight-card hands once the hand is called (None: the hands do not change). The state
builds its next position from it.

Completing the deal (once the hand is called, before any doubling): starting at the dealer's right
(seat dealer + 1) and going round in the order of play to the dealer, each seat takes its cards from
the top of the stock in one go: three cards, except the buyer, who takes the turned card and two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..belote.combinations import holds_king_and_queen
from ..belote.duties import STRENGTHS
from ..belote.table import BeloteTable
from ..cards import NO_TRUMP, SUITS, Card, Suit, suit_of
from ..errors import Code, IllegalAction
from ..record import Action
from .cardplay import POINTS
from .options import PLAYERS
from .projects import Project, declared
from .scoring import GAHWA_LEVEL, HOKUM, SUN, double_of

CALLING = "calling"
DOUBLING = "doubling"
PLAY = "play"
COMPLETE = "complete"
REDEAL = "redeal"

CALLS = ("hokum", "sun", "pass", "ashkal")
STEPS = ("double", "three", "four", "gahwa")  # the step that takes the level from i + 1 to i + 2

Hands = tuple[tuple[Card, ...], ...]

# Actions are values: the legal ones are built once and shared by every state.
SIMPLE: dict[tuple[int, str], Action] = {
    (seat, kind): Action(seat, kind) for seat in range(PLAYERS) for kind in (*STEPS, "sun", "pass", "ashkal")
}
_HOKUM: dict[tuple[int, str], Action] = {
    (seat, s.value): Action(seat, "hokum", strain=s.value) for seat in range(PLAYERS) for s in SUITS
}


def complete_hands(
    dealt: Sequence[Sequence[Card]], turned: Card, stock: Sequence[Card], first: int, buyer: int
) -> tuple[tuple[Card, ...], ...]:
    """The eight-card hands once the hand is called (see the module doc for the order)."""
    hands = [list(h) for h in dealt]
    i = 0
    for k in range(PLAYERS):
        seat = (first + k) % PLAYERS
        if seat == buyer:
            hands[seat] += [turned, *stock[i : i + 2]]
            i += 2
        else:
            hands[seat] += stock[i : i + 3]
            i += 3
    return tuple(tuple(h) for h in hands)


@dataclass(frozen=True, slots=True)
class Table(BeloteTable):
    """What the deal and the rules fix for the whole hand: the Belote table's (`first` is the
    dealer's right, who speaks first and leads the first trick) and Baloot's calling settings."""

    turned: Card
    ashkal: bool
    late_sun: bool
    doubling: bool
    projects: bool
    closed: bool
    ranking: str
    declarations: str
    over_partner: bool  # on a trump lead, beat even the partner's winning trump (trump_lead)


@dataclass(frozen=True, slots=True)
class Contract:
    seat: int  # the buyer: the seat that takes the turned card
    mode: str  # hokum or sun
    strain: str  # the Hokum trump, NT for Sun
    trump: Suit | None
    level: int  # 1 to 4, gahwa 5

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mode": self.mode, "strain": self.strain, "double": double_of(self.level)}


@dataclass(frozen=True, slots=True)
class Auction:
    """The calling and the doubling: every call so far and what they settled.

    `spoken` counts the calls of the current round; `pending` is the seat of a round-one Hokum still
    open to a Sun; `confirm` is the Hokum caller's late-Sun turn; `speakers` the seats still to answer
    the current doubling step. Once the contract is known, `hands` (eight cards a seat, as dealt),
    `projects` and `baloot` (the seat holding king and queen of trumps) are fixed too."""

    calls: tuple[Action, ...] = ()
    round: int = 1
    spoken: int = 0
    pending: int | None = None
    confirm: bool = False
    contract: Contract | None = None
    speakers: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    projects: tuple[Project, ...] = ()
    baloot: int | None = None
    locked: bool = False  # closed doubled play: no trump lead while holding another suit
    trump: Suit | None = None  # the contract's trump suit (None in Sun and before the contract)
    # The trump's tables, shared by every state of the play: each card's strength in a trick and its
    # card points (derived from `trump`, so left out of equality).
    strength: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)
    values: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)


# The hot path builds these records without the frozen dataclass __init__ (as the state does).
_new = object.__new__
(_set_a_calls, _set_a_round, _set_a_spoken, _set_a_pending, _set_a_confirm, _set_a_contract,
 _set_a_speakers, _set_a_hands, _set_a_projects, _set_a_baloot, _set_a_locked, _set_a_trump,
 _set_a_strength, _set_a_values) = (Auction.__dict__[f.name].__set__ for f in fields(Auction))  # fmt: skip
_NO_TRUMP_TABLES = (STRENGTHS[None], POINTS[None])


def _auction(
    calls: tuple[Action, ...],
    round: int,
    spoken: int,
    pending: int | None,
    confirm: bool,
    contract: Contract | None,
    speakers: tuple[int, ...],
    hands: tuple[tuple[Card, ...], ...],
    projects: tuple[Project, ...],
    baloot: int | None,
    locked: bool,
    trump: Suit | None,
) -> Auction:
    """Auction(...) without the frozen dataclass __init__; the trump's tables come with its trump."""
    a: Auction = _new(Auction)
    _set_a_calls(a, calls)
    _set_a_round(a, round)
    _set_a_spoken(a, spoken)
    _set_a_pending(a, pending)
    _set_a_confirm(a, confirm)
    _set_a_contract(a, contract)
    _set_a_speakers(a, speakers)
    _set_a_hands(a, hands)
    _set_a_projects(a, projects)
    _set_a_baloot(a, baloot)
    _set_a_locked(a, locked)
    _set_a_trump(a, trump)
    if trump is None:
        strength, values = _NO_TRUMP_TABLES
    else:
        strength, values = STRENGTHS[trump], POINTS[trump]
    _set_a_strength(a, strength)
    _set_a_values(a, values)
    return a


def calling_auction(
    calls: tuple[Action, ...], round: int, spoken: int, pending: int | None, confirm: bool = False
) -> Auction:
    """An auction of the calling (no contract yet): Auction(calls, round, spoken, pending, confirm)."""
    return _auction(calls, round, spoken, pending, confirm, None, (), (), (), None, False, None)


_set_c_seat, _set_c_mode, _set_c_strain, _set_c_trump, _set_c_level = (
    Contract.__dict__[f.name].__set__ for f in fields(Contract)
)


def _contract(seat: int, mode: str, strain: str, trump: Suit | None, level: int) -> Contract:
    """Contract(...) without the frozen dataclass __init__."""
    c: Contract = _new(Contract)
    _set_c_seat(c, seat)
    _set_c_mode(c, mode)
    _set_c_strain(c, strain)
    _set_c_trump(c, trump)
    _set_c_level(c, level)
    return c


Step = tuple[Auction, str, int | None, Hands | None]  # auction, phase, to act, new hands (None: same)


def call(t: Table, a: Auction, action: Action) -> Step:
    """A call of the calling phase (hokum, sun, pass, ashkal) by the seat to speak."""
    seat = action.seat
    kind = action.type
    calls = (*a.calls, action)
    if kind == "sun":
        return settle(t, a, calls, seat, SUN, NO_TRUMP)
    if kind == "ashkal":
        if not t.ashkal:
            raise IllegalAction(
                Code.CALL_NOT_ALLOWED, "Ashkal is not played under these rules", case="ashkal_off"
            )
        if a.round != 1 or a.confirm or (seat - t.first) % PLAYERS < 2:
            raise IllegalAction(
                Code.CALL_NOT_ALLOWED,
                "Ashkal is open only in round one, to the third and fourth speakers "
                f"(seats {(t.first + 2) % PLAYERS} and {(t.first + 3) % PLAYERS})",
                params={"seat": seat, "third": (t.first + 2) % PLAYERS, "fourth": (t.first + 3) % PLAYERS},
                case="ashkal",
            )
        return settle(t, a, calls, (seat + 2) % PLAYERS, SUN, NO_TRUMP)
    if a.confirm:  # the Hokum caller's late Sun: only sun or pass (keep the Hokum)
        if kind == "pass":
            assert a.pending is not None
            return settle(t, a, calls, a.pending, HOKUM, t.turned.suit.value)
        raise IllegalAction(
            Code.CALL_NOT_ALLOWED,
            f"seat {seat} may turn its Hokum into Sun or pass (keep the Hokum)",
            params={"seat": seat},
            case="confirm",
        )
    if kind == "hokum":
        strain = action.strain
        turned = t.turned.suit.value
        if a.round == 1:
            if strain != turned:
                raise IllegalAction(
                    Code.INVALID_TRUMP,
                    f"Hokum {strain or 'without a strain'}: in round one the only Hokum is in the "
                    f"turned card's suit, {turned}",
                    params={"strain": strain, "turned": turned},
                    case="round_one",
                )
            if a.pending is not None:
                raise IllegalAction(
                    Code.CALL_NOT_ALLOWED,
                    f"seat {a.pending} already called Hokum: pass or call Sun",
                    params={"seat": seat, "caller": a.pending},
                    case="hokum_called",
                )
            return _spoken(t, a, calls, seat)
        if strain not in ("S", "H", "D", "C") or strain == turned:
            raise IllegalAction(
                Code.INVALID_TRUMP,
                f"Hokum {strain or 'without a strain'}: in round two Hokum is in any suit but the "
                f"turned one, {turned}",
                params={"strain": strain, "turned": turned},
                case="round_two",
            )
        return settle(t, a, calls, seat, HOKUM, strain)
    return _spoken(t, a, calls, a.pending)  # a pass


def _spoken(t: Table, a: Auction, calls: tuple[Action, ...], pending: int | None) -> Step:
    """One more call of the round that settles nothing; the round may end with it."""
    spoken = a.spoken + 1
    if spoken < PLAYERS:
        return calling_auction(calls, a.round, spoken, pending), CALLING, (t.first + spoken) % PLAYERS, None
    if pending is not None:  # round one closes on its Hokum
        if t.late_sun:
            return calling_auction(calls, 1, spoken, pending, True), CALLING, pending, None
        return settle(t, a, calls, pending, HOKUM, t.turned.suit.value)
    if a.round == 1:
        return calling_auction(calls, 2, 0, None), CALLING, t.first, None
    return calling_auction(calls, 2, spoken, None), REDEAL, None, None


def settle(t: Table, a: Auction, calls: tuple[Action, ...], buyer: int, mode: str, strain: str) -> Step:
    """The hand is called: complete the deal, find the projects, open the doubling or the play."""
    trump = suit_of(strain)
    contract = _contract(buyer, mode, strain, trump, 1)
    hands = complete_hands(t.dealt, t.turned, t.stock, t.first, buyer)
    projects = declared(hands, mode == SUN, t.ranking, t.declarations) if t.projects else ()
    baloot = None
    if trump is not None:
        for s, h in enumerate(hands):
            if holds_king_and_queen(h, trump):
                baloot = s
    if mode == HOKUM and t.doubling:
        speakers = ((buyer + 1) % PLAYERS, (buyer + 3) % PLAYERS)
        auction = _auction(
            calls, a.round, a.spoken, None, False, contract, speakers, hands, projects, baloot, False, trump
        )
        return auction, DOUBLING, speakers[0], hands
    auction = _auction(
        calls, a.round, a.spoken, None, False, contract, (), hands, projects, baloot, False, trump
    )
    return auction, PLAY, t.first, hands


def double(t: Table, a: Auction, action: Action) -> Step:
    """The next doubling step (double, three, four, gahwa) by the seat to answer."""
    seat = action.seat
    contract = a.contract
    assert contract is not None
    expected = STEPS[contract.level - 1]
    if action.type != expected:
        raise IllegalAction(
            Code.DOUBLE_NOT_ALLOWED,
            f"the hand stands at {double_of(contract.level)}: seat {seat} may say {expected} or pass",
            params={"seat": seat, "step": expected},
            case="step",
        )
    level = contract.level + 1
    raised = _contract(contract.seat, contract.mode, contract.strain, contract.trump, level)
    calls = (*a.calls, action)
    if level == GAHWA_LEVEL:
        return _play_on(t, a, calls, raised)
    speakers = ((seat + 1) % PLAYERS, (seat + 3) % PLAYERS)
    auction = _auction(
        calls, a.round, a.spoken, None, False, raised, speakers, a.hands, a.projects, a.baloot, False, a.trump
    )
    return auction, DOUBLING, speakers[0], None


def pass_doubling(t: Table, a: Auction, action: Action) -> Step:
    """A pass in the doubling: two in a row close it."""
    calls = (*a.calls, action)
    rest = a.speakers[1:]
    assert a.contract is not None
    if not rest:
        return _play_on(t, a, calls, a.contract)
    auction = _auction(
        calls, a.round, a.spoken, None, False, a.contract, rest, a.hands, a.projects, a.baloot, False, a.trump
    )
    return auction, DOUBLING, rest[0], None


def _play_on(t: Table, a: Auction, calls: tuple[Action, ...], contract: Contract) -> Step:
    locked = t.closed and 1 < contract.level < GAHWA_LEVEL  # gahwa is always open
    auction = _auction(
        calls, a.round, a.spoken, None, False, contract, (), a.hands, a.projects, a.baloot, locked, a.trump
    )
    return auction, PLAY, t.first, None


# The calling's and the doubling's legal actions depend on a few small values (the seat, the round,
# a pending Hokum, the late-Sun turn, the turned suit, Ashkal and the first seat), so each tuple is
# built once; the key space is finite (at most 4 x 2 x 2 x 2 x 4 x 2 x 4 entries).
_CALLING_MEMO: dict[tuple[Any, ...], tuple[Action, ...]] = {}
DOUBLING_ACTIONS: tuple[tuple[tuple[Action, Action], ...], ...] = tuple(
    tuple((SIMPLE[(seat, "pass")], SIMPLE[(seat, step)]) for step in STEPS) for seat in range(PLAYERS)
)


def calling_actions(t: Table, a: Auction, seat: int) -> tuple[Action, ...]:
    """The calls open to `seat`, the seat to speak."""
    key = (seat, a.round, a.pending is None, a.confirm, t.turned.suit.value, t.ashkal, t.first)
    found = _CALLING_MEMO.get(key)
    if found is None:
        found = _CALLING_MEMO[key] = _calling_actions(t, a, seat)
    return found


def _calling_actions(t: Table, a: Auction, seat: int) -> tuple[Action, ...]:
    if a.confirm:
        return (SIMPLE[(seat, "pass")], SIMPLE[(seat, "sun")])
    turned = t.turned.suit.value
    out = [SIMPLE[(seat, "pass")]]
    if a.round == 1:
        if a.pending is None:
            out.append(_HOKUM[(seat, turned)])
    else:
        out.extend(_HOKUM[(seat, s.value)] for s in SUITS if s.value != turned)
    out.append(SIMPLE[(seat, "sun")])
    if t.ashkal and a.round == 1 and (seat - t.first) % PLAYERS >= 2:
        out.append(SIMPLE[(seat, "ashkal")])
    return tuple(out)
