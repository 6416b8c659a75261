"""Hidden information and the rules review of issue 10: what a seat can infer from its view and its
errors under every trump mode, summaries that claim trumps a deal cannot have, the schedule bound,
the dealer-chooses rounds, bounded caches and values no rules code may recurse into."""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

from service.rules.errors import Code, InvalidRecord, RuleError
from service.rules.ohhell import GAMES
from service.rules.ohhell.options import MAX_ROUNDS, NOMINATION_BOOK, OH_HELL_BOOK
from service.rules.ohhell.state import schedule
from service.rules.profile import CACHE_SIZE, Rules

GAME = {g.id: g for g in GAMES}
OH = GAME["oh-hell"]
NOM = GAME["nomination-whist"]
BLOB = GAME["blob"]

# 4 players, 3 cards each, dealer 0
HANDS = [["AS", "KH", "2C"], ["3S", "4S", "AH"], ["QD", "5S", "2H"], ["KC", "9S", "3D"]]


def raises(fn: Any, *args: Any) -> RuleError:
    """The error an operation (a bound Game method) answers, as the contract answers it: a request
    for a seat's view gets it as that seat may read it (Game.answer)."""
    with pytest.raises(RuleError) as e:
        if len(args) == 2:  # an operation: (rules, body)
            fn.__self__.answer(fn.__name__, *args)
        else:
            fn(*args)
    return e.value


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


# ------------------------------------------------------------------ what the deciding seat can infer

MODES: list[tuple[str, dict[str, Any]]] = [
    ("oh-hell", {"trumps": "turned"}),
    ("blob", {"trumps": "highest-caller"}),
    ("nomination-whist", {"trumps": "dealer-chooses"}),
    ("nomination-whist", {"trumps": "dealer-turns-or-no-trump"}),
    ("nomination-whist", {"trumps": "no-trump"}),
]


def _record(turned: str | None, hands: list[list[str]]) -> dict[str, Any]:
    record: dict[str, Any] = {"dealer": 0, "hands": hands, "actions": []}
    if turned is not None:
        record["turned"] = turned
    return record


def _to_decision(game: str, r: Rules, record: dict[str, Any]) -> dict[str, Any]:
    """Play legal actions until someone must name trumps (or the bidding ends)."""
    g = GAME[game]
    while True:
        view = g.state(r, record)
        if view["phase"] != "bidding":
            return record
        record = {**record, "actions": [*record["actions"], view["legal_actions"][0]]}


@pytest.mark.parametrize(("game", "opts"), MODES, ids=[m[1]["trumps"] for m in MODES])
def test_every_trump_mode_view_shows_the_deciding_seat_only_what_it_may_know(
    game: str, opts: dict[str, Any]
) -> None:
    """Two deals that differ only in what the seats may not see (the other hands' cards, and the
    card not yet turned) must look the same to every seat: views, legal actions and refusals alike.
    A turned card that sets trumps is public, and both deals turn the same one there."""
    g = GAME[game]
    r = g.rules({**opts, "schedule": "custom", "hand_sizes": [3]})
    mode = opts["trumps"]
    turns = mode in ("turned", "dealer-turns-or-no-trump")
    # the turned card: the same suit where it is public, another suit where the dealer decides
    a_turned, b_turned = ("7H", "7D") if mode == "dealer-turns-or-no-trump" else ("7H", "8H")
    if mode == "turned":
        b_turned = "7H"
    for seat in range(4):
        # deal B swaps two cards between two hands other than the viewer's
        others = [s for s in range(4) if s != seat]
        a_hands = [list(h) for h in HANDS]
        b_hands = [list(h) for h in HANDS]
        x, y = others[0], others[1]
        b_hands[x][0], b_hands[y][0] = b_hands[y][0], b_hands[x][0]
        a = _to_decision(game, r, _record(a_turned if turns else None, a_hands))
        b = _to_decision(game, r, _record(b_turned if turns else None, b_hands))
        b = {**b, "actions": a["actions"]}  # the same public history
        va, vb = g.state(r, {**a, "seat": seat}), g.state(r, {**b, "seat": seat})
        assert va == vb, (mode, seat)
        if va["phase"] == "trump" and va["to_act"] == seat:
            if mode == "dealer-turns-or-no-trump":  # turn or NT: nothing about the card's suit
                assert va["legal_actions"] == [
                    {"seat": seat, "type": "turn"},
                    {"seat": seat, "type": "trump", "strain": "NT"},
                ]
                assert va["turned"] is None
            for strain in ("S", "H", "D", "C", "NT"):
                action = {"seat": seat, "type": "trump", "strain": strain}
                outcomes = []
                for record in (a, b):
                    try:
                        played = g.play(r, {"hand": record, "action": action, "seat": seat})
                        outcomes.append(("ok", played["state"]["phase"]))
                    except RuleError as e:
                        outcomes.append((e.code, e.detail))
                assert outcomes[0] == outcomes[1], (mode, strain, outcomes)


