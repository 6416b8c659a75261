"""The committed openapi.yaml is the product: it must equal the app's spec and be valid OpenAPI 3.1."""

from __future__ import annotations

from pathlib import Path

import yaml
from openapi_spec_validator import validate

from service.openapi_dump import spec_yaml

ROOT = Path(__file__).resolve().parents[2]


def test_committed_spec_matches_the_app():
    committed = (ROOT / "openapi.yaml").read_text()
    assert committed == spec_yaml(), "openapi.yaml is stale: run `make openapi` and commit it"


def test_spec_is_valid_openapi_31():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert spec["openapi"].startswith("3.1")
    validate(spec)


def test_every_error_response_is_problem_json():
    spec = yaml.safe_load(spec_yaml())
    for name, response in spec["components"]["responses"].items():
        for media in response.get("content", {}):
            assert media == "application/problem+json", name


def test_every_operation_documents_its_errors():
    spec = yaml.safe_load(spec_yaml())
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            codes = set(map(str, op["responses"]))
            if path.startswith("/v1/games/{game}"):
                assert {"404", "default"} <= codes, (method, path)
            if method == "post":
                assert {"400", "413", "422"} <= codes, (method, path)


def test_request_bodies_reject_unknown_fields_in_the_spec():
    spec = yaml.safe_load(spec_yaml())
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters" or "requestBody" not in op:
                continue
            ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            schema = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
            assert schema.get("additionalProperties") is False, (method, path)


def test_error_code_table_is_current():
    from service.openapi_dump import ERRORS_DOC, errors_doc

    current = ERRORS_DOC.read_text()
    assert current == errors_doc(current), "docs/errors.md is stale: run `make openapi`"
