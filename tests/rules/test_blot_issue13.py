"""Issue 13, the Bazar Blot and duel points: each test states one ruling of the Armenian Blot rule
book (or of docs/rules/bazar-blot.md where the book is silent) that the engine once got wrong."""

from __future__ import annotations

import pytest

from service.rules.errors import Code, RuleError

from .blot_fixtures import BAZAR, DUEL, DUEL_RULES, RULES, SUITED, act, bid, finish, play, record, state, view


def contract(value=30, strain="H", double="none", capot=False, seat=0) -> dict:
    return {"seat": seat, "value": value, "strain": strain, "capot": capot, "double": double}


def summary(c: dict, cp=(162, 0), tricks=(8, 0), comb=(0, 0), blot=None) -> dict:
    return {
        "contract": c,
        "card_points": list(cp),
        "tricks": list(tricks),
        "combinations": list(comb),
        "blot": blot,
    }


def refused(call, *args) -> RuleError:
    with pytest.raises(RuleError) as e:
        call(*args)
    return e.value


# ------------------------------------------------------------- 1. capot under contra needs a made contract

INSIDE_30 = summary(contract(30, double="contra"))


def test_inside_under_contra_with_all_eight_tricks_does_not_end_the_match():
    out = BAZAR.score(RULES, {"summary": INSIDE_30})
    # 162 + 90 = 252 falls short of 300: inside, the defenders take everything and the doubled bid
    assert out["made"] is False and out["scores"] == [0, 85]
    assert out["match_ending"] is None
    match = BAZAR.match_score(RULES, {"hands": [{"summary": INSIDE_30}]})
    assert match["finished"] is False and match["winner"] is None and match["totals"] == [0, 85]


def test_a_made_contract_under_contra_with_all_eight_tricks_still_wins_the_match():
    out = BAZAR.score(RULES, {"summary": summary(contract(16, double="contra"))})
    assert out["made"] is True and out["match_ending"] == {"winner": 0, "reason": "capot-under-contra"}


def test_contra_on_a_forty_taking_all_eight_tricks_in_play_ends_nothing():
    # seat 0 holds every spade: with spades trump it takes all eight tricks (162 + its side's runs
    # 200 + blot 20 = 382, short of 400: the 90 does not count toward the bid)
    body = finish(record(SUITED, [bid(0, 40, "S"), act(1, "contra"), act(2, "pass"), act(0, "pass")]))
    out = BAZAR.score(RULES, {"hand": body})
    assert out["summary"]["tricks"] == [8, 0] and out["summary"]["contract"]["double"] == "contra"
    assert out["made"] is False and out["match_ending"] is None


# ------------------------------------------------------------- 2. what reaches the bid; capot's worth


def test_all_eight_tricks_do_not_count_toward_the_bid():
    # card points, last trick, combinations and blot: 162 + 20 = 182, short of 260 (the 90 is not listed)
    out = BAZAR.score(RULES, {"summary": summary(contract(26), blot=0)})
    assert out["made"] is False
    out = BAZAR.score(RULES, {"summary": summary(contract(18), blot=0)})
    assert out["made"] is True and out["breakdown"][0]["capot_bonus"] == 90  # it still scores when made


def test_the_capot_bid_is_worth_at_least_the_highest_numeric_bid():
    opening = state(record(SUITED, [])).legal_actions()
    highest = max(a.value for a in opening if a.type == "bid" and not a.capot)
    # NT four jacks and aces in one hand, four tens and kings in the partner's: 590 + 162 = 752
    numeric = BAZAR.score(RULES, {"summary": summary(contract(highest, "NT"), comb=(590, 0))})
    capot = BAZAR.score(RULES, {"summary": summary(contract(None, "NT", capot=True), comb=(590, 0))})
    assert numeric["made"] and capot["made"]
    assert capot["scores"][0] >= numeric["scores"][0]
    # the case: a 30 made with all eight tricks never outscores a capot with the same cards
    numeric = BAZAR.score(RULES, {"summary": summary(contract(30), comb=(140, 0))})
    capot = BAZAR.score(RULES, {"summary": summary(contract(None, capot=True), comb=(140, 0))})
    assert numeric["made"] and capot["scores"][0] >= numeric["scores"][0]


