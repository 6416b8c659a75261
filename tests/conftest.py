from __future__ import annotations

import os

# The suite tests lean.py's source (it patches its clock and instruments its hands' lists, which
# the compiled build does not allow); tests/bots/test_compiled.py holds the build equal to it.
# `TRICKREF_COMPILED=1 pytest tests/api` runs the HTTP tests and the fuzzing on the build.
os.environ.setdefault("TRICKREF_COMPILED", "0")

import pytest

from service import create_app


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture()
def client(app):
    return app.test_client()
