"""Compiles the bots' lean simulators (service/bots/lean.py) with mypyc, the compiler that ships
with mypy: the same typed source as a C extension, about twice as many playouts a CPU second.

    python -m tools.compile_lean [--into DIR] [--require]

The build goes to `service/bots/compiled/` (or DIR: the image puts it beside the installed
package) with `SOURCE`, the SHA-256 of the lean.py it was built from. `service.bots.compiled` loads
it in lean.py's place only when that hash is the one of the lean.py beside it, so an edited source
never runs a stale build: it runs as Python until the next build. Without a C compiler or Python's
headers the build is skipped (exit 0, the reason printed) and the bots run the source as it is;
`--require` makes that an error. The answers are the same either way (tests/bots/test_compiled.py).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "service" / "bots" / "lean.py"
DEFAULT_INTO = ROOT / "service" / "bots" / "compiled"


def source_hash(path: Path = SOURCE) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def missing() -> str | None:
    """Why this machine cannot build it, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return "no C compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy, the dev extra)"
    return None


def build(into: Path) -> None:
    """Compiles a copy of the package's bots under a scratch folder, so that the module keeps its
    name (service.bots.lean: its relative imports and its extension's init symbol) without the
    build touching the source tree; then moves the two extensions and the hash into `into`."""
    with tempfile.TemporaryDirectory(prefix="trickref-compile-") as scratch:
        work = Path(scratch)
        skip = shutil.ignore_patterns("compiled", "__pycache__")
        shutil.copytree(ROOT / "service", work / "service", ignore=skip)
        shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")  # mypy's settings
        cmd = [sys.executable, "-m", "mypyc", "service/bots/lean.py"]
        done = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
        built = sorted((work / "service" / "bots").glob("lean*.so"))
        if len(built) != 2:
            raise RuntimeError(f"expected lean's extension and its library, found {[p.name for p in built]}")
        into.mkdir(parents=True, exist_ok=True)
        (into / "SOURCE").unlink(missing_ok=True)  # no hash while the extensions are replaced
        for old in into.glob("lean*.so"):
            old.unlink()
        for path in built:
            shutil.copy2(path, into / path.name)
        (into / "SOURCE").write_text(source_hash() + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, default=DEFAULT_INTO, help="where the build goes")
    parser.add_argument("--require", action="store_true", help="fail when this machine cannot build it")
    args = parser.parse_args(argv)
    why = missing()
    if why is None:
        try:
            build(args.into)
        except (RuntimeError, OSError) as e:
            why = str(e)
    if why is not None:
        print(f"compile_lean: skipped ({why}); the bots run lean.py as Python", file=sys.stderr)
        return 1 if args.require else 0
    print(f"compile_lean: built {args.into} from lean.py {source_hash()[:12]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