def test_the_ladder_stops_at_the_highest_bid_a_side_can_make():
    opening = state(record(SUITED, [])).legal_actions()
    assert max(a.value for a in opening if a.type == "bid" and not a.capot) == 75


def test_a_capot_worth_less_than_a_numeric_bid_is_refused_as_rules():
    e = refused(BAZAR.rules, {"bid_ceiling": 30, "capot_bid_value": 25})
    assert e.code == Code.INVALID_RULE_VALUE
    assert BAZAR.rules({"profile": "teleblot"})["capot_bid_value"] == 25  # ceiling 16 under capot 25


# ------------------------------------------------------------- 3. combinations announced with the first card


def test_combinations_are_announced_with_each_players_first_card():
    body = record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")])
    v = view(body, seat=1)
    assert v["announcements"] == [] and v["declarations"] == []
    v = view({**body, "actions": [*body["actions"], play(0, "7S")]}, seat=1)
    assert v["announcements"] == [{"seat": 0, "team": 0, "kind": "run", "name": "hundred", "points": 100}]
    assert v["declarations"] == []  # the cards are shown once the first trick is complete
    done = finish(body)
    trick1 = done["actions"][5:9]
    v = view({**body, "actions": [*body["actions"], *trick1]}, seat=1)
    assert [a["seat"] for a in v["announcements"]] == [0, 1, 2, 3]
    assert {d["seat"] for d in v["declarations"] if d["kind"] == "run"} == {0, 2}  # the scoring side


# ------------------------------------------------------------- 6. impossible summaries


def duel_summary(cp=(80, 50), tricks=(5, 3), comb=(0, 0)) -> dict:
    return summary(
        {"seat": 0, "value": None, "strain": "H", "capot": False, "double": "none"}, cp, tricks, comb
    )


@pytest.mark.parametrize(
    "game, rules, s, why",
    [
        (DUEL, DUEL_RULES, duel_summary(cp=(100, 62)), "undealt"),
        (DUEL, DUEL_RULES, duel_summary(comb=(200, 0)), "combination"),
        (BAZAR, RULES, summary(contract(9), cp=(100, 62), tricks=(5, 3), comb=(10, 0)), "combination"),
        (BAZAR, RULES, summary(contract(9), cp=(100, 62), tricks=(5, 3), comb=(1000, 0)), "combination"),
        (BAZAR, RULES, summary(contract(9), cp=(162, 0), tricks=(1, 7)), "trick"),
        (DUEL, DUEL_RULES, duel_summary(cp=(140, 0), tricks=(1, 7)), "trick"),
    ],
)
def test_impossible_summaries_are_invalid(game, rules, s, why):
    e = refused(game.score, rules, {"summary": s})
    assert e.code == Code.INVALID_SUMMARY and why in e.detail


def test_possible_summaries_stay_accepted():
    for comb in (20, 40, 50, 70, 100, 120, 140, 190, 200, 340, 550):
        BAZAR.score(RULES, {"summary": summary(contract(8), cp=(100, 62), tricks=(5, 3), comb=(comb, 0))})
    DUEL.score(DUEL_RULES, {"summary": duel_summary(cp=(90, 60), comb=(120, 0))})


# ------------------------------------------------------------- 7. declarations in a summary


def declared(comb: list[dict], dealer: int | None = None) -> dict:
    s = summary(contract(9), cp=(100, 62), tricks=(5, 3))
    del s["combinations"]
    s["declarations"] = comb
    if dealer is not None:
        s["dealer"] = dealer
    return s


