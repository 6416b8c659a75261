"""The duel, statement by statement of the Armenian Blot rule book."""

from __future__ import annotations

import pytest

from service.rules.blot.state import NAME, PLAY, TAKE
from service.rules.errors import Code, RuleError

from .blot_fixtures import DUEL, DUEL_RULES, act, finish, state, view

# dealer 1: seat 0 (the non-dealer) speaks first and leads
HANDS = [["JS", "JH", "JD", "JC", "9S"], ["AS", "AH", "AD", "AC", "TS"]]
TURNED = "KS"
STOCK = ["QS", "9H", "9D", "9C", "TH", "TD", "TC", "KH", "KD", "KC", "QH", "QD", "QC"]


def duel(actions: list[dict], dealer: int = 1) -> dict:
    return {"dealer": dealer, "hands": HANDS, "turned": TURNED, "stock": STOCK, "actions": actions}


def name(seat: int, strain: str) -> dict:
    return {"seat": seat, "type": "name", "strain": strain}


def test_deal_24_cards_five_each_turned_and_stock():
    hand = DUEL.deal(DUEL_RULES, {"seed": 3, "dealer": 0})["hand"]
    everything = [c for h in hand["hands"] for c in h] + [hand["turned"], *hand["stock"]]
    assert len(everything) == 24 and len(set(everything)) == 24
    assert {c[0] for c in everything} == set("9TJQKA")
    assert [len(h) for h in hand["hands"]] == [5, 5] and len(hand["stock"]) == 13


def test_non_dealer_then_dealer_take_or_pass():
    st = state(duel([]), game=DUEL)
    assert st.phase == TAKE and st.to_act == 0
    assert {a.type for a in st.legal_actions()} == {"take", "pass"}
    st = state(duel([act(0, "pass")]), game=DUEL)
    assert st.phase == TAKE and st.to_act == 1
    st = state(duel([act(0, "pass"), act(1, "take")]), game=DUEL)
    assert st.phase == PLAY and st.contract.seat == 1 and st.contract.strain == "S" and st.to_act == 0


def test_both_pass_each_may_name_another_suit_the_dealer_must():
    st = state(duel([act(0, "pass"), act(1, "pass")]), game=DUEL)
    assert st.phase == NAME and st.to_act == 0
    assert {a.strain for a in st.legal_actions() if a.type == "name"} == {"H", "D", "C"}
    assert any(a.type == "pass" for a in st.legal_actions())
    with pytest.raises(RuleError) as e:
        state(duel([act(0, "pass"), act(1, "pass"), name(0, "S")]), game=DUEL)
    assert e.value.code == Code.INVALID_TRUMP and e.value.action_index == 2
    with pytest.raises(RuleError) as e:
        state(duel([act(0, "pass"), act(1, "pass"), name(0, "NT")]), game=DUEL)
    assert e.value.code == Code.INVALID_TRUMP
    st = state(duel([act(0, "pass"), act(1, "pass"), act(0, "pass")]), game=DUEL)
    assert all(a.type == "name" for a in st.legal_actions())
    with pytest.raises(RuleError) as e:
        state(duel([act(0, "pass"), act(1, "pass"), act(0, "pass"), act(1, "pass")]), game=DUEL)
    assert e.value.code == Code.DEALER_MUST_NAME and e.value.action_index == 3
    st = state(duel([act(0, "pass"), act(1, "pass"), act(0, "pass"), name(1, "D")]), game=DUEL)
    assert st.contract.seat == 1 and st.contract.strain == "D"


def test_take_only_in_the_first_round_name_only_in_the_second():
    with pytest.raises(RuleError) as e:
        state(duel([name(0, "H")]), game=DUEL)
    assert e.value.code == Code.WRONG_PHASE
    with pytest.raises(RuleError) as e:
        state(duel([act(0, "pass"), act(1, "pass"), act(0, "take")]), game=DUEL)
    assert e.value.code == Code.WRONG_PHASE


