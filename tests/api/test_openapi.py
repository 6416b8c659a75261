"""The committed openapi.yaml is the product: it must equal the app's spec and be valid OpenAPI 3.1."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from openapi_spec_validator import validate

from tools.openapi_dump import spec_yaml


@cache
def built() -> str:
    """The app's spec as `make openapi` writes it, built once for this module's tests (a build
    takes seconds; the tests only read it)."""
    return spec_yaml()


def app_spec() -> dict[str, Any]:
    return copy.deepcopy(_loaded())


@cache
def _loaded() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(built())
    return loaded


ROOT = Path(__file__).resolve().parents[2]


def test_committed_spec_matches_the_app():
    committed = (ROOT / "openapi.yaml").read_text()
    assert committed == built(), "openapi.yaml is stale: run `make openapi` and commit it"


def test_spec_is_valid_openapi_31():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert spec["openapi"].startswith("3.1")
    validate(spec)


def test_every_error_response_is_problem_json():
    spec = app_spec()
    for name, response in spec["components"]["responses"].items():
        for media in response.get("content", {}):
            assert media == "application/problem+json", name


def test_every_operation_documents_its_errors():
    spec = app_spec()
    for path, item in spec["paths"].items():
        for method, op in item.items():
            codes = set(map(str, op["responses"]))
            assert "500" in codes, (method, path)
            if method == "post":
                assert {"400", "413", "415", "422", "500"} <= codes, (method, path)


def test_every_game_has_its_own_operations():
    """Literal paths per game, tagged with it, with unique verb operationIds."""
    from service.rules.registry import GAMES

    spec = app_spec()
    ids = [op["operationId"] for item in spec["paths"].values() for op in item.values()]
    assert len(ids) == len(set(ids))
    for game in GAMES:
        for tail in (
            "",
            "/deals",
            "/hands/state",
            "/hands/play",
            "/hands/score",
            "/tricks/winner",
            "/tricks/legal",
            "/matches/score",
        ):
            ops = spec["paths"][f"/v1/games/{game}{tail}"]
            assert all(op["tags"] == [game] for op in ops.values())
    assert not any("{" in path for path in spec["paths"])


def test_request_id_is_declared_everywhere():
    spec = app_spec()
    for item in spec["paths"].values():
        for op in item.values():
            assert {"$ref": "#/components/parameters/RequestId"} in op["parameters"]
            for response in op["responses"].values():
                if "$ref" not in response:
                    assert "X-Request-ID" in response["headers"]
    for response in spec["components"]["responses"].values():
        assert "X-Request-ID" in response["headers"]


def test_shared_blocks_are_defined_once():
    text = built()
    assert text.count("pattern: ^(10|") == 1  # the card
    # the strain enum once among the schemas (an example may well list strains: a view's bid_range)
    schemas = yaml.safe_dump(yaml.safe_load(text)["components"]["schemas"])
    assert schemas.count("- NT\n") <= 1
    assert "PaginationMetadata" not in text


def test_request_bodies_reject_unknown_fields_in_the_spec():
    spec = app_spec()
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if "requestBody" not in op:
                continue
            ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            schema = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
            variants = [
                spec["components"]["schemas"][v["$ref"].rsplit("/", 1)[1]] for v in schema.get("oneOf", [])
            ]
            for s in variants or [schema]:
                closed = s.get("additionalProperties") is False or s.get("unevaluatedProperties") is False
                assert closed, (method, path)


def test_error_code_table_is_current():
    from tools.openapi_dump import ERRORS_DOC, errors_doc

    current = ERRORS_DOC.read_text()
    assert current == errors_doc(current), "docs/errors.md is stale: run `make openapi`"


def test_no_two_schemas_share_a_name():
    """apispec renames a second schema of the same name (PassAction1): a generated client would then
    carry two types for one thing. Building the spec must raise no such warning."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        spec_yaml()


def test_every_operation_is_described_and_no_schema_uses_the_deprecated_example():
    spec = app_spec()
    for path, item in spec["paths"].items():
        for method, op in item.items():
            assert op.get("summary") and op.get("description"), (method, path)
    assert spec["info"]["contact"] and spec["servers"]

    def walk(node, where):
        if isinstance(node, dict):
            assert "example" not in node or "content" in where, where  # media-type examples only
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    walk(spec["components"]["schemas"], "#/components/schemas")
