"""One rule, one code, and every error about an action carries its `action_index` (issue 13.10).

The same mistake in an action is sent three ways, to every game: inside a record (hands/state), as
the action of hands/play, and in a record of matches/score. Whether the wire schema or an engine
refuses it, the answer names the rule's code and the action's index; a schema refusal keeps its
messages in `errors`. Where an engine can judge the same mistake (the schema left aside), it gives
the same code.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import RuleError
from service.rules.registry import GAMES

PROBLEM = "application/problem+json"
PLAYED = 2  # legal actions before the faulty one: its index

# The game's action that names a strain, with its other fields right.
STRAIN_ACTION: dict[str, dict[str, Any]] = {
    "blob": {"type": "trump"},
    "nomination-whist": {"type": "trump"},
    "oh-hell": {"type": "trump"},
    "bazar-blot": {"type": "bid", "value": 8},
    "blot-duel": {"type": "name"},
    "baloot": {"type": "hokum"},
}
BIDS = ("blob", "nomination-whist", "oh-hell", "bazar-blot")  # a bid with a numeric value


def _without(action: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != key}


# name -> (the faulty action built from the legal one and the game, the code)
MISTAKES: dict[str, tuple[Any, str]] = {
    "seat out of range": (lambda a, g: {**a, "seat": 9}, "invalid_seat"),
    "seat not an integer": (lambda a, g: {**a, "seat": "x"}, "invalid_seat"),
    "seat a float": (lambda a, g: {**a, "seat": 1.5}, "invalid_seat"),
    "seat missing": (lambda a, g: _without(a, "seat"), "invalid_seat"),
    "type missing": (lambda a, g: _without(a, "type"), "unknown_action"),
    "type unknown": (lambda a, g: {**a, "type": "fly"}, "unknown_action"),
    "type not a string": (lambda a, g: {**a, "type": 5}, "unknown_action"),
    "not an object": (lambda a, g: 5, "unknown_action"),
    "card unreadable": (lambda a, g: {"seat": a["seat"], "type": "play", "card": "ZZ"}, "invalid_card"),
    "card not a string": (lambda a, g: {"seat": a["seat"], "type": "play", "card": 5}, "invalid_card"),
    "card missing": (lambda a, g: {"seat": a["seat"], "type": "play"}, "card_not_in_hand"),
    "field unknown": (lambda a, g: {**a, "colour": "red"}, "action_field_not_allowed"),
    "field of another type": (lambda a, g: {**a, "card": "AS", "value": 1}, "action_field_not_allowed"),
    "strain unreadable": (
        lambda a, g: {"seat": a["seat"], **STRAIN_ACTION[g], "strain": "X"},
        "invalid_strain",
    ),
    "strain not a string": (
        lambda a, g: {"seat": a["seat"], **STRAIN_ACTION[g], "strain": 3},
        "invalid_strain",
    ),
}


@pytest.fixture(scope="module")
def positions(app) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Per game: a record of PLAYED legal actions, and the next legal action."""
    client = app.test_client()
    out = {}
    for game in GAMES:
        hand = client.post(f"/v1/games/{game}/deals", json={"seed": 7}).get_json()["hand"]
        for _ in range(PLAYED):
            legal = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()["legal_actions"]
            hand = {**hand, "actions": [*hand["actions"], legal[0]]}
        legal = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()["legal_actions"]
        out[game] = (hand, legal[0])
    return out


def _routes(game: str, hand: dict[str, Any], bad: Any) -> dict[str, tuple[str, dict[str, Any], str]]:
    """route -> (path, body, where the faulty action's errors are)."""
    record = {**hand, "actions": [*hand["actions"], bad]}
    i = len(hand["actions"])
    return {
        "hands/state": (f"/v1/games/{game}/hands/state", record, f"actions.{i}"),
        "hands/play": (f"/v1/games/{game}/hands/play", {"hand": hand, "action": bad}, "action"),
        "matches/score": (
            f"/v1/games/{game}/matches/score",
            {"hands": [{"hand": record}]},
            f"hands.0.hand.actions.{i}",
        ),
    }


