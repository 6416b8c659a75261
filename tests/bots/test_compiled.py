"""The compiled build of the lean simulators (tools/compile_lean.py, loaded by service.bots.compiled)
plays and answers exactly what lean.py's source does, and a build from another source is never
loaded. The rest of the suite runs the source (tests/conftest.py), so these tests are where the
build the service runs is checked: the same cards, tricks and scores from fixed positions, and the
same suggestions (actions, values, deals and playouts) at every level in every game."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.bots import compiled

pytestmark = pytest.mark.xdist_group("compiled")  # one worker: the fixture may build into the tree

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "service" / "bots" / "lean.py"


def _run(use_build: bool, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TRICKREF_COMPILED": "1" if use_build else "0", "PYTHONHASHSEED": "0"}
    command = [sys.executable, *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def build() -> None:
    """The build of today's source: made here if make's was not (it is skipped, saying why, only on
    a machine that cannot compile: no C compiler, headers or mypyc)."""
    if compiled.find(compiled.FOLDER, SOURCE.read_bytes()) is None:
        done = _run(False, "-m", "tools.compile_lean")
        if compiled.find(compiled.FOLDER, SOURCE.read_bytes()) is None:
            pytest.skip(f"no compiled build: {done.stderr.strip()[-300:]}")


def test_a_build_from_another_source_is_not_loaded(tmp_path: Path) -> None:
    source = SOURCE.read_bytes()
    for name in ("lean__mypyc.cpython-311-x86_64-linux-gnu.so", "lean.cpython-311-x86_64-linux-gnu.so"):
        (tmp_path / name).write_bytes(b"")
    assert compiled.find(tmp_path, source) is None  # no hash: not built by tools/compile_lean.py
    (tmp_path / "SOURCE").write_text(hashlib.sha256(source + b"\n# edited\n").hexdigest() + "\n")
    assert compiled.find(tmp_path, source) is None  # built from an older lean.py
    (tmp_path / "SOURCE").write_text(hashlib.sha256(source).hexdigest() + "\n")
    assert compiled.find(tmp_path, source) is not None
    (tmp_path / "lean.cpython-312-x86_64-linux-gnu.so").write_bytes(b"")
    assert compiled.find(tmp_path, source) is None  # two modules: which one is unclear


def test_the_build_plays_what_the_source_plays(build: None) -> None:
    built = _run(True, "-m", "tests.bots.compiled_probe")
    source = _run(False, "-m", "tests.bots.compiled_probe")
    assert built.returncode == 0 and source.returncode == 0, built.stderr[-2000:] + source.stderr[-2000:]
    first_built, *rows_built = built.stdout.splitlines()
    first_source, *rows_source = source.stdout.splitlines()
    assert (first_built, first_source) == ('{"compiled": true}', '{"compiled": false}')
    assert len(rows_built) > 300
    assert rows_built == rows_source


def test_the_build_suggests_what_the_source_suggests(build: None, tmp_path: Path) -> None:
    """bench.suggestions: every level in every game (each game's tables in turn), from seat views of
    every phase, with the clock off; recorded on the source, compared on the build."""
    recorded = tmp_path / "suggestions.jsonl.gz"
    done = _run(False, "-m", "bench.suggestions", "record", "--out", str(recorded), "--views", "8")
    assert done.returncode == 0, done.stderr[-2000:]
    compared = _run(True, "-m", "bench.suggestions", "compare", "--file", str(recorded))
    assert compared.returncode == 0, compared.stdout[-2000:] + compared.stderr[-2000:]
    assert compared.stdout.rstrip().endswith("; 0 differ"), compared.stdout
