"""An integer of the contract is a JSON Schema integer: any integral number, so `7.0` as well as `7`
(some JSON encoders write every number as a float). It is read as 7 everywhere the contract says
integer: seeds, seats, counts, a rules object's options, Baloot's doubling level; 7.5, true and "7"
stay a 422 `validation_failed`."""

from __future__ import annotations

import json

import pytest

from service.rules.registry import GAMES


def floated(value):
    """`value` with every int (not bool) written as a float: what a float-only encoder sends."""
    if type(value) is int:
        return float(value)
    if isinstance(value, list):
        return [floated(v) for v in value]
    if isinstance(value, dict):
        return {k: floated(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hand_sent_with_integral_floats_is_the_same_hand(client, game):
    base = f"/v1/games/{game}"
    dealt = client.post(f"{base}/deals", json={"seed": 7, "dealer": 1}).get_json()
    assert client.post(f"{base}/deals", json={"seed": 7.0, "dealer": 1.0}).get_json() == dealt
    hand = dealt["hand"]
    state = client.post(f"{base}/hands/state", json={**hand, "seat": 1}).get_json()
    assert client.post(f"{base}/hands/state", json=floated({**hand, "seat": 1})).get_json() == state
    referee = client.post(f"{base}/hands/state", json=hand).get_json()
    action = referee["legal_actions"][0]
    played = client.post(f"{base}/hands/play", json={"hand": hand, "action": action})
    again = client.post(f"{base}/hands/play", json=floated({"hand": hand, "action": action}))
    assert played.status_code == again.status_code == 200, again.get_json()
    assert again.get_json() == played.get_json()
    assert not has_float(again.get_json())  # 7.0 == 7 in Python: the answer writes ints


def has_float(value) -> bool:
    if isinstance(value, dict):
        return any(map(has_float, value.values()))
    if isinstance(value, list):
        return any(map(has_float, value))
    return type(value) is float


def test_rule_options_take_integral_floats(client):
    rules = {"profile": "rule-book", "players": 5, "schedule": "custom", "hand_sizes": [3, 2]}
    sent = client.post("/v1/games/blob/deals", json={"seed": 1, "rules": floated(rules)})
    assert sent.status_code == 200, sent.get_json()
    assert sent.get_json() == client.post("/v1/games/blob/deals", json={"seed": 1, "rules": rules}).get_json()
    options = sent.get_json()["rules"]["options"]
    assert (options["players"], options["hand_sizes"]) == (5, [3, 2])
    assert type(options["players"]) is int


def test_baloot_double_takes_an_integral_float(client):
    summary = {
        "contract": {"seat": 0, "mode": "hokum", "strain": "S", "double": 2.0},
        "card_points": [100.0, 62],
        "tricks": [5, 3],
        "projects": [0, 0],
        "baloot": None,
    }
    scored = client.post("/v1/games/baloot/hands/score", json={"summary": summary})
    assert scored.status_code == 200, scored.get_json()
    assert (
        scored.get_json()["contract"]["double"] == 2 and scored.get_json()["breakdown"][0]["multiplier"] == 2
    )


@pytest.mark.parametrize("seed", [7.5, True, "7", float("1e300"), -1.0])
def test_what_is_no_integer_or_out_of_range_is_still_refused(client, seed):
    answer = client.post(
        "/v1/games/blob/deals", data=json.dumps({"seed": seed}), content_type="application/json"
    )
    assert answer.status_code == 422 and answer.get_json()["code"] == "validation_failed"
    assert "seed" in answer.get_json()["errors"]


@pytest.mark.parametrize("value", [3.5, True, "4"])
def test_a_rule_option_that_is_no_integer_gets_the_rule_code(client, value):
    answer = client.post("/v1/games/blob/deals", json={"rules": {"players": value}})
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_rule_value"
