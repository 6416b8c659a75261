"""Bazar Blot, statement by statement of the Armenian Blot rule book (issue 8): cards, the bazar,
contra, the play duties, combinations and what a seat may see."""

from __future__ import annotations

import json

import pytest

from service.rules.blot.combinations import score_combinations
from service.rules.blot.state import AUCTION, PLAY, REDEAL
from service.rules.cards import Suit, cards
from service.rules.errors import Code, RuleError

from .blot_fixtures import BAZAR, RULES, SUITED, act, bid, capot, play, record, state, view


def refused(body: dict, rules=None) -> RuleError:
    with pytest.raises(RuleError) as e:
        state(body, rules)
    return e.value


def legal(trump: str, hand: list[str], trick: list[str], **kw) -> dict:
    return BAZAR.trick_legal(RULES, {"trump": trump, "hand": hand, "trick": trick, **kw})


# --------------------------------------------------------------------- cards


def test_deal_is_32_cards_seven_to_ace_eight_each():
    hand = BAZAR.deal(RULES, {"seed": 5, "dealer": 2})["hand"]
    dealt = [c for h in hand["hands"] for c in h]
    assert len(dealt) == 32 and len(set(dealt)) == 32
    assert {c[0] for c in dealt} == set("789TJQKA")
    assert [len(h) for h in hand["hands"]] == [8, 8, 8, 8]
    assert "turned" not in hand and "stock" not in hand


def test_deal_seed_reproduces_and_server_seed_fits_53_bits():
    a = BAZAR.deal(RULES, {"seed": 77})
    assert a == BAZAR.deal(RULES, {"seed": 77})
    assert 0 <= BAZAR.deal(RULES, {})["seed"] < 2**53
    with pytest.raises(RuleError):
        BAZAR.deal(RULES, {"seed": 2**53})


@pytest.mark.parametrize(
    "trick, winner",
    [
        (["9H", "JH", "AH", "TH"], "JH"),  # trump J over 9 over A over 10
        (["AH", "9H", "KH", "QH"], "9H"),
        (["TH", "KH", "QH", "8H"], "TH"),
        (["8H", "7H", "7S", "AS"], "8H"),
        (["KS", "AS", "TS", "JS"], "AS"),  # plain: A 10 K Q J 9 8 7
        (["JS", "QS", "9S", "7H"], "7H"),  # any trump beats the plain suit
        (["9S", "JS", "AD", "AC"], "JS"),  # a discard never wins
    ],
)
def test_trick_order(trick, winner):
    out = BAZAR.trick_winner(RULES, {"trump": "H", "leader": 1, "cards": trick})
    assert out["winning_card"] == winner
    assert out["winner"] == (1 + trick.index(winner)) % 4


def test_card_points_trump_plain_and_no_trump_ace():
    pts = BAZAR.trick_winner(RULES, {"trump": "H", "leader": 0, "cards": ["JH", "9H", "AH", "TH"]})["points"]
    assert pts == 20 + 14 + 11 + 10
    pts = BAZAR.trick_winner(RULES, {"trump": "H", "leader": 0, "cards": ["KH", "QH", "8H", "7H"]})["points"]
    assert pts == 4 + 3
    pts = BAZAR.trick_winner(RULES, {"trump": "H", "leader": 0, "cards": ["AS", "TS", "KS", "QS"]})["points"]
    assert pts == 11 + 10 + 4 + 3
    pts = BAZAR.trick_winner(RULES, {"trump": "H", "leader": 0, "cards": ["JS", "9S", "8S", "7S"]})["points"]
    assert pts == 2
    pts = BAZAR.trick_winner(RULES, {"trump": "NT", "leader": 0, "cards": ["AS", "9S", "8S", "7S"]})["points"]
    assert pts == 19


