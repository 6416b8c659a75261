"""The express lane (service/api/express.py) answers exactly as the Flask path does.

Every request below goes to two apps: one with the lane (the default) and one without it
(`TRICKREF_EXPRESS=0`). Each answer must be the same: the status, every header in the same order
(the request id aside when the client sends none: it is fresh each time), the body byte for byte,
and in the end the same request metrics. The lane must also have answered the plain requests
itself (else this would compare the Flask path with itself) and passed on every other.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.api import express
from service.api.examples import operation
from service.api.replay_cache import HEADER as TABLE_KEY
from service.rules import registry

GAMES = tuple(registry.GAMES)
RULES_OPERATIONS = (
    ("deals", "/deals"),
    ("hands_state", "/hands/state"),
    ("hands_play", "/hands/play"),
    ("hands_score", "/hands/score"),
    ("tricks_winner", "/tricks/winner"),
    ("tricks_legal", "/tricks/legal"),
    ("matches_score", "/matches/score"),
)
KEY = "express-lane-test-key-1"


@pytest.fixture(scope="module")
def lane() -> Any:
    return create_app()


@pytest.fixture(scope="module")
def flask_only() -> Any:
    return create_app({"TRICKREF_EXPRESS": False})


def lane_of(app: Any) -> express.ExpressLane:
    found = app.wsgi_app.app
    assert isinstance(found, express.ExpressLane)
    return found


def send(app: Any, path: str, data: bytes | None, headers: dict[str, str], method: str = "POST") -> Any:
    return app.test_client().open(path, method=method, data=data, headers=headers)


def same(
    lane: Any,
    flask_only: Any,
    path: str,
    data: bytes | None,
    headers: dict[str, str],
    method: str = "POST",
    dealt_at_random: bool = False,
) -> Any:
    """The lane app's answer, checked equal to the Flask-only app's; returns it. A deal without a
    seed is random: then only the status and the headers' names can be the same."""
    a = send(lane, path, data, headers, method)
    b = send(flask_only, path, data, headers, method)
    assert a.status_code == b.status_code, (
        path,
        a.get_data(as_text=True)[:300],
        b.get_data(as_text=True)[:300],
    )
    if dealt_at_random and a.status_code == 200:
        assert [k for k, _ in a.headers] == [k for k, _ in b.headers]
        return a
    assert a.get_data() == b.get_data(), path
    ha, hb = a.headers.to_wsgi_list(), b.headers.to_wsgi_list()
    if not re.fullmatch(r"[A-Za-z0-9._-]{1,128}", headers.get("X-Request-ID", "")):  # a fresh id each time
        ha = [(k, "<id>" if k == "X-Request-ID" else v) for k, v in ha]
        hb = [(k, "<id>" if k == "X-Request-ID" else v) for k, v in hb]
    assert ha == hb, path
    return a


def body_of(game: str, key: str) -> Any:
    found = operation(game, key).get("request")
    assert found is not None, (game, key)
    return found


PLAIN = {"Content-Type": "application/json", "X-Request-ID": "express-1"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("key", "path"), RULES_OPERATIONS)
def test_each_operation_example_is_answered_by_the_lane_as_by_flask(
    lane: Any, flask_only: Any, game: str, key: str, path: str
) -> None:
    ln = lane_of(lane)
    before = ln.answered
    body = json.dumps(body_of(game, key)).encode()
    answer = same(lane, flask_only, f"/v1/games/{game}{path}", body, PLAIN)
    assert answer.status_code == 200
    assert ln.answered == before + 1  # the lane answered it, not the Flask path behind it


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_table_with_its_key_and_languages(lane: Any, flask_only: Any, game: str) -> None:
    """A table as a front end plays it (deal, play, seat views, score), with a table key and a
    language; every answer the lane's, every one the same."""
    ln = lane_of(lane)
    rng = random.Random(game)
    base = f"/v1/games/{game}"
    headers = {**PLAIN, TABLE_KEY: KEY + game.replace("-", ""), "Accept-Language": "ar, ru;q=0.5"}
    before = ln.answered
    sent = 1
    record = same(lane, flask_only, base + "/deals", b'{"seed": 7}', headers).get_json()["hand"]
    for _ in range(200):
        state = same(lane, flask_only, base + "/hands/state", json.dumps(record).encode(), headers).get_json()
        sent += 1
        if state["phase"] == "complete":
            break
        action = rng.choice(state["legal_actions"])
        body = json.dumps({"hand": record, "action": action}).encode()
        record = same(lane, flask_only, base + "/hands/play", body, headers).get_json()["hand"]
        sent += 1
        for seat in range(len(record["hands"])):
            same(
                lane,
                flask_only,
                base + "/hands/state",
                json.dumps({**record, "seat": seat}).encode(),
                headers,
            )
            sent += 1
    answer = same(lane, flask_only, base + "/hands/score", json.dumps({"hand": record}).encode(), headers)
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "ar"
    assert ln.answered == before + sent + 1


