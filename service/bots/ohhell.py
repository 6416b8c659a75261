"""What a bot knows about the Oh Hell family (Blob, Nomination Whist, Oh Hell).

A seat scores by making its call exactly, so the rule of thumb is a target: win tricks while it
still needs some (cheapest winner when last, its best card otherwise), and duck while it has enough
(highest card that still loses, lowest card when leading). Bids come from a trick count of the hand
(aces, guarded kings, trumps and their length); the deal is rebuilt from the view by replaying the
calls and cards it shows through the engine, so an imagined deal the rules refuse is never used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..rules.cards import NO_TRUMP, STRAINS, Card, Suit, suit_of
from ..rules.game import Game
from ..rules.ohhell.options import HIGHEST_CALLER, TRICKS_PLUS_TEN
from ..rules.ohhell.state import DECK, HandState, needs_turned, start
from ..rules.profile import Rules
from ..rules.record import Action, HandRecord
from .core import Family, Level
from .deals import Made, acting
from .knowledge import Knowledge, knowledge
from .lean import (
    BID,
    NAME,
    OH_INDEX,
    OhHellSim,
    nearest_bid,
    oh_thumb,
    oh_winning,
    ohhell_estimate,
    ohhell_playout,
    ohhell_tree,
    suit_index,
    suit_masks,
)
from .views import OhHellView, ohhell_view

RANK = {r: i for i, r in enumerate("23456789TJQKA")}
TERMINAL = ("complete",)


def know(view: OhHellView, seat: int, rules: Rules) -> Knowledge:
    turned = view.turned
    public = [turned] if turned is not None else []
    extra = 1 if (turned is None and needs_turned(rules, view.players, view.hand_size, view.round)) else 0
    return knowledge(view, seat, DECK, extra, public)


def build(
    view: OhHellView,
    seat: int,
    rules: Rules,
    k: Knowledge,
    hidden: list[list[Card]],
    extra: list[Card],
    rng: random.Random,
    fit: list[Made] | None,
) -> HandState:
    """The imagined deal replayed to the view's position (the engine refuses an impossible one)."""
    hands = [tuple(h) for h in k.hands(hidden)]
    turned = view.turned if view.turned is not None else (extra[0] if extra else None)
    record = HandRecord(view.dealer, tuple(hands), (), turned, (), view.round)
    st = start(rules, record)
    bids = view.bids
    plays = view.plays()
    trump = view.trump
    bi = pi = 0
    while True:
        phase = st.phase
        if phase == "trump":
            if trump is None:
                break
            if view.turned is not None and st.table.trump_mode == "dealer-turns-or-no-trump":
                a = Action(acting(st), "turn")
            else:
                a = Action(acting(st), "trump", strain=trump)
        elif phase == "bidding" and bi < len(bids):
            b = bids[bi]
            bi += 1
            value = b.value
            if value is None:  # a hidden bid: what this deal's holder would have called
                value = estimate_bid(st, acting(st))
            a = Action(b.seat, "bid", value)
            if fit is not None and b.seat != seat and b.value is not None:
                fit.append((st, a))
        elif phase == "play" and pi < len(plays):
            p = plays[pi]
            pi += 1
            a = Action(p.seat, "play", card=p.card)
            if fit is not None and p.seat != seat:
                fit.append((st, a))
        else:
            break
        st = st.apply(a)
    return st


def trump_of(st: HandState) -> Suit | None:
    t: Suit | None = st.auction.trump_suit
    return t


def bid_estimate(st: HandState, seat: int) -> float:
    """Tricks the hand should take: aces, kings with a guard, trumps by rank and length, fewer in a
    short hand among many players (counted once, on card indices, by `lean.ohhell_estimate`, which
    the lean simulator's calls use too)."""
    trump = trump_of(st)
    return ohhell_estimate(
        [OH_INDEX[c] for c in st.hands[seat]],
        suit_index(trump),
        st.table.players,
        st.table.hand_size,
    )


def estimate_bid(st: HandState, seat: int) -> int:
    legal = [a.value for a in st.legal_actions() if a.type == "bid" and a.value is not None]
    return nearest_bid(legal, bid_estimate(st, seat))