def test_taker_gets_the_turned_card_and_two_the_other_three_eight_undealt():
    st = state(duel([act(0, "take")]), game=DUEL)  # the non-dealer takes: it receives first
    assert [c.text for c in st.hands[0][:5]] == HANDS[0]
    assert [c.text for c in st.hands[0][5:]] == ["KS", *STOCK[0:2]]
    assert [c.text for c in st.hands[1][5:]] == STOCK[2:5]
    assert [c.text for c in st.play.undealt] == STOCK[5:]
    st = state(duel([act(0, "pass"), act(1, "take")]), game=DUEL)  # the dealer takes
    assert [c.text for c in st.hands[0][5:]] == STOCK[0:3]
    assert [c.text for c in st.hands[1][5:]] == ["KS", *STOCK[3:5]]
    assert len(st.play.undealt) == 8


def test_named_taker_also_gets_the_turned_card():
    st = state(duel([act(0, "pass"), act(1, "pass"), name(0, "H")]), game=DUEL)
    assert [c.text for c in st.hands[0][5:]] == ["KS", *STOCK[0:2]]


def test_seat_view_hides_the_stock_and_the_other_hand():
    v = view(duel([act(0, "take")]), seat=1, game=DUEL)
    assert v["hands"][0] is None and len(v["hands"][1]) == 8 and v["turned"] == "KS"
    assert v["stock_count"] == 8
    text = repr({k: v[k] for k in v if k not in ("declarations", "turned")})
    for c in HANDS[0] + STOCK[0:2] + STOCK[5:]:
        assert f"'{c}'" not in text


def test_four_of_a_kind_does_not_count_in_the_duel():
    body = finish(duel([act(0, "take")]), game=DUEL)
    out = DUEL.score(DUEL_RULES, {"hand": body})
    # seat 0 holds four jacks (200 in the bazar): nothing here; seat 1 four aces: nothing either
    decls = view(body, game=DUEL)["declarations"]
    assert all(d["kind"] != "quartet" for d in decls)
    assert sum(b["card_points"] for b in out["breakdown"]) == 162


def test_taker_must_score_strictly_more():
    s = {"contract": {"seat": 0, "value": None, "strain": "H", "capot": False, "double": "none"},
         "card_points": [80, 50], "tricks": [5, 3], "combinations": [20, 0], "blot": None}  # fmt: skip
    out = DUEL.score(DUEL_RULES, {"summary": s})
    # taker 80 + 20 = 100 > 50: both keep their own, the undealt 32 go to the taker: 132 -> 13
    assert out["made"] and out["undealt_points"] == 32 and out["scores"] == [13, 5]
    s2 = {**s, "card_points": [65, 65], "combinations": [0, 0]}
    out = DUEL.score(DUEL_RULES, {"summary": s2})
    assert not out["made"] and out["scores"] == [0, 16]  # 130 + 32 = 162 -> 16
    s3 = {**s, "card_points": [60, 70], "combinations": [0, 20], "blot": 0}
    out = DUEL.score(DUEL_RULES, {"summary": s3})  # 60 + 20 blot = 80 < 90: the other takes all: 202
    assert not out["made"] and out["scores"] == [0, 20] and out["breakdown"][1]["blot"] == 20


def test_duel_trick_rules_and_no_no_trump():
    with pytest.raises(RuleError) as e:
        DUEL.trick_winner(DUEL_RULES, {"trump": "NT", "leader": 0, "cards": ["AS", "TS"]})
    assert e.value.code == Code.INVALID_TRUMP
    with pytest.raises(RuleError) as e:
        DUEL.trick_winner(DUEL_RULES, {"trump": "H", "leader": 0, "cards": ["7S", "TS"]})
    assert e.value.code == Code.FOREIGN_CARD  # nine to ace only
    out = DUEL.trick_legal(DUEL_RULES, {"trump": "H", "hand": ["9H", "AD"], "trick": ["AS"]})
    assert out["legal"] == ["9H"]
