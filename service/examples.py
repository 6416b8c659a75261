"""Generate schemas/examples.json: one real request and its real response per operation.

Run `python -m service.examples` (part of `make openapi`) after an engine changes. The examples
are played through the app itself, so they are answers the service really gives; a test replays
each request and requires the committed response.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from service.api.examples import EXAMPLES_FILE

GAME = "oh-hell"


def _post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(f"/v1/games/{GAME}/{path}", json=body)
    if resp.status_code != 200:
        raise RuntimeError(f"{path}: {resp.status_code} {resp.get_data(as_text=True)}")
    data: dict[str, Any] = resp.get_json()
    return data


def build() -> dict[str, Any]:
    from service import create_app

    client = create_app().test_client()
    out: dict[str, Any] = {}
    for name, path in (
        ("games", "/v1/games"),
        ("game", f"/v1/games/{GAME}"),
        ("healthz", "/healthz"),
        ("readyz", "/readyz"),
    ):
        out[name] = {"request": None, "response": client.get(path).get_json()}

    deal_request = {"seed": 7, "round": 4}
    deal = _post(client, "deals", deal_request)
    out["deals"] = {"request": deal_request, "response": deal}

    hand = deal["hand"]
    first = _post(client, "hands/state", hand)
    play_request = {"hand": hand, "action": first["legal_actions"][0]}
    out["hands_play"] = {"request": play_request, "response": _post(client, "hands/play", play_request)}

    state = first
    while state["phase"] != "complete":
        hand = {**hand, "actions": [*hand["actions"], state["legal_actions"][0]]}
        state = _post(client, "hands/state", hand)
    state_request = {**hand, "seat": 1}
    out["hands_state"] = {"request": state_request, "response": _post(client, "hands/state", state_request)}

    score_request = {"hand": hand}
    out["hands_score"] = {"request": score_request, "response": _post(client, "hands/score", score_request)}

    winner_request = {"trump": "H", "leader": 1, "cards": ["AS", "2H", "KS", "QS"]}
    out["tricks_winner"] = {
        "request": winner_request,
        "response": _post(client, "tricks/winner", winner_request),
    }

    legal_request = {"trump": "H", "hand": ["AS", "2S", "KH", "3D"], "trick": ["5S"]}
    out["tricks_legal"] = {"request": legal_request, "response": _post(client, "tricks/legal", legal_request)}

    match_request = {
        "first_dealer": 0,
        "hands": [
            {"summary": {"bids": [3, 2, 2, 1], "tricks": [4, 2, 3, 1]}},
            {"summary": {"bids": [2, 2, 3, 0], "tricks": [2, 3, 3, 1]}},
        ],
    }
    out["matches_score"] = {
        "request": match_request,
        "response": _post(client, "matches/score", match_request),
    }
    return out


def write() -> None:
    EXAMPLES_FILE.write_text(json.dumps(build(), indent=1) + "\n")


if __name__ == "__main__":
    write()
    sys.stdout.write(f"wrote {EXAMPLES_FILE}\n")
