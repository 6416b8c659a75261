"""Every worked example of the two rule books, seed 000 (Blob) and seed 002 (Nomination Whist)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import Code, IllegalAction, InvalidRecord
from service.rules.ohhell import GAMES
from service.rules.ohhell.state import schedule
from service.rules.profile import Rules

GAME = {g.id: g for g in GAMES}


def rules(game: str, **opts: Any) -> Rules:
    return GAME[game].rules(opts)


def record(hands: list[str], dealer: int, actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "actions": actions, **extra}


def bid(seat: int, value: int) -> dict[str, Any]:
    return {"seat": seat, "type": "bid", "value": value}


def play(seat: int, c: str) -> dict[str, Any]:
    return {"seat": seat, "type": "play", "card": c}


FIVE = ["AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC"]


# ------------------------------------------------------------------ seed 000: Blob


def test_blob_schedule_is_ten_down_to_one_and_back_up() -> None:
    assert schedule(rules("blob")) == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def test_blob_eight_players_start_at_six() -> None:
    assert schedule(rules("blob", players=8)) == (6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6)
    assert schedule(GAME["blob"].rules({"profile": "eight-players"}))[0] == 6


@pytest.mark.parametrize(("players", "start"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7), (8, 6)])
def test_blob_first_hand_shrinks_above_five_players(players: int, start: int) -> None:
    sizes = schedule(rules("blob", players=players))
    assert sizes[0] == sizes[-1] == start
    assert min(sizes) == 1 and len(sizes) == 2 * start - 1


def test_blob_deal_goes_one_at_a_time_from_the_dealers_left() -> None:
    import random

    from service.rules.ohhell.state import DECK

    r = rules("blob", players=5)
    out = GAME["blob"].deal(r, {"seed": 42, "dealer": 2})
    pack = random.Random(42).sample(DECK, 50)
    hands = out["hand"]["hands"]
    for i, c in enumerate(pack):
        assert c.text in hands[(2 + 1 + i) % 5]
    assert "turned" not in out["hand"]  # Blob's trumps are nominated: nothing is turned


def test_blob_dealer_cannot_call_two_after_three_called_in_a_five_card_hand() -> None:
    r = rules("blob")
    rec = record(FIVE, 3, [bid(0, 1), bid(1, 2), bid(2, 0)])
    view = GAME["blob"].state(r, rec)
    assert view["to_act"] == 3
    assert [a["value"] for a in view["legal_actions"]] == [0, 1, 3, 4, 5]
    with pytest.raises(IllegalAction) as e:
        GAME["blob"].play(r, {"hand": rec, "action": bid(3, 2)})
    assert e.value.code is Code.DEALER_BID_RESTRICTED and e.value.action_index == 3


def test_blob_players_other_than_the_dealer_may_call_anything() -> None:
    r = rules("blob")
    view = GAME["blob"].state(r, record(FIVE, 3, [bid(0, 5), bid(1, 0)]))
    assert [a["value"] for a in view["legal_actions"]] == [0, 1, 2, 3, 4, 5]


def test_blob_highest_caller_nominates_any_suit_or_no_trumps_ties_to_the_first() -> None:
    r = rules("blob")
    calls = [bid(0, 2), bid(1, 3), bid(2, 3), bid(3, 0)]
    view = GAME["blob"].state(r, record(FIVE, 3, calls))
    assert view["phase"] == "trump" and view["to_act"] == 1 and view["trump"] is None
    assert sorted(a["strain"] for a in view["legal_actions"]) == ["C", "D", "H", "NT", "S"]
    with pytest.raises(IllegalAction) as e:
        GAME["blob"].play(
            r, {"hand": record(FIVE, 3, calls), "action": {"seat": 2, "type": "trump", "strain": "S"}}
        )
    assert e.value.code is Code.NOT_TRUMP_CALLER and e.value.action_index == 4


def test_blob_dealers_left_leads_after_the_nomination_and_the_winner_leads_next() -> None:
    r = rules("blob")
    acts = [bid(0, 0), bid(1, 1), bid(2, 0), bid(3, 1), {"seat": 1, "type": "trump", "strain": "C"}]
    view = GAME["blob"].state(r, record(FIVE, 3, acts))
    assert view["phase"] == "play" and view["to_act"] == 0 and view["trump"] == "C"
    acts += [play(0, "AS"), play(1, "TH"), play(2, "TD"), play(3, "TC")]  # all void: the club trumps
    view = GAME["blob"].state(r, record(FIVE, 3, acts))
    assert view["tricks"][0]["winner"] == 3 and view["to_act"] == 3
    assert view["tricks_won"] == [0, 0, 0, 1]


def test_blob_method_two_examples_a_b_c() -> None:
    r = rules("blob", players=3)
    out = GAME["blob"].score(r, {"summary": {"bids": [5, 1, 2], "tricks": [4, 1, 5]}})
    assert out["method"] == "ten-plus-bid-or-minus-difference"
    assert out["scores"] == [-1, 11, -3]
    assert [b["made"] for b in out["breakdown"]] == [False, True, False]


def test_blob_method_one_fewest_blobs_wins_then_most_tricks_in_made_calls() -> None:
    r = GAME["blob"].rules(
        {"profile": "method-one", "players": 3, "schedule": "custom", "hand_sizes": [2, 1]}
    )
    first = {"summary": {"bids": [1, 0, 0], "tricks": [1, 0, 1]}}  # seat 2 misses: a blob
    level = {"summary": {"bids": [0, 1, 1], "tricks": [0, 1, 0]}}  # seat 2 blobs again
    pad = GAME["blob"].match_score(r, {"hands": [first, level]})
    assert pad["rounds"][0]["scores"] == [1, 0, 0]  # a made call is left as written, a blob scores nothing
    assert pad["totals"] == [1, 1, 0]  # tricks in made calls
    assert pad["finished"] and pad["standings"] == [0, 1, 2]
    assert pad["winner"] is None  # seats 0 and 1: no blobs and 1 trick each, a true tie
    seat1_blobs = {"summary": {"bids": [0, 0, 0], "tricks": [0, 1, 0]}}
    pad = GAME["blob"].match_score(r, {"hands": [first, seat1_blobs]})
    assert pad["totals"] == [1, 0, 0] and pad["winner"] == 0
    assert pad["standings"] == [0, 1, 2]  # seats 1 and 2: 1 blob and no tricks each; ties keep seat order


def test_blob_method_one_tie_on_blobs_goes_to_most_tricks() -> None:
    r = GAME["blob"].rules({"profile": "method-one", "players": 3, "schedule": "custom", "hand_sizes": [3]})
    pad = GAME["blob"].match_score(r, {"hands": [{"summary": {"bids": [2, 1, 1], "tricks": [2, 1, 0]}}]})
    assert pad["winner"] == 0 and pad["standings"] == [0, 1, 2]


def test_blob_highest_score_wins_with_method_two() -> None:
    r = rules("blob", players=3, schedule="custom", hand_sizes=[1])
    pad = GAME["blob"].match_score(r, {"hands": [{"summary": {"bids": [1, 1, 1], "tricks": [0, 1, 0]}}]})
    assert pad["totals"] == [-1, 11, -1] and pad["winner"] == 1 and pad["finished"]


def test_blob_deal_rotates_to_the_dealers_left() -> None:
    r = rules("blob")
    assert [GAME["blob"].deal(r, {"seed": 1, "round": k})["hand"]["dealer"] for k in (1, 2, 3, 4, 5)] == [
        0,
        1,
        2,
        3,
        0,
    ]
    with pytest.raises(InvalidRecord) as e:
        GAME["blob"].match_score(
            r,
            {
                "first_dealer": 1,
                "hands": [{"summary": {"bids": [0] * 4, "tricks": [10, 0, 0, 0], "dealer": 0}}],
            },
        )
    assert e.value.code is Code.WRONG_DEALER and e.value.field == "hands.0"


# ------------------------------------------------------------------ seed 002: Nomination Whist


def test_nomination_schedules() -> None:
    assert schedule(rules("nomination-whist")) == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    assert schedule(rules("nomination-whist", schedule="7-1")) == (7, 6, 5, 4, 3, 2, 1)
    assert schedule(rules("nomination-whist", schedule="10-1-10", players=4))[:3] == (10, 9, 8)
    assert len(schedule(rules("nomination-whist", schedule="10-1-10"))) == 19
    assert schedule(rules("nomination-whist", schedule="1-7-1")) == (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)


def test_nomination_ten_one_ten_does_not_fit_six_players() -> None:
    with pytest.raises(InvalidRecord) as e:
        rules("nomination-whist", schedule="10-1-10", players=6)
    assert e.value.code is Code.INVALID_RULE_VALUE


def test_nomination_turned_card_sets_trumps_and_is_out_of_play() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist")
    out = g.deal(r, {"seed": 7})
    hand = out["hand"]
    assert len(hand["hands"]) == 4 and all(len(h) == 7 for h in hand["hands"])
    turned = hand["turned"]
    assert all(turned not in h for h in hand["hands"])
    view = g.state(r, hand)
    assert view["trump"] == turned[-1] and view["turned"] == turned and view["phase"] == "bidding"
    assert view["to_act"] == 1  # the dealer's left bids first


def test_nomination_dealer_cannot_bid_one_after_two_one_three_in_seven_cards() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist")
    hand = g.deal(r, {"seed": 3, "dealer": 3})["hand"]
    hand["actions"] = [bid(0, 2), bid(1, 1), bid(2, 3)]
    view = g.state(r, hand)
    assert [a["value"] for a in view["legal_actions"]] == [0, 2, 3, 4, 5, 6, 7]
    with pytest.raises(IllegalAction) as e:
        g.play(r, {"hand": hand, "action": bid(3, 1)})
    assert e.value.code is Code.DEALER_BID_RESTRICTED and e.value.action_index == 3


def test_nomination_no_dealer_restriction_variant() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "no-restriction"})
    hand = g.deal(r, {"seed": 3, "dealer": 3})["hand"]
    hand["actions"] = [bid(0, 2), bid(1, 1), bid(2, 3)]
    assert [a["value"] for a in g.state(r, hand)["legal_actions"]] == list(range(8))


@pytest.mark.parametrize(
    ("profile", "bid_", "won", "score"),
    [
        ("rule-book", 3, 3, 13),
        ("rule-book", 3, 2, 0),
        ("rule-book", 3, 4, 0),
        ("rule-book", 0, 0, 10),
        ("rule-book", 1, 1, 11),
        ("rule-book", 5, 5, 15),
        ("squared", 3, 3, 19),
        ("squared", 3, 4, 0),
        ("trick-points", 3, 3, 13),
        ("trick-points", 3, 2, 2),
        ("penalty", 3, 3, 13),
        ("penalty", 3, 1, -2),
        ("penalty", 3, 4, -1),
    ],
)
def test_nomination_scoring_and_its_variants(profile: str, bid_: int, won: int, score: int) -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": profile, "players": 3})
    others = 7 - won
    summary = {"bids": [bid_, 0, 0 if bid_ != 7 else 1], "tricks": [won, others, 0]}
    out = g.score(r, {"summary": summary})
    assert out["scores"][0] == score


def test_nomination_trick_goes_to_highest_trump_else_highest_of_the_suit_led() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist")
    win = g.trick_winner(r, {"trump": "S", "leader": 1, "cards": ["2H", "AD", "3H", "KC"]})
    assert (win["winner"], win["winning_card"], win["index"]) == (3, "3H", 2)  # an off-suit ace cannot win
    win = g.trick_winner(r, {"trump": "S", "leader": 1, "cards": ["2H", "AH", "2S", "KS"]})
    assert (win["winner"], win["winning_card"]) == (0, "KS")
    win = g.trick_winner(r, {"trump": "NT", "leader": 0, "cards": ["5D", "AS", "9D", "AC"]})
    assert (win["winner"], win["winning_card"]) == (2, "9D")


def test_nomination_must_follow_suit_else_anything_including_trumps() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist")
    out = g.trick_legal(r, {"trump": "S", "hand": ["2H", "KD", "3S"], "trick": ["AH"]})
    assert out["legal"] == ["2H"]
    assert {i["card"]: i["code"] for i in out["illegal"]} == {
        "KD": "must_follow_suit",
        "3S": "must_follow_suit",
    }
    assert out["illegal"][0]["reason"] == "Follow the suit led"
    out = g.trick_legal(r, {"trump": "S", "hand": ["KD", "3S"], "trick": ["AH"]})
    assert out["legal"] == ["KD", "3S"] and out["illegal"] == []


def test_nomination_one_card_round_bids_zero_or_one() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist")
    hand = g.deal(r, {"seed": 11, "round": 7})["hand"]
    assert all(len(h) == 1 for h in hand["hands"]) and hand["dealer"] == 2
    assert [a["value"] for a in g.state(r, hand)["legal_actions"]] == [0, 1]


def test_nomination_one_card_round_no_trump_variant() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "one-card-no-trump"})
    hand = g.deal(r, {"seed": 11, "round": 7})["hand"]
    assert "turned" not in hand
    assert g.state(r, hand)["trump"] == "NT"
    assert "turned" in g.deal(r, {"seed": 11, "round": 6})["hand"]


def test_nomination_designated_no_trump_round() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist", no_trump_rounds=[13])
    last = g.deal(r, {"seed": 5, "round": 13})["hand"]
    assert "turned" not in last and g.state(r, last)["trump"] == "NT"


def test_nomination_dealer_chooses_trumps_before_the_bidding() -> None:
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "dealer-chooses"})
    hand = g.deal(r, {"seed": 2})["hand"]
    assert "turned" not in hand
    view = g.state(r, hand)
    assert view["phase"] == "trump" and view["to_act"] == 0
    assert sorted(a["strain"] for a in view["legal_actions"]) == ["C", "D", "H", "NT", "S"]
    hand["actions"] = [{"seat": 0, "type": "trump", "strain": "NT"}]
    view = g.state(r, hand)
    assert view["phase"] == "bidding" and view["trump"] == "NT" and view["to_act"] == 1


def test_nomination_dealer_may_opt_for_no_trump_instead_of_turning() -> None:
    """'the dealer can opt for no-trump instead of turning up a card': the choice is turn or NT,
    and the card's suit is learned only by turning it."""
    g = GAME["nomination-whist"]
    r = g.rules({"profile": "dealer-may-pass-trump"})
    hand = g.deal(r, {"seed": 2})["hand"]
    suit = hand["turned"][-1]
    view = g.state(r, hand)
    assert view["legal_actions"] == [
        {"seat": 0, "type": "turn"},
        {"seat": 0, "type": "trump", "strain": "NT"},
    ]
    for strain in "SHDC":  # every suit is refused alike: no refusal tells the turned card's suit
        with pytest.raises(IllegalAction) as e:
            g.play(r, {"hand": hand, "action": {"seat": 0, "type": "trump", "strain": strain}})
        assert e.value.code is Code.INVALID_TRUMP and e.value.action_index == 0
        assert suit not in e.value.detail.replace(strain, "")
    turned = g.play(r, {"hand": hand, "action": {"seat": 0, "type": "turn"}})
    assert turned["hand"]["actions"] == [{"seat": 0, "type": "turn"}]
    assert turned["state"]["trump"] == suit and turned["state"]["phase"] == "bidding"
    nt = g.play(r, {"hand": hand, "action": {"seat": 0, "type": "trump", "strain": "NT"}})
    assert nt["state"]["trump"] == "NT"