def test_dealer_turns_or_no_trump_before_and_after_the_turn() -> None:
    r = NOM.rules({"trumps": "dealer-turns-or-no-trump", "schedule": "custom", "hand_sizes": [3]})
    record = {"dealer": 0, "hands": HANDS, "turned": "7D", "actions": []}
    assert NOM.state(r, {**record, "seat": 0})["legal_actions"][0] == {"seat": 0, "type": "turn"}
    e = raises(NOM.play, r, {"hand": record, "action": {"seat": 0, "type": "trump", "strain": "D"}})
    assert e.code is Code.INVALID_TRUMP and "D" not in e.detail.replace("D:", "")
    turned = NOM.play(r, {"hand": record, "action": {"seat": 0, "type": "turn", "value": 3}})
    assert turned["hand"]["actions"][-1] == {"seat": 0, "type": "turn"}  # only the fields it uses
    for seat in (0, 2):
        view = NOM.state(r, {**turned["hand"], "seat": seat})
        assert view["turned"] == "7D" and view["trump"] == "D" and view["phase"] == "bidding"
    again = raises(NOM.play, r, {"hand": turned["hand"], "action": {"seat": 1, "type": "turn"}})
    assert again.code is Code.WRONG_PHASE
    # no turn where trumps are turned anyway, or named
    for game, opts in (("oh-hell", {}), ("nomination-whist", {"trumps": "dealer-chooses"})):
        g = GAME[game]
        rr = g.rules({**opts, "schedule": "custom", "hand_sizes": [3]})
        rec = {"dealer": 0, "hands": HANDS, "actions": [], **({"turned": "7D"} if not opts else {})}
        code = Code.INVALID_TRUMP if opts else Code.WRONG_PHASE
        assert raises(g.play, rr, {"hand": rec, "action": {"seat": 0, "type": "turn"}}).code is code


# ------------------------------------------------------------------ errors for a seat view


def test_a_seat_view_error_names_no_card_the_seat_cannot_see() -> None:
    r = OH.rules({"schedule": "custom", "hand_sizes": [3]})
    dup = [list(h) for h in HANDS]
    dup[3][0] = "TD"
    dup[0][2] = "TD"  # TD dealt to seats 0 and 3
    record = {"dealer": 0, "hands": dup, "turned": "7H", "actions": []}
    full = raises(OH.state, r, record)
    assert full.code is Code.DUPLICATE_CARD and "TD" in full.detail  # the referee's view says which
    for seat in (0, 1, 3):
        e = raises(OH.state, r, {**record, "seat": seat})
        assert e.code is Code.DUPLICATE_CARD and "TD" not in e.detail and e.field == full.field
    # seat 3 must follow spades (it holds 9S) but plays a club: its hand is its own business
    bids = [{"seat": s, "type": "bid", "value": 0} for s in (1, 2, 3)] + [
        {"seat": 0, "type": "bid", "value": 1}
    ]
    plays = [{"seat": 1, "type": "play", "card": "3S"}, {"seat": 2, "type": "play", "card": "5S"}]
    bad = {"seat": 3, "type": "play", "card": "KC"}
    record = {"dealer": 0, "hands": HANDS, "turned": "7H", "actions": [*bids, *plays, bad]}
    e = raises(OH.state, r, record)
    assert e.code is Code.MUST_FOLLOW_SUIT and "holds S" in e.detail and e.action_index == 6
    for seat in (0, 1, 2):
        e = raises(OH.state, r, {**record, "seat": seat})
        assert e.code is Code.MUST_FOLLOW_SUIT and "holds" not in e.detail and e.action_index == 6
    assert "holds S" in raises(OH.state, r, {**record, "seat": 3}).detail
    e = raises(OH.play, r, {"hand": {**record, "actions": [*bids, *plays]}, "action": bad, "seat": 3})
    assert "holds S" in e.detail  # the acting seat's own hand
    # a card text that does not read, in another seat's hand
    bad_text = [list(h) for h in HANDS]
    bad_text[2][0] = "ZS"
    e = raises(OH.state, r, {"dealer": 0, "hands": bad_text, "turned": "7H", "actions": [], "seat": 1})
    assert e.field == "hands.2" and "ZS" not in e.detail
    assert "ZS" in raises(OH.state, r, {"dealer": 0, "hands": bad_text, "turned": "7H", "actions": []}).detail


