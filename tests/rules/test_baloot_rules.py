"""Saudi Baloot through the Game object: one test per statement of the rule book (issue 9) for the
deal, the calling, the doubling and the play, a whole hand checked by hand, the errors with their
action index, and the seat views."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.baloot.calling import complete_hands
from service.rules.baloot.cardplay import legal_cards, reasons
from service.rules.baloot.options import RULEBOOK
from service.rules.cards import card, cards
from service.rules.errors import Code

from .baloot_support import (
    GAME,
    SPADES_HAND,
    SPADES_PLAYS,
    SPADES_TRICKS,
    act,
    hokum,
    passes,
    play,
    raises,
    record_for,
    rules,
    state,
)

R = rules()
SPADES = record_for(SPADES_HAND, buyer=1, turned="9S")
CALL_SPADES = [hokum(1, "S"), *passes(2, 3, 0)]  # seat 1 calls, round one runs to its end
NO_DOUBLE = passes(2, 0)  # the defenders, seat 2 then seat 0, pass: the doubling closes


def with_actions(rec: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {**rec, "actions": actions}


def code_at(rec: dict[str, Any], r: Any = R) -> tuple[str, int | None]:
    e = raises(GAME.state, r, rec)
    return e.code.value, e.action_index


# ------------------------------------------------------------------ the deal


def test_deal_gives_five_cards_each_a_turned_card_and_an_eleven_card_stock() -> None:
    hand = GAME.deal(R, {"seed": 7, "dealer": 2})["hand"]
    assert [len(h) for h in hand["hands"]] == [5, 5, 5, 5]
    assert len(hand["stock"]) == 11 and isinstance(hand["turned"], str)
    every = [c for h in hand["hands"] for c in h] + [hand["turned"], *hand["stock"]]
    assert len(set(every)) == 32 and {c[0] for c in every} == set("789TJQKA")
    assert hand["dealer"] == 2 and hand["actions"] == []


def test_deal_is_seeded_and_a_missing_seed_is_chosen_in_range() -> None:
    assert GAME.deal(R, {"seed": 3}) == GAME.deal(R, {"seed": 3})
    assert GAME.deal(R, {"seed": 3})["hand"] != GAME.deal(R, {"seed": 4})["hand"]
    seed = GAME.deal(R, {})["seed"]
    assert 0 <= seed < 2**53
    assert raises(GAME.deal, R, {"seed": 2**53}).code is Code.INVALID_SEED
    assert raises(GAME.deal, R, {"seed": -1}).code is Code.INVALID_SEED


def test_completion_caller_takes_the_turned_card_and_two_others_three_from_the_dealers_right() -> None:
    dealt = tuple(cards(h) for h in (["7S"] * 0 + ["AS", "KS", "QS", "JS", "TS"], [], [], []))
    # a direct check of the order: dealer 0, seat 2 buys; stock read from seat 1 round to seat 0
    hands = [cards(["AS", "KS", "QS", "JS", "TS"]), cards(["9S", "8S", "7S", "AH", "KH"])]
    hands += [cards(["QH", "JH", "TH", "9H", "8H"]), cards(["7H", "AD", "KD", "QD", "JD"])]
    stock = cards(["TD", "9D", "8D", "7D", "AC", "KC", "QC", "JC", "TC", "9C", "8C"])
    done = complete_hands(hands, card("7C"), stock, first=1, buyer=2)
    assert done[1][5:] == cards(["TD", "9D", "8D"])  # seat 1 first: three
    assert done[2][5:] == cards(["7C", "7D", "AC"])  # the buyer: the turned card and two
    assert done[3][5:] == cards(["KC", "QC", "JC"])
    assert done[0][5:] == cards(["TC", "9C", "8C"])  # the dealer last
    assert dealt[0] == hands[0]


def test_once_called_every_hand_holds_eight_and_the_hand_is_eight_tricks() -> None:
    after_call = state(R, with_actions(SPADES, CALL_SPADES))
    assert after_call["hand_counts"] == [8, 8, 8, 8]
    assert sorted(after_call["hands"][1]) == sorted(SPADES_HAND[1])
    done = state(R, with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, *SPADES_PLAYS]))
    assert done["phase"] == "complete" and len(done["tricks"]) == 8


def test_a_record_is_four_hands_of_five_a_turned_card_and_the_stock() -> None:
    bad = {**SPADES, "hands": [*SPADES["hands"][:3], SPADES["hands"][3][:4]]}
    assert code_at(bad)[0] == "wrong_hand_size"
    assert code_at({**SPADES, "stock": SPADES["stock"][:10]})[0] == "invalid_stock"
    assert code_at({**SPADES, "turned": None})[0] == "invalid_turned_card"
    assert code_at({**SPADES, "turned": SPADES["stock"][0]})[0] == "duplicate_card"
    assert code_at({**SPADES, "stock": [*SPADES["stock"][:10], "2C"]})[0] == "foreign_card"
    assert code_at({**SPADES, "hands": SPADES["hands"][:3]})[0] == "wrong_player_count"


# ------------------------------------------------------------------ calling


def test_calling_starts_at_the_dealers_right() -> None:
    for dealer in range(4):
        view = GAME.state(R, GAME.deal(R, {"seed": 1, "dealer": dealer})["hand"])
        assert view["phase"] == "calling" and view["to_act"] == (dealer + 1) % 4
        assert view["calling_round"] == 1


def test_round_one_hokum_only_in_the_turned_suit_or_sun() -> None:
    view = state(R, SPADES)
    assert view["legal_actions"] == [act(1, "pass"), hokum(1, "S"), act(1, "sun")]
    assert code_at(with_actions(SPADES, [hokum(1, "H")])) == ("invalid_trump", 0)
    assert code_at(with_actions(SPADES, [hokum(1, "NT")])) == ("invalid_trump", 0)


def test_sun_ends_the_calling_on_the_spot() -> None:
    view = state(R, with_actions(SPADES, [act(1, "pass"), act(2, "sun")]))
    assert view["phase"] == "play" and view["contract"] == {
        "seat": 2,
        "mode": "sun",
        "strain": "NT",
        "double": 1,
    }
    assert code_at(with_actions(SPADES, [act(1, "pass"), act(2, "sun"), act(3, "pass")]))[0] == "wrong_phase"


def test_round_one_runs_to_its_end_after_a_hokum_because_sun_outranks_it() -> None:
    after_hokum = state(R, with_actions(SPADES, [hokum(1, "S")]))
    assert after_hokum["phase"] == "calling" and after_hokum["to_act"] == 2
    assert after_hokum["legal_actions"] == [act(2, "pass"), act(2, "sun")]
    over = state(R, with_actions(SPADES, [hokum(1, "S"), act(2, "pass"), act(3, "sun")]))
    assert over["contract"]["mode"] == "sun" and over["contract"]["seat"] == 3
    held = state(R, with_actions(SPADES, CALL_SPADES))
    assert held["contract"] == {"seat": 1, "mode": "hokum", "strain": "S", "double": 1}


def test_a_second_hokum_in_round_one_is_refused() -> None:
    assert code_at(with_actions(SPADES, [hokum(1, "S"), hokum(2, "S")])) == ("call_not_allowed", 1)


def test_four_passes_open_round_two_hokum_in_any_other_suit_or_sun_first_call_settles() -> None:
    r2 = passes(1, 2, 3, 0)
    view = state(R, with_actions(SPADES, r2))
    assert view["calling_round"] == 2 and view["to_act"] == 1
    assert view["legal_actions"] == [
        act(1, "pass"),
        hokum(1, "H"),
        hokum(1, "D"),
        hokum(1, "C"),
        act(1, "sun"),
    ]
    assert code_at(with_actions(SPADES, [*r2, hokum(1, "S")])) == ("invalid_trump", 4)
    settled = state(R, with_actions(SPADES, [*r2, act(1, "pass"), hokum(2, "D")]))
    assert settled["phase"] == "doubling"
    assert settled["contract"] == {"seat": 2, "mode": "hokum", "strain": "D", "double": 1}


def test_all_four_passing_twice_is_a_fresh_deal() -> None:
    rec = with_actions(SPADES, passes(1, 2, 3, 0, 1, 2, 3, 0))
    view = state(R, rec)
    assert view["phase"] == "redeal" and view["to_act"] is None and view["legal_actions"] == []
    assert view["result"]["passed"] is True and view["result"]["scores"] == [0, 0]
    assert code_at(with_actions(rec, [*rec["actions"], act(1, "sun")])) == ("hand_complete", 8)


# ------------------------------------------------------------------ doubling


def test_after_a_hokum_the_other_team_may_double() -> None:
    view = state(R, with_actions(SPADES, CALL_SPADES))
    assert view["phase"] == "doubling" and view["to_act"] == 2  # the defender on the caller's right
    assert view["legal_actions"] == [act(2, "pass"), act(2, "double")]
    assert code_at(with_actions(SPADES, [*CALL_SPADES, act(1, "double")])) == ("not_your_turn", 4)
    assert code_at(with_actions(SPADES, [*CALL_SPADES, act(2, "three")])) == ("double_not_allowed", 4)


def test_callers_answer_three_doublers_four_callers_gahwa() -> None:
    steps = [act(2, "double"), act(3, "three"), act(0, "four"), act(1, "gahwa")]
    levels = []
    for i in range(1, 5):
        view = state(R, with_actions(SPADES, [*CALL_SPADES, *steps[:i]]))
        levels.append(view["contract"]["double"])
    assert levels == [2, 3, 4, "gahwa"]
    assert view["phase"] == "play" and view["to_act"] == 1
    # the answer may come from either seat of the team entitled to it
    two = state(R, with_actions(SPADES, [*CALL_SPADES, act(2, "double"), act(3, "pass"), act(1, "three")]))
    assert two["contract"]["double"] == 3 and two["to_act"] == 2


def test_two_passes_in_a_row_close_the_doubling() -> None:
    plain = state(R, with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE]))
    assert plain["phase"] == "play" and plain["contract"]["double"] == 1
    doubled = state(R, with_actions(SPADES, [*CALL_SPADES, act(2, "pass"), act(0, "double"), *passes(1, 3)]))
    assert doubled["phase"] == "play" and doubled["contract"]["double"] == 2


def test_sun_hands_are_never_doubled() -> None:
    rec = with_actions(SPADES, [act(1, "sun"), act(2, "double")])
    assert code_at(rec) == ("double_not_allowed", 1)
    assert state(R, with_actions(SPADES, [act(1, "sun")]))["phase"] == "play"


def test_house_rule_doubling_off_plays_every_hokum_plain() -> None:
    off = rules(doubling=False)
    assert state(off, with_actions(SPADES, CALL_SPADES))["phase"] == "play"
    assert code_at(with_actions(SPADES, [*CALL_SPADES, act(2, "double")]), off) == ("double_not_allowed", 4)


# ------------------------------------------------------------------ play


def test_dealers_right_leads_the_first_trick_then_each_winner() -> None:
    rec = with_actions(SPADES, [act(1, "pass"), act(2, "pass"), act(3, "sun")])
    assert state(R, rec)["to_act"] == 1  # not the buyer (seat 3)
    done = state(R, with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, *SPADES_PLAYS]))
    leaders = [t["leader"] for t in done["tricks"]]
    winners = [t["winner"] for t in done["tricks"]]
    assert leaders[0] == 1 and leaders[1:] == winners[:-1]


def test_whole_hokum_hand_checked_by_hand() -> None:
    done = state(R, with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, *SPADES_PLAYS]))
    assert [(t["winner"], t["points"]) for t in done["tricks"]] == [(w, p) for _, w, p in SPADES_TRICKS]
    result = done["result"]
    assert result["summary"] == {
        "contract": {"seat": 1, "mode": "hokum", "strain": "S", "double": 1},
        "card_points": [26, 136],
        "tricks": [1, 7],
        "projects": [0, 0],
        "baloot": None,
    }
    # defenders count: 26 -> 3; the callers take what is left of 16: 13; 13 > 3, made
    assert result["made"] is True and result["scores"] == [3, 13]
    assert GAME.score(R, {"hand": with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, *SPADES_PLAYS])}) == result


def test_whole_hand_doubled_callers_count_and_take_everything_twice() -> None:
    doubled = [*CALL_SPADES, act(2, "double"), *passes(3, 1)]
    result = state(R, with_actions(SPADES, [*doubled, *SPADES_PLAYS]))["result"]
    # the defenders doubled last, so the callers count: 136 -> 14 against 2; they win 16 x 2
    assert result["counting_team"] == 1 and result["made"] is True
    assert result["scores"] == [0, 32]


def test_card_order_plain_and_sun_a_10_k_q_j_9_8_7() -> None:
    order = ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]
    for trump in ("S", "NT"):
        for hi in range(8):
            for lo in range(hi + 1, 8):
                for a, b, want in ((order[hi], order[lo], 0), (order[lo], order[hi], 1)):
                    out = GAME.trick_winner(R, {"trump": trump, "leader": 0, "cards": [a, b]})
                    assert out["index"] == want, (a, b, trump)


def test_card_order_hokum_trump_j_9_a_10_k_q_8_7() -> None:
    order = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    for hi in range(8):
        for lo in range(hi + 1, 8):
            out = GAME.trick_winner(R, {"trump": "H", "leader": 2, "cards": [order[lo], order[hi]]})
            assert out["winner"] == 3 and out["winning_card"] == order[hi]


def test_card_points_plain_11_10_4_3_2_0_trump_20_14_11_10_4_3_0() -> None:
    def pts(trump: str, c: str) -> int:
        return int(GAME.trick_winner(R, {"trump": trump, "leader": 0, "cards": [c]})["points"])

    assert [pts("S", c) for c in ("AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert [pts("NT", c) for c in ("AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert [pts("H", c) for c in ("JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H")] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]


def test_a_trump_beats_the_suit_led_and_a_discard_never_wins() -> None:
    out = GAME.trick_winner(R, {"trump": "C", "leader": 1, "cards": ["AH", "7C", "AS", "TH"]})
    assert out["winner"] == 2 and out["points"] == 11 + 0 + 11 + 10
    out = GAME.trick_winner(R, {"trump": "NT", "leader": 1, "cards": ["9H", "AS", "AC", "7H"]})
    assert out["winner"] == 1


def legal(trump: str, hand: list[str], trick: list[str], r: Any = R) -> tuple[set[str], dict[str, str]]:
    out = GAME.trick_legal(r, {"trump": trump, "hand": hand, "trick": trick})
    assert {i["reason"] for i in out["illegal"]} <= {
        "Follow the suit led",
        "Play a trump",
        "Play a higher trump",
    }
    return set(out["legal"]), {i["card"]: i["code"] for i in out["illegal"]}


def test_follow_suit_if_you_can() -> None:
    ok, bad = legal("S", ["AH", "7H", "JS", "KD"], ["TH"])
    assert ok == {"AH", "7H"} and bad == {"JS": "must_follow_suit", "KD": "must_follow_suit"}


def test_trump_led_play_a_higher_trump_than_the_best_on_the_table() -> None:
    ok, bad = legal("S", ["9S", "7S", "AH"], ["AS"])
    assert ok == {"9S"} and bad == {"7S": "must_overtrump", "AH": "must_follow_suit"}
    # even over the partner's trump (the rule book says "the best one on the table")
    ok, _ = legal("S", ["9S", "7S"], ["8S", "AH", "TS"])  # hmm: AH is a discard; TS is the partner's
    assert ok == {"9S"}
    ok, _ = legal("S", ["QS", "7S"], ["JS"])  # none higher: any trump
    assert ok == {"QS", "7S"}


def test_trump_led_the_book_raises_over_the_partner_the_option_only_over_an_opponent() -> None:
    # issue 13, point 5: the partner led the ace of trumps (two cards before this seat's), an
    # opponent followed low. The rule book: beat "the best one on the table", the partner's too.
    ok, bad = legal("S", ["9S", "8S"], ["AS", "7S"])
    assert ok == {"9S"} and bad == {"8S": "must_overtrump"}
    # many tables only require beating an opponent's winning trump (research B18: pagat, tazjel)
    opp = rules(trump_lead="over-opponent")
    ok, bad = legal("S", ["9S", "8S", "AH"], ["AS", "7S"], opp)
    assert ok == {"9S", "8S"} and bad == {"AH": "must_follow_suit"}
    ok, bad = legal("S", ["9S", "8S"], ["7S", "AS"], opp)  # an opponent's ace wins: beat it
    assert ok == {"9S"} and bad == {"8S": "must_overtrump"}
    # a hand's replay agrees: seat 1 leads the ace of trumps, seat 2 plays low; seat 3 (seat 1's
    # partner) holds 9S, which beats the ace, and 8S, which does not
    hand = {
        1: ["AS", "JS", "AH", "TH", "AD", "TD", "AC", "KC"],
        2: ["7S", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
        3: ["9S", "8S", "KH", "QH", "KD", "QD", "QC", "JC"],
        0: ["QS", "TS", "9H", "JH", "9D", "JD", "9C", "TC"],
    }
    rec = record_for(hand, buyer=1, turned="JS")
    actions = [hokum(1, "S"), *passes(2, 3, 0), *passes(2, 0), play(1, "AS"), play(2, "7S")]
    played = with_actions(rec, actions)
    assert {a["card"] for a in state(R, played)["legal_actions"]} == {"9S"}
    assert {a["card"] for a in state(opp, played)["legal_actions"]} == {"9S", "8S"}
    assert code_at(with_actions(rec, [*actions, play(3, "8S")])) == ("must_overtrump", 8)
    assert state(opp, with_actions(rec, [*actions, play(3, "8S")]))["to_act"] == 0


def test_a_discard_on_a_trump_lead_does_not_raise_the_trump_to_beat() -> None:
    # 7S led, the ace of hearts discarded: any spade beats the 7, not only those above an ace
    S = card("7S").suit
    hand, trick = (card("8S"), card("9S")), (card("7S"), card("AH"))
    assert set(legal_cards(hand, trick, S)) == {card("8S"), card("9S")} and reasons(hand, trick, S) == {}


def test_sun_void_plays_anything() -> None:
    ok, bad = legal("NT", ["AS", "7C", "KD"], ["TH"])
    assert ok == {"AS", "7C", "KD"} and bad == {}


def test_hokum_void_must_trump() -> None:
    ok, bad = legal("S", ["7S", "AC", "KD"], ["TH"])
    assert ok == {"7S"} and bad == {"AC": "must_trump", "KD": "must_trump"}


def test_hokum_void_must_overtrump_when_possible_else_still_trump() -> None:
    ok, bad = legal("S", ["9S", "8S", "AC"], ["TH", "AS"])  # an opponent trumped with the ace
    assert ok == {"9S"} and bad == {"8S": "must_overtrump", "AC": "must_overtrump"}
    ok, bad = legal("S", ["8S", "AC"], ["TH", "AS"])  # cannot beat it: a lower trump all the same
    assert ok == {"8S"} and bad == {"AC": "must_trump"}


def test_hokum_void_free_when_the_partner_is_winning() -> None:
    ok, bad = legal("S", ["8S", "AC"], ["AH", "7H"])  # the partner led the winning ace
    assert ok == {"8S", "AC"} and bad == {}
    ok, _ = legal("S", ["8S", "AC"], ["7H", "AH", "KH"])  # the partner's ace (second card) wins
    assert ok == {"8S", "AC"}
    ok, _ = legal("S", ["8S", "AC"], ["AH", "7H", "KH"])  # the opponent's lead wins
    assert ok == {"8S"}


def test_every_illegal_card_gets_its_reason_and_the_state_refuses_it_with_its_index() -> None:
    rec = with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, play(1, "JS"), play(2, "7H")])
    assert code_at(rec) == ("must_follow_suit", 7)
    rec = with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, play(1, "JS"), play(2, "QS")])
    assert code_at(rec) == ("card_not_in_hand", 7)
    rec = with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, play(2, "7S")])
    assert code_at(rec) == ("not_your_turn", 6)


def test_closed_doubling_forbids_a_trump_lead_while_holding_another_suit() -> None:
    closed = rules(doubled_play="closed")
    doubled = [*CALL_SPADES, act(2, "double"), *passes(3, 1)]
    assert code_at(with_actions(SPADES, [*doubled, play(1, "JS")]), closed) == ("trump_lead_locked", 7)
    view = state(closed, with_actions(SPADES, doubled))
    assert {a["card"] for a in view["legal_actions"]} == {"AH", "TH", "AD", "TD", "AC", "KC"}
    assert state(R, with_actions(SPADES, [*doubled, play(1, "JS")]))["phase"] == "play"  # open


# ------------------------------------------------------------------ actions: fields, types, storage


def test_an_action_with_a_field_its_type_does_not_use_is_refused() -> None:
    for extra in ({"card": "AS"}, {"strain": "S"}, {"value": 1}, {"capot": False}, {"note": "x"}):
        rec = with_actions(SPADES, [act(1, "pass", **extra)])
        assert code_at(rec) == ("action_field_not_allowed", 0), extra
    rec = with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, {**play(1, "JS"), "strain": "S"}])
    assert code_at(rec) == ("action_field_not_allowed", 6)
    e = raises(GAME.play, R, {"hand": SPADES, "action": {**hokum(1, "S"), "card": "JS"}})
    assert (e.code, e.action_index) == (Code.ACTION_FIELD_NOT_ALLOWED, 0)


def test_unknown_action_type_and_missing_fields() -> None:
    assert code_at(with_actions(SPADES, [act(1, "bid")])) == ("unknown_action", 0)
    assert code_at(with_actions(SPADES, [act(1, "hokum")])) == ("invalid_trump", 0)
    assert code_at(with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, act(1, "play")])) == (
        "card_not_in_hand",
        6,
    )


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"seat": 1, "type": "pass", "card": "AS"}, "action_field_not_allowed"),  # a field of another type
        ({"seat": 1, "type": "sun", "strain": "S"}, "action_field_not_allowed"),
        ({"seat": 1, "type": "pass", "note": "x"}, "action_field_not_allowed"),
        ({"seat": 1, "type": "hokum"}, "invalid_trump"),  # a Hokum without its strain
        ({"seat": 1, "type": "bid", "value": 8}, "unknown_action"),  # another family's action
    ],
)
def test_over_http_an_action_error_has_the_rules_code_and_its_action_index(
    client: Any, action: dict[str, Any], code: str
) -> None:
    # issue 13, point 10: one rule, one code; every error about an action carries its action_index
    def problem(path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = client.post(f"/v1/games/baloot/{path}", json=body)
        assert r.status_code == 422
        out: dict[str, Any] = r.get_json()
        return out

    got = problem("hands/state", with_actions(SPADES, [action]))
    assert (got["code"], got["action_index"]) == (code, 0)
    got = problem("hands/state", with_actions(SPADES, [*CALL_SPADES, *NO_DOUBLE, action]))
    assert got["action_index"] == 6
    got = problem("hands/play", {"hand": with_actions(SPADES, [act(1, "pass")]), "action": action})
    assert got["action_index"] == 1 and got["code"] in (code, "not_your_turn")
    got = problem("hands/play", {"hand": SPADES, "action": action})
    assert (got["code"], got["action_index"]) == (code, 0)
    got = problem("matches/score", {"hands": [{"hand": with_actions(SPADES, [action])}], "first_dealer": 0})
    assert (got["code"], got["action_index"]) == (code, 0)
    assert all(key.startswith("hands.0.hand.actions.0") for key in got["errors"]), got["errors"]


def test_play_stores_the_action_canonically_and_answers_the_new_state() -> None:
    out = GAME.play(R, {"hand": SPADES, "action": {"type": "hokum", "strain": "s", "seat": 1}})
    assert out["hand"]["actions"] == [hokum(1, "S")]
    assert out["state"]["to_act"] == 2
    hand = out["hand"]
    out = GAME.play(R, {"hand": hand, "action": act(2, "pass"), "seat": 2})
    assert out["action"] == act(2, "pass") and "hand" not in out and out["state"]["hands"][1] is None
    e = raises(GAME.play, R, {"hand": hand, "action": act(3, "pass"), "seat": 2})
    assert (e.code, e.field) == (Code.VIEW_SEAT_MISMATCH, "seat")


def test_wrong_phase_actions() -> None:
    assert code_at(with_actions(SPADES, [play(1, "JS")])) == ("wrong_phase", 0)
    assert code_at(with_actions(SPADES, [act(1, "double")])) == ("wrong_phase", 0)
    assert code_at(with_actions(SPADES, [*CALL_SPADES, act(2, "sun")])) == ("wrong_phase", 4)
    full = [*CALL_SPADES, *NO_DOUBLE, *SPADES_PLAYS]
    assert code_at(with_actions(SPADES, [*full, play(1, "JS")])) == ("hand_complete", 38)


def test_invalid_seat_in_an_action() -> None:
    assert code_at(with_actions(SPADES, [act(4, "pass")])) == ("invalid_seat", 0)


# ------------------------------------------------------------------ seat views


def test_the_seat_that_made_an_illegal_move_reads_why_the_others_do_not() -> None:
    # issue 13, point 9: a seat may always read what is about its own hand
    def refused(actions: list[dict[str, Any]], seat: int | None) -> Any:
        body = with_actions(SPADES, actions)
        if seat is not None:
            body["seat"] = seat
        return raises(GAME.answer, "state", R, body)

    follow = [*CALL_SPADES, *NO_DOUBLE, play(1, "JS"), play(2, "7H")]
    referee = refused(follow, None)
    assert referee.detail == "seat 2 holds S and must follow the S led, not play 7H"
    own = refused(follow, 2)
    assert (own.code, own.action_index, own.detail) == (Code.MUST_FOLLOW_SUIT, 7, referee.detail)
    other = refused(follow, 0)
    assert other.code is Code.MUST_FOLLOW_SUIT and other.action_index == 7 and "7H" not in other.detail
    absent = [*CALL_SPADES, *NO_DOUBLE, play(1, "JS"), play(2, "QS")]
    assert refused(absent, 2).detail == "seat 2 does not hold QS"
    assert "QS" not in refused(absent, 3).detail


def test_seat_view_hides_other_hands_and_the_undealt_cards() -> None:
    before = state(R, SPADES, seat=2)
    assert [h is not None for h in before["hands"]] == [False, False, True, False]
    assert len(before["hands"][2]) == 5  # not yet given the stock's three
    assert not set(SPADES["stock"]) & {c for h in before["hands"] if h for c in h}
    assert before["legal_actions"] == []  # seat 1 is to call
    after = state(R, with_actions(SPADES, CALL_SPADES), seat=2)
    assert len(after["hands"][2]) == 8 and after["hands"][1] is None
    referee = state(R, with_actions(SPADES, CALL_SPADES))
    assert all(h is not None for h in referee["hands"])


def test_bids_list_every_call_and_doubling_step() -> None:
    view = state(R, with_actions(SPADES, [*CALL_SPADES, act(2, "double"), *passes(3, 1)]))
    assert view["bids"] == [*CALL_SPADES, act(2, "double"), *passes(3, 1)]


def test_declarations_are_announced_after_the_first_trick_without_hidden_cards() -> None:
    final = {
        1: ["7H", "8H", "9H", "AS", "KS", "QS", "JS", "TS"],  # sira 7-8-9 of hearts, hundred in spades
        2: ["TH", "JH", "QH", "KH", "AH", "9S", "8S", "7S"],
        3: ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        0: ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    }
    rec = record_for(final, buyer=1, turned="7H")
    called = [act(1, "sun")]
    first_trick = [play(1, "7H"), play(2, "TH"), play(3, "7D"), play(0, "7C")]
    assert state(R, with_actions(rec, [*called, *first_trick[:3]]), seat=3)["declarations"] == []
    view = state(R, with_actions(rec, [*called, *first_trick]), seat=3)
    decl = {(d["seat"], d["name"]): d for d in view["declarations"]}
    assert decl[(1, "hundred")]["cards"] is None  # seat 1's spades are unplayed: not shown to seat 3
    assert decl[(3, "hundred")]["cards"] is not None  # its own
    for d in view["declarations"]:
        for c in d["cards"] or []:
            assert d["seat"] == 3 or c in {p["card"] for t in view["tricks"] for p in t["cards"]}


# ------------------------------------------------------------------ options and profiles


def test_every_option_has_a_description_and_a_source() -> None:
    catalog = RULEBOOK.catalog()
    assert catalog["default_profile"] == "high-card-club"
    for o in catalog["options"]:
        assert o["description"] and o["source"], o["name"]
        assert "seeds" not in o["source"] and ".txt" not in o["source"]
    names = {o["name"] for o in catalog["options"]}
    assert {
        "projects",
        "doubling",
        "match",
        "match_hands",
        "ashkal",
        "late_sun",
        "rounding",
        "buyer_threshold",
        "declarations",
        "project_ranking",
        "doubled_play",
        "doubled_projects",
        "doubled_kaboot",
        "gahwa",
    } <= names


def test_house_rules_default_on_and_match_to_152() -> None:
    assert R["projects"] is True and R["doubling"] is True
    assert R["match"] == "152" and R["match_hands"] == 5


def test_fixed_match_is_5_9_or_11_hands() -> None:
    for n in (5, 9, 11):
        assert rules(match="hands", match_hands=n)["match_hands"] == n
    for n in (6, 10, 4, 12):
        e = raises(lambda m: rules(match="hands", match_hands=m), n)
        assert e.code is Code.INVALID_RULE_VALUE


def test_the_second_profile_changes_the_silent_points() -> None:
    jk = GAME.rules({"profile": "app-variants"})
    assert jk["ashkal"] is True and jk["late_sun"] == "caller-converts" and jk["rounding"] == "pair-adjusted"
    assert jk.hash != R.hash


def test_ashkal_gives_sun_to_the_partner_who_takes_the_turned_card() -> None:
    ash = rules(ashkal=True)
    assert code_at(with_actions(SPADES, [act(1, "ashkal")]), ash) == ("call_not_allowed", 0)
    assert code_at(with_actions(SPADES, [act(1, "pass"), act(2, "pass"), act(3, "ashkal")])) == (
        "call_not_allowed",
        2,
    )
    view = state(ash, with_actions(SPADES, [act(1, "pass"), act(2, "pass"), act(3, "ashkal")]))
    assert view["contract"] == {"seat": 1, "mode": "sun", "strain": "NT", "double": 1}
    assert "9S" in view["hands"][1]  # the partner (seat 1) bought the turned card


def test_late_sun_lets_the_hokum_caller_convert() -> None:
    late = rules(late_sun="caller-converts")
    view = state(late, with_actions(SPADES, CALL_SPADES))
    assert view["phase"] == "calling" and view["to_act"] == 1
    assert view["legal_actions"] == [act(1, "pass"), act(1, "sun")]
    sun = state(late, with_actions(SPADES, [*CALL_SPADES, act(1, "sun")]))
    assert sun["contract"]["mode"] == "sun" and sun["phase"] == "play"
    kept = state(late, with_actions(SPADES, [*CALL_SPADES, act(1, "pass")]))
    assert kept["contract"]["mode"] == "hokum" and kept["phase"] == "doubling"


def test_state_refuses_a_seat_outside_the_table() -> None:
    e = raises(GAME.state, R, {**SPADES, "seat": 4})
    assert e.code is Code.INVALID_SEAT


@pytest.mark.parametrize("trump", ["S", "H", "D", "C", "NT"])
def test_trick_endpoints_refuse_bad_input(trump: str) -> None:
    assert raises(GAME.trick_winner, R, {"trump": trump, "leader": 0, "cards": []}).code is Code.INVALID_TRICK
    assert (
        raises(GAME.trick_winner, R, {"trump": trump, "leader": 0, "cards": ["2H"]}).code is Code.FOREIGN_CARD
    )
    e = raises(GAME.trick_legal, R, {"trump": trump, "hand": ["AH"], "trick": ["AH"]})
    assert e.code is Code.DUPLICATE_CARD
    e = raises(GAME.trick_legal, R, {"trump": trump, "hand": ["AH"], "trick": ["7H"], "seat": 0, "leader": 0})
    assert e.code is Code.NOT_YOUR_TURN


def test_a_contract_set_directly_for_simulations_only_on_a_fresh_deal() -> None:
    from service.rules.baloot import deal_state

    fresh = deal_state(R, 0, 5)
    sun = fresh.called(1, "sun", "NT")
    assert sun.phase == "play" and [len(h) for h in sun.hands] == [8, 8, 8, 8]
    assert raises(sun.called, 1, "sun", "NT").code is Code.WRONG_PHASE
