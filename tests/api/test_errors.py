"""Every error is problem+json with a stable code; one test per error case of the contract."""

from __future__ import annotations

import logging

import pytest

from service import create_app
from service.api.errors import ALL_CODES

PROBLEM = "application/problem+json"


def assert_problem(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body = resp.get_json(force=True)
    assert body["status"] == status
    assert body["code"] == code
    assert body["code"] in ALL_CODES
    assert body["type"].endswith(code)
    assert body["title"] and body["detail"]
    return body


def test_malformed_json_is_400(client):
    resp = client.post("/v1/games/oh-hell/hands/state", data="{not json", content_type="application/json")
    body = assert_problem(resp, 400, "malformed_request")
    assert body["detail"] == "The request body is not valid JSON"


def test_unknown_path_is_404(client):
    assert_problem(client.get("/v1/nowhere"), 404, "not_found")


def test_unknown_game_is_404(client):
    body = assert_problem(client.get("/v1/games/canasta"), 404, "unknown_game")
    assert "canasta" in body["detail"]


def test_unknown_game_on_an_operation_is_404(client):
    resp = client.post("/v1/games/canasta/tricks/winner", json={"trump": "S", "leader": 0, "cards": ["AS"]})
    assert_problem(resp, 404, "unknown_game")


def test_wrong_method_is_405_with_allow(client):
    resp = client.delete("/v1/games")
    assert_problem(resp, 405, "method_not_allowed")
    assert set(resp.headers["Allow"].replace(" ", "").split(",")) == {"GET", "HEAD", "OPTIONS"}


def test_body_over_the_limit_is_413(client):
    big = b'{"x": "' + b"a" * (256 * 1024) + b'"}'
    resp = client.post("/v1/games/oh-hell/hands/state", data=big, content_type="application/json")
    assert_problem(resp, 413, "payload_too_large")


def test_body_limit_is_configurable(monkeypatch):
    monkeypatch.setenv("TRICKREF_MAX_BODY_BYTES", "100")
    small = create_app().test_client()
    resp = small.post(
        "/v1/games/oh-hell/deals", data=b'{"seed": ' + b"1" * 120 + b"}", content_type="application/json"
    )
    assert_problem(resp, 413, "payload_too_large")


def test_schema_failure_is_422_with_field_errors(client):
    resp = client.post("/v1/games/oh-hell/hands/state", json={"dealer": "zero"})
    body = assert_problem(resp, 422, "validation_failed")
    assert set(body["errors"]) == {"dealer", "hands"}


def test_unknown_field_is_422(client):
    resp = client.post(
        "/v1/games/oh-hell/tricks/winner", json={"trump": "S", "leader": 0, "cards": ["AS"], "colour": "red"}
    )
    body = assert_problem(resp, 422, "validation_failed")
    assert body["errors"] == {"colour": ["Unknown field."]}


def test_wrong_type_is_422(client):
    resp = client.post("/v1/games/oh-hell/tricks/winner", json={"trump": "S", "leader": "0", "cards": "AS"})
    body = assert_problem(resp, 422, "validation_failed")
    assert set(body["errors"]) == {"leader", "cards"}


def test_unexpected_exception_is_500_problem_without_traceback(caplog):
    app = create_app()

    @app.route("/boom")
    def boom():
        raise RuntimeError("secret internals")

    with caplog.at_level(logging.ERROR):
        resp = app.test_client().get("/boom")
    body = assert_problem(resp, 500, "internal_error")
    text = resp.get_data(as_text=True)
    assert "secret internals" not in text and "Traceback" not in text
    assert "RuntimeError" not in text
    assert any("secret internals" in (r.exc_text or "") or r.exc_info for r in caplog.records)
    assert body["detail"]


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_is_documented(code):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "errors.md").read_text()
    assert f"`{code}`" in doc


def test_missing_body_is_400(client):
    body = assert_problem(client.post("/v1/games/oh-hell/deals"), 400, "malformed_request")
    assert body["detail"] == "A JSON body is required"


def test_non_json_body_is_415(client):
    resp = client.post(
        "/v1/games/oh-hell/deals", data="seed=1", content_type="application/x-www-form-urlencoded"
    )
    assert_problem(resp, 415, "unsupported_media_type")


def test_rule_violation_carries_action_index(client):
    deal = client.post("/v1/games/oh-hell/deals", json={"seed": 3, "round": 4}).get_json()["hand"]
    first = (deal["dealer"] + 1) % 4
    deal["actions"] = [{"seat": (first + 1) % 4, "type": "bid", "value": 1}]
    body = assert_problem(client.post("/v1/games/oh-hell/hands/state", json=deal), 422, "not_your_turn")
    assert body["action_index"] == 0


def test_unknown_rule_option_is_422(client):
    resp = client.post("/v1/games/blob/deals", json={"rules": {"jokers": True}})
    body = assert_problem(resp, 422, "unknown_rule_option")
    assert "jokers" in body["detail"]


