"""The lean simulators' compiled build, loaded in place of lean.py when it was built from it.

`tools/compile_lean.py` compiles lean.py with mypyc into `compiled/` beside this file, with the
SHA-256 of the source it compiled. A playout spends its time in lean.py's loops, and the compiled
loops run about twice as many playouts a CPU second; the answers are the same (the plans fix the
playouts before the search, and tests/bots/test_compiled.py holds the suggestions equal). The build
is used only when its hash is that of the lean.py beside it, so an edited source runs as Python
until the next build; `TRICKREF_COMPILED=0` runs the source whatever is built (the tests do: they
patch lean's clock and classes, which a compiled module does not allow).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

FOLDER = Path(__file__).with_name("compiled")
LEAN = "service.bots.lean"


def find(folder: Path, source: bytes) -> tuple[Path, Path] | None:
    """The build's library and module in `folder` if it was built from `source`, else None."""
    try:
        built_from = (folder / "SOURCE").read_text().strip()
    except OSError:
        return None
    if built_from != hashlib.sha256(source).hexdigest():
        return None
    library, module = sorted(folder.glob("lean__mypyc.*.so")), sorted(folder.glob("lean.*.so"))
    if len(library) != 1 or len(module) != 1:
        return None
    return library[0], module[0]


def load() -> bool:
    """Puts the build in sys.modules as service.bots.lean (before anything imports it); whether it
    did. Anything missing or stale leaves lean.py to be imported as usual."""
    if os.environ.get("TRICKREF_COMPILED", "1") == "0" or LEAN in sys.modules:
        return False
    try:
        source = Path(__file__).with_name("lean.py").read_bytes()
    except OSError:
        return False
    found = find(FOLDER, source)
    if found is None:
        return False
    # the library first: the module's init looks it up by name in sys.modules
    for name, path in zip((f"{LEAN}__mypyc", LEAN), found, strict=True):
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            return False
        try:
            loaded = importlib.util.module_from_spec(spec)  # an extension's init runs here
            sys.modules[name] = loaded
            spec.loader.exec_module(loaded)
        except ImportError:
            sys.modules.pop(f"{LEAN}__mypyc", None)
            sys.modules.pop(LEAN, None)
            return False
    return True


ACTIVE = load()