def test_dealer_left_bids_first_and_leads():
    body = record(SUITED, [bid(1, 8, "H"), act(2, "pass"), act(3, "pass"), act(0, "pass"), act(1, "keep")], 0)
    assert state(record(SUITED, [], 0)).to_act == 1
    st = state(body)
    assert st.phase == PLAY and st.to_act == 1 and st.leader == 1
    st = state(
        record(SUITED, [bid(0, 8, "H"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")])
    )
    assert st.to_act == 0  # dealer 3: seat 0 bids first and leads


# --------------------------------------------------------------------- the bazar


def test_bid_starts_at_eight():
    e = refused(record(SUITED, [bid(0, 7, "H")]))
    assert e.code == Code.BID_OUT_OF_RANGE and e.action_index == 0
    assert state(record(SUITED, [bid(0, 8, "NT")])).contract.value == 8


def test_each_bid_at_least_one_higher_whatever_its_strain():
    e = refused(record(SUITED, [bid(0, 9, "S"), bid(1, 9, "NT")]))
    assert e.code == Code.BID_TOO_LOW and e.action_index == 1
    st = state(record(SUITED, [bid(0, 9, "NT"), bid(1, 10, "C")]))
    assert st.contract.value == 10 and st.contract.strain == "C" and st.contract.seat == 1
    legal = [a for a in st.legal_actions() if a.type == "bid" and not a.capot]
    assert min(a.value for a in legal) == 11 and {a.strain for a in legal} == {"S", "H", "D", "C", "NT"}


def test_may_bid_over_partner():
    st = state(record(SUITED, [bid(0, 8, "S"), act(1, "pass"), bid(2, 9, "H")]))
    assert st.contract.seat == 2


def test_a_player_who_passed_may_bid_again():
    st = state(
        record(SUITED, [act(0, "pass"), bid(1, 8, "S"), act(2, "pass"), act(3, "pass"), bid(0, 9, "D")])
    )
    assert st.contract.seat == 0 and st.phase == AUCTION and st.to_act == 1


def test_three_passes_give_the_bidder_the_last_word_keep():
    body = record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass")])
    st = state(body)
    assert st.to_act == 0 and st.phase == AUCTION
    kinds = {a.type for a in st.legal_actions()}
    assert kinds == {"bid", "keep"}
    e = refused({**body, "actions": [*body["actions"], act(0, "pass")]})
    assert e.code == Code.MUST_KEEP_OR_RAISE and e.action_index == 4
    st = state({**body, "actions": [*body["actions"], act(0, "keep")]})
    assert st.phase == PLAY and st.contract.value == 8


def test_last_word_raise_in_another_strain_and_bidding_goes_on():
    body = record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), bid(0, 9, "NT")])
    st = state(body)
    assert st.phase == AUCTION and st.to_act == 1 and st.contract.strain == "NT" and st.contract.value == 9
    st = state({**body, "actions": [*body["actions"], bid(1, 10, "H")]})
    assert st.contract.seat == 1


def test_keep_only_by_the_holder_at_the_last_word():
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "keep")]))
    assert e.code == Code.KEEP_NOT_ALLOWED and e.action_index == 1


def test_four_passes_at_the_start_mean_a_redeal():
    st = state(record(SUITED, [act(0, "pass"), act(1, "pass"), act(2, "pass"), act(3, "pass")]))
    assert st.phase == REDEAL and st.to_act is None and st.legal_actions() == ()
    v = view(record(SUITED, [act(0, "pass"), act(1, "pass"), act(2, "pass"), act(3, "pass")]))
    assert v["phase"] == "redeal" and v["result"]["scores"] == [0, 0]
    e = refused(record(SUITED, [act(s % 4, "pass") for s in range(5)]))
    assert e.code == Code.WRONG_PHASE and e.action_index == 4


def test_capot_is_the_highest_bid():
    st = state(record(SUITED, [bid(0, 30, "S"), capot(1, "H")]))
    assert st.contract.capot and st.contract.value is None
    assert all(a.type != "bid" for a in st.legal_actions())
    e = refused(record(SUITED, [capot(0, "S"), bid(1, 40, "H")]))
    assert e.code == Code.BID_TOO_LOW and e.action_index == 1
    e = refused(record(SUITED, [capot(0, "S"), capot(1, "H")]))
    assert e.code == Code.BID_TOO_LOW


def test_capot_bid_carries_no_value():
    e = refused(record(SUITED, [{"seat": 0, "type": "bid", "value": 9, "strain": "S", "capot": True}]))
    assert e.code == Code.ACTION_FIELD_NOT_ALLOWED and e.action_index == 0


def test_bid_ceiling_option():
    rules = BAZAR.rules({"bid_ceiling": 16})
    e = refused(record(SUITED, [bid(0, 17, "S")]), rules)
    assert e.code == Code.BID_OUT_OF_RANGE
    assert state(record(SUITED, [bid(0, 16, "S"), capot(1, "S")]), rules).contract.capot
    assert max(a.value or 0 for a in state(record(SUITED, []), rules).legal_actions()) == 16
    assert max(a.value or 0 for a in state(record(SUITED, [])).legal_actions()) == 75  # no ceiling


# --------------------------------------------------------------------- contra and recontra


def test_contra_by_the_defenders_ends_the_auction_and_doubles():
    st = state(record(SUITED, [bid(0, 8, "S"), act(1, "contra"), act(2, "pass"), act(0, "pass")]))
    assert st.phase == PLAY and st.contract.double == "contra"