def test_rules_given_twice_must_agree(client):
    deal = client.post("/v1/games/blob/deals", json={"seed": 1, "round": 10}).get_json()["hand"]
    state = client.post("/v1/games/blob/hands/state", json=deal).get_json()
    body = {"rules": {"profile": "method-one"}, "hand": deal, "action": state["legal_actions"][0]}
    assert_problem(client.post("/v1/games/blob/hands/play", json=body), 422, "rules_conflict")
    same = {**body, "rules": {"profile": "rule-book"}}  # the same options, said more briefly
    assert client.post("/v1/games/blob/hands/play", json=same).status_code == 200


def test_a_match_refuses_a_record_dealt_under_other_rules(client):
    deal = client.post("/v1/games/blob/deals", json={"seed": 2, "round": 10}).get_json()["hand"]
    body = {"rules": {"profile": "method-one"}, "hands": [{"hand": deal}]}
    problem = assert_problem(client.post("/v1/games/blob/matches/score", json=body), 422, "rules_conflict")
    assert list(problem["errors"]) == ["hands.0.hand.rules"]  # the field, with the developer's account
    assert "other options than the request's rules" in problem["errors"]["hands.0.hand.rules"][0]


@pytest.mark.parametrize(
    "action, code",
    [
        ({"seat": 0, "type": "bid", "value": 1, "card": "AS"}, "action_field_not_allowed"),  # another type's
        ({"seat": 0, "type": "bid"}, "bid_out_of_range"),  # a bid without its value, as the engine says
        ({"seat": 0, "type": "hokum", "strain": "H"}, "unknown_action"),  # another family's action
    ],
)
def test_an_action_with_the_wrong_fields_gets_the_rules_code(client, action, code):
    hand = client.post("/v1/games/oh-hell/deals", json={"seed": 3}).get_json()["hand"]
    body = assert_problem(
        client.post("/v1/games/oh-hell/hands/play", json={"hand": hand, "action": action}), 422, code
    )
    assert body["action_index"] == len(hand["actions"])
    assert body["errors"] and all(path.startswith("action.") for path in body["errors"]), body["errors"]


def test_field_errors_are_dotted_paths(client):
    hand = client.post("/v1/games/blob/deals", json={"seed": 3}).get_json()["hand"]
    hand["actions"] = [{"seat": 1, "type": "play", "card": " AS"}]
    body = assert_problem(client.post("/v1/games/blob/hands/state", json=hand), 422, "invalid_card")
    assert list(body["errors"]) == ["actions.0.card"] and body["action_index"] == 0


@pytest.mark.parametrize("seed", [2**53, -1, 1.5])
def test_seeds_stay_within_what_every_json_client_reads_exactly(client, seed):
    assert_problem(client.post("/v1/games/blob/deals", json={"seed": seed}), 422, "validation_failed")


def test_a_server_chosen_seed_is_exact_in_javascript(client):
    for _ in range(20):
        assert 0 <= client.post("/v1/games/baloot/deals", json={}).get_json()["seed"] < 2**53


def test_an_answer_the_client_cannot_accept_is_406(client):
    resp = client.get("/v1/games", headers={"Accept": "text/html"})
    assert_problem(resp, 406, "not_acceptable")
    assert client.get("/v1/games", headers={"Accept": "application/*"}).status_code == 200
    assert client.get("/v1/games", headers={"Accept": "application/problem+json"}).status_code == 200


@pytest.mark.parametrize("capot", [0, 1, "yes", "true", None])
def test_a_boolean_is_true_or_false_and_nothing_else(client, capot):
    hand = client.post("/v1/games/bazar-blot/deals", json={"seed": 3}).get_json()["hand"]
    action = {"seat": 1, "type": "bid", "strain": "H", "capot": capot}
    body = assert_problem(
        client.post("/v1/games/bazar-blot/hands/play", json={"hand": hand, "action": action}),
        422,
        "validation_failed",
    )
    assert "action.capot" in body["errors"]


@pytest.mark.parametrize("card", [" AS", "AS\t", "AS\n", "a s"])
def test_a_card_with_whitespace_is_refused_by_the_schema(client, card):
    body = assert_problem(
        client.post("/v1/games/oh-hell/tricks/winner", json={"trump": "H", "leader": 0, "cards": [card]}),
        422,
        "validation_failed",
    )
    assert list(body["errors"]) == ["cards.0"]


def test_a_bad_record_in_a_match_names_the_field_at_fault(client):
    """A hand of a match is a record or a summary; a broken record's errors are the record's own."""
    bad = {"dealer": 0, "hands": [["AS"]], "actions": [{"seat": 0, "type": "play", "card": "ZZ"}]}
    body = assert_problem(
        client.post("/v1/games/blob/matches/score", json={"hands": [{"hand": bad}]}), 422, "invalid_card"
    )
    assert list(body["errors"]) == ["hands.0.hand.actions.0.card"] and body["action_index"] == 0
    body = assert_problem(
        client.post("/v1/games/blob/matches/score", json={"hands": [{"score": 3}]}), 422, "validation_failed"
    )
    assert "hand" in body["errors"]["hands.0"][0] and "summary" in body["errors"]["hands.0"][0]
