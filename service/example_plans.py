"""What each family's examples show: for every operation a request and a request that earns a 422.

A plan plays real hands through the app (`client.post`), so every example is an answer the service
gives; `service.examples` records the answers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from service.rules.game import Game

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


def _illegal_play(hand: dict[str, Any], states: list[dict[str, Any]]) -> dict[str, Any]:
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


def ohhell(game: Game, client: Poster) -> Iterator[Example]:
    deal = {"seed": 7, "round": 4}
    yield "deals", "deals", deal, {"rules": {"players": 99}}
    hand, states = play_out(client, deal)
    dealt = {**hand, "actions": []}
    yield (
        "hands_play",
        "hands/play",
        {"hand": dealt, "action": states[0]["legal_actions"][0]},
        _illegal_play(hand, states),
    )
    first = states[0]
    out_of_turn = {**first["legal_actions"][0], "seat": (first["to_act"] + 1) % first["players"]}
    yield "hands_state", "hands/state", {**hand, "seat": 1}, {**dealt, "actions": [out_of_turn]}
    final = states[-1]
    if game.id == "nomination-whist":  # a scorepad's summary, where the others show a record
        bids = [b["value"] for b in sorted(final["bids"], key=lambda b: b["seat"])]
        summary = {"bids": bids, "tricks": final["tricks_won"], "round": final["round"]}
        scored: dict[str, Any] = {"summary": summary}
    else:
        scored = {"hand": hand}
    yield "hands_score", "hands/score", scored, {"hand": dealt}
    yield (
        "tricks_winner",
        "tricks/winner",
        {"trump": "H", "leader": 1, "cards": ["AS", "2H", "KS", "QS"]},
        {"trump": "H", "leader": 1, "cards": ["AS", "AS"]},
    )
    yield (
        "tricks_legal",
        "tricks/legal",
        {"trump": "H", "hand": ["AS", "2S", "KH", "3D"], "trick": ["5S"]},
        {"trump": "H", "hand": ["AS", "2S"], "trick": ["AS"]},
    )
    round_one, _ = play_out(client, {"seed": 11, "round": 1})
    _, two = play_out(client, {"seed": 12, "round": 2})
    bids = [b["value"] for b in sorted(two[-1]["bids"], key=lambda b: b["seat"])]
    yield (
        "matches_score",
        "matches/score",
        {"hands": [{"hand": round_one}, {"summary": {"bids": bids, "tricks": two[-1]["tricks_won"]}}]},
        {"hands": [{"summary": {"bids": [1], "tricks": [1]}}]},
    )


def plan(game: Game, client: Poster) -> Iterator[Example]:
    """The game's family's plan: `ohhell` here, any other with its family (`service/rules/<family>/
    examples.py`) or in `service/example_plans_<family>.py` (imported when needed: those modules use
    this one's helpers)."""
    if game.family == "ohhell":
        return ohhell(game, client)
    name = f"service.rules.{game.family}.examples"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        module = importlib.import_module(f"service.example_plans_{game.family}")
    found: Callable[[Game, Poster], Iterator[Example]] = getattr(module, game.family)
    return found(game, client)
