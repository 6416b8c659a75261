"""Hand-checked cases: each error code with its action index, seat views, trump modes, summaries,
scorepads, schedules and the trick endpoints."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import Code, IllegalAction, InvalidNotation, InvalidRecord, RuleError
from service.rules.ohhell import GAMES
from service.rules.ohhell.state import schedule
from service.rules.profile import Rules

GAME = {g.id: g for g in GAMES}
OH = GAME["oh-hell"]

# 4 players, 3 cards each, dealer 0 (seat 1 leads), 7H turned: hearts are trumps
HANDS = [["AS", "KH", "2C"], ["3S", "4S", "AH"], ["QD", "5S", "2H"], ["KC", "9S", "3D"]]


def rules(game: str = "oh-hell", **opts: Any) -> Rules:
    return GAME[game].rules(opts)


def rec(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 0,
        "hands": [list(h) for h in HANDS],
        "turned": "7H",
        "actions": actions,
    }
    base.update(extra)
    return base


def bid(seat: int, value: int) -> dict[str, Any]:
    return {"seat": seat, "type": "bid", "value": value}


def play(seat: int, c: str) -> dict[str, Any]:
    return {"seat": seat, "type": "play", "card": c}


BIDS = [bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 1)]
TRICK1 = [play(1, "3S"), play(2, "5S"), play(3, "9S"), play(0, "AS")]  # seat 0 wins with AS


def raises(fn: Any, *args: Any) -> RuleError:
    with pytest.raises(RuleError) as e:
        fn(*args)
    return e.value


# ------------------------------------------------------------------ a whole hand, checked by hand


def test_a_hand_played_out_scores_oh_hell() -> None:
    r = rules()
    actions = [*BIDS, *TRICK1]
    actions += [play(0, "KH"), play(1, "AH"), play(2, "2H"), play(3, "3D")]  # seat 1 wins with AH
    actions += [play(1, "4S"), play(2, "QD"), play(3, "KC"), play(0, "2C")]  # spades led, no trump: 4S wins
    view = OH.state(r, rec(actions))
    assert view["phase"] == "complete" and view["to_act"] is None and view["current_trick"] is None
    assert [t["winner"] for t in view["tricks"]] == [0, 1, 1]
    assert view["tricks_won"] == [1, 2, 0, 0]
    res = view["result"]
    assert res == OH.score(r, {"hand": rec(actions)})
    assert res["scores"] == [11, 2, 10, 10]  # bid 1 made 1; bid 1 took 2; bid 0 made; bid 0 made
    assert res["breakdown"][1] == {
        "seat": 1,
        "bid": 1,
        "tricks": 2,
        "made": False,
        "difference": 1,
        "score": 2,
    }


def test_view_during_play_shows_the_current_trick() -> None:
    view = OH.state(rules(), rec([*BIDS, play(1, "3S"), play(2, "5S")]))
    assert view["current_trick"] == {
        "leader": 1,
        "cards": [{"seat": 1, "card": "3S"}, {"seat": 2, "card": "5S"}],
    }
    assert view["to_act"] == 3 and view["hand_counts"] == [3, 2, 2, 3]
    assert [a["card"] for a in view["legal_actions"]] == ["9S"]
    assert "declarations" not in view and view["result"] is None


# ------------------------------------------------------------------ each code, with its action index


@pytest.mark.parametrize(
    ("actions", "action", "code"),
    [
        ([], bid(2, 0), Code.NOT_YOUR_TURN),
        ([], bid(9, 0), Code.INVALID_SEAT),
        ([], play(1, "3S"), Code.WRONG_PHASE),
        ([], bid(1, 4), Code.BID_OUT_OF_RANGE),
        ([], {"seat": 1, "type": "bid"}, Code.BID_OUT_OF_RANGE),
        ([], {"seat": 1, "type": "pass"}, Code.UNKNOWN_ACTION),
        ([], {"seat": 1, "type": "contra"}, Code.UNKNOWN_ACTION),
        ([], {"seat": 0, "type": "trump", "strain": "S"}, Code.WRONG_PHASE),
        (BIDS[:3], bid(0, 2), Code.DEALER_BID_RESTRICTED),
        (BIDS, bid(1, 1), Code.WRONG_PHASE),
        (BIDS, play(1, "AS"), Code.CARD_NOT_IN_HAND),
        (BIDS, play(1, "7H"), Code.CARD_NOT_IN_HAND),  # the turned card is out of play
        (BIDS, play(2, "5S"), Code.NOT_YOUR_TURN),
        ([*BIDS, play(1, "3S")], play(2, "QD"), Code.MUST_FOLLOW_SUIT),
        ([*BIDS, play(1, "3S")], play(2, "2H"), Code.MUST_FOLLOW_SUIT),  # not even a trump
        ([*BIDS, *TRICK1, play(0, "KH")], {"seat": 1, "type": "play"}, Code.CARD_NOT_IN_HAND),
    ],
)
def test_illegal_action_code_and_index(
    actions: list[dict[str, Any]], action: dict[str, Any], code: Code
) -> None:
    e = raises(OH.play, rules(), {"hand": rec(actions), "action": action})
    assert isinstance(e, IllegalAction)
    assert e.code is code and e.action_index == len(actions)


def test_the_first_illegal_action_of_a_record_is_pinned() -> None:
    actions = [*BIDS, play(1, "3S"), play(2, "QD"), play(3, "9S")]
    e = raises(OH.state, rules(), rec(actions))
    assert e.code is Code.MUST_FOLLOW_SUIT and e.action_index == 5


def test_anything_after_the_hand_is_complete() -> None:
    actions = [*BIDS, *TRICK1]
    actions += [play(0, "KH"), play(1, "AH"), play(2, "2H"), play(3, "3D")]
    actions += [play(1, "4S"), play(2, "QD"), play(3, "KC"), play(0, "2C")]
    for action in (play(1, "4S"), bid(1, 0), {"seat": 1, "type": "trump", "strain": "S"}):
        e = raises(OH.play, rules(), {"hand": rec(actions), "action": action})
        assert e.code is Code.HAND_COMPLETE and e.action_index == 16


def test_bad_cards_and_strains_in_actions_are_pinned() -> None:
    e = raises(OH.play, rules(), {"hand": rec(BIDS), "action": play(1, "ZZ")})
    assert isinstance(e, InvalidNotation) and e.code is Code.INVALID_CARD and e.action_index == 4
    e = raises(OH.state, rules(), rec([{"seat": 1, "type": "trump", "strain": "X"}]))
    assert e.code is Code.INVALID_STRAIN and e.action_index == 0


def test_play_for_another_seat_than_the_view() -> None:
    e = raises(OH.play, rules(), {"hand": rec([]), "action": bid(1, 0), "seat": 2})
    assert e.code is Code.VIEW_SEAT_MISMATCH and e.field == "seat"


def test_trump_errors() -> None:
    blob = GAME["blob"]
    r = rules("blob", no_trump_call=False)
    hands = [h[:] for h in HANDS]
    base = {"dealer": 0, "hands": hands, "actions": BIDS}
    e = raises(blob.play, r, {"hand": base, "action": {"seat": 1, "type": "trump", "strain": "NT"}})
    assert e.code is Code.INVALID_TRUMP and e.action_index == 4
    e = raises(blob.play, r, {"hand": base, "action": {"seat": 1, "type": "trump"}})
    assert e.code is Code.INVALID_TRUMP
    e = raises(blob.play, r, {"hand": base, "action": {"seat": 0, "type": "trump", "strain": "S"}})
    assert e.code is Code.NOT_TRUMP_CALLER and e.action_index == 4  # seat 1 called 1 first
    e = raises(blob.play, r, {"hand": base, "action": play(1, "3S")})
    assert e.code is Code.WRONG_PHASE


# ------------------------------------------------------------------ records that cannot be


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"hands": HANDS[:3]}, Code.WRONG_PLAYER_COUNT),
        ({"hands": [*HANDS, ["2D", "3C", "4C"]]}, Code.WRONG_PLAYER_COUNT),
        ({"dealer": 4}, Code.INVALID_SEAT),
        ({"hands": [["AS", "KH"], *HANDS[1:]]}, Code.WRONG_HAND_SIZE),
        ({"hands": [[], [], [], []]}, Code.WRONG_HAND_SIZE),
        ({"hands": [["AS", "KH", "3S"], *HANDS[1:]]}, Code.DUPLICATE_CARD),
        ({"turned": "AS"}, Code.DUPLICATE_CARD),
        ({"turned": None}, Code.INVALID_TURNED_CARD),
        ({"round": 1}, Code.WRONG_HAND_SIZE),  # round 1 deals 10
        ({"round": 9}, Code.WRONG_HAND_SIZE),  # round 9 deals 2
        ({"round": 20}, Code.INVALID_ROUND),
        ({"round": 0}, Code.INVALID_ROUND),
        ({"hands": [["AS", "KH", "XX"], *HANDS[1:]]}, Code.INVALID_CARD),
    ],
)
def test_invalid_records(change: dict[str, Any], code: Code) -> None:
    record = rec([])
    record.update(change)
    if change.get("turned", "") is None:
        del record["turned"]
    e = raises(OH.state, rules(), record)
    assert e.code is code and e.action_index is None


def test_round_named_checks_its_hand_size() -> None:
    assert schedule(rules())[7] == schedule(rules())[11] == 3  # 10..1..10: rounds 8 and 12 deal 3
    assert OH.state(rules(), rec([], round=8))["round"] == 8
    assert OH.state(rules(), rec([], round=12))["hand_size"] == 3


def test_no_turned_card_where_none_is_turned() -> None:
    e = raises(GAME["blob"].state, rules("blob"), rec([]))
    assert e.code is Code.INVALID_TURNED_CARD
    e = raises(
        OH.state,
        rules(no_trump_one_card=True),
        {"dealer": 0, "hands": [["AS"], ["KS"], ["QS"], ["JS"]], "turned": "2C", "actions": []},
    )
    assert e.code is Code.INVALID_TURNED_CARD


def test_a_deal_of_the_whole_deck_has_no_turned_card_and_no_trumps() -> None:
    from service.rules.ohhell.state import DECK

    cards = [c.text for c in DECK]
    hands = [cards[i::4] for i in range(4)]  # 13 each
    r = rules(schedule="custom", hand_sizes=[13])
    view = OH.state(r, {"dealer": 0, "hands": hands, "actions": []})
    assert view["trump"] == "NT" and view["turned"] is None
    e = raises(OH.state, r, {"dealer": 0, "hands": [h[:12] for h in hands], "actions": [], "round": 1})
    assert e.code is Code.WRONG_HAND_SIZE


# ------------------------------------------------------------------ seat views


def test_seat_view_hides_other_hands() -> None:
    view = OH.state(rules(), {**rec(BIDS[:2]), "seat": 3})
    assert view["hands"] == [None, None, None, HANDS[3]]
    assert view["hand_counts"] == [3, 3, 3, 3]
    assert view["legal_actions"] == [bid(3, v) for v in range(4)]
    view = OH.state(rules(), {**rec(BIDS[:2]), "seat": 1})
    assert view["legal_actions"] == []  # not seat 1's turn
    assert view["bids"] == [{"seat": 1, "type": "bid", "value": 1}, {"seat": 2, "type": "bid", "value": 0}]


def test_seat_view_of_an_unknown_seat() -> None:
    e = raises(OH.state, rules(), {**rec([]), "seat": 4})
    assert e.code is Code.INVALID_SEAT


def test_hidden_bids_are_masked_until_all_are_in() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "hidden-bids", "schedule": "custom", "hand_sizes": [3]})
    record = rec(BIDS[:3])
    view = g.state(r, {**record, "seat": 2})
    assert view["bids"] == [
        {"seat": 1, "type": "bid", "hidden": True},
        {"seat": 2, "type": "bid", "value": 0},
        {"seat": 3, "type": "bid", "hidden": True},
    ]
    assert "1" not in str([b.get("value") for b in view["bids"] if b["seat"] != 2])
    assert g.state(r, record)["bids"][0] == {"seat": 1, "type": "bid", "value": 1}  # the referee sees all
    view = g.state(r, {**rec(BIDS), "seat": 2})
    assert [b["value"] for b in view["bids"]] == [1, 0, 0, 1]  # revealed once all are in
    # the dealer's legal bids reveal nothing: there is no restriction with hidden bids
    assert [a["value"] for a in g.state(r, {**record, "seat": 0})["legal_actions"]] == [0, 1, 2, 3]


def test_hidden_bids_with_dealer_restriction_is_not_a_rule_set() -> None:
    with pytest.raises(InvalidRecord) as e:
        rules("nomination-whist", hidden_bids=True)
    assert e.value.code is Code.INVALID_RULE_VALUE


def test_blind_one_card_hides_your_own_card_until_you_bid() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "blind-one-card"})
    hand = g.deal(r, {"seed": 4, "round": 7})["hand"]
    view = g.state(r, {**hand, "seat": 3})
    assert view["hands"] == [None, None, None, None] and view["hand_counts"] == [1, 1, 1, 1]
    hand["actions"] = [bid(3, 0)]
    assert g.state(r, {**hand, "seat": 3})["hands"][3] == hand["hands"][3]
    assert g.state(r, {**hand, "seat": 0})["hands"][0] is None  # seat 0 has not bid yet
    assert g.state(r, hand)["hands"][0] == hand["hands"][0]  # the referee's view shows all
    seven = g.deal(r, {"seed": 4})["hand"]
    assert g.state(r, {**seven, "seat": 1})["hands"][1] == seven["hands"][1]  # only 1-card rounds are blind


def test_dealer_may_pass_trump_hides_the_card_unless_turned() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "dealer-may-pass-trump"})
    hand = g.deal(r, {"seed": 2})["hand"]
    assert g.state(r, {**hand, "seat": 1})["turned"] is None
    hand["actions"] = [{"seat": 0, "type": "trump", "strain": "NT"}]
    assert g.state(r, {**hand, "seat": 1})["turned"] is None
    assert g.state(r, {**hand, "seat": 1})["trump"] == "NT"
    hand["actions"] = [{"seat": 0, "type": "turn"}]
    for seat in (0, 1):
        view = g.state(r, {**hand, "seat": seat})
        assert view["turned"] == hand["turned"] and view["trump"] == hand["turned"][-1]


# ------------------------------------------------------------------ play returns the new record


def test_play_appends_the_action_and_keeps_the_rules_key() -> None:
    r = rules()
    hand = {**rec(BIDS[:1]), "rules": {"profile": "standard"}}
    out = OH.play(r, {"hand": hand, "action": {"seat": 2, "type": "bid", "value": 0, "card": "AS"}})
    assert out["hand"]["actions"][-1] == bid(2, 0)  # only the fields a bid uses
    assert out["hand"]["rules"] == {"profile": "standard"} and out["hand"]["turned"] == "7H"
    assert out["state"]["to_act"] == 3 and out["state"] == OH.state(r, out["hand"])


def test_deal_is_reproducible_and_echoes_its_seed() -> None:
    r = rules()
    a, b = OH.deal(r, {"seed": 99}), OH.deal(r, {"seed": 99})
    assert a == b and a["seed"] == 99
    assert OH.deal(r, {"seed": 100})["hand"]["hands"] != a["hand"]["hands"]
    fresh = OH.deal(r, {})
    assert isinstance(fresh["seed"], int)
    assert OH.deal(r, {"seed": fresh["seed"]}) == fresh
    assert (
        a["hand"]["rules"]["profile"] == "standard" and a["hand"]["rules"]["scoring"] == "trick-each-plus-ten"
    )
    assert OH.rules(a["hand"]["rules"]).hash == r.hash  # the record's rules resolve to the same rules
    assert a["hand"]["round"] == 1 and a["hand"]["dealer"] == 0 and a["hand"]["actions"] == []


def test_deal_checks_round_and_dealer() -> None:
    assert raises(OH.deal, rules(), {"round": 20}).code is Code.INVALID_ROUND
    assert raises(OH.deal, rules(), {"dealer": 4}).code is Code.INVALID_SEAT
    out = OH.deal(rules(), {"round": 10, "dealer": 2, "seed": 1})
    assert out["hand"]["dealer"] == 2 and all(len(h) == 1 for h in out["hand"]["hands"])


# ------------------------------------------------------------------ score: summaries


@pytest.mark.parametrize(
    ("method", "bids", "tricks", "scores"),
    [
        ("blobs", [2, 1, 0], [2, 0, 1], [2, 0, 0]),
        ("ten-plus-bid-or-minus-difference", [2, 1, 0], [2, 0, 1], [12, -1, -1]),
        ("ten-plus-bid", [2, 1, 0], [2, 0, 1], [12, 0, 0]),
        ("ten-plus-bid-squared", [2, 1, 0], [2, 0, 1], [14, 0, 0]),
        ("trick-each-plus-ten", [2, 1, 0], [2, 0, 1], [12, 0, 1]),
        ("ten-plus-bid-squared", [0, 3, 0], [0, 3, 0], [10, 19, 10]),
    ],
)
def test_each_scoring_method(method: str, bids: list[int], tricks: list[int], scores: list[int]) -> None:
    r = rules(players=3, scoring=method, dealer_restriction=False)
    out = OH.score(r, {"summary": {"bids": bids, "tricks": tricks}})
    assert out["method"] == method and out["scores"] == scores and out["hand_size"] == sum(tricks)
    if method == "blobs":
        assert [b["blob"] for b in out["breakdown"]] == [False, True, True]


@pytest.mark.parametrize(
    ("summary", "code"),
    [
        ({"bids": [1, 1], "tricks": [1, 1, 1]}, Code.INVALID_SUMMARY),
        ({"bids": [1, 1, 1], "tricks": [0, 0, 0]}, Code.INVALID_SUMMARY),
        ({"bids": [1, 1, 4], "tricks": [1, 1, 1]}, Code.INVALID_SUMMARY),
        ({"bids": [1, 1, 1], "tricks": [1, 1, 1]}, Code.DEALER_BID_RESTRICTED),
        ({"bids": [1, 1, 0], "tricks": [20, 0, 0]}, Code.INVALID_SUMMARY),
        ({"bids": [1, 1, 0], "tricks": [1, 1, 1], "round": 1}, Code.WRONG_HAND_SIZE),
        ({"bids": [1, 1, 0], "tricks": [1, 1, 1], "round": 30}, Code.INVALID_ROUND),
        ({"bids": [1, 1, 0], "tricks": [1, 1, 1], "dealer": 3}, Code.INVALID_SEAT),
        (
            {"bids": [0, 0], "tricks": [1, 0, 0], "round": 10, "dealer": 0, "trump": "NT"},
            Code.INVALID_SUMMARY,
        ),
    ],
)
def test_invalid_summaries(summary: dict[str, Any], code: Code) -> None:
    e = raises(OH.score, rules(players=3), {"summary": summary})
    assert e.code is code


def test_summary_trump_checks() -> None:
    r = rules(players=3, no_trump_one_card=True)
    e = raises(OH.score, r, {"summary": {"bids": [1, 1, 0], "tricks": [1, 0, 0], "trump": "S"}})
    assert e.code is Code.INVALID_TRUMP
    e = raises(
        OH.score,
        rules(players=3),
        {"summary": {"bids": [0, 0, 0], "tricks": [1, 0, 0], "trump": "NT", "round": 10}},
    )
    assert e.code is Code.INVALID_TRUMP  # round 10 of Oh Hell turns a card: it has trumps
    made = OH.score(r, {"summary": {"bids": [1, 1, 0], "tricks": [1, 1, 1], "trump": "H"}})
    assert made["scores"] == [11, 11, 1]


def test_score_of_an_incomplete_hand() -> None:
    e = raises(OH.score, rules(), {"hand": rec(BIDS)})
    assert e.code is Code.HAND_INCOMPLETE


# ------------------------------------------------------------------ the scorepad


def test_scorepad_over_records_and_summaries() -> None:
    r = rules(players=3, schedule="custom", hand_sizes=[1, 2])
    hands3 = {
        "dealer": 0,
        "hands": [["AS"], ["KS"], ["QS"]],
        "turned": "2H",
        "actions": [bid(1, 0), bid(2, 0), bid(0, 0), play(1, "KS"), play(2, "QS"), play(0, "AS")],
    }
    pad = OH.match_score(
        r, {"hands": [{"hand": hands3}, {"summary": {"bids": [1, 1, 1], "tricks": [0, 1, 1]}}]}
    )
    assert pad["rounds"][0] == {
        "round": 1,
        "dealer": 0,
        "hand_size": 1,
        "trump": "H",
        "bids": [0, 0, 0],
        "tricks": [1, 0, 0],
        "made": [False, True, True],
        "scores": [1, 10, 10],
        "totals": [1, 10, 10],
    }
    assert pad["rounds"][1]["dealer"] == 1 and pad["rounds"][1]["trump"] is None
    assert pad["totals"] == [1, 21, 21] and pad["finished"] and pad["winner"] is None  # 1 and 2 tie
    assert pad["blobs"] == [2, 0, 0]
    assert pad["standings"] == [1, 2, 0]


@pytest.mark.parametrize(
    ("hands", "code", "index"),
    [
        (
            [
                {"summary": {"bids": [0, 0, 0], "tricks": [1, 0, 0]}},
                {"summary": {"bids": [0, 0, 0], "tricks": [1, 1, 0]}},
                {"summary": {"bids": [0, 0, 0], "tricks": [1, 0, 0]}},
            ],
            Code.INVALID_ROUND,
            2,
        ),
        ([{"summary": {"bids": [0, 0, 0], "tricks": [1, 1, 0]}}], Code.WRONG_HAND_SIZE, 0),
        ([{"summary": {"bids": [0, 0, 0], "tricks": [1, 0, 0], "round": 2}}], Code.INVALID_ROUND, 0),
        (
            [
                {"summary": {"bids": [0, 0, 0], "tricks": [1, 0, 0]}},
                {"summary": {"bids": [0, 0, 0], "tricks": [1, 1, 0], "dealer": 0}},
            ],
            Code.WRONG_DEALER,
            1,
        ),
        (
            [{"hand": {"dealer": 1, "hands": [["AS"], ["KS"], ["QS"]], "turned": "2H", "actions": []}}],
            Code.WRONG_DEALER,
            0,
        ),
        (
            [{"hand": {"dealer": 0, "hands": [["AS"], ["KS"], ["QS"]], "turned": "2H", "actions": []}}],
            Code.HAND_INCOMPLETE,
            0,
        ),
        (
            [{"hand": {"dealer": 0, "hands": [["AS", "2S"], ["KS", "3S"], ["QS", "4S"]], "turned": "2H"}}],
            Code.WRONG_HAND_SIZE,
            0,
        ),
        ([{}], Code.INVALID_SUMMARY, 0),
    ],
)
def test_scorepad_errors_name_the_hand(hands: list[dict[str, Any]], code: Code, index: int) -> None:
    r = rules(players=3, schedule="custom", hand_sizes=[1, 2])
    e = raises(OH.match_score, r, {"hands": hands})
    assert e.code is code and e.field == f"hands.{index}" and e.detail.startswith(f"hands[{index}]")


def test_scorepad_action_errors_keep_their_index() -> None:
    r = rules(players=3, schedule="custom", hand_sizes=[1])
    bad = {"dealer": 0, "hands": [["AS"], ["KS"], ["QS"]], "turned": "2H", "actions": [bid(2, 0)]}
    e = raises(OH.match_score, r, {"hands": [{"hand": bad}]})
    assert e.code is Code.NOT_YOUR_TURN and e.action_index == 0 and e.field == "hands.0"


# ------------------------------------------------------------------ schedules and options


@pytest.mark.parametrize(("players", "start"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_oh_hell_standard_schedule(players: int, start: int) -> None:
    sizes = schedule(rules(players=players))
    assert sizes == (*range(start, 0, -1), *range(2, start + 1))


def test_custom_schedule_and_its_checks() -> None:
    assert schedule(rules(schedule="custom", hand_sizes=[3, 1, 3])) == (3, 1, 3)
    for bad in (
        {"schedule": "custom"},
        {"hand_sizes": [3]},
        {"schedule": "custom", "hand_sizes": [14]},
        {"no_trump_rounds": [20]},
        {"players": 8},
        {"scoring": "golf"},
    ):
        with pytest.raises(InvalidRecord) as e:
            OH.rules(bad)
        assert e.value.code is Code.INVALID_RULE_VALUE, bad


def test_catalog_sources_and_profiles() -> None:
    for g in GAMES:
        d = g.describe()
        assert d["players"]["min"] == 3 and d["actions"] == ["bid", "trump", "turn", "play"]
        assert all(o["source"] and o["description"] for o in d["rules"]["options"])
        for p in d["rules"]["profiles"]:
            g.rules({"profile": p["name"]})
    assert GAME["blob"].describe()["rules"]["default_profile"] == "rule-book"
    assert OH.describe()["rules"]["default_profile"] == "standard"
    assert [g.id for g in GAMES] == ["blob", "nomination-whist", "oh-hell"]


# ------------------------------------------------------------------ trick endpoints


def test_trick_winner_validation() -> None:
    r = rules()
    assert raises(OH.trick_winner, r, {"trump": "S", "leader": 0, "cards": []}).code is Code.INVALID_TRICK
    assert (
        raises(OH.trick_winner, r, {"trump": "S", "leader": 0, "cards": ["AS", "KS", "QS", "JS", "TS"]}).code
        is Code.INVALID_TRICK
    )
    assert (
        raises(OH.trick_winner, r, {"trump": "S", "leader": 0, "cards": ["AS", "AS"]}).code
        is Code.DUPLICATE_CARD
    )
    assert raises(OH.trick_winner, r, {"trump": "S", "leader": 4, "cards": ["AS"]}).code is Code.INVALID_SEAT
    assert (
        raises(OH.trick_winner, r, {"trump": "X", "leader": 0, "cards": ["AS"]}).code is Code.INVALID_STRAIN
    )
    out = OH.trick_winner(r, {"trump": "H", "leader": 3, "cards": ["10s", "2h"]})
    assert out == {"rules": r.echo(), "winner": 0, "winning_card": "2H", "index": 1, "points": 0}


def test_trick_legal_validation() -> None:
    r = rules()
    assert (
        raises(OH.trick_legal, r, {"trump": "S", "hand": ["AS"], "trick": ["AS"]}).code is Code.DUPLICATE_CARD
    )
    assert (
        raises(OH.trick_legal, r, {"trump": "S", "hand": ["AS"], "trick": ["2C", "3C", "4C", "5C"]}).code
        is Code.INVALID_TRICK
    )
    assert raises(OH.trick_legal, r, {"trump": "S", "hand": [], "trick": []}).code is Code.WRONG_HAND_SIZE
    e = raises(OH.trick_legal, r, {"trump": "S", "hand": ["AS"], "trick": ["2C"], "leader": 0, "seat": 2})
    assert e.code is Code.NOT_YOUR_TURN
    out = OH.trick_legal(r, {"trump": "S", "hand": ["AS", "2C"], "trick": [], "leader": 0, "seat": 0})
    assert out["legal"] == ["AS", "2C"] and out["illegal"] == []
