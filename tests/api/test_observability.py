"""Request ids, metrics, CORS and JSON logs, through the Flask test client (no server needed)."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bench import slow_app
from service import create_app
from service.api.observability import LOGGER_NAME, request_id_from

ORIGIN = "https://table.example"


@pytest.fixture
def app() -> Flask:
    return create_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def metric_value(text: str, name: str, **labels: str) -> float:
    """The value of one sample in Prometheus text format (0 when absent)."""
    for line in text.splitlines():
        if not line.startswith(name + "{"):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line[len(name) : line.rindex("}") + 1]))
        if all(found.get(k) == v for k, v in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


# --- request id -----------------------------------------------------------------------------------


def test_valid_request_id_is_echoed(client: FlaskClient) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": "abc.DEF_123-x"})
    assert response.headers["X-Request-ID"] == "abc.DEF_123-x"


def test_missing_request_id_gets_a_uuid(client: FlaskClient) -> None:
    first = client.get("/healthz").headers["X-Request-ID"]
    second = client.get("/healthz").headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", first) and first != second


@pytest.mark.parametrize("bad", ["has space", "x" * 129, "semi;colon", "new\nline", "ünï", ""])
def test_unsafe_request_id_is_replaced(client: FlaskClient, bad: str) -> None:
    assert request_id_from(bad) != bad
    if "\n" not in bad:  # werkzeug's test client refuses a newline in a header value itself
        echoed = client.get("/healthz", headers={"X-Request-ID": bad}).headers["X-Request-ID"]
        assert echoed != bad and re.fullmatch(r"[0-9a-f]{32}", echoed)


def test_request_id_boundaries() -> None:
    assert request_id_from("a" * 128) == "a" * 128
    assert request_id_from("ok\n") != "ok\n"  # fullmatch: no trailing newline slips through `$`


def test_problem_body_carries_the_request_id(client: FlaskClient) -> None:
    response = client.get("/v1/games/no-such-game", headers={"X-Request-ID": "trace-42"})
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body["code"] == "unknown_game"
    assert body["request_id"] == "trace-42" == response.headers["X-Request-ID"]


def test_generated_request_id_matches_header_and_body(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert response.get_json(force=True)["request_id"] == response.headers["X-Request-ID"]


# --- metrics --------------------------------------------------------------------------------------


def test_metrics_count_requests_latency_and_problem_codes(client: FlaskClient) -> None:
    for _ in range(3):
        assert client.get("/healthz").status_code == 200
    assert client.get("/v1/games/no-such-game").status_code == 404
    assert client.post("/v1/games/no-such-game/hands/state", data="{", content_type="application/json")
    assert client.get("/definitely/not/here").status_code == 404

    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.content_type.startswith("text/plain; version=")
    text = response.get_data(as_text=True)
    total = "trickref_http_requests_total"
    assert metric_value(text, total, operation="ops.Health", method="GET", game="-", status="200") == 3
    # the unknown game's id is never a label value
    unknown = {"operation": "unknown_game.unknown_game", "game": "unknown", "status": "404"}
    assert metric_value(text, total, method="GET", **unknown) == 1
    assert metric_value(text, total, method="POST", **unknown) == 1
    assert metric_value(text, total, operation="unmatched", game="-", status="404") == 1
    hist = "trickref_http_request_duration_seconds_count"
    assert metric_value(text, hist, operation="ops.Health", method="GET", game="-") == 3
    assert 'trickref_http_request_duration_seconds_bucket{game="-",le="0.005"' in text
    problems = "trickref_http_problems_total"
    assert (
        metric_value(text, problems, operation="unknown_game.unknown_game", code="unknown_game", status="404")
        == 2
    )
    assert metric_value(text, problems, operation="unmatched", code="not_found") == 1
    # a game's operation is labelled by the operation and the game, not by a per-game endpoint
    assert client.post("/v1/games/blob/hands/state", data="{", content_type="application/json")
    text = client.get("/metrics").get_data(as_text=True)
    labels = {"operation": "hands_state", "game": "blob", "status": "400", "code": "malformed_request"}
    assert metric_value(text, problems, **labels) == 1
    assert "_created" not in text


def test_game_label_is_bounded(client: FlaskClient) -> None:
    for i in range(5):
        client.get(f"/v1/games/random-{i}")
    text = client.get("/metrics").get_data(as_text=True)
    assert "random-" not in text
    assert (
        metric_value(
            text, "trickref_http_requests_total", operation="unknown_game.unknown_game", game="unknown"
        )
        == 5
    )


def test_method_label_is_bounded(client: FlaskClient) -> None:
    client.open("/healthz", method="BREW")
    text = client.get("/metrics").get_data(as_text=True)
    assert "BREW" not in text
    assert metric_value(text, "trickref_http_requests_total", method="other") == 1


def test_metrics_and_the_harness_route_are_not_in_the_spec() -> None:
    app = slow_app.create_app()
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert "/metrics" in rules and slow_app.SLOW_ROUTE in rules
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    assert "/metrics" not in paths and slow_app.SLOW_ROUTE not in paths


def test_the_product_has_no_test_route(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow route is the harness's (bench/slow_app.py): no setting puts it in the product."""
    monkeypatch.setenv("TRICKREF_TEST_SLOW_ROUTE", "1")
    for served in (app, create_app()):
        assert not [r.rule for r in served.url_map.iter_rules() if r.rule.startswith("/_test")]
        assert served.test_client().get(slow_app.SLOW_ROUTE).status_code == 404


