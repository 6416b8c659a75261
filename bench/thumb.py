"""A card rule as a player against the Oh Hell family's rule of thumb (figures, not pass/fail).

The searching levels play every seat by the rule of thumb (`lean.oh_thumb`) from the tree's edge to
the end of the hand, so a stronger playout is a stronger rule of thumb first: a rule that does not
beat `oh_thumb` as a player will not lift a search. This settles that in a minute, before any match:
each deal's calls and trumps are the rule of thumb's (through the engine; `--calls LEVEL`: that
level's, as searching players at a table make them), then its card play runs
twice on the lean simulator, the rule tried in seats 0 and 2 and the rule of thumb in 1 and 3, then
the other way round. The figure is the mean, per deal, of the tried seats' score minus the others',
per seat, with its 95 % interval. Each rule below changes the rule of thumb's card in one situation
and reads only what the seat may know (its hand, the trick, the calls, the cards gone). Try a rule
on searching players' calls too (`--calls hard`): the short discards win a third of a point a seat
in Blob on the rule of thumb's own calls and nothing on Hard's, which are the calls a playout meets.

    python -m bench.thumb [--games oh-hell,blob] [--rules discard_short,...] [--deals 3000]
        [--calls hard]
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.bots import suggest
from service.bots.lean import (
    _BOTTOM,
    _TOP,
    OH_ABOVE,
    OH_BIT,
    OH_SUIT,
    OhHellSim,
    _plain,
    oh_thumb,
    suit_masks,
)
from service.bots.ohhell import policy
from service.rules.ohhell.options import TRICKS_PLUS_TEN
from service.rules.record import Action, HandRecord
from service.rules.registry import GAMES

FULL = 0x1FFF  # a suit's 13 ranks


@dataclass(frozen=True)
class Turn:
    """What the seat to play knows, as the rule of thumb reads it, and the rule of thumb's card."""

    sim: OhHellSim
    suits: list[int]  # the seat's cards as four 13-bit masks
    follow: int  # the suit it must follow, -1 if it leads or shows out
    wants: bool  # it still needs tricks (a lost call that scores its tricks wants them all)
    last: bool  # last to play to the trick
    thumb: int  # the rule of thumb's card
    gone: list[int]  # the cards played so far, four 13-bit masks

    def unseen(self, suit: int) -> int:
        """The ranks of `suit` neither in the seat's hand nor played: held by others or undealt."""
        return FULL & ~self.gone[suit] & ~self.suits[suit]

    def can_win(self) -> bool:
        """Whether one of its legal cards beats the trick's best card."""
        best, trump = self.sim.best, self.sim.trump
        if self.follow >= 0:  # a card of the suit led wins only over a best card of that suit
            return OH_SUIT[best] == self.follow and bool(self.suits[self.follow] & OH_ABOVE[best])
        if trump < 0:  # showing out without trumps: no card wins
            return False
        return bool(self.suits[trump] & OH_ABOVE[best]) if OH_SUIT[best] == trump else bool(self.suits[trump])


Rule = Callable[[Turn], int]


def thumb(t: Turn) -> int:
    """The rule of thumb itself (a check: it scores exactly 0 against itself)."""
    return t.thumb


def discard_short(t: Turn) -> int:
    """Needing tricks and unable to win a trick it shows out of, the lowest card of its shortest
    plain suit (towards a void to trump later), not the lowest plain card of any suit."""
    trump = t.sim.trump
    if t.sim.trick and t.follow < 0 and t.wants and OH_SUIT[t.thumb] != trump and not t.can_win():
        plain = [s for s in range(4) if s != trump and t.suits[s]]
        s = min(plain, key=lambda q: (t.suits[q].bit_count(), _BOTTOM[t.suits[q]]))
        return s * 13 + _BOTTOM[t.suits[s]]
    return t.thumb


