"""The layer contract: which of our packages each layer may import, relative imports resolved.

    tools/ (build time: make openapi)          may import everything of the product
      |
    HTTP layer (service/api/, and service/__init__.py's create_app)   imports all three below
      |            |
    schemas/     service/bots/     (side by side: neither imports the other)
      \\            /
       service/rules/              (standard library only)

Every module of service/ is in one of the three folders (or is the package's `__init__`), so the
folder tree is the layer drawing; the product imports nothing of tools/, bench/ or tests/.

Every `import` and `from ... import` in every module (function-level and TYPE_CHECKING ones too) is
resolved to an absolute module name, `from ..api.dispatch import run` inside service/bots/ becoming
`service.api.dispatch`, before it is judged. `from . import x` names the submodule `x` when one
exists, otherwise the package itself. Third-party packages are judged per layer too: the rules and
the bots run on the standard library alone; the schemas may use marshmallow and apispec but not the web
framework. (`importlib.import_module` is not followed: service/rules/examples.py, schemas/__init__.py
and service/bots/__init__.py use it only for a module of their own package named after a family.)
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Our layers, lowest first. A module belongs to the layer whose prefix it starts with; the package
# `service` itself (its `__init__`: the version, and gunicorn's `service:create_app()`) is the HTTP
# layer's entry point. Any other module directly under service/ is in no layer, and fails.
LAYERS = {
    "rules": "service.rules",
    "bots": "service.bots",
    "schemas": "schemas",
    "http": "service.api",
    "build": "tools",
}
ENTRY = "service"
# Of ours, what each layer may import (itself included).
MAY_IMPORT = {
    "rules": {"rules"},
    "bots": {"bots", "rules"},
    "schemas": {"schemas", "rules"},
    "http": {"http", "schemas", "bots", "rules"},
    "build": {"build", "http", "schemas", "bots", "rules"},
}
# Outside the standard library and our packages, what each layer may import (top-level names).
THIRD_PARTY: dict[str, set[str] | None] = {
    "rules": set(),
    "bots": set(),
    "schemas": {"marshmallow", "apispec"},
    "http": None,  # anything in the project's dependencies
    "build": None,
}
# Our top-level packages outside the layers: the harness, which nothing in a layer may import.
HARNESS = {"bench", "tests"}
# Known exceptions: (importing module, imported module) -> why. Shrink it; never grow it silently.
ALLOWED: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_ours(name: str) -> bool:
    return name.split(".")[0] in {"service", "schemas", "tools"}


def exists(name: str) -> bool:
    """Whether `name` is one of our modules or packages."""
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def layer_of(name: str) -> str:
    if name == ENTRY:
        return "http"
    for layer, prefix in LAYERS.items():
        if name == prefix or name.startswith(prefix + "."):
            return layer
    raise AssertionError(f"{name} is in no layer")


def resolved_imports(path: Path) -> Iterator[tuple[str, int]]:
    """Every module `path` imports, absolute, with its line."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                assert node.level - 1 < len(parts), f"{path}:{node.lineno} climbs above the top package"
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            if base == "__future__":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (sub if is_ours(sub) and exists(sub) else base), node.lineno


def modules() -> list[Path]:
    return sorted(p for top in ("service", "schemas", "tools") for p in (ROOT / top).rglob("*.py"))


