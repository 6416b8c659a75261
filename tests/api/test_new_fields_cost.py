"""What the one-call-per-move fields and a scorepad's declarations cost at their limits stays a few
times the plain request's: a list of views (at most the table's seats), `play.views`, and
declarations (at most MAX_DECLARATIONS, refused on their length before any item is read, each
said by name only so that the tie search runs). Ratios of CPU time within one process, the least
of several runs each, never a time: a list read item by item at the body limit (8,000
declarations) cost 100 to 500 times reading the body before its length was bounded.
"""

from __future__ import annotations

import gc
import io
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from werkzeug.test import EnvironBuilder

from schemas.common import MAX_DECLARATIONS
from service.api.config import DEFAULT_MAX_BODY

FACTOR = 8  # a linear check is within 2 to 5 here (bench/results/2026-12-03-hostile-new-fields.md)
BALOOT = {"contract": {"seat": 0, "mode": "sun"}, "card_points": [80, 50], "tricks": [5, 3]}
BAZAR = {
    "contract": {"seat": 0, "value": 9, "strain": "H", "capot": False, "double": "none"},
    "card_points": [100, 62],
    "tricks": [5, 3],
}
# the most one hand holds, said by name: every seat's two hundreds (a run of five and four of a
# kind sharing a card, or two quartets), equal across the teams, so every world is tried
BALOOT_WORST = [{"seat": s, "name": "hundred"} for s in range(4) for _ in range(2)]
# two terzes and four of a kind a seat: twelve declarations, accepted
BAZAR_WORST = [
    d
    for s in range(4)
    for d in (
        {"seat": s, "name": "terz"},
        {"seat": s, "name": "terz"},
        {"seat": s, "kind": "quartet", "rank": "9TJQ"[s]},
    )
]


def cpu(call: Callable[[], object], runs: int = 9) -> float:
    """The call's own CPU time, best of `runs`: the collector is kept out, since what it collects is
    the whole test session's garbage (a full collection of a worker's heap outlasts a plain call)."""
    best = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            start = time.process_time()
            call()
            best = min(best, time.process_time() - start)
    finally:
        gc.enable()
    return best


class Answered:
    def __init__(self, status: str, body: bytes) -> None:
        self.status_code = int(status.split(" ", 1)[0])
        self.body = body

    def get_json(self) -> Any:
        return json.loads(self.body)


def poster(client: Any, path: str, body: Any) -> Callable[[], Any]:
    """The request sent to the service's WSGI callable itself: what is timed is the service's work,
    not the test client's (which, in a long test session, can cost more than the request)."""
    raw = json.dumps(body).encode()
    environ = EnvironBuilder(
        path=f"/v1/games/{path}", method="POST", data=raw, content_type="application/json"
    ).get_environ()
    app = client.application.wsgi_app

    def post() -> Answered:
        statuses: list[str] = []
        sent = {**environ, "wsgi.input": io.BytesIO(raw)}
        body = b"".join(app(sent, lambda status, headers, exc_info=None: statuses.append(status)))
        return Answered(statuses[0], body)

    return post


def filled(base: dict[str, Any], item: dict[str, Any]) -> bytes:
    one = len(json.dumps(item)) + 2
    n = (DEFAULT_MAX_BODY - 512) // one
    return json.dumps({"summary": {**base, "declarations": [item] * n}}).encode()


@pytest.mark.parametrize(
    ("game", "base", "item"),
    [
        ("baloot", BALOOT, {"seat": 0, "name": "hundred"}),
        ("bazar-blot", BAZAR, {"seat": 1, "name": "terz"}),
    ],
)
def test_declarations_at_the_body_limit_cost_a_few_times_reading_the_body(client, game, base, item):
    body = filled(base, item)
    assert DEFAULT_MAX_BODY // 2 < len(body) <= DEFAULT_MAX_BODY

    def post() -> Any:
        return client.post(f"/v1/games/{game}/hands/score", data=body, content_type="application/json")

    resp = post()
    assert resp.status_code == 422 and resp.get_json()["errors"] == {
        "summary.declarations": [f"Longer than maximum length {MAX_DECLARATIONS}."]
    }
    assert cpu(post) <= FACTOR * cpu(lambda: json.loads(body))


@pytest.mark.parametrize(
    ("game", "base", "worst", "status"),
    [("baloot", BALOOT, BALOOT_WORST, 422), ("bazar-blot", BAZAR, BAZAR_WORST, 200)],
)
def test_the_most_declarations_by_name_cost_a_few_plain_summaries(client, game, base, worst, status):
    assert len(worst) <= MAX_DECLARATIONS
    hard = poster(client, f"{game}/hands/score", {"summary": {**base, "declarations": worst}})
    plain = poster(client, f"{game}/hands/score", {"summary": base})
    assert hard().status_code == status
    assert cpu(hard) <= FACTOR * cpu(plain)


def test_a_match_of_the_most_declarations_each_hand_costs_a_few_plain_matches(client):
    """Three deals: these scores end the match at the third (a deal past the end is refused)."""

    def match(summary: dict[str, Any]) -> dict[str, Any]:
        return {"hands": [{"summary": {**summary, "dealer": i % 4}} for i in range(3)], "first_dealer": 0}

    hard = poster(client, "bazar-blot/matches/score", match({**BAZAR, "declarations": BAZAR_WORST}))
    plain = poster(client, "bazar-blot/matches/score", match(BAZAR))
    assert hard().status_code == 200
    assert cpu(hard) <= FACTOR * cpu(plain)


@pytest.mark.parametrize("game", ["oh-hell", "baloot", "bazar-blot", "blot-duel"])
def test_every_seats_view_costs_a_few_plain_plays_on_the_longest_record(client, game):
    hand = client.post(f"/v1/games/{game}/deals", json={"seed": 3}).get_json()["hand"]
    state = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()
    while True:  # to the last action of the hand: the longest record a play carries
        action = state["legal_actions"][-1]
        played = client.post(f"/v1/games/{game}/hands/play", json={"hand": hand, "action": action}).get_json()
        if played["state"]["phase"] in ("complete", "redeal"):
            break
        hand, state = played["hand"], played["state"]
    seats = list(range(len(hand["hands"])))
    every = poster(client, f"{game}/hands/play", {"hand": hand, "action": action, "views": seats})
    plain = poster(client, f"{game}/hands/play", {"hand": hand, "action": action})
    assert len(every().get_json()["views"]) == len(seats)
    # each view is one more hands/state of the new record: about a plain play per seat at most
    assert cpu(every) <= (len(seats) + 2) * cpu(plain)
