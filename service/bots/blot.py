"""What a bot knows about Bazar Blot and the duel.

The deal is rebuilt from the view (the duel's: five cards each, the turned card, the stock in the
order the deal completes from it) and replayed through the engine with the view's calls and cards.
Calls by thumb: a strain is worth the hand's points in it; bid the lowest open bid in the best strain
when the hand covers it (a bid is about a tenth of the side's points); take or name in the duel when
the strain carries the hand. Contra and recontra only at Hard and Crazy, as imagined alternatives.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from ..rules.belote.cards import DECK_24, DECK_32
from ..rules.blot.state import BlotState
from ..rules.cards import Card, Suit, suit_of
from ..rules.game import Game
from ..rules.profile import Rules
from ..rules.record import Action, HandRecord
from ..rules.registry import GAMES
from .belote import careless, fit_of, play_card, suit_value, team_value, trump_voids
from .core import Family, Level
from .deals import Made, acting, draw
from .knowledge import Knowledge, announced, knowledge
from .lean import blot_playout
from .views import BeloteView, belote_view

TERMINAL = ("complete", "redeal")
STRAINS = ("S", "H", "D", "C", "NT")


def know(view: BeloteView, seat: int, rules: Rules) -> Knowledge:
    if view.players != 2:
        k = trump_voids(view, knowledge(view, seat, DECK_32, 0, []))
        return announced(k, hidden_combinations(view), announced_runs(view, k))
    turned = view.turned
    assert turned is not None  # the duel's view shows its turned card
    k = knowledge(view, seat, DECK_24, view.stock_count, [turned])
    c = view.contract
    if c is not None and c.seat != seat and turned not in k.played[c.seat]:
        k = k.holding(c.seat, turned)  # the taker holds the turned card
    k = trump_voids(view, k)
    return announced(k, hidden_combinations(view), announced_runs(view, k))


def announced_runs(view: BeloteView, k: Knowledge) -> list[tuple[int, list[int]]]:
    """The seats that played a card (all their combinations are announced with it) and the lengths of
    the runs they announced (20, 50, 100 points: three, four, five or more)."""
    if view.announcements is None:
        return []
    out: list[tuple[int, list[int]]] = [(s, []) for s in range(k.players) if k.played[s]]
    for a in view.announcements:
        if a.kind == "run":
            for s, r in out:
                if s == a.seat:
                    r.append(3 if a.points == 20 else 4 if a.points == 50 else 5)
    return out


def hidden_combinations(view: BeloteView) -> list[tuple[int, str, int]]:
    """The combinations announced (with a seat's first card) whose cards the view does not show: all
    of them but the scoring side's, which the declarations show once the first trick is complete."""
    shown = [(d.seat, d.kind, d.points) for d in view.declarations if d.cards and d.kind != "blot"]
    out: list[tuple[int, str, int]] = []
    for a in view.announcements or ():
        key = (a.seat, a.kind, a.points)
        if key in shown:
            shown.remove(key)
        elif a.kind is not None:
            out.append((a.seat, a.kind, a.points))
    return out


def _calls_and_plays(view: BeloteView) -> list[Action]:
    return [*view.calls, *(Action(p.seat, "play", card=p.card) for p in view.plays())]


def build(
    view: BeloteView,
    seat: int,
    rules: Rules,
    k: Knowledge,
    hidden: list[list[Card]],
    extra: list[Card],
    rng: random.Random,
    fit: list[Made] | None,
) -> BlotState:
    n = k.players
    final = k.hands(hidden)
    if n == 4:
        record = HandRecord(view.dealer, tuple(tuple(h) for h in final))
    else:
        turned = view.turned
        assert turned is not None  # the duel's view shows its turned card
        dealer = view.dealer
        if view.contract is None:
            record = HandRecord(dealer, tuple(tuple(h) for h in final), (), turned, tuple(extra))
        else:
            dealt: list[tuple[Card, ...]] = []
            adds: list[list[Card]] = []
            for s in range(2):
                h = [x for x in final[s] if x is not turned]
                dealt.append(tuple(h[:5]))
                adds.append(h[5:])
            first = 1 - dealer
            stock = adds[first] + adds[1 - first] + extra
            record = HandRecord(dealer, tuple(dealt), (), turned, tuple(stock))
    st = GAMES[rules.game].start(rules, record)
    if not isinstance(st, BlotState):
        raise TypeError(rules.game)
    for a in _calls_and_plays(view):
        if fit is not None and a.seat != seat:
            fit.append((st, a))
        st = st.apply(a)
    return st


def _trump(st: BlotState) -> Suit | None:
    c = st.contract
    return suit_of(c.strain) if c is not None else None


_BIDS_MEMO: dict[int, tuple[Sequence[Action], dict[str, list[Action]]]] = {}


def bids_by_strain(legal: Sequence[Action]) -> dict[str, list[Action]]:
    """The open (non-capot) bids of each strain, lowest first. The engine shares its tuples of legal
    calls between states, so the answer is kept per tuple (checked by identity, never by value)."""
    found = _BIDS_MEMO.get(id(legal))
    if found is not None and found[0] is legal:
        return found[1]
    out: dict[str, list[Action]] = {}
    for a in legal:
        if a.type == "bid" and not a.capot and a.value is not None and a.strain is not None:
            out.setdefault(a.strain, []).append(a)
    for v in out.values():
        v.sort(key=lambda a: a.value or 0)
    if len(_BIDS_MEMO) > 4096:
        _BIDS_MEMO.clear()
    _BIDS_MEMO[id(legal)] = (legal, out)
    return out


# what a side counts towards its contract, as a line of the bidder's `suit_value`, less a margin for
# the spread (about 40 points): `python -m bench.estimate` over 100 deals, every seat holding every
# strain's contract, the cards by the rule of thumb. Trumps: 0.92 x value + 53, margin 25 (the bids
# it makes are made 78 % of the time, +1.9 game points a contract); no trumps: 0.97 x value + 54,
# margin 20 (77 %, +3.6). The estimate before (1.25 x value + 45, the whole mean) was made 41 % of
# the time, -8.6 game points a contract: every playout's bidder overbid by it.
LINE = {False: (0.92, 53.0 - 25.0), True: (0.97, 54.0 - 20.0)}


def estimate(hand: Sequence[Card], strain: str) -> float:
    """The highest bid the hand makes often enough with `strain` as the contract, in bid units (a
    tenth of the points the side counts towards it)."""
    a, b = LINE[strain == "NT"]
    return (suit_value(hand, suit_of(strain), 19) * a + b) / 10.0


def _auction(st: BlotState, legal: Sequence[Action]) -> Action:
    """Bid the hand's worth at once in its best strain (the highest open bid it covers), else pass."""
    seat = acting(st)
    hand = st.hands[seat]
    pass_ = next((a for a in legal if a.type in ("pass", "keep") and a.seat == seat), None)
    c = st.contract
    if c is not None and c.seat % 2 == seat % 2 and pass_ is not None:
        return pass_  # the side holds the contract: no raising itself
    best: Action | None = None
    best_margin = 0.0
    for s, bids in bids_by_strain(legal).items():
        est = estimate(hand, s)
        margin = est - float(bids[0].value or 0)
        if margin > best_margin:
            covered = [a for a in bids if (a.value or 0) <= est]
            best, best_margin = covered[-1], margin
    if best is not None:
        return best
    return pass_ if pass_ is not None else legal[0]


def _duel_call(st: BlotState, legal: Sequence[Action]) -> Action:
    seat = acting(st)
    hand = st.hands[seat]
    turned = st.table.turned
    if turned is None:
        raise ValueError("the duel's calls follow a turned card")
    takes = [a for a in legal if a.type == "take"]
    if takes:
        v = suit_value([*hand, turned], turned.suit)
        return takes[0] if v >= 48 else next(a for a in legal if a.type == "pass")
    names = [a for a in legal if a.type == "name"]
    if names:
        best = max(names, key=lambda a: suit_value(hand, suit_of(a.strain or "NT")))
        pass_ = next((a for a in legal if a.type == "pass"), None)
        if pass_ is None or suit_value(hand, suit_of(best.strain or "NT")) >= 40:
            return best
        return pass_
    return legal[0]


def policy(st: BlotState) -> Action:
    legal = st.legal_actions()
    if st.phase == "play":
        c = st.contract
        return play_card(st, legal, _trump(st), c.seat if c is not None else None)
    if st.phase == "auction":
        return _auction(st, legal)
    return _duel_call(st, legal)


def easy(st: BlotState, rng: random.Random) -> Action:
    seat = st.to_act
    legal: list[Action] = [a for a in st.legal_actions() if a.seat == seat]
    pick = policy(st)
    if st.phase == "play":
        return careless(legal, pick, rng.random(), rng.randrange(64))
    if rng.random() < 0.2:  # bids by rough feel: sometimes a pass for a bid, or a bid for a pass
        other = [a for a in legal if a.type in ("pass", "bid", "take", "name") and a.type != pick.type]
        if other:
            return min(other, key=lambda a: (a.value or 0, a.strain or ""))
    return pick


def candidates(st: BlotState, legal: tuple[Action, ...], level: Level) -> list[Action]:
    """The calls worth imagining: the rule of thumb's, pass or keep, contra and recontra where the
    level doubles, and the lowest bid in the hand's best strains, but never a raise of the side's own
    contract: the playouts' defenders play by the rule of thumb, which makes a contract look safer
    than it is, and a search allowed to raise its own side climbed until it failed."""
    if st.phase != "auction":
        return list(legal)
    pick = policy(st)
    out = [pick]
    for a in legal:
        if a.type in ("pass", "keep") and a not in out:
            out.append(a)
        if a.type in ("contra", "recontra") and level.contra and a not in out:
            out.append(a)
    c = st.contract
    seat = acting(st)
    if c is not None and c.seat % 2 == seat % 2:
        return out
    strains = sorted(STRAINS, key=lambda s: -suit_value(st.hands[seat], suit_of(s), 19))
    lows = bids_by_strain(legal)
    for s in strains[: 5 if level.wide else 2]:
        bids = lows.get(s)
        if bids and bids[0] not in out:
            out.append(bids[0])
    return out


def fit(st: BlotState, action: Action, sharp: float) -> float:
    return fit_of(policy(st), action, sharp)


# The plan's costs, CPU time measured by `python -m bench.calibrate` (x1.2) on 2026-12-01 on the
# loaded machine (the Oh Hell family's unchanged constants read 1.2-1.3x their quiet figures; runs
# disagreed by up to 40 %, so these sit between them, on the high side). An imagined deal costs
# card_ms per card of the deal plus act_ms per call and card it replays and weighs (a least-squares
# fit over the views: late in the play the weighing is most of it, which a flat cost per card
# under-counted); a playout sim_ms per card of the play, call_sim_ms per card from the calls (the
# rest of the auction runs through the engine: twice a card of the play). replays: the engine
# replays per imagined deal kept (Blot mean 1.29, p90 1.33, p99 10; Baloot 1.16, 1.33, 4): the plan
# pays for up to 1.5 per deal, so the few views whose draws are refused again and again keep fewer
# deals instead of overrunning the budget (at 2, the bazar's Crazy still spent 1.4 s on such a card)
FAMILY: Family[BeloteView, BlotState] = Family(
    parse=belote_view,
    know=know,
    build=build,
    policy=policy,
    easy=easy,
    candidates=candidates,
    value=team_value,
    fit=fit,
    terminal=TERMINAL,
    card_ms=0.0120,
    full_hand=8,
    lean=blot_playout,
    sim_ms=0.0054,
    draw=draw,
    replays=1.5,
    act_ms=0.0190,
    call_sim_ms=0.0130,
)
# the duel: Normal tests its cards in imagined deals too. Its rule of thumb cannot count the eight
# undealt cards, and with two hands most cards are forced, so Easy's careless quarter of the cards
# cost it little: with its cards by thumb Normal was +1.18 +/- 0.58 a deal over Easy (400 deals x 2),
# with them searched +2.52 +/- 0.63 (docs/bots.md)
# (and its own costs: a deal of 16 cards costs more per card, bench.calibrate's "duel")
DUEL = dataclasses.replace(FAMILY, search_cards=True, card_ms=0.0115, act_ms=0.0240, call_sim_ms=0.0112)


def family_for(game: Game) -> Family[BeloteView, BlotState]:
    """The duel (two hands) plays with its own costs and searches its cards at Normal too."""
    return DUEL if game.max_players == 2 else FAMILY
