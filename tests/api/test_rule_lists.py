"""List-valued rule options are bounded by what the game can use (issue 17, point 2): each round at
most once, within the schedule, at most as many items as a schedule has rounds; and the rules cache
is bounded by bytes, not only by entries."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from service.rules.ohhell.options import MAX_ROUNDS, NOMINATION_BOOK
from service.rules.profile import CACHE_BYTES, CACHE_SIZE

from .test_errors import assert_problem

DEALS = "/v1/games/nomination-whist/deals"


def compact(body: object) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


@pytest.mark.parametrize("option", ["no_trump_rounds", "dealer_chooses_rounds", "hand_sizes"])
def test_a_list_of_120000_repeats_is_422(client, option):
    """240 KB of `1,`: it used to be kept whole (a 481 KB answer, and 512 of them in the cache)."""
    rules = {option: [1] * 120_000}
    if option == "hand_sizes":
        rules["schedule"] = "custom"
    body = compact({"seed": 1, "rules": rules})
    assert len(body) < 256 * 1024
    resp = client.post(DEALS, data=body, content_type="application/json")
    problem = assert_problem(resp, 422, "invalid_rule_value")
    assert f"at most {MAX_ROUNDS}" in problem["detail"] and len(resp.get_data()) < 2048


@pytest.mark.parametrize("option", ["no_trump_rounds", "dealer_chooses_rounds"])
def test_a_round_named_twice_is_422_and_says_why(client, option):
    resp = client.post(DEALS, json={"seed": 1, "rules": {option: [3, 5, 3]}})
    assert "3 more than once" in assert_problem(resp, 422, "invalid_rule_value")["detail"]


@pytest.mark.parametrize("option", ["no_trump_rounds", "dealer_chooses_rounds"])
def test_a_round_outside_the_schedule_is_422(client, option):
    resp = client.post(DEALS, json={"seed": 1, "rules": {option: [1, 14]}})  # 7-1-7: 13 rounds
    assert "not in the 13-round schedule" in assert_problem(resp, 422, "invalid_rule_value")["detail"]
    assert client.post(DEALS, json={"seed": 1, "rules": {option: [1, 13]}}).status_code == 200


def test_the_contract_states_the_bounds(client):
    spec = client.get("/openapi.json").get_json()
    props = spec["components"]["schemas"]["NominationWhistRules"]["properties"]
    for name in ("no_trump_rounds", "dealer_chooses_rounds"):
        assert props[name]["maxItems"] == MAX_ROUNDS and props[name]["uniqueItems"] is True
    assert props["hand_sizes"]["maxItems"] == MAX_ROUNDS and "uniqueItems" not in props["hand_sizes"]


def _largest_rules(i: int) -> dict[str, object]:
    """A distinct rule set with every list as long as the game allows."""
    return {
        "players": 3,
        "schedule": "custom",
        "hand_sizes": [1 + (i >> k) % 7 for k in range(MAX_ROUNDS)],
        "no_trump_rounds": [(j + i) % MAX_ROUNDS + 1 for j in range(MAX_ROUNDS)],
        "dealer_chooses_rounds": [(j * 7 + i) % MAX_ROUNDS + 1 for j in range(MAX_ROUNDS)],
    }


def test_the_rules_cache_stays_within_its_byte_bound():
    book = NOMINATION_BOOK
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(3 * CACHE_SIZE):
        book.resolve(_largest_rules(i))
        assert book.cache_bytes <= CACHE_BYTES
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert len(book._cache) < CACHE_SIZE  # the bytes bound, not the count, decided
    assert held <= CACHE_BYTES, held  # the estimate is from above: what is really held is less
