"""Baloot's examples: for every operation a request and a request that earns a 422 (see
service/rules/examples.py, which finds this plan in the family and whose helpers it uses).

Not part of the engine: only `python -m tools.examples` imports it (the package's `__init__` does
not); it plays hands through any client (`Poster`), so it needs nothing but the standard library.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..examples import Example, Poster, illegal_play, play_out, suggestion
from ..game import Game


def _call(state: dict[str, Any]) -> dict[str, Any]:
    """The first legal action, except that the first speaker calls (the first offered is always
    `pass`, and four passes twice over deal again)."""
    legal = state["legal_actions"]
    if state["phase"] == "calling":
        return dict(next((a for a in legal if a["type"] != "pass"), legal[0]))
    return dict(legal[0])


def _called(client: Poster, seed: int, dealer: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A hand dealt with `seed`, called by the first speaker and played with the first legal cards."""
    return play_out(client, {"seed": seed, "dealer": dealer}, _call)


def baloot(game: Game, client: Poster) -> Iterator[Example]:
    deal = {"seed": 7}
    yield "deals", "deals", deal, {"rules": {"match_hands": 7}}
    hand, states = _called(client, 7)
    dealt = {**hand, "actions": []}
    yield (
        "hands_play",
        "hands/play",
        {"hand": dealt, "action": states[0]["legal_actions"][0]},
        illegal_play(hand, states),
    )
    first = states[0]
    out_of_turn = {**first["legal_actions"][0], "seat": (first["to_act"] + 1) % first["players"]}
    yield "hands_state", "hands/state", {**hand, "seat": 1}, {**dealt, "actions": [out_of_turn]}
    yield "hands_score", "hands/score", {"hand": hand}, {"hand": dealt}
    yield (
        "tricks_winner",
        "tricks/winner",
        {"trump": "H", "leader": 1, "cards": ["AS", "7H", "KS", "TS"]},
        {"trump": "H", "leader": 1, "cards": ["AS", "AS"]},
    )
    yield (
        "tricks_legal",
        "tricks/legal",
        {"trump": "H", "hand": ["AS", "7S", "KH", "8D"], "trick": ["9S"]},
        {"trump": "H", "hand": ["AS", "7S"], "trick": ["AS"]},
    )
    one, _ = _called(client, 11, dealer=0)
    _, two = _called(client, 12, dealer=3)
    summary = two[-1]["result"]["summary"]
    yield (
        "matches_score",
        "matches/score",
        {"hands": [{"hand": one}, {"summary": summary}]},
        {"hands": [{"summary": {**summary, "tricks": [8, 8]}}]},
    )
    yield suggestion(client, hand, states)
