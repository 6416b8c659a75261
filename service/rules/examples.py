"""What each family's examples show: for every operation a request and a request that earns a 422.

A plan plays real hands through the app (`client.post`, any `Poster`), so every example is an answer
the service gives; `tools.examples` records the answers. Each family's plan lives with the family
(`service/rules/<family>/examples.py`, a function named after the family) and uses the helpers here;
nothing here needs the web stack, so the rules core stays pure. The engines never import these
modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from .game import Game

Example = tuple[str, str, dict[str, Any], dict[str, Any]]  # key, path, request, problem request


class Poster(Protocol):
    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]: ...


Choose = Callable[[dict[str, Any]], dict[str, Any]]


def first_legal(state: dict[str, Any]) -> dict[str, Any]:
    return dict(state["legal_actions"][0])


def play_out(
    client: Poster, deal: dict[str, Any], choose: Choose = first_legal
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Deal and play a hand with each seat's first legal action (or `choose`'s); the record and
    every state."""
    hand = client.post("deals", deal)["hand"]
    states = [client.post("hands/state", hand)]
    while states[-1]["phase"] != "complete":
        hand = {**hand, "actions": [*hand["actions"], choose(states[-1])]}
        states.append(client.post("hands/state", hand))
    return hand, states


def illegal_play(hand: dict[str, Any], states: list[dict[str, Any]]) -> dict[str, Any]:
    """The first point of the hand where the seat to play holds a card it may not play."""
    for i, state in enumerate(states):
        if state["phase"] != "play":
            continue
        seat = state["to_act"]
        legal = {a["card"] for a in state["legal_actions"]}
        for card in state["hands"][seat]:
            if card not in legal:
                record = {**hand, "actions": hand["actions"][:i]}
                return {"hand": record, "action": {"seat": seat, "type": "play", "card": card}}
    first = states[0]
    wrong = (first["to_act"] + 1) % first["players"]
    return {"hand": {**hand, "actions": []}, "action": {**first["legal_actions"][0], "seat": wrong}}


def suggestion(client: Poster, hand: dict[str, Any], states: list[dict[str, Any]], index: int = 0) -> Example:
    """hands/suggest at the hand's `index`-th action, for the seat to act, at level easy (it never
    searches, so its answer is the seed's whatever the server's load): the first seed whose action
    is not a pass, to show the game's own actions. The 422: the complete hand."""
    state = states[index]
    base = {"hand": {**hand, "actions": hand["actions"][:index]}, "seat": state["to_act"], "level": "easy"}
    request = {**base, "seed": 0}
    for seed in range(32):
        if client.post("hands/suggest", {**base, "seed": seed})["action"]["type"] != "pass":
            request = {**base, "seed": seed}
            break
    return "hands_suggest", "hands/suggest", request, {"hand": hand, "seat": 0, "level": "easy"}


def plan(game: Game, client: Poster) -> Iterator[Example]:
    """The plan of the game's family: `<family>(game, client)` in `service/rules/<family>/examples.py`."""
    module = importlib.import_module(f"{__package__}.{game.family}.examples")
    found: Callable[[Game, Poster], Iterator[Example]] = getattr(module, game.family)
    return found(game, client)