def test_hidden_bids_are_not_echoed_to_other_seats() -> None:
    r = NOM.rules({"profile": "hidden-bids", "schedule": "custom", "hand_sizes": [3]})
    record = {
        "dealer": 0,
        "hands": HANDS,
        "turned": "7H",
        "actions": [{"seat": 1, "type": "bid", "value": 9}],
    }
    assert "9" in raises(NOM.state, r, record).detail
    assert "9" not in raises(NOM.state, r, {**record, "seat": 2}).detail
    assert "9" in raises(NOM.state, r, {**record, "seat": 1}).detail


# ------------------------------------------------------------------ summaries


def test_a_summary_cannot_claim_trumps_with_no_card_left_to_turn() -> None:
    r = OH.rules({"schedule": "custom", "hand_sizes": [13]})
    summary = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    e = raises(OH.score, r, {"summary": {**summary, "trump": "S"}})
    assert e.code is Code.INVALID_TRUMP and e.field == "summary.trump"
    assert OH.score(r, {"summary": {**summary, "trump": "NT"}})["hand_size"] == 13
    assert OH.score(r, {"summary": summary})["hand_size"] == 13
    # the opposite claim, refused as before: NT on a hand that turns a card
    r12 = OH.rules({"schedule": "custom", "hand_sizes": [12]})
    twelve = {"bids": [3, 3, 3, 2], "tricks": [3, 3, 3, 3], "round": 1}
    assert raises(OH.score, r12, {"summary": {**twelve, "trump": "NT"}}).code is Code.INVALID_TRUMP
    # where the highest caller or the dealer names trumps, a whole-deck hand may have them
    blob = BLOB.rules({"schedule": "custom", "hand_sizes": [13]})
    assert BLOB.score(blob, {"summary": {**summary, "trump": "S"}})["hand_size"] == 13
    # in a match, too
    e = raises(OH.match_score, r, {"hands": [{"summary": {**summary, "trump": "H"}}]})
    assert e.code is Code.INVALID_TRUMP


# ------------------------------------------------------------------ schedules and matches agree


def test_a_schedule_is_never_longer_than_a_match_can_score() -> None:
    from schemas.ohhell import FAMILY

    assert FAMILY.max_hands == MAX_ROUNDS  # a schedule is never longer than a match can score
    e = raises(OH.rules, {"players": 3, "schedule": "custom", "hand_sizes": [1] * (MAX_ROUNDS + 1)})
    assert e.code is Code.INVALID_RULE_VALUE and e.field == "rules.hand_sizes"
    r = OH.rules({"players": 3, "schedule": "custom", "hand_sizes": [1] * MAX_ROUNDS})
    hands = [{"summary": {"bids": [1, 0, 1], "tricks": [1, 0, 0]}} for _ in range(MAX_ROUNDS)]
    pad = OH.match_score(r, {"hands": hands})
    assert pad["finished"] and len(pad["rounds"]) == MAX_ROUNDS and pad["winner"] == 0
    option = {o["name"]: o for o in OH.describe()["rules"]["options"]}
    assert option["no_trump_rounds"]["maximum"] == MAX_ROUNDS
    assert option["dealer_chooses_rounds"]["maximum"] == MAX_ROUNDS


