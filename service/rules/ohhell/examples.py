"""The Oh Hell family's examples (Blob, Nomination Whist, Oh Hell) for the contract: see
service/rules/examples.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..examples import Example, Poster, illegal_play, play_out, suggestion
from ..game import Game


def ohhell(game: Game, client: Poster) -> Iterator[Example]:
    deal = {"seed": 7, "round": 4}
    yield "deals", "deals", deal, {"rules": {"players": 99}}
    hand, states = play_out(client, deal)
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
    yield suggestion(client, hand, states)
