"""The image installs the project as a wheel (`pip install .`), not from the source tree: check that
such an install carries everything the app reads at run time (schemas/examples.json among them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, service, schemas
from service import create_app
from service.api import examples
assert service.__file__.startswith(TARGET), service.__file__
assert examples.load(), "examples.json missing from the install"
client = create_app().test_client()
games = [g["id"] for g in client.get("/v1/games").get_json()["games"]]
spec = client.get("/openapi.json").get_json()
post = spec["paths"]["/v1/games/oh-hell/hands/state"]["post"]
assert "example" in post["requestBody"]["content"]["application/json"]
print(json.dumps(games))
"""


@pytest.mark.xdist_group("package")
def test_the_wheel_serves_the_app_without_the_source_tree(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    (wheel,) = wheels.glob("trickref-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "schemas/examples.json" in names
    assert not any(n.startswith(("tests/", "bench/")) for n in names)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", f"TARGET = {str(target)!r}\n" + PROBE],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    games = '["blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"]'
    assert out.stdout.strip().splitlines()[-1] == games


def test_make_serve_installs_only_what_serving_needs():
    """Issue 13.16: `make serve` installed every dev tool (a 379 MB venv with a 55 MB hadolint,
    about 70 s); it installs the project's own dependencies (41 MB, 35 s from a fresh clone)."""
    makefile = (ROOT / "Makefile").read_text()
    rules = {}
    for match in re.finditer(r"^(\S[^:\n]*):([^\n]*)\n((?:\t[^\n]*\n)*)", makefile, re.M):
        rules[match.group(1).strip()] = (match.group(2).split(), match.group(3))
    prerequisites, _ = rules["serve"]
    assert prerequisites[:1] == ["$(SERVE_STAMP)"]
    _, recipe = rules["$(SERVE_STAMP)"]
    assert "pip install -q -e .\n" in recipe and "[" not in recipe
    for target in ("lint", "openapi", "load", "bench", "fuzz"):
        assert rules[target][0][:1] == ["$(STAMP)"], target
    assert "'.[dev]'" in rules["$(STAMP)"][1]
    # the dev install covers serving too: one venv, both stamps
    assert "$(SERVE_STAMP)" in rules["$(STAMP)"][1]
