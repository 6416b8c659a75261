"""Schemathesis over every operation, with every default check plus our problem+json check.

Run with a small budget in `make test`; `make fuzz` sets TRICKREF_FUZZ_EXAMPLES for a large one. The
schema is loaded when the test runs, not at import: building the app and schemathesis' cases for
60-odd operations takes tens of seconds, which every collection of the suite would pay (each xdist
worker's, and `make check`'s, which deselects this run: it is marked `slow`).
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.pytest.lazy import get_all_tests

from service.api.errors import ALL_CODES

EXAMPLES = int(os.environ.get("TRICKREF_FUZZ_EXAMPLES", "50"))


def load_schema():
    """The contract as the app serves it, with the statuses that accept positive data."""
    from service import create_app

    schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app())
    # A JSON Schema cannot say "no card twice across hands" or "this seat's turn": such bodies are
    # schema-valid yet rightly refused with 422 and a rule code, so 422 counts as accepting positive
    # data here, and `no_schema_refusal_of_valid_data` below fails a schema-valid body refused as not
    # matching the schema (`validation_failed`): that is the contract and the service disagreeing.
    schema.config.checks.positive_data_acceptance.expected_statuses = ["2xx", "404", "422"]
    return schema


@schemathesis.check
def no_schema_refusal_of_valid_data(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    body = response.json()
    assert body.get("code") != "validation_failed", (
        f"schema-valid data refused as invalid: {body.get('errors')} (a 422 for valid data must carry a "
        "rule code)"
    )
    return None


@schemathesis.check
def problem_json_with_code(ctx, response, case):
    if response.status_code < 400:
        return None
    headers = {k.lower(): v for k, v in response.headers.items()}
    content_type = headers.get("content-type", [""])
    content_type = content_type[0] if isinstance(content_type, list) else content_type
    assert content_type.startswith("application/problem+json"), f"{response.status_code} is {content_type}"
    body = response.json()
    assert body.get("code") in ALL_CODES, f"code {body.get('code')!r} is not in the closed list"
    assert body.get("status") == response.status_code
    return None


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def check(case):
    case.call_and_validate()


@pytest.mark.slow
@pytest.mark.xdist_group("contract")
def test_contract(subtests):
    """Every operation, one subtest each. The tests are built here, at run time, by the machinery of
    `@schema.parametrize()` (schemathesis.pytest.lazy.get_all_tests: the schema's examples, its
    coverage cases and generated ones); `schemathesis.pytest.from_fixture`, which would do the
    same, reads `request.node._nodeid`, which pytest 9 no longer has."""
    built = list(get_all_tests(schema=load_schema(), test_func=check, settings=SETTINGS, given_kwargs=None))
    assert len(built) >= 60
    for result in built:
        operation, run = result.ok()  # a malformed operation raises here: the contract is broken
        with subtests.test(operation.label):
            run()