def test_apps_have_separate_registries() -> None:
    first, second = create_app().test_client(), create_app().test_client()
    first.get("/healthz")
    text = second.get("/metrics").get_data(as_text=True)
    assert metric_value(text, "trickref_http_requests_total", operation="ops.Health") == 0


# --- CORS -----------------------------------------------------------------------------------------


@pytest.fixture
def cors_client() -> FlaskClient:
    return create_app({"TRICKREF_CORS_ORIGINS": [ORIGIN, "http://localhost:3000"]}).test_client()


def test_no_cors_headers_by_default(client: FlaskClient) -> None:
    response = client.get("/v1/games", headers={"Origin": ORIGIN})
    assert not [k for k, _ in response.headers.items() if k.lower().startswith("access-control-")]


def test_cors_allowed_origin(cors_client: FlaskClient) -> None:
    response = cors_client.get("/v1/games", headers={"Origin": ORIGIN})
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "X-Request-ID" in response.headers["Access-Control-Expose-Headers"]
    assert "Origin" in response.headers.get("Vary", "")


def test_cors_denied_origin(cors_client: FlaskClient) -> None:
    response = cors_client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert response.status_code == 200  # CORS is enforced by the browser: no allow header
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_preflight(cors_client: FlaskClient) -> None:
    response = cors_client.options(
        "/v1/games/oh-hell/hands/state",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type, X-Request-ID",
        },
    )
    assert response.status_code == 204  # an empty answer, its methods in `Allow`
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed = response.headers["Access-Control-Allow-Headers"].lower()
    assert "content-type" in allowed and "x-request-id" in allowed
    assert response.headers["Access-Control-Max-Age"] == "600"


