"""Every operation's examples are real: each request example gets exactly its response example."""

from __future__ import annotations

import pytest
import yaml

from service.api import examples
from service.openapi_dump import spec_yaml

PATHS = {
    "deals": "deals",
    "hands_state": "hands/state",
    "hands_play": "hands/play",
    "hands_score": "hands/score",
    "tricks_winner": "tricks/winner",
    "tricks_legal": "tricks/legal",
    "matches_score": "matches/score",
}


@pytest.mark.parametrize("operation", sorted(PATHS))
def test_example_request_gets_the_example_response(client, operation):
    request, response = examples.request(operation), examples.response(operation)
    assert request is not None and response is not None, f"{operation} has no example"
    resp = client.post(f"/v1/games/oh-hell/{PATHS[operation]}", json=request)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.get_json() == response


@pytest.mark.parametrize(("operation", "path"), [("games", "/v1/games"), ("game", "/v1/games/oh-hell")])
def test_catalog_examples_are_current(client, operation, path):
    assert client.get(path).get_json() == examples.response(operation)


def test_every_operation_carries_examples_in_the_spec():
    spec = yaml.safe_load(spec_yaml())
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            if "requestBody" in op:
                assert "example" in op["requestBody"]["content"]["application/json"], path
            assert "example" in op["responses"]["200"]["content"]["application/json"], (method, path)
