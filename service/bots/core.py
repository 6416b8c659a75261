"""The search every family shares: imagine deals that fit the seat's view, play each candidate out.

Determinized Monte Carlo (PIMC): draw deals of the unknown cards consistent with the view, replay
the view's calls and cards through the family's engine (a deal the rules refuse is redrawn; a deal
whose view for the seat differs from the one given is redrawn too), then for each candidate action
play the rest of the hand with the family's rule of thumb for every seat and score it. A candidate's
value is its mean score over the deals, on the game's own scale.

Determinism: all chance comes from `random.Random(seed)`. The budget fixes, before the search
starts, how many deals and playouts it may run, from a calibrated cost per card played and per
imagined deal (`Family.card_ms`), on half the budget: on a machine that gives the search its core,
that plan is what decides the answer. The budget is also a cap: the clock is read before each deal
drawn, each playout and every few tree iterations, and at `stop_ms` of the budget the search stops
wherever it is and answers from the deals it finished (a deal whose candidates were not all played
out is dropped), the rule of thumb if none; the answer then says so (`cut`) and may differ from run
to run. `clock=False` turns the cap off.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..rules.cards import Card
from ..rules.profile import Rules
from ..rules.record import Action
from .deals import Made, Position, imagine, keep, world
from .knowledge import Knowledge
from .views import SeatView

V = TypeVar("V", bound=SeatView)
S = TypeVar("S", bound=Position)  # a family's engine state
# a maker of imagined deals without the engine: (deal, weight) from the hidden cards drawn
DealMaker = Callable[[list[list[Card]]], tuple[Any, float]]

Build = Callable[
    [
        V,
        int,
        Rules,
        Knowledge,
        list[list[Card]],
        list[Card],
        random.Random,
        list[Made] | None,
    ],
    S,
]


@dataclass(frozen=True, kw_only=True)
class Level:
    name: str
    search: bool
    budget_ms: float  # the default budget per move
    playouts: int  # the most playouts it runs per move (the budget may lower it)
    infer: bool  # weigh imagined deals by how well they fit the others' calls
    pool: int  # deals drawn per deal kept when inferring
    sharp: float  # how much a call that does not fit counts (lower: the calls are trusted more)
    contra: bool  # considers doubling (contra, recontra, Baloot's double and after)
    wide: bool  # imagines every bid, not only those near its own estimate
    trust: float  # standard errors by which a candidate must beat the rule of thumb's choice
    read: float = 1.0  # how much a card the rule of thumb would not have played counts (1: ignored)
    cards: bool = True  # weighs imagined deals before each card too (Normal: only before its calls)
    # the tree search's exploration constant (UCB, on scores scaled to about [0, 1]), where a
    # family searches a tree
    explore: float = 0.7
    # where the highest caller names trumps after the calls, the call another seat's hand is
    # expected to make: call_base + call_slope x its count (searching callers bid above the count
    # for the trump, `bench.reading`); how its call is read and its later calls played in the tree
    call_base: float = 0.0
    call_slope: float = 1.0
    # a game's own default budget where it is not `budget_ms`, always lower (a request's budget
    # can only lower a level's, and the contract's maximum is the levels' own)
    game_budgets: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:
        if any(b > self.budget_ms for _, b in self.game_budgets):
            raise ValueError(f"{self.name}: a game's budget above the level's {self.budget_ms} ms")

    def budget_for(self, game: str) -> float:
        """The level's default budget per move in `game`."""
        return next((b for g, b in self.game_budgets if g == game), self.budget_ms)