def ruff_low(t: Turn) -> int:
    """Needing tricks and trumping a plain suit before the last seat, the lowest trump that wins,
    not the highest."""
    sim, trump = t.sim, t.sim.trump
    if sim.trick and t.follow < 0 and t.wants and not t.last and trump >= 0 and OH_SUIT[t.thumb] == trump:
        best = sim.best
        won = t.suits[trump] & OH_ABOVE[best] if OH_SUIT[best] == trump else t.suits[trump]
        if won and OH_SUIT[sim.trick[0]] != trump:
            return trump * 13 + _BOTTOM[won]
    return t.thumb


def lead_plain(t: Turn) -> int:
    """Needing tricks on lead, its highest plain card rather than a trump that an unseen trump beats."""
    trump = t.sim.trump
    lead = not t.sim.trick and t.wants and trump >= 0 and OH_SUIT[t.thumb] == trump
    if lead and t.unseen(trump) & OH_ABOVE[t.thumb]:
        p = _plain(t.suits, t.sim.hands[t.sim.to_act], trump, True)
        if p >= 0:
            return p
    return t.thumb


def second_low(t: Turn) -> int:
    """Second to a plain lead and needing tricks, its lowest card of the suit when an unseen card
    beats its best one (second hand low)."""
    sim, f = t.sim, t.follow
    second = len(sim.trick) == 1 and f >= 0 and not t.last and t.wants and OH_SUIT[sim.best] == f
    if second and OH_SUIT[t.thumb] == f and t.unseen(f) & ~OH_BIT[sim.best] & OH_ABOVE[t.thumb]:
        return f * 13 + _BOTTOM[t.suits[f]]
    return t.thumb


def cheapest_master(t: Turn) -> int:
    """Needing tricks and following before the last seat, its lowest card that no unseen card of
    the suit beats, where it has one, rather than its highest winner."""
    sim, f = t.sim, t.follow
    if sim.trick and f >= 0 and not t.last and t.wants and OH_SUIT[sim.best] == f:
        unseen = t.unseen(f) & ~OH_BIT[sim.best]
        won = t.suits[f] & OH_ABOVE[sim.best]
        while won:
            r = (won & -won).bit_length() - 1
            if not unseen >> (r + 1):
                return f * 13 + r
            won &= won - 1
    return t.thumb


def _beaten_trump_lead(t: Turn) -> bool:
    """Needing tricks on lead, the rule of thumb leads its top trump though an unseen trump beats it."""
    trump = t.sim.trump
    return (
        not t.sim.trick
        and t.wants
        and trump >= 0
        and OH_SUIT[t.thumb] == trump
        and bool(t.unseen(trump) & OH_ABOVE[t.thumb])
    )


def lead_short(t: Turn) -> int:
    """Needing tricks on lead with its top trump beaten, the top card of its shortest plain suit
    (towards a void to trump), as searching players often do there."""
    if _beaten_trump_lead(t):
        plain = [s for s in range(4) if s != t.sim.trump and t.suits[s]]
        if plain:
            s = min(plain, key=lambda q: (t.suits[q].bit_count(), -_TOP[t.suits[q]]))
            return s * 13 + _TOP[t.suits[s]]
    return t.thumb


def lead_single(t: Turn) -> int:
    """As `lead_short`, only from a plain suit of one card."""
    if _beaten_trump_lead(t):
        single = [s for s in range(4) if s != t.sim.trump and t.suits[s].bit_count() == 1]
        if single:
            s = max(single, key=lambda q: _TOP[t.suits[q]])
            return s * 13 + _TOP[t.suits[s]]
    return t.thumb


RULES: dict[str, Rule] = {
    "thumb": thumb,
    "discard_short": discard_short,
    "ruff_low": ruff_low,
    "lead_plain": lead_plain,
    "second_low": second_low,
    "cheapest_master": cheapest_master,
    "lead_short": lead_short,
    "lead_single": lead_single,
}