def test_no_bid_after_contra():
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "contra"), bid(2, 9, "S")]))
    assert e.code == Code.WRONG_PHASE and e.action_index == 2


def test_contra_not_by_the_bidders_side():
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(2, "contra")]))
    assert e.code == Code.CONTRA_NOT_ALLOWED and e.action_index == 2
    e = refused(record(SUITED, [act(0, "contra")]))
    assert e.code == Code.CONTRA_NOT_ALLOWED


def test_recontra_by_the_bidders_quadruples():
    st = state(record(SUITED, [bid(0, 8, "S"), act(1, "contra"), act(2, "recontra")]))
    assert st.phase == PLAY and st.contract.double == "recontra"
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "contra"), act(0, "recontra")]))
    assert e.code == Code.NOT_YOUR_TURN and e.action_index == 2  # seat 2 answers first
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "contra"), act(2, "pass"), act(3, "recontra")]))
    assert e.code == Code.RECONTRA_NOT_ALLOWED
    e = refused(record(SUITED, [bid(0, 8, "S"), act(1, "recontra")]))
    assert e.code == Code.RECONTRA_NOT_ALLOWED


def test_contra_in_turn_by_default_any_time_as_an_option():
    body = record(SUITED, [bid(0, 8, "S"), act(1, "pass"), act(3, "contra")])
    assert refused(body).code == Code.NOT_YOUR_TURN
    rules = BAZAR.rules({"contra": "any-time"})
    st = state(body, rules)
    assert st.contract.double == "contra"
    st = state(record(SUITED, [bid(0, 8, "S")]), rules)
    contras = {a.seat for a in st.legal_actions() if a.type == "contra"}
    assert contras == {1, 3}


# --------------------------------------------------------------------- the play


def test_follow_suit():
    out = legal("H", ["AS", "7S", "KD", "JH"], ["TS"])
    assert out["legal"] == ["AS", "7S"]
    assert {i["card"]: i["code"] for i in out["illegal"]} == {
        "KD": "must_follow_suit",
        "JH": "must_follow_suit",
    }


def test_trump_lead_beat_the_highest_trump_even_partners():
    # seat 3 led 7H, seat 0 played AH; seat 1 to play; seat 2 then must beat the partner's AH
    out = legal("H", ["KH", "9H", "AS"], ["7H", "AH"], seat=1, leader=3)
    assert out["legal"] == ["9H"]
    assert {i["card"]: i["code"] for i in out["illegal"]} == {
        "KH": "must_overtrump",
        "AS": "must_follow_suit",
    }
    assert [i["reason"] for i in out["illegal"] if i["card"] == "KH"] == ["Play a higher trump"]
    out = legal("H", ["KH", "9H", "AS"], ["7H", "AH", "8S"], seat=2, leader=3)  # partner seat 0 wins
    assert out["legal"] == ["9H"]
    out = legal("H", ["KH", "QH"], ["7H", "AH"], seat=1, leader=3)  # cannot beat: any trump
    assert out["legal"] == ["KH", "QH"]


def test_void_must_trump_unless_partner_winning():
    out = legal("H", ["7H", "AS", "KD"], ["TC"], seat=1, leader=0)
    assert out["legal"] == ["7H"] and {i["code"] for i in out["illegal"]} == {"must_trump"}
    out = legal("H", ["7H", "AS", "KD"], ["AC", "7C"], seat=2, leader=0)  # partner seat 0 wins with AC
    assert out["legal"] == ["7H", "AS", "KD"]
    # the trick alone says it: the partner of the seat to play played two cards before it
    out = legal("H", ["7H", "AS", "KD"], ["AC", "7C"])
    assert out["legal"] == ["7H", "AS", "KD"]
    out = legal("H", ["7H", "AS", "KD"], ["7C", "AC"])  # the opponent just before wins: trump
    assert out["legal"] == ["7H"]


def test_overtrump_an_opponent_or_play_anything():
    out = legal("H", ["7H", "JH", "KD"], ["TC", "9H"], seat=2, leader=0)  # opponent seat 1 trumped
    assert out["legal"] == ["JH"] and {i["card"]: i["code"] for i in out["illegal"]}["7H"] == "must_overtrump"
    out = legal("H", ["7H", "8H", "KD"], ["TC", "9H"], seat=2, leader=0)  # cannot overtrump: anything
    assert out["legal"] == ["7H", "8H", "KD"]
    required = BAZAR.rules({"undertrump": "required"})
    body = {"trump": "H", "hand": ["7H", "8H", "KD"], "trick": ["TC", "9H"], "seat": 2, "leader": 0}
    assert BAZAR.trick_legal(required, body)["legal"] == ["7H", "8H"]