LEVELS: dict[str, Level] = {
    "easy": Level(
        name="easy",
        search=False,
        budget_ms=50.0,
        playouts=0,
        infer=False,
        pool=1,
        sharp=1.0,
        contra=False,
        wide=False,
        trust=0.0,
    ),
    "normal": Level(
        name="normal",
        search=True,
        budget_ms=50.0,
        playouts=40,
        infer=False,
        pool=1,
        sharp=1.0,
        contra=False,
        wide=False,
        trust=1.0,
        cards=False,
    ),
    "hard": Level(
        name="hard",
        search=True,
        budget_ms=300.0,
        playouts=6000,
        infer=True,
        pool=3,
        sharp=0.35,
        contra=True,
        wide=True,
        trust=1.0,
        read=0.6,
        # in Blob and Nomination Whist, Crazy at five times this budget is level with Hard at it
        # (the levels' table), while at a fifth of it Hard is still far above Normal and Crazy is
        # above it, so the four levels are four steps there (the Blob Hard budget study and the
        # Nomination Whist Hard budget study); the price is under half a point a seat in each
        game_budgets=(("blob", 60.0), ("nomination-whist", 60.0)),
    ),
    "crazy": Level(
        name="crazy",
        search=True,
        budget_ms=1500.0,
        playouts=40000,
        infer=True,
        pool=6,
        sharp=0.15,
        contra=True,
        wide=True,
        trust=1.0,
        read=0.4,
    ),
}


# where the clock stops a search wherever it is: at this share of the budget, and at least SLACK_MS
# before its end (room for the answer, and for a loaded machine, which holds a process off its core
# for some milliseconds at a time: at small budgets that, not the share, is what overruns), but not
# before FLOOR of it
CUT = 0.75
SLACK_MS = 8.0
FLOOR = 0.4


def stop_ms(budget: float) -> float:
    """When the clock stops a search of `budget` ms."""
    return max(budget * FLOOR, min(budget * CUT, budget - SLACK_MS))


# a tree the clock cut with fewer iterations than this per candidate answers the rule of thumb
THIN = 4

# the share of a tree search's plan spent on imagined deals; the rest buys tree iterations, which
# take the deals kept in turn. Late in a hand a deal rebuilt from the view costs about fifty
# iterations (it replays and weighs every card played), and one iteration per candidate and deal
# left the tree two or three a deal there: Crazy's five times the budget bought little more search.
TREE_DEALS = 0.5


@dataclass(frozen=True)
class Suggestion:
    """The action to send to hands/play, and what its choice rests on."""

    action: dict[str, Any]
    values: list[tuple[dict[str, Any], float]]  # each candidate with its mean value (seat's scale)
    worlds: int  # imagined deals used
    playouts: int  # hands played out to the end
    elapsed_ms: float
    level: str
    cut: bool = False  # the wall-clock safety net stopped the search early
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "level": self.level,
            "values": [{"action": a, "value": round(v, 3)} for a, v in self.values],
            "worlds": self.worlds,
            "playouts": self.playouts,
            "elapsed_ms": round(self.elapsed_ms, 3),
            "cut": self.cut,
        }


