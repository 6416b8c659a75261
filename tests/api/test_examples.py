"""Every operation's examples are real: each request example gets exactly its response example, and
each problem example is exactly the 422 its request earns."""

from __future__ import annotations

import pytest
import yaml

from service.api import examples
from service.rules.registry import GAMES
from tools.examples import CATALOG, PATHS
from tools.openapi_dump import spec_yaml

CASES = [(g, key) for g in GAMES for key in PATHS]


@pytest.mark.parametrize(("game", "key"), CASES)
def test_example_request_gets_the_example_response(client, game, key):
    ex = examples.operation(game, key)
    assert ex, f"{game} {key} has no example"
    resp = client.post(f"/v1/games/{game}/{PATHS[key]}", json=ex["request"])
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert _same_run(resp.get_json()) == _same_run(ex["response"])


def _same_run(answer):
    """An answer without what varies from run to run: how long a bot thought (hands/suggest)."""
    return {k: v for k, v in answer.items() if k != "elapsed_ms"}


@pytest.mark.parametrize(("game", "key"), CASES)
def test_problem_example_is_the_real_422(client, game, key):
    ex = examples.operation(game, key)
    resp = client.post(f"/v1/games/{game}/{PATHS[key]}", json=ex["problem_request"])
    assert resp.status_code == 422
    body = resp.get_json(force=True)
    body.pop("request_id")
    assert body == ex["problem"]


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_catalog_examples_are_current(client, name):
    assert client.get(CATALOG[name]).get_json() == examples.catalog(name)


def test_examples_show_every_kind_of_hand():
    """Blob's trump call, a summary (Nomination Whist), a hidden or shown bid, an error per operation."""
    blob = examples.operation("blob", "hands_state")["request"]["actions"]
    assert any(a["type"] == "trump" for a in blob)
    assert "summary" in examples.operation("nomination-whist", "hands_score")["request"]
    codes = {examples.operation(g, k)["problem"]["code"] for g, k in CASES}
    assert {"must_follow_suit", "not_your_turn", "hand_incomplete", "invalid_rule_value"} <= codes


def test_every_operation_carries_examples_in_the_spec():
    spec = yaml.safe_load(spec_yaml())
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if "requestBody" in op:
                assert "example" in op["requestBody"]["content"]["application/json"], path
                assert "example" in op["responses"]["422"]["content"]["application/problem+json"], path
            assert "example" in op["responses"]["200"]["content"]["application/json"], (method, path)
