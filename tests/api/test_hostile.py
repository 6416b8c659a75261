"""Hostile bodies and protocol hygiene, in process (issue 10): parser edge cases, chunked bodies over
the limit, content encodings, error echo caps, CORS and the security headers."""

from __future__ import annotations

import io
import json
import logging

import pytest

from service import create_app
from service.api.errors import MAX_DETAIL_CHARS, MAX_FIELD_ERRORS, TRUNCATED_KEY
from service.api.guard import MAX_JSON_DEPTH, json_shape_problem

from .test_errors import assert_problem

JSON_ROUTES = [
    "/v1/games/oh-hell/deals",
    "/v1/games/oh-hell/hands/state",
    "/v1/games/oh-hell/hands/play",
    "/v1/games/oh-hell/hands/score",
    "/v1/games/oh-hell/tricks/winner",
    "/v1/games/oh-hell/tricks/legal",
    "/v1/games/oh-hell/matches/score",
]


def deep_array(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def deep_object(levels: int) -> bytes:
    return b'{"a":' * levels + b"1" + b"}" * levels


# --- parser edge cases: 400 problem+json, logged at WARNING without a traceback --------------------


@pytest.mark.parametrize("route", JSON_ROUTES)
@pytest.mark.parametrize("body", [deep_array(1000), deep_object(1000)], ids=["arrays", "objects"])
def test_json_nested_a_thousand_deep_is_400_on_every_route(client, caplog, route, body):
    with caplog.at_level(logging.WARNING, logger="trickref"):
        resp = client.post(route, data=body, content_type="application/json")
    problem = assert_problem(resp, 400, "malformed_request")
    assert "deeper" in problem["detail"]
    warnings = [r for r in caplog.records if r.name == "trickref.guard"]
    assert warnings and all(r.levelno == logging.WARNING and not r.exc_info for r in warnings)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("where", ["rules", "deep-in-rules"])
def test_deep_json_inside_rules_is_400(client, where):
    inner = deep_array(900).decode() if where == "rules" else '{"players": ' + deep_array(990).decode() + "}"
    body = ('{"seed": 1, "rules": ' + inner + "}").encode()
    assert_problem(
        client.post(JSON_ROUTES[0], data=body, content_type="application/json"), 400, "malformed_request"
    )


def test_nesting_within_the_limit_is_judged_by_the_rules(client):
    rules = "[" * (MAX_JSON_DEPTH - 3) + "]" * (MAX_JSON_DEPTH - 3)
    body = ('{"seed": 1, "rules": {"players": ' + rules + "}}").encode()
    resp = client.post(JSON_ROUTES[0], data=body, content_type="application/json")
    assert_problem(resp, 422, "invalid_rule_value")


def test_an_integer_of_more_than_4300_digits_is_400(client, caplog):
    body = b'{"seed": ' + b"7" * 4301 + b"}"
    with caplog.at_level(logging.WARNING, logger="trickref"):
        resp = client.post(JSON_ROUTES[0], data=body, content_type="application/json")
    assert "4300 digits" in assert_problem(resp, 400, "malformed_request")["detail"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # digits inside a string are not a number; 4300 digits are still a number (refused by the schema)
    ok = client.post(JSON_ROUTES[0], json={"seed": 1, "rules": {"profile": "7" * 5000}})
    assert ok.status_code == 422
    assert (
        client.post(
            JSON_ROUTES[0], data=b'{"seed": ' + b"7" * 4300 + b"}", content_type="application/json"
        ).status_code
        == 422
    )


def test_shape_scan_ignores_brackets_in_strings():
    text = json.dumps({"a": "[" * 500 + '\\"{' * 100, "b": [[1]]}).encode()
    assert json_shape_problem(text) is None
    assert json_shape_problem(deep_array(MAX_JSON_DEPTH)) is None
    assert json_shape_problem(deep_array(MAX_JSON_DEPTH + 1)) is not None


# --- chunked bodies --------------------------------------------------------------------------------

CHUNKED = {"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"}


def test_a_chunked_body_over_the_limit_is_413(client):
    padded = b'{"seed": 1' + b" " * (300 * 1024) + b"}"  # valid JSON, over 256 KiB
    resp = client.post(
        JSON_ROUTES[0],
        input_stream=io.BytesIO(padded),
        content_type="application/json",
        environ_overrides=CHUNKED,
    )
    assert_problem(resp, 413, "payload_too_large")
    assert resp.headers["Connection"] == "close"  # the rest of the body is not read (issue 17, point 8)
    small = client.post(
        JSON_ROUTES[0],
        input_stream=io.BytesIO(b'{"seed": 1}'),
        content_type="application/json",
        environ_overrides=CHUNKED,
    )
    assert small.status_code == 200 and "Connection" not in small.headers


def test_a_content_length_over_the_limit_is_413_with_connection_close(client):
    """Refused from the header, the body unread: the answer says the connection closes (issue 17,
    point 8: it said keep-alive, and the next request on the socket failed)."""
    resp = client.post(
        JSON_ROUTES[0],
        input_stream=io.BytesIO(b"{}"),
        content_type="application/json",
        environ_overrides={"CONTENT_LENGTH": str(300 * 1024)},
    )
    assert_problem(resp, 413, "payload_too_large")
    assert resp.headers["Connection"] == "close"


# --- Content-Encoding -------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "x-anything"])
def test_a_content_encoding_other_than_identity_is_415(client, encoding):
    resp = client.post(JSON_ROUTES[0], json={"seed": 1}, headers={"Content-Encoding": encoding})
    assert_problem(resp, 415, "unsupported_encoding")


def test_identity_encoding_is_accepted(client):
    assert (
        client.post(JSON_ROUTES[0], json={"seed": 1}, headers={"Content-Encoding": "identity"}).status_code
        == 200
    )


# --- what an error echoes ---------------------------------------------------------------------------


def test_a_large_invalid_request_gets_a_small_error(client):
    huge = "x" * (240 * 1024)
    cases = [
        {"seed": 1, "rules": {"players": huge}},  # echoed by the rules core
        {"seed": 1, "rules": {huge: 1}},  # an option name
        {"seed": 1, huge: 1},  # an unknown field, named by marshmallow
    ]
    for body in cases:
        resp = client.post(JSON_ROUTES[0], json=body)
        assert resp.status_code == 422
        assert len(resp.data) < 2048, len(resp.data)
        assert len(resp.get_json()["detail"]) <= MAX_DETAIL_CHARS


def test_the_number_of_field_errors_is_capped(client):
    body = {"dealer": 0, "hands": [["AS"]], "actions": [{"seat": "x", "type": 5} for _ in range(200)]}
    resp = client.post(JSON_ROUTES[1], json=body)
    problem = assert_problem(resp, 422, "unknown_action")  # `type` 5: the first action's rule
    assert problem["action_index"] == 0
    messages = json.dumps(problem["errors"]).count('."') + json.dumps(problem["errors"]).count(".'")
    assert messages <= MAX_FIELD_ERRORS + 1
    assert problem["errors"]["actions"][0].startswith("not checked: the last 180 items")
    assert problem["errors"][TRUNCATED_KEY] and "more errors" in problem["errors"][TRUNCATED_KEY][0]
    assert len(resp.data) < 8192


# --- CORS --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("origins", [["https://a.example"], ["https://a.example", "https://b.example"]])
def test_cors_allows_only_a_listed_origin_and_always_varies_on_origin(origins):
    client = create_app({"TRICKREF_CORS_ORIGINS": origins}).test_client()
    for path in ("/v1/games", "/openapi.json"):
        plain = client.get(path)
        assert "Access-Control-Allow-Origin" not in plain.headers
        assert "Origin" in plain.headers.get("Vary", "")
        listed = client.get(path, headers={"Origin": origins[-1]})
        assert listed.headers["Access-Control-Allow-Origin"] == origins[-1]
        assert "Origin" in listed.headers["Vary"]
        other = client.get(path, headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in other.headers and "Origin" in other.headers["Vary"]
    preflight = client.options(
        "/v1/games/oh-hell/deals",
        headers={"Origin": origins[0], "Access-Control-Request-Method": "POST"},
    )
    assert preflight.headers["Access-Control-Allow-Origin"] == origins[0]
    assert "Origin" in preflight.headers["Vary"]


def test_without_cors_no_answer_depends_on_origin(client):
    resp = client.get("/v1/games", headers={"Origin": "https://a.example"})
    assert "Access-Control-Allow-Origin" not in resp.headers and "Origin" not in resp.headers.get("Vary", "")


# --- security headers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "cache"),
    [
        ("GET", "/healthz", "no-store"),
        ("GET", "/v1/games", "no-store"),
        ("GET", "/metrics", "no-store"),
        ("GET", "/v1/nowhere", "no-store"),
        ("POST", "/v1/games/oh-hell/deals", "no-store"),
        ("GET", "/openapi.json", "no-cache"),
        ("GET", "/docs", "no-cache"),
        ("GET", "/docs/assets/swagger-ui-bundle.js", "public, max-age=86400"),
    ],
)
def test_every_response_carries_the_security_headers(client, method, path, cache):
    resp = client.open(path, method=method, json={"seed": 1} if method == "POST" else None)
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Cache-Control"] == cache
    assert "frame-ancestors 'none'" in resp.headers["Content-Security-Policy"]


def test_the_docs_pages_have_a_csp_and_need_no_cdn_for_swagger_ui(client):
    docs = client.get("/docs")
    csp = docs.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    html = docs.get_data(as_text=True)
    assert "cdn" not in html.lower() and "<script>" not in html  # no inline script, nothing remote
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "trickref-docs.js"):
        resp = client.get(f"/docs/assets/{asset}")
        assert resp.status_code == 200 and len(resp.data) > 100, asset
    assert b"SwaggerUIBundle" in client.get("/docs/assets/swagger-ui-bundle.js").data
    assert client.get("/docs/assets/../app.py").status_code == 404
    assert client.get("/docs/assets/index.html").status_code == 404
    assert client.get("/redoc").status_code == 404  # it loaded ReDoc from a CDN: dropped


def test_docs_off_serves_no_assets():
    client = create_app({"TRICKREF_DOCS": False}).test_client()
    assert (
        client.get("/docs").status_code == 404
        and client.get("/docs/assets/swagger-ui.css").status_code == 404
    )


# --- module-level memos under threads ---------------------------------------------------------------


def test_the_language_memo_evicts_safely_under_threads(monkeypatch):
    """Eight threads choosing languages from distinct Accept-Language values, the interpreter
    switching threads as often as it can: the memo's eviction (a full memo drops its oldest entry)
    must never raise, since a request that met it would get a 500."""
    import sys
    import threading

    from service.api import i18n

    monkeypatch.setattr(i18n, "CACHE_SIZE", 8)
    monkeypatch.setattr(i18n, "_cache", {})
    raised: list[BaseException] = []

    def choose(thread: int) -> None:
        try:
            for i in range(3000):
                assert i18n.negotiate(f"ru;q=0.{i % 9 + 1}, x-t{thread}-{i}") == "ru"
        except BaseException as error:  # what a request would have met
            raised.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=choose, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not raised, f"{len(raised)} threads raised: {raised[0]!r}"
    assert len(i18n._cache) <= 8


# --- paths and methods the routes do not name --------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/games//oh-hell"),
        ("GET", "//v1/games"),
        ("GET", "/table//index.html"),
        ("POST", "/v1/games//oh-hell/hands/state"),
        ("POST", "/v1/games/oh-hell//hands/suggest"),
        ("POST", "/v1//games/oh-hell/hands/suggest"),
    ],
)
def test_a_doubled_slash_is_a_problem_and_never_a_redirect_to_the_hosts_name(client, method, path):
    """werkzeug merged the slashes with an HTML 308 whose Location came from the Host header."""
    resp = client.open(
        path, method=method, json={"hand": {}} if method == "POST" else None, headers={"Host": "evil.example"}
    )
    assert_problem(resp, 404, "not_found")
    assert "Location" not in resp.headers


@pytest.mark.parametrize(
    ("path", "allow"),
    [
        ("/v1/games/oh-hell/hands/state", "OPTIONS, POST"),
        ("/v1/games/oh-hell/hands/suggest", "OPTIONS, POST"),
        ("/v1/games", "GET, HEAD, OPTIONS"),
        ("/healthz", "GET, HEAD, OPTIONS"),
    ],
)
def test_options_is_an_empty_204_with_the_methods_in_order(client, path, allow):
    resp = client.options(path)
    assert resp.status_code == 204 and resp.data == b""
    assert "Content-Type" not in resp.headers
    assert resp.headers["Allow"] == allow
    assert resp.headers["X-Content-Type-Options"] == "nosniff" and resp.headers["X-Request-ID"]
