"""Request, response and problem examples for the spec, read from schemas/examples.json.

The file is generated from the engines (`python -m tools.examples`) and committed; a test
replays every example against the app and requires the committed answer, so the examples in the
docs are always real answers.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

EXAMPLES_FILE = Path(__file__).resolve().parents[2] / "schemas" / "examples.json"


@cache
def load() -> dict[str, Any]:
    if not EXAMPLES_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(EXAMPLES_FILE.read_text())
    return data


def catalog(name: str) -> Any:
    """The answer of a catalog or probe operation (`games`, `healthz`, `readyz`)."""
    return load().get("catalog", {}).get(name)


def operation(game: str, key: str) -> dict[str, Any]:
    """{request, response, problems} of one game's operation; empty where none was generated."""
    found: dict[str, Any] = load().get("games", {}).get(game, {}).get(key, {})
    return found
