from __future__ import annotations

import gc
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


@pytest.fixture()
def frozen_heap():
    """The heap as the deployment holds it while the test runs: gunicorn's master freezes the app
    out of the collector's reach before it forks (deploy/gunicorn.conf.py, when_ready), so a
    worker's full collection walks only what the worker allocated since. A test worker's heap holds
    every earlier test's objects (the contract's fuzzing, the corpus), and a full collection over it
    stops the process for 0.3 to 1.8 s: a test that times an answer against its budget would time
    the suite's leftovers. Frozen, they stay out of the walk; they are collected once it ends."""
    was_frozen = gc.get_freeze_count() > 0
    gc.freeze()
    yield
    if not was_frozen:  # a heap frozen before the test stays so
        gc.unfreeze()