def policy(st: HandState) -> Action:
    """The rule of thumb for the seat to act, in every phase: the call nearest the hand's count
    (`lean.nearest_bid`), the card of `lean.oh_thumb` (the playouts' own rule, on card indices)."""
    seat = acting(st)
    legal = st.legal_actions()
    phase = st.phase
    if phase == "bidding":
        return _pick_bid(legal, estimate_bid(st, seat))
    if phase == "trump":
        return _trump_choice(st, seat, legal)
    if len(legal) == 1:
        return legal[0]
    trump = suit_index(trump_of(st))
    n = st.table.players
    bid = st.bid_of(seat)
    trick = [OH_INDEX[c] for c in st.trick]
    best = oh_winning(trick, 0, n, trump)[0]
    cards = [OH_INDEX[a.card] for a in legal if a.card is not None]
    suits = suit_masks(cards)
    shown = [q for q in range(4) if suits[q]]
    need = (bid if bid is not None else 0) - st.won[seat]
    plus_ten = st.table.method == TRICKS_PLUS_TEN
    follow = shown[0] if len(shown) == 1 else -1
    c = oh_thumb(suits, cards, follow, not trick, best, need, plus_ten, len(trick) == n - 1, trump)
    return legal[cards.index(c)]


def _pick_bid(legal: Sequence[Action], value: int) -> Action:
    return min(legal, key=lambda a: (abs((a.value or 0) - value), a.value or 0))


def _trump_choice(st: HandState, seat: int, legal: Sequence[Action]) -> Action:
    hand = st.hands[seat]
    best: Action = legal[0]
    best_score = -1.0
    for a in legal:
        if a.type == "turn":
            score = 2.0  # an unknown suit: about an average one
        else:
            s = suit_of(a.strain) if a.strain is not None else None
            if a.strain == NO_TRUMP:
                score = sum(1.5 for c in hand if c.rank == "A") + sum(0.5 for c in hand if c.rank == "K")
            else:
                cs = [c for c in hand if c.suit is s]
                score = len(cs) + sum(0.5 for c in cs if RANK[c.rank] >= 10)
        if score > best_score:
            best, best_score = a, score
    return best


def easy(st: HandState, rng: random.Random) -> Action:
    """Rough feel: the trick count with a careless error of a trick either way; a careless card a
    quarter of the time."""
    seat = acting(st)
    legal = st.legal_actions()
    if st.phase == "bidding":
        e = bid_estimate(st, seat) + rng.choice((-1, 0, 0, 1))
        return _pick_bid(legal, round(e))
    if st.phase == "play" and len(legal) > 1 and rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    return policy(st)


def candidates(st: HandState, legal: tuple[Action, ...], wide: bool) -> list[Action]:
    """The actions worth imagining: every card, every trump; the bids within a trick and a half of
    the hand's count (two and a half when `wide`): the playouts' own bias would otherwise pull the
    call to the extremes."""
    if st.phase != "bidding":
        return list(legal)
    e = bid_estimate(st, acting(st))
    window = 2.5 if wide else 1.5
    return [a for a in legal if a.value is not None and abs(a.value - e) <= window] or list(legal)


def value(st: HandState, seat: int) -> float:
    """The seat's own score for the hand."""
    return float(st.result()["scores"][seat])


def fit(st: HandState, action: Action, sharp: float) -> float:
    """How well a seat's bid fits the hand this deal gives it (1 for the bid its count gives)."""
    d = abs((action.value or 0) - bid_estimate(st, action.seat))
    return float(sharp ** max(0.0, d - 0.5))


