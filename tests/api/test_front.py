"""One path: every request passes through the front, every game operation is answered by the
dispatcher (its 200s and its problems alike), and nothing is done twice."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from flask import Flask

from schemas.problem import ProblemSchema
from service import create_app
from service.api import examples
from service.rules import registry
from tests.api.test_observability import metric_value

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
ORIGIN = "https://table.example"


def game_operations() -> set[str]:
    """Every POST path of a game in the committed contract."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return {
        path
        for path, item in spec["paths"].items()
        if path.startswith("/v1/games/{") is False and path.startswith("/v1/games/") and "post" in item
    }


def exchanges() -> Iterator[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(game, operation, request, problem request) of every operation the contract has examples of."""
    for game in registry.GAMES:
        for key, ex in examples.load()["games"][game].items():
            if "request" in ex and "problem_request" in ex:
                yield game, key, ex["request"], ex["problem_request"]


def path_of(game: str, key: str) -> str:
    head, _, tail = key.partition("_")
    return f"/v1/games/{game}/{head}/{tail}" if tail else f"/v1/games/{game}/{head}"


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app()


def test_the_flask_app_has_no_request_hooks(app: Flask) -> None:
    """The front does what hooks did, once for every request: a hook would be a second place."""
    assert not any(app.before_request_funcs.values())
    assert not any(app.after_request_funcs.values())
    assert not any(app.teardown_request_funcs.values())


def test_every_game_operation_of_the_contract_is_the_dispatchers(app: Flask) -> None:
    served = set(app.extensions["trickref_dispatcher"].routes)
    assert served == game_operations()
    without = create_app({"TRICKREF_BOTS": False}).extensions["trickref_dispatcher"].routes
    assert set(without) == {p for p in served if not p.endswith("/hands/suggest")}


@pytest.mark.parametrize(("game", "key", "request_body", "problem_body"), list(exchanges()))
def test_a_game_operation_never_builds_a_flask_request(
    app: Flask, monkeypatch: pytest.MonkeyPatch, game: str, key: str, request_body: Any, problem_body: Any
) -> None:
    """Its 200 and its problem are both answered in one pass by the dispatcher: Flask is not entered,
    and the body is loaded by the schema once."""
    entered: list[str] = []
    monkeypatch.setattr(app, "request_context", lambda environ: entered.append(environ["PATH_INFO"]))
    route = app.extensions["trickref_dispatcher"].routes[path_of(game, key)]
    loads: list[int] = []
    load = route.schema.load
    monkeypatch.setattr(route.schema, "load", lambda data, **kw: loads.append(1) or load(data, **kw))
    client = app.test_client()
    ok = client.post(path_of(game, key), json=request_body)
    assert ok.status_code == 200, ok.get_json()
    refused = client.post(path_of(game, key), json=problem_body)
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    assert ProblemSchema().validate(refused.get_json()) == {}
    assert entered == [] and len(loads) == 2


def test_the_view_flask_keeps_for_the_contract_answers_as_the_dispatcher(app: Flask) -> None:
    """Should a game operation reach Flask, its view answers through the same dispatcher."""
    from werkzeug.test import Client

    game, key, body, wrong = next(exchanges())
    flask_only = Client(app.wsgi_app.app.flask)  # behind the guard and the front
    front = app.test_client()
    for sent in (body, wrong):
        direct = flask_only.post(path_of(game, key), json=sent)
        served = front.post(path_of(game, key), json=sent)
        answered = served.get_json()
        answered.pop("request_id", None)  # the front's: the Flask app alone has none
        assert (direct.status_code, direct.get_json()) == (served.status_code, answered)


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/v1/games/blob/hands/state", "__example__", 200),
        ("/v1/games/blob/hands/state", {"hand": 3}, 422),
        ("/v1/games/blob/hands/state", b"{", 400),
        ("/v1/games/nope/hands/state", {}, 404),
        ("/v1/games", None, 200),
    ],
)
def test_each_answer_is_counted_once_with_its_labels(path: str, body: Any, status: int) -> None:
    app = create_app()
    client = app.test_client()
    game = path.split("/")[3] if path.count("/") > 3 else "-"
    if body == "__example__":
        body = examples.operation("blob", "hands_state")["request"]
    if body is None:
        response = client.get(path)
    elif isinstance(body, bytes):
        response = client.post(path, data=body, content_type="application/json")
    else:
        response = client.post(path, json=body)
    assert response.status_code == status
    text = app.extensions["trickref_exposition"].text().decode()
    total = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("trickref_http_requests_total{")
    )
    assert total == 1
    operation = {"/v1/games": "games.list_games"}.get(
        path, "hands_state" if game == "blob" else "unknown_game.unknown_game"
    )
    label_game = "unknown" if game == "nope" else "-" if game == "-" else game
    assert (
        metric_value(
            text, "trickref_http_requests_total", operation=operation, game=label_game, status=str(status)
        )
        == 1
    )
    if status >= 400:
        code = json.loads(response.data)["code"]
        assert metric_value(text, "trickref_http_problems_total", operation=operation, code=code) == 1


def test_cors_is_given_by_the_front_to_game_operations_and_flask_routes_alike() -> None:
    client = create_app({"TRICKREF_CORS_ORIGINS": [ORIGIN]}).test_client()
    body = examples.operation("baloot", "hands_state")["request"]
    for response in (
        client.post("/v1/games/baloot/hands/state", json=body, headers={"Origin": ORIGIN}),
        client.post("/v1/games/baloot/hands/state", json={"hand": 1}, headers={"Origin": ORIGIN}),
        client.get("/v1/games", headers={"Origin": ORIGIN}),
    ):
        assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
        assert "X-Request-ID" in response.headers["Access-Control-Expose-Headers"]
        assert response.headers["Vary"] == "Accept-Language, Origin"
    other = client.post("/v1/games/baloot/hands/state", json=body, headers={"Origin": "https://evil.example"})
    assert other.status_code == 200 and "Access-Control-Allow-Origin" not in other.headers
    assert other.headers["Vary"] == "Accept-Language, Origin"
    preflight = client.options(
        "/v1/games/baloot/hands/play",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-evil",
        },
    )
    assert (
        preflight.status_code == 204 and preflight.headers["Access-Control-Allow-Headers"] == "content-type"
    )
