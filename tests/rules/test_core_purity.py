"""The rules core stays pure: standard library only, so it runs (and is tested) without a web stack."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "service" / "rules"


def foreign_imports(path: Path) -> set[str]:
    """What `path` imports from outside the standard library and the rules package itself."""
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
            if name == "service.rules" or name.startswith("service.rules."):
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