def test_nomination_highest_total_after_thirteen_rounds_wins() -> None:
    g = GAME["nomination-whist"]
    r = rules("nomination-whist", players=3)
    sizes = schedule(r)
    hands = [{"summary": {"bids": [h, 0, 1], "tricks": [h, 0, 0]}} for h in sizes]
    pad = g.match_score(r, {"hands": hands})
    assert pad["finished"] and len(pad["rounds"]) == 13
    assert pad["totals"][0] == sum(10 + h for h in sizes) and pad["totals"][1] == 130
    assert pad["winner"] == 0 and pad["standings"] == [0, 1, 2]
    partial = g.match_score(r, {"hands": hands[:5]})
    assert not partial["finished"] and partial["winner"] is None


def test_blob_scorepad_counts_each_players_blobs() -> None:
    """Seed 000, method one: a missed call gets a blob; the scorepad keeps the count per player."""
    game = GAME["blob"]
    rules = game.rules({"profile": "method-one"})
    pad = game.match_score(
        rules,
        {
            "hands": [
                {"summary": {"bids": [2, 3, 1, 1], "tricks": [2, 4, 1, 3]}},
                {"summary": {"bids": [0, 2, 2, 0], "tricks": [1, 2, 2, 4]}},
            ]
        },
    )
    assert pad["blobs"] == [1, 1, 0, 2]
    assert [r["made"] for r in pad["rounds"]] == [[True, False, True, False], [False, True, True, False]]
    assert pad["totals"] == [2, 2, 3, 0]  # tricks in made calls
    assert pad["standings"][0] == 2  # the only player without a blob leads