def variants(game: str) -> list[tuple[str, str, bytes | None, dict[str, str]]]:
    """Requests near a plain one that the lane must pass on (or answer the same): each changes
    one thing a client may get wrong, or one thing the Flask path handles in its own way."""
    base = f"/v1/games/{game}"
    state = body_of(game, "hands_state")
    play = body_of(game, "hands_play")
    raw = json.dumps(state).encode()
    out: list[tuple[str, str, bytes | None, dict[str, str]]] = [
        ("POST", base + "/hands/state?x=1", raw, PLAIN),
        ("POST", base + "/hands/state/", raw, PLAIN),
        ("GET", base + "/hands/state", None, PLAIN),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Accept": "text/html"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Accept": "application/problem+json"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Content-Type": "text/plain"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Content-Type": "application/json; charset=utf-8"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Content-Type": "application/merge-patch+json"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Content-Encoding": "gzip"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, TABLE_KEY: "short"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, TABLE_KEY: "ok-key-but-with-a-space here"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "X-Request-ID": "bad id!"}),
        ("POST", base + "/hands/state", raw, {"Content-Type": "application/json"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Accept-Language": "hy-AM, *;q=0.1"}),
        ("POST", base + "/hands/state", raw, {**PLAIN, "Accept-Language": "xx"}),
        ("POST", base + "/hands/state", b"", PLAIN),
        ("POST", base + "/hands/state", b"{", PLAIN),
        ("POST", base + "/hands/state", b"\xff\xfe{}", PLAIN),
        ("POST", base + "/hands/state", b"\xef\xbb\xbf" + raw, PLAIN),
        ("POST", base + "/hands/state", b"[" * 40 + b"]" * 40, PLAIN),
        ("POST", base + "/hands/state", b"[]", PLAIN),
        ("POST", base + "/hands/state", b"null", PLAIN),
        ("POST", base + "/hands/state", json.dumps({**state, "extra": 1}).encode(), PLAIN),
        ("POST", base + "/hands/state", json.dumps({**state, "seat": 99}).encode(), PLAIN),
        ("POST", base + "/hands/state", json.dumps({**state, "seat": 1.0}).encode(), PLAIN),
        ("POST", base + "/hands/state", json.dumps({**state, "rules": {"profile": "nope"}}).encode(), PLAIN),
        ("POST", base + "/hands/state", json.dumps({**state, "dealer": "0"}).encode(), PLAIN),
        ("POST", base + "/hands/play", json.dumps({**play, "action": {"type": "nope"}}).encode(), PLAIN),
        ("POST", base + "/hands/play", json.dumps({**play, "seat": 3}).encode(), PLAIN),
        ("POST", base + "/nope", raw, PLAIN),
        ("POST", "/v1/games/nope/hands/state", raw, PLAIN),
    ]
    if state.get("actions"):  # an action out of turn: a rules refusal, found by the engine
        wrong = copy.deepcopy(state)
        wrong["actions"].append(copy.deepcopy(wrong["actions"][-1]))
        out.append(("POST", base + "/hands/state", json.dumps(wrong).encode(), PLAIN))
    hands = state.get("hands")
    if hands and hands[0]:  # a duplicate card
        dup = copy.deepcopy(state)
        dup["hands"][1][0] = dup["hands"][0][0]
        out.append(("POST", base + "/hands/state", json.dumps(dup).encode(), PLAIN))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_requests_the_lane_passes_on_are_answered_as_before(lane: Any, flask_only: Any, game: str) -> None:
    ln = lane_of(lane)
    before = ln.answered
    suggest = json.dumps(body_of(game, "hands_suggest")).encode()  # its answer says how long it took
    assert send(lane, f"/v1/games/{game}/hands/suggest", suggest, PLAIN).status_code == 200
    assert ln.answered == before  # a bot's move is not the lane's
    for method, path, data, headers in variants(game):
        before = ln.answered
        answer = same(lane, flask_only, path, data, headers, method)
        if answer.status_code != 200:
            assert ln.answered == before, (method, path, headers)  # an error is the Flask path's


MUTATIONS = st.sampled_from(["drop", "null", "string", "float", "list", "nest", "extra", "negative", "big"])


def mutate(value: Any, rng: random.Random, how: str) -> Any:
    """One change at a random place of a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(sorted(value))
        return (
            {**value, key: mutate(value[key], rng, how)}
            if how != "drop" or rng.random() < 0.5
            else {k: v for k, v in value.items() if k != key}
        )
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        return [*value[:i], mutate(value[i], rng, how), *value[i + 1 :]]
    return {
        "drop": None,
        "null": None,
        "string": str(value)[:8],
        "float": 1.5,
        "list": [value],
        "nest": {"x": value},
        "extra": {"x": 1} if not isinstance(value, dict) else {**value, "zz": 1},
        "negative": -1,
        "big": 10**30,
    }[how]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(GAMES),
    op=st.sampled_from(RULES_OPERATIONS),
    how=MUTATIONS,
    seed=st.integers(0, 2**32),
    language=st.sampled_from(["", "ar", "ru;q=0.9, hy", "en-GB", "*"]),
)
def test_mutated_requests_answer_the_same(
    lane: Any, flask_only: Any, game: str, op: tuple[str, str], how: str, seed: int, language: str
) -> None:
    key, path = op
    body = mutate(body_of(game, key), random.Random(seed), how)
    headers = {**PLAIN, "Accept-Language": language} if language else PLAIN
    unseeded = key == "deals" and not (isinstance(body, dict) and isinstance(body.get("seed"), int))
    same(
        lane,
        flask_only,
        f"/v1/games/{game}{path}",
        json.dumps(body).encode(),
        headers,
        dealt_at_random=unseeded,
    )


def request_counts(app: Any) -> dict[str, str]:
    text = app.test_client().get("/metrics").get_data(as_text=True)
    return dict(
        line.rsplit(" ", 1)
        for line in text.splitlines()
        if re.match(
            r"trickref_http_request(s_total|_duration_seconds_count)\{.*operation=\"(deals|hands|tricks|matches)",
            line,
        )
    )


def test_the_metrics_count_the_same_requests() -> None:
    """Fresh apps, the same requests: the same request counts and latency counts by label."""
    with_lane, without = create_app(), create_app({"TRICKREF_EXPRESS": False})
    for game in GAMES:
        for key, path in RULES_OPERATIONS:
            body = json.dumps(body_of(game, key)).encode()
            same(with_lane, without, f"/v1/games/{game}{path}", body, PLAIN)
        same(with_lane, without, f"/v1/games/{game}/hands/state", b"{", PLAIN)
    counts = request_counts(with_lane)
    assert counts and counts == request_counts(without)


def test_the_lane_mirrors_the_apps_hooks_and_stands_aside_otherwise() -> None:
    app = create_app()
    assert express.mirrors(app) and isinstance(app.wsgi_app.app, express.ExpressLane)
    app.before_request(lambda: None)  # a hook the lane does not know
    assert not express.mirrors(app)
    assert not isinstance(create_app({"TRICKREF_EXPRESS": False}).wsgi_app.app, express.ExpressLane)
    cors = create_app({"TRICKREF_CORS_ORIGINS": ["https://table.example"]})
    assert not isinstance(cors.wsgi_app.app, express.ExpressLane)  # flask-cors answers those
