"""The rules core stays pure: standard library only, so it runs (and is tested) without a web stack."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "service" / "rules"


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_core_imports_only_the_standard_library():
    offenders = {}
    for path in sorted(RULES.glob("*.py")):
        foreign = {m for m in imported_roots(path) if m not in sys.stdlib_module_names}
        if foreign:
            offenders[path.name] = sorted(foreign)
    assert offenders == {}
    assert len(list(RULES.glob("*.py"))) >= 8
