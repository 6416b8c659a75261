"""Stateful contract run: schemathesis follows the spec's links (deal -> state, play -> play)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.api.test_contract import schema

STEPS = int(os.environ.get("TRICKREF_FUZZ_EXAMPLES", "25"))

Workflow = schema.as_state_machine()


@pytest.mark.xdist_group("contract")
def test_stateful_workflows():
    Workflow.run(
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