def first_lead(game: str, seed: int, dealer: int, calls: str | None = None) -> OhHellSim:
    """A seeded deal of `game`'s default rules at its first lead, the calls and trumps by thumb, or
    by the level `calls` (searching players call above the count where the highest caller names
    trumps, and their calls are the ones the playouts meet at a table)."""
    g = GAMES[game]
    rules = g.rules(None)
    hand = g.deal(rules, {"dealer": dealer, "seed": seed})["hand"]
    st = g.start(rules, HandRecord.from_json(hand))
    done: list[dict[str, object]] = []
    while st.phase != "play":
        if calls is None:
            action = policy(st)
        else:
            seat = st.to_act
            view = g.state(rules, {**hand, "actions": done, "seat": seat})
            moves = len(done)
            action = Action.from_json(
                suggest(game, view, seat, calls, seed=seed * 1000 + moves, clock=False).action
            )
        done.append(action.to_json())
        st = st.apply(action)
    return OhHellSim(st)


def leads(game: str, deals: int, first: int = 0, calls: str | None = None) -> list[OhHellSim]:
    """Deals `first` to `first + deals - 1` at their first lead (`first_lead`)."""
    players = int(GAMES[game].rules(None)["players"])
    return [first_lead(game, 7919 * (d + 1), d % players, calls) for d in range(first, first + deals)]


def turn(sim: OhHellSim, gone: list[int]) -> Turn:
    seat = sim.to_act
    hand = sim.hands[seat]
    suits = suit_masks(hand)
    led = OH_SUIT[sim.trick[0]] if sim.trick else -1
    follow = led if led >= 0 and suits[led] else -1
    need = sim.bids[seat] - sim.won[seat]
    plus_ten = sim.method == TRICKS_PLUS_TEN
    last = len(sim.trick) == sim.n - 1
    card = oh_thumb(suits, hand, follow, not sim.trick, sim.best, need, plus_ten, last, sim.trump)
    return Turn(sim, suits, follow, need > 0 or (plus_ten and need < 0), last, card, gone)


def play(start: OhHellSim, rule: Rule, tried: Sequence[int], gone: Sequence[int] = (0, 0, 0, 0)) -> list[int]:
    """Each seat's score once the `tried` seats play by `rule`, the others by the rule of thumb
    (`gone`: the cards played before `start`, four 13-bit masks)."""
    sim = start.clone()
    gone = list(gone)
    while sim.left:
        c = rule(turn(sim, gone)) if sim.to_act in tried else sim.thumb()
        if c not in sim.legal():
            raise AssertionError(f"{rule.__name__} played {c}, not a legal card")
        gone[OH_SUIT[c]] |= OH_BIT[c]
        sim.play(c)
    return sim.scores()


def duplicate(game: str, rule: Rule, deals: int, first: int = 0) -> list[float]:
    """Per deal: the tried seats' mean score minus the others', over both plays (points per seat)."""
    return duplicate_from(leads(game, deals, first), rule)


def duplicate_from(starts: Sequence[OhHellSim], rule: Rule) -> list[float]:
    """`duplicate` on deals already at their first lead."""
    out = []
    for start in starts:
        n = start.n
        even = [q for q in range(n) if q % 2 == 0]
        odd = [q for q in range(n) if q % 2 == 1]
        total = 0.0
        for tried, rest in ((even, odd), (odd, even)):
            s = play(start, rule, tried)
            total += statistics.fmean(s[q] for q in tried) - statistics.fmean(s[q] for q in rest)
        out.append(total / 2.0)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--games", default="oh-hell,blob")
    ap.add_argument("--rules", default=",".join(r for r in RULES if r != "thumb"))
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument(
        "--calls", help="the level whose calls and trumps the deals take (default: the rule of thumb)"
    )
    a = ap.parse_args(argv)
    by = f"{a.calls}'s calls and trumps" if a.calls else "the rule of thumb's calls and trumps"
    print(f"each rule in two seats against the rule of thumb, {a.deals} deals x 2 ({by}), per seat")
    print("| game | rule | tried minus the rule of thumb |")
    print("|---|---|---|")
    for game in a.games.split(","):
        starts = leads(game, a.deals, a.first, a.calls)
        for name in a.rules.split(","):
            xs = duplicate_from(starts, RULES[name])
            half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
            print(f"| {game} | {name} | {statistics.fmean(xs):+.3f} +/- {half:.3f} |", flush=True)


if __name__ == "__main__":
    main()
