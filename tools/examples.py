"""Generate schemas/examples.json: for every game and operation a real request, its real answer, and
a real 422 with the request that caused it.

Run `python -m tools.examples` (part of `make openapi`) after an engine changes. The examples are
played through the app itself, so they are answers the service really gives; a test replays each
request and requires the committed answer. A game's examples come from its family's plan
(`service/rules/<family>/examples.py`, found by `service/rules/examples.py`), so adding a game adds
its examples without touching this module.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from service.api.examples import EXAMPLES_FILE


class Client:
    def __init__(self, game: str) -> None:
        from service import create_app

        self.http = create_app().test_client()
        self.game = game

    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        resp = self.http.post(f"/v1/games/{self.game}/{path}", json=body)
        data: dict[str, Any] = resp.get_json(force=True)
        if resp.status_code != status:
            raise RuntimeError(f"{self.game} {path}: {resp.status_code} {data}")
        data.pop("request_id", None)  # random per request: not part of an example
        if path == "hands/suggest" and "elapsed_ms" in data:
            # how long the bot thought varies from run to run (the example test ignores it): whole
            # milliseconds, rounded up, so that regenerating the examples does not rewrite them
            data["elapsed_ms"] = float(math.ceil(data["elapsed_ms"]))
        return data


def build() -> dict[str, Any]:
    from service import create_app
    from service.rules import registry
    from service.rules.examples import plan

    http = create_app().test_client()
    out: dict[str, Any] = {
        "catalog": {name: http.get(path).get_json() for name, path in CATALOG.items()},
        "games": {},
    }
    for game in registry.GAMES.values():
        client = Client(game.id)
        entries: dict[str, Any] = {
            "game": {"response": http.get(f"/v1/games/{game.id}").get_json()},
            # in English: a GET without Accept-Language (docs/glossary.md shows other languages)
            "glossary": {"response": http.get(f"/v1/games/{game.id}/glossary").get_json()},
        }
        for key, path, request, problem_request in plan(game, client):
            entries[key] = {
                "request": request,
                "response": client.post(path, request),
                "problem_request": problem_request,
                "problem": client.post(path, problem_request, status=422),
            }
        out["games"][game.id] = entries
    return out


CATALOG = {"games": "/v1/games", "healthz": "/healthz", "readyz": "/readyz"}
PATHS = {
    "deals": "deals",
    "hands_state": "hands/state",
    "hands_play": "hands/play",
    "hands_score": "hands/score",
    "tricks_winner": "tricks/winner",
    "tricks_legal": "tricks/legal",
    "matches_score": "matches/score",
    "hands_suggest": "hands/suggest",
}


def write() -> None:
    EXAMPLES_FILE.write_text(json.dumps(build(), indent=1) + "\n")


if __name__ == "__main__":
    write()
    sys.stdout.write(f"wrote {EXAMPLES_FILE}\n")
