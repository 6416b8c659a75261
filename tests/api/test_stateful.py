"""Stateful contract run: schemathesis follows the spec's links (deal -> state, play -> play)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.api.test_contract import load_schema

STEPS = int(os.environ.get("TRICKREF_FUZZ_EXAMPLES", "25"))


@pytest.mark.slow
@pytest.mark.xdist_group("contract")
def test_stateful_workflows():
    workflow = load_schema().as_state_machine()  # loaded here, not at import (tests/api/test_contract.py)
    workflow.run(
        settings=settings(
            max_examples=STEPS,
            stateful_step_count=8,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
    )