def lean_deals(
    here: HandState, view: OhHellView, seat: int, k: Knowledge, level: Level
) -> Callable[[list[list[Card]]], tuple[OhHellSim, float]] | None:
    """Hard's and Crazy's imagined deals without the engine, once trumps are known or where the
    highest caller names them after the calls: each deal's hands set on the lean simulator (at the
    first lead once the play is on) and the view's cards replayed there, weighed as `build` and
    the search weigh the engine's (each other seat's call against its hand's count, each card the
    rule of thumb would not have played). A deal drawn by `deals.imagine` keeps every void the view
    shows, and in this family following suit is the only duty, so the engine refuses none of them;
    replaying it there cost three to four times what the lean replay does, late in a hand most of
    a move. A test holds both equal. None (the engine's deals) where the simulator cannot start, or
    where a call is hidden. Where the highest caller named trumps after the calls, the calls are
    weighed as they were made: without trumps, and against the call the level expects of the count
    (`Level.call_base`, `call_slope`; the deals carry it into the tree, which plays the others'
    later calls by it). The engine's deals read a call against the count itself; they are drawn
    only where this returns None, and there no call made where the highest caller names trumps is
    seen to be read."""
    if not OhHellSim.can_start(here):
        return None
    calls: list[tuple[int, int]] = []
    for b in view.bids:
        if b.value is None:
            return None
        if b.seat != seat:
            calls.append((b.seat, b.value))
    base = OhHellSim(here)
    if here.table.trump_mode == HIGHEST_CALLER:
        base.call_base, base.call_slope = level.call_base, level.call_slope
    plays = [(p.seat, OH_INDEX[p.card]) for p in view.plays()]
    sharp = float(level.sharp)
    read = float(level.read)
    trump = -1 if here.table.trump_mode == HIGHEST_CALLER else base.trump  # when the calls were made
    # each seat's cards known before the draw (`Knowledge.hands`): those it played, and its own hand
    known = [[OH_INDEX[c] for c in h] for h in k.hands([[] for _ in range(k.players)])]

    def make(hidden: list[list[Card]]) -> tuple[OhHellSim, float]:
        return base.imagined(hidden, known, calls, plays, seat, sharp, read, trump)

    return make


def tree(
    worlds: list[HandState | OhHellSim],
    seat: int,
    cands: list[Action],
    iterations: int,
    rng: random.Random,
    deadline: float,
    explore: float,
) -> tuple[list[tuple[Action, float]], Action, int, bool] | None:
    """Hard's and Crazy's bids and cards: a tree search over the deals kept (lean.ohhell_tree), as
    many iterations as the plan's playouts; the choice most visited at the root, each one's mean
    score. None (the playouts instead) where the simulator cannot start (`OhHellSim.can_start`:
    trumps the dealer is still to turn or choose)."""
    if not all(isinstance(w, OhHellSim) or OhHellSim.can_start(w) for w in worlds):
        return None
    keys = {_key(a): a for a in cands}
    stats, runs = ohhell_tree(worlds, seat, list(keys), iterations, rng.random, deadline, explore)
    values = sorted(((keys[k], mean) for k, (_, mean) in stats.items()), key=lambda x: -x[1])
    best = max(stats.items(), key=lambda x: (x[1][0], x[1][1]))[0]
    return values, keys[best], runs, runs < iterations


def _key(a: Action) -> int:
    if a.type == "bid" and a.value is not None:
        return BID + a.value
    if a.type == "trump" and a.strain is not None:
        return NAME + STRAINS.index(a.strain)
    if a.card is not None:
        return OH_INDEX[a.card]
    raise ValueError(a)


def _candidates(st: HandState, legal: tuple[Action, ...], level: Level) -> list[Action]:
    return candidates(st, legal, bool(level.wide))


# card_ms, replay_ms, sim_ms and tree_ms: CPU time measured by `python -m bench.calibrate` (x1.2;
# the first, second and fourth on a loaded machine, scaled by 0.65 to a quiet run's, docs/bots.md);
# card_ms and replay_ms split a deal's cost between the cards of the deal and the cards already
# played (a deal rebuilt late in the play replays and weighs every card played); lean_card_ms and
# lean_replay_ms the same split for Hard's and Crazy's deals built without the engine (measured at
# a load that read the other constants 1.6x theirs, scaled alike)
FAMILY: Family[OhHellView, HandState] = Family(
    parse=ohhell_view,
    know=know,
    build=build,
    policy=policy,
    easy=easy,
    candidates=_candidates,
    value=value,
    fit=fit,
    terminal=TERMINAL,
    card_ms=0.0045,
    full_hand=0,
    lean=ohhell_playout,
    sim_ms=0.0021,
    tree=tree,
    tree_ready=OhHellSim.can_start,
    lean_deals=lean_deals,
    lean_card_ms=0.0020,
    lean_replay_ms=0.0018,
    replay_ms=0.0107,
    tree_ms=0.0020,
)


def family_for(game: Game) -> Family[OhHellView, HandState]:
    """Every game of the family is played by one bot family."""
    return FAMILY