@dataclass(frozen=True, kw_only=True)
class Family(Generic[V, S]):
    """What a family gives the search: how to read a view, rebuild a deal, and play by thumb."""

    parse: Callable[[Mapping[str, Any], int], V]  # the seat's view as received, typed once
    know: Callable[[V, int, Rules], Knowledge]
    build: Build[V, S]
    policy: Callable[[S], Action]
    easy: Callable[[S, random.Random], Action]
    candidates: Callable[[S, tuple[Action, ...], Level], list[Action]]
    value: Callable[[S, int], float]
    fit: Callable[[S, Action, float], float]
    terminal: tuple[str, ...]
    card_ms: float  # calibrated cost per card of the deal of drawing, replaying and weighing a deal
    full_hand: int  # cards a seat holds once the deal is complete (0: as many as the view shows)
    # the lean simulator (lean.py): plays a state of the play out by thumb, the seat's value
    lean: Callable[[S, int], float | None] | None = None
    sim_ms: float = 0.0  # calibrated cost of one card of a lean playout
    # a tree search over the deals kept (Hard and Crazy, in place of one playout per candidate and
    # deal): (deals, seat, candidates, iterations, rng, deadline, exploration constant) -> (values,
    # choice, iterations run, cut), or None where it does not search (then the playouts)
    tree: Callable[..., tuple[list[tuple[Action, float]], Action, int, bool] | None] | None = None
    # whether the tree can search from this state (the Oh Hell family's: trumps known, or to be named
    # by the highest caller); None: wherever the family has a tree
    tree_ready: Callable[[S], bool] | None = None
    # imagined deals without the engine where the tree searches: (state here, view, seat,
    # knowledge, level) -> a maker of (deal, weight) from the hidden cards drawn, or None where
    # the engine's deals are needed; with its calibrated costs per card of the deal and per card
    # played (in place of card_ms and replay_ms)
    lean_deals: Callable[[S, V, int, Knowledge, Level], DealMaker | None] | None = None
    lean_card_ms: float = 0.0
    lean_replay_ms: float = 0.0
    # every searching level tests its cards in imagined deals, Normal too (the duel: there the rule
    # of thumb alone left Normal barely ahead of Easy)
    search_cards: bool = False
    # calibrated cost of replaying and weighing each card already played when an imagined deal is
    # rebuilt (a late deal costs more per card than one rebuilt at the calls); 0: in card_ms alone
    replay_ms: float = 0.0
    # calibrated cost per card left of one tree iteration (its walk and its playout), in place of
    # sim_ms where the tree searches; 0: sim_ms
    tree_ms: float = 0.0
    # how an imagined deal is drawn (default `deals.imagine`): the Belote family places each
    # announced combination's cards first, so that a deal fits what the view announced
    draw: Callable[[Knowledge, random.Random], tuple[list[list[Card]], list[Card]] | None] | None = None
    # the replays per imagined deal the plan pays for (0: not counted): where the view refuses most
    # draws, Hard and Crazy stop drawing once their replays reach this many times the deals planned
    # and keep a pool's share of those drawn (a count, not the clock: the answer stays a function of
    # the seed; a replay refused costs about what a kept one does)
    replays: float = 0.0
    # calibrated cost of each call and card an imagined deal replays and weighs (Hard and Crazy weigh
    # every one the others made: late in a hand it is most of a deal's cost; 0: in `card_ms`)
    act_ms: float = 0.0
    # calibrated cost per card of a playout from the calls (the rest of the auction runs through the
    # engine before the lean play; 0: `sim_ms`)
    call_sim_ms: float = 0.0


def playout(fam: Family[Any, Any], st: Position, seat: int) -> float:
    """The seat's value once every seat has played the hand out by thumb: the calls through the
    engine, the cards through the family's lean simulator (checked against the engine by a test)."""
    policy = fam.policy
    terminal = fam.terminal
    lean = fam.lean
    while st.phase not in terminal:
        if lean is not None:
            v = lean(st, seat)
            if v is not None:
                return v
        st = st.apply(policy(st))
    return fam.value(st, seat)


def cards_of(fam: Family[V, Any], view: V) -> tuple[int, int]:
    """The cards the plan counts: those of the whole deal (what an imagined deal draws and replays,
    also once tricks are gone: the Oh Hell family's hand size is in the view), and those a playout
    plays (the cards left in the play, the whole deal before it)."""
    counts = list(view.hand_counts or [1])
    held = fam.full_hand or view.held() or max(counts)
    deal = len(counts) * max(held, max(counts))
    return deal, sum(counts) if view.phase == "play" else deal


def actions_of(view: SeatView) -> int:
    """The calls and cards the view holds: what an imagined deal replays (and Hard weighs)."""
    return view.actions()


