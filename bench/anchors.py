"""The bots against outside players, and simulation speed beside outside engines (figures, not pass/fail).

Three measures, each optional (`--only rates,colver,openspiel`):

- rates: playouts per second of the bots' lean simulator (service/bots/lean.py), rule of thumb and
  random, per family, beside the validating engine's random playouts (the simulator's "before"),
  OpenSpiel's `oh_hell` (C++ states driven from Python, random legal actions, 4 players x 7 cards,
  bids and play) and colver's `rollout` (Rust, random card play of a Belote Contree deal), in the
  same run. Rates are per CPU second of this process (time.process_time), of the simulators the
  bots run: the compiled build when one matches lean.py (`TRICKREF_COMPILED=0`: the source).
- colver: Belote card play against colver (`pip install -e '.[bench]'`), its
  `action_heuristic_play` (a perfect-information heuristic: it sees every hand) and its
  `action_smart_ismcts` at 100 ms a card. The same deal (colver's seeded deal) and contract (80 in a
  suit, for the first seat's side) are played twice with the sides swapped; our side plays Bazar
  Blot's card play with its default duties (follow, trump, overtrump, raise on a trump lead, the
  partner's exemption, anything when unable to overtrump: colver's Contree plays the same duties),
  both engines are fed every card and must agree on the legal cards at every step. The figure is
  our side's card points minus colver's side's (the last trick's 10 counted, 162 a deal), per deal,
  averaged over the two plays, with its 95 % interval.
- openspiel: Oh Hell against OpenSpiel's ISMCTS bot (`open_spiel.python.algorithms.ismcts`, a
  random-rollout evaluator, 1,000 simulations a move), 4 players x 7 cards, bids and play: our seats
  0 and 2 against its 1 and 3, then swapped, on the same deal (our Oh Hell's round of 7 cards, the
  turned card fixing trumps, the dealer's restriction, a trick each plus 10 for a made call: the
  same game as OpenSpiel's `oh_hell` with `num_tricks_fixed=7`). The figure is the mean score of our
  seats minus that of its seats, per deal, averaged over the two plays, with its 95 % interval.
  ISMCTS's own chance (its rollouts and the deals it imagines) is seeded by the deal, so a run is
  a function of its deals: two versions of Hard compared deal by deal meet the same opponent
  wherever they play alike (before 2026-12-02 its imagined deals were drawn unseeded, and a rerun
  of the same code gave other results). ISMCTS imagines its deals from what its seat knows
  (`SeatDeals`), as our bots do, every deal that fits equally likely: OpenSpiel's own
  `resample_from_infostate` for `oh_hell` deals the others only the cards they really hold, a peek;
  `--ismcts-deals openspiel` plays against ISMCTS with it, as every match before 15:20 UTC on
  2026-12-02 did. `--check-resampler` counts that peek, then shows, in positions where seats have
  shown voids, the cards of each suit `SeatDeals` deals each other seat beside an exact uniform
  sampler's (rejection over what the seat knows), with z.

Our bots run with the clock's safety net off (`clock=False`: the budget fixes the playouts, so the
figures do not depend on the machine's load); `--scale` scales their budgets (say which scale a
figure was taken at).

    python -m bench.anchors [--deals 10] [--scale 1.0] [--level normal] [--only rates,colver,openspiel]
        [--ismcts-deals seat|openspiel] [--check-resampler]
"""

from __future__ import annotations

import argparse
import bisect
import functools
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.bots import LEVELS, lean, suggest
from service.bots.lean import OhHellSim, baloot_sim, blot_sim
from service.rules.record import HandRecord
from service.rules.registry import GAMES

COLVER_RANKS = "789JQKTA"
COLVER_SUITS = "SHDC"
OS_RANKS = "23456789TJQKA"
OS_SUITS = "CDSH"


def interval(diffs: list[float]) -> tuple[float, float]:
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return mean, half


# ------------------------------------------------------------------------------------ rates


def _per_second(run: Callable[[], int], seconds: float) -> float:
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += run()
    return done / (time.process_time() - start)


def _play_states(game: str, options: dict[str, Any] | None, count: int) -> list[Any]:
    """States at the first lead of seeded deals, reached with the rule of thumb's calls."""
    from service.bots import family_of

    g = GAMES[game]
    rules = g.rules(options)
    fam = family_of(game)
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        hand = g.deal(rules, {"seed": seed, "round": 4} if g.family == "ohhell" else {"seed": seed})["hand"]
        record = HandRecord.from_json(hand)
        st: Any = g.start(rules, record)
        while st.phase not in ("play", "complete", "redeal"):
            st = st.apply(fam.policy(st))
        if st.phase == "play":
            out.append(st)
    return out


