"""Request and response examples for the spec, read from schemas/examples.json.

The file is generated from the engines (`python -m service.examples`) and committed; a test
replays every request example against the app and requires the committed response, so the
examples in the docs are always real answers.
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


def request(operation: str) -> dict[str, Any] | None:
    entry = load().get(operation)
    return entry["request"] if entry else None


def response(operation: str) -> dict[str, Any] | None:
    entry = load().get(operation)
    return entry["response"] if entry else None