def search(
    fam: Family[V, Any],
    view: V,
    seat: int,
    rules: Rules,
    legal: tuple[Action, ...],
    level: Level,
    seed: int,
    budget_ms: float | None,
    clock: bool = True,
    since: float | None = None,
) -> Suggestion:
    started = time.perf_counter()
    origin = started if since is None else min(since, started)  # where the budget's time runs from
    rng = random.Random(seed)
    k = fam.know(view, seat, rules)
    budget = level.budget_ms if budget_ms is None else min(level.budget_ms, float(budget_ms))
    # the clock's cap: the search stops here wherever it is and answers from the deals it finished
    deadline = origin + stop_ms(budget) / 1000.0 if clock else math.inf

    def done(
        action: Action,
        values: list[tuple[Action, float]],
        worlds: int,
        playouts: int,
        cut: bool,
        notes: list[str],
    ) -> Suggestion:
        return Suggestion(
            action.to_json(),
            [(a.to_json(), v) for a, v in values],
            worlds,
            playouts,
            (time.perf_counter() - started) * 1000.0,
            level.name,
            cut,
            notes,
        )

    first = world(fam, view, seat, rules, k, rng, False, 12)
    if first is None:  # no deal fits: the view itself is the only guide
        return done(legal[0], [], 0, 0, False, ["no imagined deal fits the view"])
    here = first[0]
    if len(legal) == 1:
        return done(legal[0], [], 0, 0, False, [])
    if not level.search:
        return done(_checked(fam.easy(here, rng), legal), [], 1, 0, False, [])
    if not (level.cards or fam.search_cards) and all(a.type == "play" for a in legal):  # solid cards by thumb
        return done(_checked(fam.policy(here), legal), [], 1, 0, False, [])
    cands = fam.candidates(here, legal, level) or list(legal)
    thumb = _checked(fam.policy(here), legal)  # candidate 0: what the rule of thumb plays
    cands = [thumb, *(a for a in cands if a != thumb)]
    if len(cands) == 1:  # nothing to weigh (a doubling this level never makes, say)
        return done(thumb, [], 0, 0, False, [])
    # the playouts the budget allows, from the calibrated cost: deterministic for a seed
    deal, left = cards_of(fam, view)
    played = deal - left if view.phase == "play" else 0
    sim = fam.call_sim_ms if fam.call_sim_ms > 0 and view.phase != "play" else fam.sim_ms
    sim_ms = sim if fam.lean is not None else fam.card_ms
    treed = (
        fam.tree is not None
        and level.infer
        and fam.tree_ms > 0
        and (fam.tree_ready is None or fam.tree_ready(here))
    )
    if treed:
        sim_ms = fam.tree_ms  # a tree iteration: its walk and its playout
    per_playout = max(1e-3, sim_ms * left)
    # draw, replay and weigh a deal: each family counts what its deals cost (the Oh Hell family by
    # the cards played, the Belote family by the calls and cards weighed; the other term is 0)
    acts = actions_of(view) if fam.act_ms > 0 else 0
    maker = fam.lean_deals(here, view, seat, k, level) if treed and fam.lean_deals is not None else None
    if maker is not None:
        per_world = (fam.lean_card_ms * deal + fam.lean_replay_ms * played) * level.pool
    else:
        per_world = (fam.card_ms * deal + fam.replay_ms * played + fam.act_ms * acts) * (
            level.pool if level.infer else 1
        )
    plan = budget * 0.5
    n_worlds = min(level.playouts // len(cands), int(plan / (per_world + len(cands) * per_playout)))
    iterations = n_worlds * len(cands)
    if treed and n_worlds >= 1:  # the deals get their share of the plan, the iterations the rest
        n_worlds = max(1, min(n_worlds, int(plan * TREE_DEALS / per_world)))
        rest = int((plan - n_worlds * per_world) / per_playout)
        iterations = max(n_worlds * len(cands), min(level.playouts, rest))
    if n_worlds < 1:
        return done(
            _checked(fam.policy(here), legal), [], 1, 0, False, ["budget below one deal: rule of thumb"]
        )
    worlds: list[Any] = []
    # the clock's share for the drawing is the plan's own (half at least, the playouts a tenth at
    # least): a plan that puts most of its time into the deals (two candidates, cheap playouts) is
    # not cut on an idle machine for spending what it planned
    drawing = n_worlds * per_world
    share = min(0.9, max(0.5, drawing / (drawing + iterations * per_playout)))
    draw_until = origin + stop_ms(budget) * share / 1000.0 if clock else math.inf
    short = False
    if level.infer:
        draw = fam.draw or imagine
        drawn: list[tuple[Any, float]] = []
        tally = [0]
        most = fam.replays * n_worlds * level.pool if fam.replays > 0 else float("inf")
        for _ in range(n_worlds * level.pool):
            if tally[0] >= most:  # the draws cost more replays than the plan pays for: keep fewer
                n_worlds = max(1, -(-len(drawn) // level.pool))
                break
            if time.perf_counter() > draw_until:  # the clock: drawing took its share of the budget
                short = True
                break
            if maker is not None:  # the lean deals: every draw fits (the engine's would take the first)
                got = None
                for _ in range(10):
                    got = draw(k, rng)
                    if got is not None:
                        break
                if got is not None:
                    drawn.append(maker(got[0]))
                continue
            w = world(fam, view, seat, rules, k, rng, True, 10, tally, draw_until)
            if w is None:
                continue
            weight = 1.0
            for before, action in w[1]:
                if action.type == "play":  # a card the rule of thumb would not have played here
                    if level.read < 1.0 and fam.policy(before) != action:
                        weight *= level.read
                else:
                    weight *= fam.fit(before, action, level.sharp)
            drawn.append((w[0], weight))
        worlds = keep(drawn, n_worlds, rng)
    else:
        worlds.append(here)
        while len(worlds) < n_worlds:
            if time.perf_counter() > draw_until:  # the clock: drawing took its share of the budget
                short = True
                break
            w = world(fam, view, seat, rules, k, rng, False, 10, None, draw_until)
            if w is None:
                break
            worlds.append(w[0])
    if treed and fam.tree is not None and worlds:
        # fewer deals than planned only where the clock's net cut the drawing: fewer iterations too
        runs = iterations * len(worlds) // n_worlds
        found = fam.tree(worlds, seat, cands, runs, rng, deadline, level.explore)
        if found is not None:
            values, choice, runs, tree_cut = found
            if tree_cut and runs < THIN * len(cands):  # too few iterations to overrule the thumb
                choice = thumb
            return done(choice, values, len(worlds), runs, short or tree_cut, [])
    scores: list[list[float]] = [[] for _ in cands]
    playouts = 0
    cut = short
    for st in worlds:
        row = []
        for a in cands:
            if time.perf_counter() > deadline:
                break
            row.append(playout(fam, st.apply(a), seat))
            playouts += 1
        if len(row) < len(cands):  # cut inside the deal: its candidates would not be compared alike
            cut = True
            break
        for i, v in enumerate(row):
            scores[i].append(v)
    used = len(scores[0])
    if used == 0:
        return done(thumb, [], 0, playouts, cut, ["cut before a deal was played out: rule of thumb"])
    values = [(a, sum(scores[i]) / used) for i, a in enumerate(cands)]
    return done(cands[_choose(scores, level.trust)], values, used, playouts, cut, [])


def _choose(scores: list[list[float]], trust: float) -> int:
    """The candidate to play: the rule of thumb's (candidate 0) unless another beats it over the same
    deals by more than `trust` standard errors of the paired difference. Few imagined deals are
    noisy; this keeps a thin search from trading a sound card for a lucky one."""
    base = scores[0]
    n = len(base)
    best, best_margin = 0, 0.0
    for i in range(1, len(scores)):
        diffs = [x - y for x, y in zip(scores[i], base, strict=True)]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = (var / n) ** 0.5
        else:
            se = abs(mean)
        margin = mean - trust * se
        # strictly: one deal alone, or one deal better among ties, puts the margin at 0 (up to rounding)
        if margin > best_margin + 1e-9 * (1.0 + abs(mean)):
            best, best_margin = i, margin
    return best


def _checked(action: Action, legal: tuple[Action, ...]) -> Action:
    for a in legal:
        if a == action:
            return a
    return legal[0]