def test_cors_preflight_denied_origin(cors_client: FlaskClient) -> None:
    response = cors_client.options(
        "/v1/games", headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"}
    )
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_only_on_the_api(cors_client: FlaskClient) -> None:
    response = cors_client.get("/metrics", headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in response.headers


# --- JSON logs ------------------------------------------------------------------------------------


@pytest.fixture
def log_stream() -> Iterator[io.StringIO]:
    logger = logging.getLogger(LOGGER_NAME)
    handler: Any = next(h for h in logger.handlers if getattr(h, "_trickref", False))
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    try:
        yield buffer
    finally:
        handler.setStream(previous)


def test_log_lines_are_json_with_the_request_id(log_stream: io.StringIO) -> None:
    app = create_app()

    def boom() -> str:
        logging.getLogger(LOGGER_NAME + ".test").warning("about to fail", extra={"detail": 7})
        raise RuntimeError("kaboom")

    app.add_url_rule("/boom", "boom", boom)
    response = app.test_client().get("/boom", headers={"X-Request-ID": "log-me-1"})
    assert response.status_code == 500
    assert response.get_json(force=True)["request_id"] == "log-me-1"

    lines = [json.loads(line) for line in log_stream.getvalue().splitlines()]
    assert len(lines) == 2
    warning, error = lines
    assert warning["message"] == "about to fail" and warning["level"] == "WARNING"
    assert warning["request_id"] == "log-me-1" and warning["detail"] == 7
    assert warning["logger"] == "trickref.test" and "time" in warning
    assert error["level"] == "ERROR" and error["request_id"] == "log-me-1"
    assert "kaboom" in error["exc_info"]


def test_log_outside_a_request_has_null_request_id(log_stream: io.StringIO) -> None:
    create_app()
    logging.getLogger(LOGGER_NAME).info("started")
    record = json.loads(log_stream.getvalue().splitlines()[-1])
    assert record["message"] == "started" and record["request_id"] is None


def test_log_level_from_config(log_stream: io.StringIO) -> None:
    try:
        create_app({"TRICKREF_LOG_LEVEL": "WARNING"})
        # init_app runs after overrides are applied, so the level is the override's
        assert logging.getLogger(LOGGER_NAME).level == logging.WARNING
        logging.getLogger(LOGGER_NAME).info("hidden")
        assert log_stream.getvalue() == ""
    finally:
        create_app({"TRICKREF_LOG_LEVEL": "INFO"})


def test_logging_setup_is_idempotent() -> None:
    create_app()
    create_app()
    handlers = [h for h in logging.getLogger(LOGGER_NAME).handlers if getattr(h, "_trickref", False)]
    assert len(handlers) == 1


def test_records_still_reach_root_handlers(caplog: pytest.LogCaptureFixture, log_stream: io.StringIO) -> None:
    create_app()
    with caplog.at_level(logging.WARNING):
        logging.getLogger(LOGGER_NAME + ".errors").warning("seen by both")
    assert [r.getMessage() for r in caplog.records] == ["seen by both"]
    assert json.loads(log_stream.getvalue().splitlines()[-1])["message"] == "seen by both"


# --- the contract document ------------------------------------------------------------------------


def test_openapi_json_is_built_once_and_served_with_etag_and_gzip(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17.5: the 832 KB spec was rebuilt on every call (62 ms of CPU)."""
    import gzip

    api = app.extensions["trickref_api"]
    plain = client.get("/openapi.json")
    assert plain.status_code == 200 and plain.mimetype == "application/json"
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    assert plain.headers["Cache-Control"] == "no-cache"
    spec = json.loads(plain.data)
    assert spec == api.contract()  # the same document the contract is
    calls = []
    monkeypatch.setattr(api.spec, "to_dict", lambda: calls.append(1) or {})
    packed = client.get("/openapi.json", headers={"Accept-Encoding": "br, gzip;q=0.5"})
    assert not calls, "the spec was built again"
    assert packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.data)) == spec
    assert len(packed.data) * 5 < len(plain.data)
    assert packed.headers["ETag"] != plain.headers["ETag"]  # two representations, two tags
    for etag in (plain.headers["ETag"], packed.headers["ETag"]):
        again = client.get("/openapi.json", headers={"If-None-Match": etag})
        assert again.status_code == 304 and not again.data and again.headers["Cache-Control"] == "no-cache"
    changed = client.get("/openapi.json", headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200 and json.loads(changed.data) == spec
    refused = client.get("/openapi.json", headers={"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in refused.headers


# --- the /metrics text, kept a moment -----------------------------------------------------------------


def test_the_exposition_is_rendered_at_most_once_per_max_age() -> None:
    """Issue 32.3: every scrape read every worker's files (30 ms of CPU for a large exposition), so
    a flood of scrapes took the workers' CPU. Within max_age a scrape gets the last text."""
    from service.api.observability import Exposition

    now = [100.0]
    texts = iter([b"first", b"second", b"third"])
    exposition = Exposition(lambda: next(texts), max_age=1.0, clock=lambda: now[0])
    assert [exposition.text() for _ in range(50)] == [b"first"] * 50
    now[0] += 0.99
    assert exposition.text() == b"first"
    now[0] += 0.02
    assert exposition.text() == b"second" and exposition.renders == 2
    never = Exposition(lambda: next(texts), max_age=0.0, clock=lambda: now[0])
    assert never.text() == b"third" and never.renders == 1


def test_concurrent_scrapes_share_one_rendering() -> None:
    import threading

    from service.api.observability import Exposition

    started = threading.Event()
    release = threading.Event()

    def render() -> bytes:
        started.set()
        release.wait(5)
        return b"text"

    exposition = Exposition(render, max_age=60.0)
    got: list[bytes] = []
    threads = [threading.Thread(target=lambda: got.append(exposition.text())) for _ in range(8)]
    for thread in threads:
        thread.start()
    assert started.wait(5)
    release.set()
    for thread in threads:
        thread.join(5)
    assert got == [b"text"] * 8 and exposition.renders == 1


def test_a_pool_without_bots_refuses_suggestions() -> None:
    """Issue 32.2: the rules pool's pods (TRICKREF_BOTS=0) serve no bot, by whatever door."""
    app = create_app({"TRICKREF_BOTS": False})
    response = app.test_client().post("/v1/games/oh-hell/hands/suggest", json={"hand": {}, "seat": 0})
    assert response.status_code == 404 and response.json["code"] == "not_found"
    assert "bots' pool" in response.json["detail"]
    assert create_app().test_client().post("/v1/games/oh-hell/hands/suggest", json={}).status_code == 422
