# Every target builds or refreshes its own virtualenv: a fresh machine needs only python3.11 and make.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
# `make serve` installs what serving needs (the project's dependencies); every other target the dev
# tools too (the `dev` extra: linters, pytest, hadolint...). One venv, a stamp for each install.
SERVE_STAMP := $(VENV)/.installed-serve
STAMP  := $(VENV)/.installed-dev
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: serve compiled check test openapi bench fuzz lint load clients clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $(SERVE_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP) $(SERVE_STAMP)

# The bots' simulators compiled by mypyc, which comes with mypy (the dev extra; tools/compile_lean.py,
# about 20 s): rebuilt when lean.py changes, used only when built from the lean.py beside it, skipped
# (saying why) where nothing compiles. `make serve` installs no compiler's tools: it uses a build
# `make test` or `make compiled` left, else runs lean.py as Python (the same answers, half the speed).
COMPILED := service/bots/compiled/SOURCE
$(COMPILED): service/bots/lean.py | $(STAMP)
	$(BIN)/python -m tools.compile_lean

compiled: $(COMPILED)

# For development: gunicorn alone, on loopback. Never expose it to clients without the nginx in
# front that the image is deployed with (deploy/README.md): slow clients hold its threads.
serve: $(SERVE_STAMP)
	$(BIN)/gunicorn --config deploy/gunicorn.conf.py --bind $(HOST):$(PORT) 'service:create_app()'

lint: $(STAMP)
	$(BIN)/ruff check service schemas tools tests bench deploy
	$(BIN)/ruff format --check service schemas tools tests bench deploy
	$(BIN)/mypy
	$(BIN)/mypy --strict --follow-imports=silent service/rules service/bots

# The developer loop: lint, types and every test not marked `slow` (the bots' strength matches, the
# schemathesis runs, gunicorn, nginx, the browser). Its tests take about 140 s of CPU on 2 workers:
# a little over a minute on an idle two-core machine, more on a busy one.
check: lint $(COMPILED)
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not slow"

# The whole suite, slow tests included: what CI runs (.ci/run) and what a change must pass.
test: lint $(COMPILED)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

openapi: $(STAMP)
	$(BIN)/python -m tools.examples
	$(BIN)/python -m tools.openapi_dump

fuzz: $(STAMP)
	TRICKREF_FUZZ_EXAMPLES=1000 $(BIN)/python -m pytest -p no:xdist tests/api/test_contract.py tests/api/test_stateful.py

bench: $(STAMP) $(COMPILED)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.throughput
	$(BIN)/python -m bench.profile

load: $(STAMP) $(COMPILED)
	$(BIN)/python -m bench.load

# Node and Java client tooling against openapi.yaml; tools go to .clients/, not part of make test.
# The last line says what was skipped (a missing tool); `make clients STRICT=1` fails on a skip.
STRICT ?= 0
clients:
	PYTHON=$(PYTHON) STRICT=$(STRICT) clients/check

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .clients build service/bots/compiled
