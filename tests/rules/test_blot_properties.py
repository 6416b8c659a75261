"""Invariants over random legal deals of both games (auction and play), checked against the rule
book's statements written out again here, independently of the engine."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules.belote.cards import BELOTE_ORDER, DECK_32
from service.rules.belote.combinations import holds_king_and_queen, quartets, runs
from service.rules.belote.duties import judge as belote_judge
from service.rules.blot import GAMES
from service.rules.blot.combinations import (
    QUARTET,
    RUN,
    run_points,
    score_combinations,
    seat_declarations,
)
from service.rules.blot.options import FIRST_IN_ORDER, QUARTET_VALUES
from service.rules.blot.state import COMPLETE, REDEAL, BlotState
from service.rules.cards import suit_of
from service.rules.errors import RuleError
from service.rules.trick import Duties, judge

GAME = {g.id: g for g in GAMES}
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TRUMP = "789TJQKA"
TRUMP_ORDER = "78QKTA9J"
PLAIN_ORDER = "789JQKTA"


def beats(a: str, b: str, trump: str | None) -> bool:
    """Does card a beat card b, which is winning the trick so far?"""
    if a[1] == b[1]:
        order = TRUMP_ORDER if a[1] == trump else PLAIN_ORDER
        return order.index(a[0]) > order.index(b[0])
    return a[1] == trump


def winner_of(cards: list[str], trump: str | None) -> int:
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def allowed(hand: list[str], trick: list[str], trump: str | None, partner_wins: bool, free: bool) -> set[str]:
    """The rule book's duties (The play), written out independently of the engine."""
    if not trick:
        return set(hand)
    led = trick[0][1]
    same = [c for c in hand if c[1] == led]
    if same:
        if led == trump:
            top = max(TRUMP_ORDER.index(c[0]) for c in trick if c[1] == trump)
            higher = [c for c in same if TRUMP_ORDER.index(c[0]) > top]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if c[1] == trump]
    if trump is None or not trumps or partner_wins:
        return set(hand)
    played = [TRUMP_ORDER.index(c[0]) for c in trick if c[1] == trump]
    if played:
        higher = [c for c in trumps if TRUMP_ORDER.index(c[0]) > max(played)]
        if higher:
            return set(higher)
        if free:
            return set(hand)
    return set(trumps)


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, Any, int, int]:
    game = draw(st.sampled_from(sorted(GAME)))
    opts: dict[str, Any] = {
        "undertrump": draw(st.sampled_from(["free", "required"])),
        "combination_ties": draw(st.sampled_from(["first-in-trick-order", "neither"])),
        "rounding": draw(st.sampled_from(["half-down", "half-up"])),
    }
    if game == "bazar-blot":
        opts["contra"] = draw(st.sampled_from(["in-turn", "any-time"]))
        opts["bid_ceiling"] = draw(st.sampled_from([None, 16, 9]))
        opts["quartet_values"] = draw(st.sampled_from(["rule-book", "classical"]))
    return game, GAME[game].rules(opts), draw(st.integers(0, 2**53 - 1)), draw(st.integers(0, 3))


def random_deal(
    game: str, rules: Any, seed: int, dealer: int, pass_bias: float
) -> tuple[dict, list[BlotState], list]:
    rng = random.Random(seed)
    g = GAME[game]
    hand = g.deal(rules, {"seed": seed, "dealer": dealer % g.players})["hand"]
    _, state = g.replay(rules, hand)
    states, actions = [state], []
    while state.phase not in (COMPLETE, REDEAL):
        legal = state.legal_actions()
        passes = [a for a in legal if a.type in ("pass", "keep")]
        action = rng.choice(passes) if passes and rng.random() < pass_bias else rng.choice(legal)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return hand, states, actions


