"""The Blot family's examples (Bazar Blot and the duel): see service/rules/examples.py.

They live with the family (`service.rules.examples.plan` finds them); the module plays hands through
the app's client, so the engine never imports it.

The hands are played as a table would: the first bid (or take) is held, the others pass, its holder
keeps it, and every card is the first legal one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..examples import Example, Poster, illegal_play, suggestion
from ..game import Game


def _choose(state: dict[str, Any]) -> dict[str, Any]:
    """Keep the standing bid, pass over it, else the first legal action (the first bid, take, a card)."""
    legal: list[dict[str, Any]] = state["legal_actions"]
    for kind in ("keep", "pass"):
        for action in legal:
            if action["type"] == kind and (kind == "keep" or state["contract"] is not None):
                return action
    return legal[0]


def play_blot(client: Poster, deal: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Deal and play a hand: the record and every state."""
    hand = client.post("deals", deal)["hand"]
    states = [client.post("hands/state", hand)]
    while states[-1]["phase"] != "complete":
        hand = {**hand, "actions": [*hand["actions"], _choose(states[-1])]}
        states.append(client.post("hands/state", hand))
    return hand, states


def blot(game: Game, client: Poster) -> Iterator[Example]:
    bazar = game.id == "bazar-blot"
    deal = {"seed": 7}
    yield "deals", "deals", deal, {"rules": {"target": 0}}
    hand, states = play_blot(client, deal)
    dealt = {**hand, "actions": []}
    yield (
        "hands_play",
        "hands/play",
        {"hand": dealt, "action": _choose(states[0])},
        illegal_play(hand, states),
    )
    first = states[0]
    out_of_turn = {**first["legal_actions"][0], "seat": (first["to_act"] + 1) % first["players"]}
    yield "hands_state", "hands/state", {**hand, "seat": 1}, {**dealt, "actions": [out_of_turn]}
    final = states[-1]
    scored: dict[str, Any] = {"hand": hand} if bazar else {"summary": final["result"]["summary"]}
    yield "hands_score", "hands/score", scored, {"hand": dealt}
    if bazar:
        cards, hand_cards, trick = ["AS", "7H", "KS", "QS"], ["AS", "9S", "KH", "JD"], ["TS"]
    else:
        cards, hand_cards, trick = ["AS", "9H"], ["AS", "9S", "KH", "JD"], ["TS"]
    yield (
        "tricks_winner",
        "tricks/winner",
        {"trump": "H", "leader": 1, "cards": cards},
        {"trump": "H", "leader": 1, "cards": ["AS", "AS"]},
    )
    yield (
        "tricks_legal",
        "tricks/legal",
        {"trump": "H", "hand": hand_cards, "trick": trick},
        {"trump": "H", "hand": ["AS", "9S"], "trick": ["AS"]},
    )
    first_deal, _ = play_blot(client, {"seed": 11, "dealer": 0})
    _, second = play_blot(client, {"seed": 12, "dealer": 1})
    void = {"contract": None, "card_points": [10, 0], "tricks": [0, 0], "combinations": [0, 0]}
    yield (
        "matches_score",
        "matches/score",
        {"hands": [{"hand": first_deal}, {"summary": second[-1]["result"]["summary"]}]},
        {"hands": [{"summary": void}]},
    )
    yield suggestion(client, hand, states)