def rates(seconds: float) -> None:
    which = "the compiled build" if str(lean.__file__).endswith(".so") else "lean.py run as Python"
    print(f"playouts per CPU second ({seconds:.0f} s each; from the first lead unless said); {which}")
    sims: dict[str, Callable[[Any], Any]] = {
        "oh-hell": OhHellSim,
        "bazar-blot": blot_sim,
        "blot-duel": blot_sim,
        "baloot": baloot_sim,
    }
    for game, make in sims.items():
        options = {"players": 4} if game == "oh-hell" else None
        states = _play_states(game, options, 20)
        rng = random.Random(1)

        def lean_thumb(states: list[Any] = states, make: Callable[[Any], Any] = make) -> int:
            for st in states:
                sim = make(st)
                sim.play_out()  # the one loop the bots' playouts run
                sim.scores()
            return len(states)

        def lean_random(
            states: list[Any] = states, make: Callable[[Any], Any] = make, rng: random.Random = rng
        ) -> int:
            for st in states:
                sim = make(st)
                sim.play_out(rng.random)
                sim.scores()
            return len(states)

        def engine_random(states: list[Any] = states, rng: random.Random = rng) -> int:
            for st in states:
                while st.phase == "play":
                    legal = st.legal_actions()
                    st = st.apply(legal[int(rng.random() * len(legal))])
                st.result()
            return len(states)

        cards = sum(len(h) for h in states[0].hands)
        print(
            f"  {game:11} ({cards} cards)  lean, rule of thumb {_per_second(lean_thumb, seconds):8.0f}"
            f"  lean, random {_per_second(lean_random, seconds):8.0f}"
            f"  engine, random {_per_second(engine_random, seconds):8.0f}",
            flush=True,
        )
    try:
        import pyspiel

        game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
        rng = random.Random(2)

        def dealt() -> Any:
            s = game.new_initial_state()
            while s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choice(outcomes)[0])
            return s

        starts = [dealt() for _ in range(20)]
        bid_starts = list(starts)

        def os_random() -> int:
            r = rng.random
            for s0 in bid_starts:
                s = s0.clone()
                while not s.is_terminal():
                    legal = s.legal_actions()
                    s.apply_action(legal[int(r() * len(legal))])
                s.returns()
            return len(bid_starts)

        print(
            f"  OpenSpiel oh_hell 4 x 7 (bids and 28 cards, C++ states from Python), random"
            f" {_per_second(os_random, seconds):8.0f}",
            flush=True,
        )
        ours = _play_states("oh-hell", {"players": 4}, 20)  # round 4: 7 cards
        ours_bidding = [GAMES["oh-hell"].start(s.table.rules, _record_of(s)) for s in ours]
        fam_rng = random.Random(3)
        sims_bidding = [OhHellSim(s0) for s0 in ours_bidding]

        def ours_random_bids() -> int:
            # as OpenSpiel's: a copy of a dealt state, played out (the bots' playouts copy a deal
            # built once, as its ISMCTS clones a state)
            r = fam_rng.random
            for s0 in sims_bidding:
                sim = s0.clone()
                sim.play_out(r)
                sim.scores()
            return len(sims_bidding)

        def ours_random_bids_stepwise() -> int:
            r = fam_rng.random
            for s0 in sims_bidding:
                sim = s0.clone()
                while sim.bidding:
                    options = sim.bid_options()
                    sim.bid(options[int(r() * len(options))])
                while sim.left:
                    legal = sim.legal()
                    sim.play(legal[int(r() * len(legal))])
                sim.scores()
            return len(sims_bidding)

        def engine_random_bids() -> int:
            r = fam_rng.random
            for s0 in ours_bidding:
                s = s0
                while s.phase != "complete":
                    legal = s.legal_actions()
                    s = s.apply(legal[int(r() * len(legal))])
                s.result()
            return len(ours_bidding)

        print(
            f"  ours oh-hell 4 x 7 (bids and 28 cards), random:"
            f" lean {_per_second(ours_random_bids, seconds):8.0f}"
            f"  lean stepwise {_per_second(ours_random_bids_stepwise, seconds):8.0f}"
            f"  engine {_per_second(engine_random_bids, seconds):8.0f}",
            flush=True,
        )
    except ImportError:
        print("  OpenSpiel: skipped (pip install open_spiel)")
    try:
        import colver

        env = colver.Env.deal(seed=1, dealer=0)
        env.set_contract(0, 80, 0, 0)
        env.set_phase_playing()

        def colver_rollout() -> int:
            env.rollout(1000)
            return 1000

        print(
            f"  colver {getattr(colver, '__version__', '')} rollout (Rust, random card play, 32 cards)"
            f" {_per_second(colver_rollout, seconds):10.0f}",
            flush=True,
        )
    except ImportError:
        print("  colver: skipped (pip install -e '.[bench]')")