@SETTINGS
@given(deals(), st.sampled_from([0.0, 0.6, 0.95]))
def test_random_deals_keep_the_rules(deal: tuple[str, Any, int, int], pass_bias: float) -> None:
    game, rules, seed, dealer = deal
    hand, states, actions = random_deal(game, rules, seed, dealer, pass_bias)
    g = GAME[game]
    n = g.players
    final = states[-1]
    dealt = Counter(c for cards in hand["hands"] for c in cards)
    dealt += Counter([hand["turned"], *hand["stock"]]) if game == "blot-duel" else Counter()
    free = rules["undertrump"] == "free"
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        # cards are conserved: held + played + (duel) turned/stock/undealt = dealt
        held = Counter(c.text for h in after.hands for c in h)
        played = Counter(c.text for t in after.tricks for c in t.cards) + Counter(c.text for c in after.trick)
        rest: Counter[str] = Counter()
        if game == "blot-duel":
            if after.play is None:
                rest = Counter([hand["turned"], *hand["stock"]])
            else:
                rest = Counter(c.text for c in after.play.undealt)
        assert held + played + rest == dealt and not (held & played)
        if action.type == "play":
            # every card obeys the duties as the rule book states them
            trick = [c.text for c in before.trick]
            trump = before.contract.strain if before.contract.strain != "NT" else None
            partner = False
            if n == 4 and trick:
                partner = (before.leader + winner_of(trick, trump)) % 4 == (action.seat + 2) % 4
            hand_now = [c.text for c in before.hands[action.seat]]
            assert action.card.text in allowed(hand_now, trick, trump, partner, free)
            assert {c.text for c in before.legal_cards()} == allowed(hand_now, trick, trump, partner, free)
            # the core's judge with the same duties agrees, and the family's gives the same reasons
            core = Duties(must_trump=True, must_overtrump=True, raise_on_trump_lead=True,
                          partner_exemption=True, free_if_cannot_overtrump=free)  # fmt: skip
            verdict = judge(before.hands[action.seat], before.trick, before.play.trump, core,
                            BELOTE_ORDER, partner)  # fmt: skip
            assert set(verdict.legal) == set(before.legal_cards())
            family = belote_judge(before.hands[action.seat], before.trick, before.play.trump,
                                  before.table.duties, partner)  # fmt: skip
            assert family.legal == verdict.legal and dict(family.reasons) == dict(verdict.reasons)
        # a seat's view never holds another seat's unplayed card (the duel's turned card is public)
        for seat in range(n):
            v = after.view(seat)
            hidden = {c.text for s, h in enumerate(after.hands) if s != seat for c in h}
            if game == "blot-duel":
                hidden |= {c.text for c in (after.play.undealt if after.play else after.table.stock)}
                hidden.discard(hand["turned"])
            public = {k: v[k] for k in v if k not in ("declarations", "result")}
            text = json.dumps(public)
            assert not any(f'"{c}"' in text for c in hidden)
            if not after.tricks:
                assert v["declarations"] == []
    if final.phase == REDEAL:
        assert final.result()["scores"] == [0, 0]
        return
    # tricks: eight, each won by the rule book's winner, with its points
    assert len(final.tricks) == 8 and sum(final.won) == 8
    trump = final.contract.strain if final.contract.strain != "NT" else None
    for t in final.tricks:
        texts = [c.text for c in t.cards]
        assert t.winner == (t.leader + winner_of(texts, trump)) % n
    result = final.result()
    lines = result["breakdown"]
    # 162 card points in every deal (the duel's undealt cards included)
    assert sum(line["card_points"] for line in lines) == 162
    assert sum(final.points) == 162 if game == "bazar-blot" else sum(final.points) <= 162
    # each score equals its breakdown
    for line, score in zip(lines, result["scores"], strict=True):
        assert (
            line["total_points"]
            == line["card_points"] + line["combinations"] + line["blot"] + line["capot_bonus"]
        )
        assert score == line["points"] + line["bid"]
        tens, rest = divmod(line["total_points"], 10)
        up = rest > 5 or (rest == 5 and rules["rounding"] == "half-up")
        assert line["points"] == tens + up
    # scoring the summary gives the same answer as scoring the record, and so does the summary that
    # gives each seat's declarations instead of the totals (the service ranks them as from the record)
    assert g.score(rules, {"summary": result["summary"]})["scores"] == result["scores"]
    declared = {k: v for k, v in result["summary"].items() if k != "combinations"}
    declared["dealer"] = final.table.dealer
    declared["declarations"] = [
        {"seat": d.seat, "kind": "run", "length": len(d.cards), "top": d.cards[-1][0], "suit": d.cards[-1][1]}
        if d.kind == "run"
        else {"seat": d.seat, "kind": "quartet", "rank": d.cards[0][0]}
        for seat in final.play.combinations.declared
        for d in seat
    ]
    out = g.score(rules, {"summary": declared})
    assert out["scores"] == result["scores"]
    assert out["summary"]["combinations"] == result["summary"]["combinations"]
    # one side takes it all unless the contract was made without a double
    made_plain = result["made"] and (game == "blot-duel" or final.contract.double == "none")
    if not made_plain:
        assert 0 in result["scores"]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(
    st.sampled_from(sorted(GAME)),
    st.lists(
        st.fixed_dictionaries(
            {
                "seat": st.integers(-1, 4),
                "type": st.sampled_from(
                    ["bid", "pass", "keep", "contra", "recontra", "play", "take", "name", "x"]
                ),
                "value": st.integers(6, 90),
                "strain": st.sampled_from(["S", "H", "NT"]),
                "card": st.sampled_from(["7S", "AS", "JH", "9D"]),
            }
        ),
        max_size=8,
    ),
    st.integers(0, 1000),
)
def test_any_action_list_gets_an_answer_or_a_rule_error(game: str, raw: list[dict], seed: int) -> None:
    g = GAME[game]
    rules = g.rules(None)
    hand = g.deal(rules, {"seed": seed})["hand"]
    actions = []
    for a in raw:
        fields = g.fields.get(a["type"], frozenset())
        actions.append({k: v for k, v in a.items() if k in ("seat", "type") or k in fields})
    try:
        g.state(rules, {**hand, "actions": actions, "seat": 0})
    except RuleError as e:
        assert e.action_index is None or 0 <= e.action_index < len(actions)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK_32), min_size=8, max_size=8, unique=True),
    st.sampled_from(["S", "H", "D", "C", "NT"]),
    st.sampled_from(["rule-book", "classical"]),
    st.booleans(),
)
def test_the_bitmask_precheck_finds_every_combination(
    hand: list[Any], strain: str, table: str, with_quartets: bool
) -> None:
    """seat_declarations skips detection when the hand's bitmask shows no run and no quartet: it must
    find exactly what the core's detection finds; the blot is king and queen of trumps in one hand."""
    trump = suit_of(strain)
    expected = []
    if with_quartets:
        values = QUARTET_VALUES[table][trump is not None]
        expected += [
            (QUARTET, q.cards, values[q.rank], (1, values[q.rank], 0, 0))
            for q in quartets(hand, "9TJQKA")
            if values.get(q.rank, 0)
        ]
    expected += [
        (RUN, r.cards, run_points(r.length), (0, r.length, r.top_strength, int(r.suit is trump)))
        for r in runs(hand)
    ]
    found = seat_declarations(hand, 0, trump, table, with_quartets)
    assert [(d.kind, d.cards, d.points, d.key) for d in found] == expected
    combos = score_combinations([hand, (), (), ()], trump, 0, table, FIRST_IN_ORDER, with_quartets)
    assert (combos.blot_seat == 0) == holds_king_and_queen(hand, trump)