def test_a_scorepad_gives_declarations_and_the_service_decides_who_scores():
    s = declared(
        [
            {"seat": 0, "kind": "run", "length": 4, "top": "K", "suit": "C"},
            {"seat": 1, "kind": "run", "length": 3, "top": "9", "suit": "S"},
            {"seat": 2, "kind": "run", "length": 3, "top": "9", "suit": "D"},
        ]
    )
    out = BAZAR.score(RULES, {"summary": s})
    assert out["summary"]["combinations"] == [70, 0]  # the fifty beats the terz: team 0 scores both
    s = declared([*s["declarations"], {"seat": 3, "kind": "quartet", "rank": "A"}])
    assert BAZAR.score(RULES, {"summary": s})["summary"]["combinations"] == [0, 130]  # four aces beat it
    with_totals = {**s, "combinations": [0, 130]}
    e = refused(BAZAR.score, RULES, {"summary": with_totals})  # one form or the other
    assert e.code == Code.INVALID_SUMMARY


def test_equal_declarations_go_to_the_first_in_trick_order():
    decls = [
        {"seat": 1, "kind": "run", "length": 3, "top": "A", "suit": "S"},
        {"seat": 2, "kind": "run", "length": 3, "top": "A", "suit": "D"},
    ]
    assert BAZAR.score(RULES, {"summary": declared(decls, dealer=0)})["summary"]["combinations"] == [0, 20]
    assert BAZAR.score(RULES, {"summary": declared(decls, dealer=1)})["summary"]["combinations"] == [20, 0]
    e = refused(BAZAR.score, RULES, {"summary": declared(decls)})
    assert e.code == Code.INVALID_SUMMARY and "dealer" in e.detail


@pytest.mark.parametrize(
    "decls",
    [
        [{"seat": 0, "kind": "run", "length": 3, "top": "8", "suit": "S"}],  # no run tops at 8
        [{"seat": 0, "kind": "quartet", "rank": "J"}, {"seat": 1, "kind": "quartet", "rank": "J"}],
        [{"seat": 0, "kind": "quartet", "rank": "K"},
         {"seat": 1, "kind": "run", "length": 3, "top": "A", "suit": "S"}],  # KS in two hands
        [{"seat": 0, "kind": "run", "length": 5, "top": "A", "suit": "S"},
         {"seat": 0, "kind": "run", "length": 5, "top": "A", "suit": "H"}],  # ten cards in one hand
    ],
)  # fmt: skip
def test_declarations_no_deal_can_hold_are_invalid(decls):
    e = refused(BAZAR.score, RULES, {"summary": declared(decls)})
    assert e.code == Code.INVALID_SUMMARY


# ------------------------------------------------------------- 9. a seat reads why its own card is illegal

MIXED = [
    ["7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"],
    ["JS", "QS", "KS", "AS", "JH", "QH", "KH", "AH"],
    ["7D", "8D", "9D", "TD", "7C", "8C", "9C", "TC"],
    ["JD", "QD", "KD", "AD", "JC", "QC", "KC", "AC"],
]


