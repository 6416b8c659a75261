"""Hand-built deals and helpers shared by the Bazar Blot and duel tests."""

from __future__ import annotations

from typing import Any

from service.rules.blot import GAMES
from service.rules.blot.state import COMPLETE, REDEAL, BlotState
from service.rules.parse import parse_record

GAME = {g.id: g for g in GAMES}
BAZAR = GAME["bazar-blot"]
DUEL = GAME["blot-duel"]
RULES = BAZAR.rules(None)
DUEL_RULES = DUEL.rules(None)

# Each seat holds one whole suit: whoever leads keeps the lead unless someone holds trumps.
SUITED = [
    ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
    ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
    ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
    ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
]


def bid(seat: int, value: int, strain: str) -> dict[str, Any]:
    return {"seat": seat, "type": "bid", "value": value, "strain": strain}


def capot(seat: int, strain: str) -> dict[str, Any]:
    return {"seat": seat, "type": "bid", "strain": strain, "capot": True}


def act(seat: int, kind: str) -> dict[str, Any]:
    return {"seat": seat, "type": kind}


def play(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "type": "play", "card": card}


def record(hands: list[list[str]], actions: list[dict[str, Any]], dealer: int = 3) -> dict[str, Any]:
    return {"dealer": dealer, "hands": hands, "actions": actions}


def state(body: dict[str, Any], rules: Any = None, game: Any = BAZAR) -> BlotState:
    rules = rules or game.rules(None)
    return game.replay(rules, body)[1]


def finish(body: dict[str, Any], rules: Any = None, game: Any = BAZAR) -> dict[str, Any]:
    """Play the first legal card (in hand order) until the deal ends; the completed record."""
    rules = rules or game.rules(None)
    st = state(body, rules, game)
    actions = list(body["actions"])
    while st.phase not in (COMPLETE, REDEAL):
        a = st.legal_actions()[0]
        actions.append(a.to_json())
        st = st.apply(a)
    return {**body, "actions": actions}


def view(
    body: dict[str, Any], seat: int | None = None, game: Any = BAZAR, rules: Any = None
) -> dict[str, Any]:
    return game.state(rules or game.rules(None), {**body, "seat": seat})


def parsed(body: dict[str, Any]) -> Any:
    return parse_record(body)
