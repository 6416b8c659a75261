"""The rules core stays pure: standard library only, so it runs (and is tested) without a web stack."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[2] / "service"
RULES = SERVICE / "rules"
BOTS = SERVICE / "bots"  # bots sit above the rules, pure like them


def foreign_imports(path: Path, own: tuple[str, ...] = ("rules",)) -> set[str]:
    """What `path` imports from outside the standard library and the `service` packages `own`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue  # relative imports stay inside the package
        for name in names:
            if name.split(".")[0] in sys.stdlib_module_names:
                continue
            parts = name.split(".")
            if parts[0] == "service" and len(parts) > 1 and parts[1] in own:
                continue
            found.add(name)
    return found


def test_rules_core_imports_only_the_standard_library():
    """Every module of the package, the families' and their examples' too (the families used to be
    skipped: a family's examples imported `service.example_plans` unnoticed)."""
    modules = sorted(RULES.rglob("*.py"))
    offenders = {str(p.relative_to(RULES)): sorted(f) for p in modules if (f := foreign_imports(p))}
    assert offenders == {}
    assert len(modules) >= 30
    assert {"ohhell", "blot", "baloot", "belote"} <= {p.parent.name for p in modules}


def test_bots_import_only_the_standard_library_and_the_rules():
    offenders = {
        str(p.relative_to(BOTS)): sorted(f)
        for p in BOTS.rglob("*.py")
        if (f := foreign_imports(p, ("rules", "bots")))
    }
    assert offenders == {}
    assert len(list(BOTS.rglob("*.py"))) >= 5