def violations(paths: list[Path]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in paths:
        me = module_name(path)
        layer = layer_of(me)
        for name, line in resolved_imports(path):
            top = name.split(".")[0]
            if is_ours(name):
                assert exists(name), f"{path}:{line} imports {name}, which is not a module of ours"
                if layer_of(name) in MAY_IMPORT[layer] or (me, name) in ALLOWED:
                    continue
            elif top in HARNESS:
                pass  # the product and its build never import the harness
            elif top in sys.stdlib_module_names or THIRD_PARTY[layer] is None or top in THIRD_PARTY[layer]:
                continue
            found.setdefault(layer, []).append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return found


def test_every_module_is_in_a_layer_and_the_layers_are_populated():
    counts: dict[str, int] = {}
    for path in modules():
        layer = layer_of(module_name(path))
        counts[layer] = counts.get(layer, 0) + 1
    assert counts["rules"] >= 30 and counts["bots"] >= 5 and counts["schemas"] >= 5 and counts["http"] >= 10
    assert counts["build"] >= 2
    top = sorted(p.name for p in (ROOT / "service").glob("*.py"))
    assert top == ["__init__.py"], f"service/ holds only its layers' folders: {top}"
    families = {p.parent.name for p in (ROOT / "service" / "rules").rglob("*.py")}
    assert {"ohhell", "blot", "baloot", "belote"} <= families


@pytest.mark.parametrize("layer", list(LAYERS))
def test_layer_imports_only_what_is_below_it(layer: str):
    assert violations(modules()).get(layer, []) == []


def test_the_http_layer_uses_all_three_below_it():
    """The HTTP layer is where the schemas, the bots and the rules meet: it imports each of them."""
    http = [p for p in modules() if layer_of(module_name(p)) == "http"]
    used = {layer_of(name) for p in http for name, _ in resolved_imports(p) if is_ours(name)}
    assert {"schemas", "bots", "rules"} <= used


def test_a_module_outside_the_layers_is_in_none():
    with pytest.raises(AssertionError, match="in no layer"):
        layer_of("service.config")
    assert layer_of("service") == "http" and layer_of("service.api.guard") == "http"


def test_the_lower_layers_load_without_the_web_stack():
    """What the static check means at run time: in a fresh interpreter the rules and the bots load
    without Flask or marshmallow, and the schemas without Flask."""
    probe = (
        "import sys\n"
        "import service.rules.registry, service.bots\n"
        "assert not {'flask', 'marshmallow', 'werkzeug'} & set(sys.modules), sorted(sys.modules)\n"
        "import schemas.contract\n"
        "assert not {'flask', 'flask_smorest', 'werkzeug'} & set(sys.modules), sorted(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True, timeout=60)


def test_the_allow_list_holds_only_imports_that_exist():
    """An exception whose import has gone must leave the list, so that the list only shrinks."""
    present = {(module_name(p), name) for p in modules() for name, _ in resolved_imports(p)}
    assert set(ALLOWED) <= present


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("service/bots/x.py", "from ..api.dispatch import run", "service.api.dispatch"),
        ("service/bots/x.py", "from ..api import config", "service.api.config"),
        ("service/bots/x.py", "from .. import __version__", "service"),
        ("service/api/x.py", "from . import i18n", "service.api.i18n"),
        ("service/api/x.py", "from ..rules.cards import SUITS", "service.rules.cards"),
        ("service/bots/x.py", "from ..rules import cards", "service.rules.cards"),
        ("service/rules/blot/x.py", "from ...bots.core import Bot", "service.bots.core"),
        ("service/rules/blot/x.py", "from . import game", "service.rules.blot.game"),
        ("service/rules/x.py", "import flask", "flask"),
        ("schemas/x.py", "from .common import Int", "schemas.common"),
        ("service/rules/__init__.py", "from .. import api", "service.api"),
    ],
)
def test_relative_imports_resolve(module: str, source: str, expected: str, monkeypatch):
    """The resolver itself: a relative import that climbs out of its layer is named for what it is."""
    path = ROOT / module
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: source + "\n")
    assert [name for name, _ in resolved_imports(path)] == [expected]


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("service/bots/x.py", "from ..api.dispatch import run"),
        ("service/bots/x.py", "from ..api import guard"),
        ("service/bots/x.py", "from .. import create_app"),
        ("service/rules/x.py", "from ..bots import core"),
        ("service/rules/blot/x.py", "from ...api import dispatch"),
        ("service/rules/x.py", "import marshmallow"),
        ("schemas/x.py", "from service.bots import core"),
        ("schemas/x.py", "from service.api import headers"),
        ("schemas/x.py", "from tools import examples"),
        ("service/api/x.py", "from tools.examples import PATHS"),
        ("service/api/x.py", "from bench import slow_app"),
        ("tools/x.py", "import tests.conftest"),
        ("schemas/x.py", "from flask import request"),
        ("service/bots/x.py", "from schemas import common"),
    ],
)
def test_a_violation_is_caught(module: str, source: str, monkeypatch):
    """The contract can fail: each of these lines, as a module of its layer, is reported."""
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: source + "\n")
    assert violations([ROOT / module]) != {}