def test_a_seat_reads_why_its_own_card_is_illegal():
    opening = [bid(0, 8, "D"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep"), play(0, "7S")]
    hand = record(MIXED, opening)
    body = {"hand": hand, "action": play(1, "JH"), "seat": 1}
    e = refused(BAZAR.answer, "play", RULES, body)
    assert e.code == Code.MUST_FOLLOW_SUIT and e.action_index == 6
    assert "JH" in e.detail and "may not see" not in e.detail
    e = refused(BAZAR.answer, "state", RULES, {**record(MIXED, [*opening, play(1, "JH")]), "seat": 3})
    assert e.code == Code.MUST_FOLLOW_SUIT and "may not see" in e.detail  # another seat's hand


# ------------------------------------------------------------- 10, 11. one rule, one code, with its index


def test_an_out_of_range_bid_is_bid_out_of_range_with_its_index(client):
    for value in (7, 83):
        hand = record(SUITED, [])
        r = client.post("/v1/games/bazar-blot/hands/play", json={"hand": hand, "action": bid(0, value, "H")})
        body = r.get_json()
        assert r.status_code == 422 and body["code"] == "bid_out_of_range" and body["action_index"] == 0
        r = client.post(
            "/v1/games/bazar-blot/hands/state", json=record(SUITED, [act(0, "pass"), bid(1, value, "H")])
        )
        body = r.get_json()
        assert body["code"] == "bid_out_of_range" and body["action_index"] == 1


def test_naming_no_trump_in_the_duel_is_invalid_trump_with_its_index(client):
    hand = {
        "dealer": 1,
        "hands": [["JS", "JH", "JD", "JC", "9S"], ["AS", "AH", "AD", "AC", "TS"]],
        "turned": "KS",
        "stock": ["QS", "9H", "9D", "9C", "TH", "TD", "TC", "KH", "KD", "KC", "QH", "QD", "QC"],
        "actions": [act(0, "pass"), act(1, "pass")],
    }
    r = client.post(
        "/v1/games/blot-duel/hands/play",
        json={"hand": hand, "action": {"seat": 0, "type": "name", "strain": "NT"}},
    )
    body = r.get_json()
    assert r.status_code == 422 and body["code"] == "invalid_trump" and body["action_index"] == 2


def test_a_capot_bid_with_a_value_is_refused_on_both_paths(client):
    wrong = {"seat": 0, "type": "bid", "value": 9, "strain": "H", "capot": True}
    r = client.post("/v1/games/bazar-blot/hands/play", json={"hand": record(SUITED, []), "action": wrong})
    body = r.get_json()
    assert r.status_code == 422 and body["code"] == "action_field_not_allowed" and body["action_index"] == 0
    r = client.post("/v1/games/bazar-blot/hands/state", json=record(SUITED, [wrong]))
    body = r.get_json()
    assert r.status_code == 422 and body["code"] == "action_field_not_allowed" and body["action_index"] == 0


# ------------------------------------------------------------- 13. the legal bid range, compactly


def test_the_view_gives_the_legal_bid_range():
    v = view(record(SUITED, []))
    bids = [a for a in v["legal_actions"] if a["type"] == "bid"]
    numeric = [a["value"] for a in bids if not a.get("capot")]
    assert v["bid_range"] == {
        "seat": 0,
        "lowest": min(numeric),
        "highest": max(numeric),
        "strains": ["S", "H", "D", "C", "NT"],
        "capot": True,
    }
    v = view(record(SUITED, [bid(0, 12, "H")]), seat=1)
    assert v["bid_range"]["lowest"] == 13 and v["bid_range"]["seat"] == 1
    assert view(record(SUITED, [bid(0, 12, "H")]), seat=2)["bid_range"] is None  # not seat 2's turn
    v = view(record(SUITED, [bid(0, 8, "H"), {"seat": 1, "type": "bid", "strain": "S", "capot": True}]))
    assert v["bid_range"] is None  # nothing is bid over capot
    assert view(record(SUITED, [bid(0, 8, "H"), act(1, "contra")]))["bid_range"] is None


def test_declarations_pass_the_wire_contract(client):
    decls = [
        {"seat": 1, "kind": "run", "length": 3, "top": "A", "suit": "S"},
        {"seat": 2, "kind": "run", "length": 3, "top": "A", "suit": "D"},
        {"seat": 3, "kind": "quartet", "rank": "J"},
    ]
    r = client.post("/v1/games/bazar-blot/hands/score", json={"summary": declared(decls, dealer=0)})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["summary"]["combinations"] == [0, 220]
    hands = [{"summary": declared(decls, dealer=0)}, {"summary": declared(decls, dealer=1)}]
    r = client.post("/v1/games/bazar-blot/matches/score", json={"hands": hands})
    assert r.status_code == 200 and r.get_json()["totals"][1] > 0
    r = client.post(
        "/v1/games/bazar-blot/matches/score", json={"hands": [{"summary": declared(decls, dealer=2)}]}
    )
    assert r.status_code == 422 and r.get_json()["code"] == "wrong_dealer"