def _record_of(st: Any) -> HandRecord:
    t = st.table
    return HandRecord(t.dealer, tuple(st.hands), (), t.turned, (), t.round)


# ------------------------------------------------------------------------------------ colver


def _colver_text(i: int) -> str:
    return COLVER_RANKS[i % 8] + COLVER_SUITS[i // 8]


def colver_play(
    colver: Any, seed: int, ours: tuple[int, ...], level: str, opponent: str, scale: float
) -> int:
    """One deal: our bots at the seats of side `ours[0] % 2`, colver at the others. Our side's card
    points minus the other side's."""
    trump = seed % 4
    env = colver.Env.deal(seed=seed, dealer=seed % 4)
    env.set_contract(trump, 80, 0, 0)
    env.set_phase_playing()
    smart = opponent == "ismcts"
    if smart:
        env.smart_ismcts_init()
    game = GAMES["bazar-blot"]
    rules = game.rules(None)
    dealer = env.get_dealer()
    hands = [[_colver_text(c) for c in h] for h in env.get_hands()]
    record: dict[str, Any] = {"dealer": dealer, "hands": hands, "actions": []}
    # the contract: the first seat of side 0 to speak bids 80 in the trump suit, every other seat passes
    strain = COLVER_SUITS[trump]
    bid = False
    while True:
        full = game.state(rules, record)
        if full["phase"] == "play":
            break
        seat = full["to_act"]
        legal = full["legal_actions"]
        if seat % 2 == 0 and not bid:
            a = next(x for x in legal if x["type"] == "bid" and x["value"] == 8 and x["strain"] == strain)
            bid = True
        else:
            a = next(x for x in legal if x["type"] in ("pass", "keep") and x["seat"] == seat)
        record["actions"].append(a)
    budget = max(50.0, LEVELS[level].budget_for("bazar-blot") * scale)
    moves = 0
    while not env.is_terminal():
        seat = env.current_player()
        full = game.state(rules, record)
        assert full["to_act"] == seat, (full["to_act"], seat)
        mine = sorted(x["card"] for x in full["legal_actions"] if x.get("card"))
        theirs = sorted(_colver_text(i) for i in env.legal_actions())
        if mine != theirs:
            raise AssertionError(
                f"legal cards differ: ours {mine}, colver's {theirs}, trick {full['current_trick']}"
            )
        if seat in ours:
            view = game.state(rules, {**record, "seat": seat})
            text = suggest(
                "bazar-blot", view, seat, level, seed=seed * 100 + moves, budget_ms=budget, clock=False
            )
            card = text.action["card"]
            c = next(
                i for i in env.legal_actions() if _colver_text(i) == card
            )  # colver must agree it is legal
        else:
            c = env.action_smart_ismcts(100) if smart else env.action_heuristic_play()
            card = _colver_text(c)
            assert any(x.get("card") == card for x in full["legal_actions"]), card  # and our engine
        record["actions"].append({"seat": seat, "type": "play", "card": card})
        if smart:
            env.smart_ismcts_step(c)
        else:
            env.step(c)
        moves += 1
    theirs = [int(x) for x in env.get_points()]
    side = ours[0] % 2
    points = game.state(rules, record)["result"]["summary"]["card_points"]
    # the two engines count the same points (colver adds a capot's 90 to the card points)
    assert theirs == points or (sorted(theirs) == [0, 252] and sorted(points) == [0, 162]), (points, theirs)
    return int(points[side] - points[1 - side])


def versus_colver(level: str, opponent: str, deals: int, scale: float) -> None:
    import colver

    diffs = []
    t0 = time.perf_counter()
    for d in range(deals):
        seed = 7919 * (d + 1)
        first = colver_play(colver, seed, (0, 2), level, opponent, scale)
        second = colver_play(colver, seed, (1, 3), level, opponent, scale)
        diffs.append((first + second) / 2.0)
    mean, half = interval(diffs)
    print(
        f"  {level} (x{scale}) vs colver {opponent:9} {mean:+7.2f} +/- {half:5.2f} card points per deal"
        f"  ({deals} deals x 2, {time.perf_counter() - t0:.0f} s)",
        flush=True,
    )


# ------------------------------------------------------------------------------------ OpenSpiel


def _os_card(c: str) -> int:
    return OS_RANKS.index(c[0]) * 4 + OS_SUITS.index(c[1])


def openspiel_deal(game: Any, rules: Any, seed: int) -> dict[str, Any]:
    """Our Oh Hell deal of a seed for the match (7 cards, its dealer the seed mod 4): bench.calls
    deals the same hands again from a match's log."""
    hand: dict[str, Any] = game.deal(rules, {"seed": seed, "round": 4, "dealer": seed % 4})["hand"]
    return hand


@dataclass(frozen=True)
class Unseen:
    """What a seat knows of the cards it has not seen: those cards (a card's suit is `card % 4`,
    OpenSpiel's numbering), how many are still hidden in each other seat's hand, and the suits each
    other seat has shown it lacks. The cards no seat needs are undealt (the stock)."""

    cards: tuple[int, ...]
    need: dict[int, int]
    voids: dict[int, frozenset[int]]


def rejection_hands(u: Unseen, rng: random.Random, tries: int = 1_000_000) -> dict[int, list[int]]:
    """A deal uniform over what the seat knows, by rejection: shuffle the unseen cards, deal each
    other seat its count in turn and the rest to the stock, and start again while any seat holds a
    suit it showed it lacks. Exact, and slow where voids are many: the reference the fast sampler is
    tested against."""
    seats = sorted(u.need)
    pool = list(u.cards)
    for _ in range(tries):
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        at = 0
        for q in seats:
            hand = pool[at : at + u.need[q]]
            at += u.need[q]
            if any(c % 4 in u.voids[q] for c in hand):
                break
            hands[q] = hand
        else:
            return hands
    raise RuntimeError(f"no deal fits the voids {u.voids} in {tries} draws")


class FairHands:
    """Deals uniform over what a seat knows, drawn suit by suit without rejection.

    A deal is a split of each suit's unseen cards between the other seats and the stock; the deals
    with the same counts per seat and suit number the product of each suit's multinomial, so the
    counts are drawn with exactly that weight (summed over the ways the later suits can fill what
    each seat still needs) and each suit's cards are then shuffled into them. The weights are
    counted once per position, exactly (Python integers), and each draw costs four picks and four
    shuffles."""

    def __init__(self, u: Unseen) -> None:
        self.seats = sorted(u.need)
        self.suits = [[c for c in u.cards if c % 4 == s] for s in range(4)]
        self.allowed = [[i for i, q in enumerate(self.seats) if s not in u.voids[q]] for s in range(4)]
        self.after = [sum(len(self.suits[j]) for j in range(i + 1, 4)) for i in range(4)]
        self.need = tuple(u.need[q] for q in self.seats)
        if sum(self.need) > len(u.cards):
            raise ValueError(f"the other seats hide {sum(self.need)} cards of {len(u.cards)} unseen")
        self._table: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = {}
        self.free = not any(u.voids.values())  # then a shuffle is uniform, and costs nothing to set up
        self.cards = list(u.cards)
        if not self.free and self.ways(0, self.need) == 0:
            raise ValueError(f"no deal fits the voids {u.voids}")

    def ways(self, suit: int, rem: tuple[int, ...]) -> int:
        """The deals of suits `suit`.. in which each other seat gets exactly `rem` more cards."""
        if suit == 4:
            return 0 if any(rem) else 1
        running = self._splits(suit, rem)[1]
        return running[-1] if running else 0

    def _splits(self, suit: int, rem: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        key = (suit, rem)
        found = self._table.get(key)
        if found is not None:
            return found
        n = len(self.suits[suit])
        allowed = self.allowed[suit]
        splits: list[tuple[int, ...]] = []
        running: list[int] = []
        total = 0
        for xs in itertools.product(*(range(min(rem[i], n) + 1) for i in allowed)):
            given = sum(xs)
            if given > n:
                continue
            x = [0] * len(rem)
            for i, xi in zip(allowed, xs, strict=True):
                x[i] = xi
            left = tuple(r - xi for r, xi in zip(rem, x, strict=True))
            if sum(left) > self.after[suit]:  # the later suits cannot fill what is left
                continue
            later = self.ways(suit + 1, left)
            if not later:
                continue
            ways = math.factorial(n) // math.factorial(n - given)
            for xi in xs:
                ways //= math.factorial(xi)
            total += ways * later
            splits.append(tuple(x))
            running.append(total)
        self._table[key] = (splits, running)
        return splits, running

    def __call__(self, rng: random.Random) -> dict[int, list[int]]:
        if self.free:
            pool = list(self.cards)
            rng.shuffle(pool)
            starts = list(itertools.accumulate(self.need, initial=0))
            return {q: pool[starts[i] : starts[i + 1]] for i, q in enumerate(self.seats)}
        hands: dict[int, list[int]] = {q: [] for q in self.seats}
        rem = self.need
        for suit in range(4):
            splits, running = self._splits(suit, rem)
            x = splits[bisect.bisect_right(running, rng.randrange(running[-1]))]
            cards = list(self.suits[suit])
            rng.shuffle(cards)
            at = 0
            for i, q in enumerate(self.seats):
                hands[q].extend(cards[at : at + x[i]])
                at += x[i]
            rem = tuple(r - xi for r, xi in zip(rem, x, strict=True))
        return hands


def suit_counts(
    draw: Callable[[random.Random], dict[int, list[int]]], draws: int, seed: int
) -> dict[tuple[int, int], tuple[float, float]]:
    """Per other seat and suit, the mean and variance of the cards dealt to it over `draws` draws."""
    rng = random.Random(seed)
    tallies: dict[tuple[int, int], list[int]] = {}
    for _ in range(draws):
        for q, hand in draw(rng).items():
            for s in range(4):
                tallies.setdefault((q, s), []).append(sum(1 for c in hand if c % 4 == s))
    return {k: (statistics.mean(v), statistics.pvariance(v)) for k, v in tallies.items()}


def count_gaps(
    ours: dict[tuple[int, int], tuple[float, float]],
    exact: dict[tuple[int, int], tuple[float, float]],
    draws: int,
) -> dict[tuple[int, int], float]:
    """Per seat and suit, the difference of the mean counts in standard errors (z)."""
    out = {}
    for k, (m, v) in exact.items():
        m2, v2 = ours[k]
        se = math.sqrt((v + v2) / draws)
        out[k] = (m2 - m) / se if se > 0 else (0.0 if m2 == m else math.inf)
    return out


class SeatDeals:
    """Imagined deals for OpenSpiel's ISMCTS from what its seat knows, as our bots imagine theirs.

    OpenSpiel's own `resample_from_infostate` for `oh_hell` (open_spiel 2.0.2 from PyPI) deals the
    other seats' unseen cards only from the cards that were really dealt to them: of the 44 cards a
    seat cannot see at a 4 x 7 table, 23 are in no hand, and the resampled deals never hold one of
    them (`python -m bench.anchors --check-resampler` counts it). ISMCTS sampled through it knows
    which 21 cards the others hold, a peek no player has. This sampler deals them from every card
    the seat has not seen: its own hand, the turned card and the cards played are known, each
    other seat keeps the cards it played, and a seat that did not follow suit gets none of that
    suit; every deal that fits is equally likely (`FairHands`, tested against `rejection_hands`).
    It is written apart from our bots' `knowledge.imagine` on purpose: an anchor that shared our
    sampler would share its mistakes."""

    def __init__(self, game: Any, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self._cache: tuple[tuple[int, ...], Any] | None = None

    def unseen(self, history: list[int], player: int) -> Any:
        """What `player` knows from the history: its hand, the turned card, each seat's cards
        played and its voids; and the fair sampler of that position. Cached: ISMCTS asks a thousand
        times from the same position."""
        key = (player, *history)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        n = self.game.num_players()
        tricks, size = history[0], history[0] * n
        deal, trump = history[2 : 2 + size], history[2 + size]
        own = [c for i, c in enumerate(deal) if i % n == player]
        st = self.game.new_initial_state()
        for a in history[: 3 + size]:
            st.apply_action(a)
        played: list[list[int]] = [[] for _ in range(n)]
        voids: list[set[int]] = [set() for _ in range(n)]
        trick: list[int] = []
        for a in history[3 + size :]:
            who = st.current_player()
            if a < 52:  # a card (bids are 52 + the bid)
                if trick and a % 4 != trick[0] % 4:
                    voids[who].add(trick[0] % 4)
                played[who].append(a)
                trick = [*trick, a] if len(trick) < n - 1 else []
            st.apply_action(a)
        seen = set(own) | {trump} | {c for cs in played for c in cs}
        others = [q for q in range(n) if q != player]
        u = Unseen(
            tuple(c for c in range(52) if c not in seen),
            {q: tricks - len(played[q]) for q in others},
            {q: frozenset(voids[q]) for q in others},
        )
        found = (tricks, n, own, played, u, FairHands(u))
        self._cache = (key, found)
        return found

    def __call__(self, state: Any, player: int) -> Any:
        history = [int(a) for a in state.history()]
        tricks, n, own, played, _, fair = self.unseen(history, player)
        hands = {player: list(own), **{q: played[q] + h for q, h in fair(self.rng).items()}}
        out = self.game.new_initial_state()
        out.apply_action(history[0])
        out.apply_action(history[1])
        dealt = [0] * n
        for i in range(n * tricks):
            q = i % n
            out.apply_action(hands[q][dealt[q]])
            dealt[q] += 1
        for a in history[2 + n * tricks :]:
            out.apply_action(a)
        return out


def hidden_hands(deals: SeatDeals, st: Any, player: int, _: random.Random) -> dict[int, list[int]]:
    """One deal drawn by `deals` through OpenSpiel's state: each other seat's cards not yet played."""
    history = [int(a) for a in st.history()]
    _, n, _, played, u, _ = deals.unseen(history, player)
    drawn = deals(st, player)
    assert drawn.information_state_string(player) == st.information_state_string(player)
    deal = drawn.history()[2 : 2 + n * history[0]]
    return {q: [c for i, c in enumerate(deal) if i % n == q and c not in played[q]] for q in u.need}


def check_resampler(deals: int = 20, draws: int = 50, positions: int = 8, counted: int = 1500) -> None:
    """How often OpenSpiel's resampled deals give the other seats exactly the cards they were
    really dealt (a sampler from what the seat knows: almost never), beside `SeatDeals`; then, in
    `positions` positions where a seat has shown a void, the cards `SeatDeals` deals each other seat
    per suit over `counted` draws beside an exact uniform sampler's (`rejection_hands`), with z."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    ours_game = GAMES["oh-hell"]
    rules = ours_game.rules({"players": 4})
    rng = random.Random(0)
    counts = {"OpenSpiel's resample_from_infostate": 0, "SeatDeals": 0}
    total = 0
    for d in range(deals):
        seed = 7919 * (d + 1)
        st = _openspiel_start(game, ours_game, rules, seed)
        for _ in range(rng.randint(0, 20)):
            st.apply_action(rng.choice(st.legal_actions()))
        p = st.current_player()
        hist = st.history()
        size = 4 * hist[0]
        truth = sorted(c for i, c in enumerate(hist[2 : 2 + size]) if i % 4 != p)
        fair = SeatDeals(game, seed)
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        for _ in range(draws):
            total += 1
            for name, draw in (
                ("OpenSpiel's resample_from_infostate", st.resample_from_infostate(p, sampler)),
                ("SeatDeals", fair(st, p)),
            ):
                assert draw.information_state_string(p) == st.information_state_string(p)
                h = draw.history()
                if sorted(c for i, c in enumerate(h[2 : 2 + size]) if i % 4 != p) == truth:
                    counts[name] += 1
    for name, c in counts.items():
        print(f"  {name}: the other seats hold exactly the cards they were dealt in {c} of {total} draws")
    print(
        f"  cards of each suit (C D S H) dealt to each other seat, SeatDeals / exact (rejection), z,"
        f" {counted} draws each; v: the seat showed that void"
    )
    worst = 0.0
    found = 0
    for d in range(10 * positions):
        if found == positions:
            break
        seed = 7919 * (9001 + d)
        st = _openspiel_start(game, ours_game, rules, seed)
        play = random.Random(seed)
        steps = play.randint(12, 26)
        for _ in range(steps):
            if st.is_terminal():
                break
            st.apply_action(play.choice(st.legal_actions()))
        if st.is_terminal():
            continue
        p = st.current_player()
        seat_deals = SeatDeals(game, seed)
        hist = [int(a) for a in st.history()]
        _, n, _, played, u, _ = seat_deals.unseen(hist, p)
        if not any(u.voids.values()):
            continue
        found += 1
        size = n * hist[0]
        dealt = hist[2 : 2 + size]
        for q in u.need:  # the true deal is one the sampler may draw
            hidden = [c for i, c in enumerate(dealt) if i % n == q and c not in played[q]]
            assert len(hidden) == u.need[q] and not any(c % 4 in u.voids[q] for c in hidden), (q, u)

        ours = suit_counts(functools.partial(hidden_hands, seat_deals, st, p), counted, seed)
        exact = suit_counts(lambda r, u=u: rejection_hands(u, r), counted, seed + 1)
        z = count_gaps(ours, exact, counted)
        print(f"  deal seed {seed} after {steps} actions, seat {p} to act:")
        for q in sorted(u.need):
            cells = "  ".join(
                f"{OS_SUITS[s]}{'v' if s in u.voids[q] else ' '} {ours[q, s][0]:.2f}/{exact[q, s][0]:.2f}"
                f" ({z[q, s]:+.1f})"
                for s in range(4)
            )
            print(f"    seat {q} ({u.need[q]} hidden): {cells}")
        worst = max(worst, *(abs(v) for v in z.values()))
    print(f"  largest |z| over {found} positions: {worst:.1f}", flush=True)


def _openspiel_start(game: Any, ours_game: Any, rules: Any, seed: int) -> Any:
    """OpenSpiel's state of our deal of a seed, at the first call."""
    hand = openspiel_deal(ours_game, rules, seed)
    st = game.new_initial_state()
    st.apply_action(st.chance_outcomes()[0][0])  # the number of tricks: fixed at 7
    st.apply_action(seed % 4)
    # OpenSpiel deals card k to player k % 4; then it turns the trump card
    cards = hand["hands"]
    for k in range(28):
        st.apply_action(_os_card(cards[k % 4][k // 4]))
    st.apply_action(_os_card(hand["turned"]))
    return st


def openspiel_play(
    seed: int,
    ours: tuple[int, ...],
    level: str,
    sims: int,
    scale: float,
    log: list[dict[str, Any]] | None = None,
    resampler: str = "seat",
) -> float:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    ours_game = GAMES["oh-hell"]
    rules = ours_game.rules({"players": 4})
    record: dict[str, Any] = dict(openspiel_deal(ours_game, rules, seed))
    st = _openspiel_start(game, ours_game, rules, seed)
    assert st.current_player() == (seed % 4 + 1) % 4
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, sims, random_state=rng)
    # ISMCTS draws its deals through a sampler it builds unseeded for every draw, so the same deal
    # played again met a different opponent: one seeded sampler per play makes the match a function
    # of the seed, and a change of Hard's is then compared with the code before it on the same
    # opponent's answers wherever the two Hards play alike
    if resampler == "openspiel":  # OpenSpiel's own: it knows which cards the others hold
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    else:
        bot.set_resampler(SeatDeals(game, seed))
    budget = max(50.0, LEVELS[level].budget_for("oh-hell") * scale)
    moves = 0
    while not st.is_terminal():
        seat = st.current_player()
        full = ours_game.state(rules, record)
        assert full["to_act"] == seat, (full["to_act"], seat)
        if seat in ours:
            view = ours_game.state(rules, {**record, "seat": seat})
            a = suggest(
                "oh-hell", view, seat, level, seed=seed * 100 + moves, budget_ms=budget, clock=False
            ).action
            os_action = 52 + a["value"] if a["type"] == "bid" else _os_card(a["card"])
            assert os_action in st.legal_actions(), a  # OpenSpiel agrees it is legal
        else:
            os_action = int(bot.step(st))
            text = st.action_to_string(os_action)
            if os_action >= 52:
                a = {"seat": seat, "type": "bid", "value": os_action - 52}
            else:
                a = {"seat": seat, "type": "play", "card": text[1] + text[0]}
            assert a in full["legal_actions"], a  # and so does ours
        record["actions"].append(a)
        st.apply_action(os_action)
        moves += 1
    scores = ours_game.state(rules, record)["result"]["scores"]
    assert [float(x) for x in scores] == list(st.returns()), (scores, st.returns())
    if log is not None:
        result = ours_game.state(rules, record)["result"]
        for entry in result["breakdown"]:
            log.append({**entry, "ours": entry["seat"] in ours, "seed": seed})
    mine = statistics.mean(scores[s] for s in ours)
    theirs = statistics.mean(scores[s] for s in range(4) if s not in ours)
    return float(mine - theirs)


def versus_openspiel(
    level: str,
    deals: int,
    sims: int,
    scale: float,
    log: bool = False,
    first: int = 0,
    resampler: str = "seat",
) -> None:
    diffs = []
    entries: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for d in range(first, first + deals):
        seed = 7919 * (d + 1)
        first_play = openspiel_play(seed, (0, 2), level, sims, scale, entries, resampler)
        second_play = openspiel_play(seed, (1, 3), level, sims, scale, entries, resampler)
        diffs.append((first_play + second_play) / 2.0)
        if log:
            print(f"    deal {d} (seed {seed}): {diffs[-1]:+.2f}", flush=True)
            for e in entries[-8:]:
                side = "ours  " if e["ours"] else "ismcts"
                print(
                    f"      {side} seat {e['seat']} bid {e['bid']} took {e['tricks']}"
                    f" {'made' if e['made'] else '    '} {e['score']:3}",
                    flush=True,
                )
    mean, half = interval(diffs)
    print(
        f"  {level} (x{scale}) vs OpenSpiel ISMCTS ({sims} simulations, {resampler} deals)"
        f" {mean:+6.2f} +/- {half:5.2f} points"
        f" per seat per deal  ({deals} deals x 2, {time.perf_counter() - t0:.0f} s)",
        flush=True,
    )
    # the same seat of the same deal played by both: equal bids show the play, different ones the bids
    pairs: dict[tuple[int, int], dict[bool, dict[str, Any]]] = {}
    for e in entries:
        pairs.setdefault((e["seed"], e["seat"]), {})[e["ours"]] = e
    for same in (True, False):
        both = [p for p in pairs.values() if len(p) == 2 and (p[True]["bid"] == p[False]["bid"]) is same]
        if both:
            print(
                f"    {'same' if same else 'different'} bids on {len(both)} seats: made, ours"
                f" {statistics.mean(p[True]['made'] for p in both):.0%}, ISMCTS"
                f" {statistics.mean(p[False]['made'] for p in both):.0%}; score, ours"
                f" {statistics.mean(p[True]['score'] for p in both):.2f}, ISMCTS"
                f" {statistics.mean(p[False]['score'] for p in both):.2f}",
                flush=True,
            )
    for side, name in ((True, "ours"), (False, "ISMCTS")):
        es = [e for e in entries if e["ours"] is side]
        made = statistics.mean(e["made"] for e in es)
        bid = statistics.mean(e["bid"] for e in es)
        took = statistics.mean(e["tricks"] for e in es)
        over = statistics.mean(e["difference"] > 0 for e in es)
        under = statistics.mean(e["difference"] < 0 for e in es)
        score = statistics.mean(e["score"] for e in es)
        print(
            f"    {name:6}: made its bid {made:.0%} of the time, mean bid {bid:.2f}, mean tricks {took:.2f},"
            f" over {over:.0%} under {under:.0%}, mean score {score:.2f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--scale", type=float, default=1.0, help="budget scale of our bots")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per rate")
    parser.add_argument("--only", default="rates,colver,openspiel")
    parser.add_argument("--colver-levels", default="normal:heuristic,hard:ismcts,crazy:ismcts")
    parser.add_argument("--openspiel-levels", default="hard")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--log", action="store_true", help="OpenSpiel: every deal's bids and tricks")
    parser.add_argument("--first", type=int, default=0, help="OpenSpiel: the first deal's number")
    parser.add_argument(
        "--ismcts-deals",
        choices=("seat", "openspiel"),
        default="seat",
        help="OpenSpiel: ISMCTS imagines deals from what its seat knows (SeatDeals), or through"
        " OpenSpiel's own resampler, which knows which cards the others were dealt",
    )
    parser.add_argument(
        "--check-resampler", action="store_true", help="OpenSpiel: count the resamplers' peeks, then stop"
    )
    args = parser.parse_args()
    if args.check_resampler:
        check_resampler()
        return
    only = args.only.split(",")
    if "rates" in only:
        rates(args.seconds)
    if "colver" in only:
        try:
            import colver  # noqa: F401
        except ImportError:
            print("colver: skipped (pip install -e '.[bench]')")
        else:
            print(f"Belote card play against colver, {args.deals} deals x 2")
            for pair in args.colver_levels.split(","):
                level, opponent = pair.split(":")
                versus_colver(level, opponent, args.deals, args.scale)
    if "openspiel" in only:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            print("OpenSpiel: skipped (pip install -e '.[bench]')")
        else:
            print(f"Oh Hell 4 x 7 against OpenSpiel's ISMCTS, {args.deals} deals x 2")
            for level in args.openspiel_levels.split(","):
                versus_openspiel(
                    level, args.deals, args.simulations, args.scale, args.log, args.first, args.ismcts_deals
                )


if __name__ == "__main__":
    main()