def test_no_trump_only_follow_suit():
    out = legal("NT", ["7H", "AS", "KD"], ["TC"])
    assert out["legal"] == ["7H", "AS", "KD"]
    out = legal("NT", ["7C", "AS"], ["TC"])
    assert out["legal"] == ["7C"]


def test_illegal_card_in_a_record_gets_its_code_and_index():
    hands = [
        ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "9H"],
        ["AS", "7H", "8H", "TH", "JH", "QH", "KH", "AH"],
        ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]
    auction = [bid(0, 8, "H"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")]
    e = refused(record(hands, [*auction, play(0, "7S"), play(1, "8H")]))
    assert e.code == Code.MUST_FOLLOW_SUIT and e.action_index == 6
    e = refused(record(hands, [*auction, play(0, "9H"), play(1, "8H")]))
    assert e.code == Code.MUST_OVERTRUMP and e.action_index == 6 and e.title == "Play a higher trump"
    st = state(record(hands, [*auction, play(0, "9H"), play(1, "JH")]))
    assert st.to_act == 2


def test_card_not_in_hand_and_not_your_turn():
    auction = [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")]
    e = refused(record(SUITED, [*auction, play(0, "AH")]))
    assert e.code == Code.CARD_NOT_IN_HAND and e.action_index == 5
    e = refused(record(SUITED, [*auction, play(1, "AH")]))
    assert e.code == Code.NOT_YOUR_TURN and e.action_index == 5


def test_fields_an_action_type_does_not_use_are_refused():
    for bad in (
        {"seat": 0, "type": "pass", "value": 8},
        {"seat": 0, "type": "pass", "capot": False},
        {"seat": 0, "type": "contra", "strain": "S"},
        {"seat": 0, "type": "bid", "value": 8, "strain": "S", "card": "7S"},
        {"seat": 0, "type": "bid", "value": 8, "strain": "S", "colour": "red"},
    ):
        e = refused(record(SUITED, [bad]))
        assert e.code == Code.ACTION_FIELD_NOT_ALLOWED and e.action_index == 0, bad
    e = refused(record(SUITED, [{"seat": 0, "type": "take"}]))
    assert e.code == Code.UNKNOWN_ACTION


def test_play_stores_actions_canonically():
    body = record(SUITED, [])
    out = BAZAR.play(
        RULES, {"hand": body, "action": {"seat": 0, "type": "bid", "value": 8, "strain": "h", "capot": False}}
    )
    assert out["hand"]["actions"] == [{"seat": 0, "type": "bid", "value": 8, "strain": "H"}]
    out = BAZAR.play(
        RULES, {"hand": out["hand"], "action": {"seat": 1, "type": "bid", "strain": "S", "capot": True}}
    )
    assert out["hand"]["actions"][1] == {"seat": 1, "type": "bid", "strain": "S", "capot": True}
    assert out["state"]["contract"] == {
        "seat": 1,
        "value": None,
        "strain": "S",
        "capot": True,
        "double": "none",
    }
    with pytest.raises(RuleError) as e:
        BAZAR.play(RULES, {"hand": out["hand"], "action": {"seat": 2, "type": "pass", "card": "7S"}})
    assert e.value.code == Code.ACTION_FIELD_NOT_ALLOWED and e.value.action_index == 2


def test_view_legal_actions_are_ready_to_send_back():
    body = record(SUITED, [bid(0, 8, "S")])
    v = view(body, seat=1)
    for a in v["legal_actions"][:3] + v["legal_actions"][-3:]:
        BAZAR.play(RULES, {"hand": body, "action": a})
    assert {"seat": 1, "type": "contra"} in v["legal_actions"]
    assert {"seat": 1, "type": "bid", "strain": "NT", "capot": True} in v["legal_actions"]
    assert view(body, seat=2)["legal_actions"] == []


# --------------------------------------------------------------------- combinations


def combos(hands: list[str], trump: str | None, ties: str = "first-in-trick-order", first: int = 0):
    t = Suit(trump) if trump else None
    return score_combinations([cards(h.split()) for h in hands], t, first, "rule-book", ties, True)


EMPTY = "7S 9D JC"  # nothing


@pytest.mark.parametrize(
    "hand, points",
    [
        ("7S 8S 9S", 20),
        ("7S 8S 9S TS", 50),
        ("7S 8S 9S TS JS", 100),
        ("TS JS QS KS AS 7H 8H 9H", 120),  # a hundred and a terz
        ("JS JH JD JC", 200),
        ("9S 9H 9D 9C", 140),
        ("AS AH AD AC", 110),
        ("TS TH TD TC", 100),
        ("KS KH KD KC", 100),
        ("QS QH QD QC", 100),
        ("8S 8H 8D 8C", 0),
    ],
)
def test_combination_values(hand, points):
    assert combos([hand, EMPTY, EMPTY, EMPTY], "H").points == (points, 0)


def test_no_trump_four_aces_190_four_nines_nothing():
    assert combos(["AS AH AD AC", EMPTY, EMPTY, EMPTY], None).points == (190, 0)
    assert combos(["9S 9H 9D 9C", EMPTY, EMPTY, EMPTY], None).points == (0, 0)
    assert combos(["9S 9H 9D 9C", "7H 8H 9H", EMPTY, EMPTY], None).team == 1  # worthless: beats nothing
    classical = score_combinations(
        [cards(["9S", "9H", "9D", "9C"])], Suit.HEARTS, 0, "classical", "neither", True
    )
    assert classical.points == (150, 0)


def test_four_of_a_kind_beats_any_sequence():
    c = combos(["7S 8S 9S TS JS QS KS AS", "QH QS QD QC", EMPTY, EMPTY], "S")
    assert c.team == 1 and c.points == (0, 100)


def test_longer_sequence_beats_shorter():
    c = combos(["7S 8S 9S TS", "TH JH QH KH AH", EMPTY, EMPTY], "S")
    assert c.team == 1 and c.points == (0, 100)


def test_higher_top_card_then_trump_then_first_in_trick_order():
    c = combos(["7S 8S 9S", "QH KH AH", EMPTY, EMPTY], "S")
    assert c.team == 1
    c = combos(["QS KS AS", "QH KH AH", EMPTY, EMPTY], "S")  # equal: the trump sequence
    assert c.team == 0
    c = combos(["QD KD AD", "QH KH AH", EMPTY, EMPTY], "S", first=1)  # equal: first in trick order
    assert c.team == 1
    c = combos(["QD KD AD", "QH KH AH", EMPTY, EMPTY], "S", first=2)
    assert c.team == 0  # trick order 2, 3, 0, 1: seat 0 comes first
    assert combos(["QD KD AD", "QH KH AH", EMPTY, EMPTY], "S", "neither").team is None


def test_only_the_best_side_scores_then_all_its_combinations():
    c = combos(["7S 8S 9S TS", "QH KH AH", "7D 8D 9D", "7C 8C 9C TC JC"], "S")
    assert c.team == 1 and c.points == (0, 20 + 100)


def test_blot_king_and_queen_of_trumps():
    c = combos(["KS QS 7D", EMPTY, EMPTY, EMPTY], "S")
    assert c.blot_seat == 0 and c.points == (0, 0)
    assert combos(["KS QS 7D", EMPTY, EMPTY, EMPTY], None).blot_seat is None
    assert combos(["KH QS 7D", EMPTY, EMPTY, EMPTY], "S").blot_seat is None


def test_declarations_shown_after_the_first_trick_never_before():
    auction = [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")]
    trick = [play(0, "AS"), play(1, "AH"), play(2, "AD"), play(3, "AC")]
    for seat in (None, 0, 1, 2, 3):
        assert view(record(SUITED, auction + trick[:3]), seat)["declarations"] == []
    v = view(record(SUITED, auction + trick), 1)
    runs = {(d["seat"], d["kind"], d["points"]) for d in v["declarations"]}
    assert runs == {(0, "run", 100), (2, "run", 100)}  # the trump run wins the tie of 8-card runs
    shown = next(d for d in v["declarations"] if d["seat"] == 0)
    assert shown["cards"] == ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"] and shown["team"] == 0
    assert all(d["kind"] != "blot" for d in v["declarations"])  # K and Q of trumps not played yet


def test_seat_view_hides_other_hands_even_in_errors():
    auction = [bid(0, 8, "S"), act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "keep")]
    v = view(record(SUITED, auction), 1)
    assert v["hands"][1] == SUITED[1] and v["hands"][0] is None and v["hands"][2] is None
    text = json.dumps({k: v[k] for k in v if k != "declarations"})
    for s in (0, 2, 3):
        for c in SUITED[s]:
            assert f'"{c}"' not in text
    with pytest.raises(RuleError) as e:
        view(record(SUITED, [*auction, play(1, "AH")]), 1)
    assert not any(c in e.value.detail for s in (0, 2, 3) for c in SUITED[s])