# ------------------------------------------------------------------ the dealer chooses on some rounds


def test_dealer_chooses_trumps_on_designated_rounds() -> None:
    r = NOM.rules({"dealer_chooses_rounds": [2]})
    option = {o["name"]: o for o in NOM.describe()["rules"]["options"]}["dealer_chooses_rounds"]
    assert "Nomination Whist rule book" in option["source"] and "specific rounds" in option["source"]
    one = NOM.deal(r, {"seed": 5, "round": 1})["hand"]
    two = NOM.deal(r, {"seed": 5, "round": 2})["hand"]
    assert "turned" in one and "turned" not in two
    view = NOM.state(r, two)
    assert view["phase"] == "trump" and view["to_act"] == two["dealer"]
    assert sorted(a["strain"] for a in view["legal_actions"]) == ["C", "D", "H", "NT", "S"]
    named = NOM.play(r, {"hand": two, "action": {"seat": two["dealer"], "type": "trump", "strain": "C"}})
    assert named["state"]["trump"] == "C" and named["state"]["phase"] == "bidding"
    dealt = {c for h in two["hands"] for c in h}
    spare = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C", "8C") if c not in dealt)
    assert raises(NOM.state, r, {**two, "turned": spare}).code is Code.INVALID_TURNED_CARD
    # a summary of a designated round may name any suit, or NT
    summary = {"bids": [1, 1, 1, 1], "tricks": [2, 2, 1, 1], "round": 2, "trump": "S"}
    assert NOM.score(r, {"summary": summary})["hand_size"] == 6
    for bad in ({"trumps": "dealer-chooses", "dealer_chooses_rounds": [1]}, {"dealer_chooses_rounds": [14]}):
        assert raises(NOM.rules, bad).field == "rules.dealer_chooses_rounds"


# ------------------------------------------------------------------ bounded caches, no recursion


def test_thousands_of_distinct_rule_sets_stay_within_the_cache_bound() -> None:
    book = OH_HELL_BOOK

    def resolve_many(start: int, count: int) -> None:
        for i in range(start, start + count):
            sizes = [1 + (i >> k) % 7 for k in range(0, 40, 2)]  # distinct 20-round schedules
            r = book.resolve(
                {"players": 3, "schedule": "custom", "hand_sizes": [*sizes, 1 + i % 5, i % 3 + 1]}
            )
            assert len(schedule(r)) == 22

    resolve_many(0, CACHE_SIZE + 100)  # fill the cache
    assert len(book._cache) == CACHE_SIZE
    tracemalloc.start()
    resolve_many(10_000, 2000)
    first = tracemalloc.get_traced_memory()[0]  # the cache, refilled with sets made since start
    resolve_many(20_000, 4000)
    second = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(book._cache) == CACHE_SIZE
    # 4,000 more rule sets with their 22-round schedules: entries replaced, nothing kept beyond the
    # bound (an unbounded cache would keep about 1.3 KB a set: over 5 MB here)
    assert second - first < 128 * 1024, second - first
    # the defaults are cached like any other set and come back as the same object
    assert book.resolve(None) is book.resolve({})


@pytest.mark.parametrize(
    "request_",
    [
        {"players": deep(5000)},
        {"hand_sizes": [deep(5000)], "schedule": "custom"},
        {"profile": deep(5000)},
        {"profile": {"a": deep(5000)}},
        {"players": "x" * 200_000},
    ],
    ids=["option", "list-item", "profile", "profile-object", "long-string"],
)
def test_rules_values_are_never_walked_recursively_nor_echoed_whole(request_: dict[str, Any]) -> None:
    for book in (OH_HELL_BOOK, NOMINATION_BOOK):
        with pytest.raises(InvalidRecord) as e:
            book.resolve(request_)
        assert len(e.value.detail) < 300  # the list of profiles, not the value


def test_unknown_option_names_are_clipped() -> None:
    e = raises(OH.rules, {"x" * 100_000: 1})
    assert e.code is Code.UNKNOWN_RULE_OPTION and len(e.detail) < 200 and len(e.field or "") < 100