@pytest.mark.parametrize("route", ["hands/state", "hands/play", "matches/score"])
@pytest.mark.parametrize("mistake", list(MISTAKES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_faulty_action_gets_the_rules_code_and_its_index(client, positions, game, mistake, route):
    hand, legal = positions[game]
    bad = MISTAKES[mistake][0](legal, game)
    path, body, where = _routes(game, hand, bad)[route]
    resp = client.post(path, json=body)
    problem = resp.get_json()
    assert resp.status_code == 422 and resp.mimetype == PROBLEM, problem
    assert problem["code"] == MISTAKES[mistake][1], problem
    assert problem["type"].endswith(problem["code"]) and problem["title"]
    assert problem["action_index"] == PLAYED, problem
    assert problem["errors"], problem  # the schema's messages stay, under the action's path
    assert all(key == where or key.startswith(where + ".") for key in problem["errors"]), problem["errors"]


@pytest.mark.parametrize("route", ["hands/state", "hands/play", "matches/score"])
@pytest.mark.parametrize("game", BIDS)
@pytest.mark.parametrize("value", [99, -1, "x", 2.5])
def test_a_bid_the_schema_refuses_is_bid_out_of_range(client, game, value, route):
    hand = client.post(f"/v1/games/{game}/deals", json={"seed": 7}).get_json()["hand"]
    legal = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()["legal_actions"]
    bid = next(a for a in legal if a["type"] == "bid")
    path, body, _ = _routes(game, hand, {**bid, "value": value})[route]
    problem = client.post(path, json=body).get_json()
    assert (problem["code"], problem["action_index"]) == ("bid_out_of_range", 0), problem


@pytest.mark.parametrize("route", ["hands/state", "hands/play", "matches/score"])
def test_a_strain_hokum_may_not_name_is_invalid_trump(client, route):
    hand = client.post("/v1/games/baloot/deals", json={"seed": 7}).get_json()["hand"]
    seat = client.post("/v1/games/baloot/hands/state", json=hand).get_json()["to_act"]
    for hokum, code in (
        ({"seat": seat, "type": "hokum", "strain": "NT"}, "invalid_trump"),  # the schema's Suit refuses it
        ({"seat": seat, "type": "hokum"}, "invalid_trump"),  # no trump named
    ):
        path, body, _ = _routes("baloot", hand, hokum)[route]
        problem = client.post(path, json=body).get_json()
        assert (problem["code"], problem["action_index"]) == (code, 0), problem


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(
    "mistake",
    [
        "seat out of range",
        "seat not an integer",
        "seat missing",
        "type missing",
        "type unknown",
        "type not a string",
        "not an object",
        "card unreadable",
        "card not a string",
        "strain unreadable",
        "strain not a string",
    ],
)
def test_an_engine_judging_the_same_mistake_gives_the_same_code(positions, game, mistake):
    """The schema left aside: the engine's own verdict on the action, in a record and on play."""
    hand, legal = positions[game]
    bad = MISTAKES[mistake][0](legal, game)
    g = GAMES[game]
    rules = g.rules(hand.get("rules"))
    for operation, body in (
        ("state", {**hand, "actions": [*hand["actions"], bad]}),
        ("play", {"hand": hand, "action": bad}),
    ):
        with pytest.raises(RuleError) as caught:
            g.answer(operation, rules, body)
        assert (caught.value.code.value, caught.value.action_index) == (MISTAKES[mistake][1], PLAYED)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_outside_the_table_is_invalid_seat_on_both_layers(client, positions, game):
    """Seat 9 is refused by the schema, seat n (the first past the table) by the engine: one code."""
    hand, legal = positions[game]
    players = len(hand["hands"])
    for seat in (players, 9):
        path, body, _ = _routes(game, hand, {**legal, "seat": seat})["hands/state"]
        problem = client.post(path, json=body).get_json()
        assert (problem["code"], problem["action_index"]) == ("invalid_seat", PLAYED), problem


def test_other_failures_keep_validation_failed_with_the_actions_index(client, positions):
    """A body wrong outside its actions too is not one rule's fault: validation_failed, and the
    index of the first faulty action."""
    hand, legal = positions["oh-hell"]
    body = {**hand, "dealer": "x", "actions": [*hand["actions"], {**legal, "seat": 9}]}
    problem = client.post("/v1/games/oh-hell/hands/state", json=body).get_json()
    assert (problem["code"], problem["action_index"]) == ("validation_failed", PLAYED), problem
    assert set(problem["errors"]) == {"dealer", f"actions.{PLAYED}.seat"}
    record = {**hand, "actions": [*hand["actions"], {**legal, "seat": 9}]}
    problem = client.post("/v1/games/oh-hell/hands/play", json={"hand": record}).get_json()  # no action
    assert (problem["code"], problem["action_index"]) == ("validation_failed", PLAYED), problem


def test_the_first_faulty_action_is_the_one_named(client, positions):
    hand, legal = positions["bazar-blot"]
    actions = [*hand["actions"], {**legal, "type": "fly"}, {**legal, "seat": 9}]
    problem = client.post("/v1/games/bazar-blot/hands/state", json={**hand, "actions": actions}).get_json()
    assert (problem["code"], problem["action_index"]) == ("unknown_action", PLAYED), problem
    play = {"hand": {**hand, "actions": [*hand["actions"], {**legal, "seat": 9}]}, "action": 5}
    problem = client.post("/v1/games/bazar-blot/hands/play", json=play).get_json()
    assert (problem["code"], problem["action_index"]) == ("invalid_seat", PLAYED), problem  # the record first


def test_a_non_boolean_capot_has_no_rule_of_its_own(client, positions):
    hand, legal = positions["bazar-blot"]
    bad = {"seat": legal["seat"], "type": "bid", "strain": "S", "capot": "yes"}
    problem = client.post("/v1/games/bazar-blot/hands/play", json={"hand": hand, "action": bad}).get_json()
    assert (problem["code"], problem["action_index"]) == ("validation_failed", PLAYED), problem
