"""Bots at the rule books' four levels: given one seat's view, the action to take.

Pure like service/rules (no Flask, no marshmallow): `suggest` takes the JSON view a seat gets from
hands/state (never the record: no peeking by construction), parses it once into the family's typed
view (views.py), and answers a `Suggestion` whose action
is ready to send to hands/play. docs/bots.md describes the levels.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import Any

from ..rules.errors import Code, IllegalAction, InvalidRecord, scalar
from ..rules.game import Game
from ..rules.record import Action
from ..rules.registry import GAMES
from . import compiled  # noqa: F401  (before .core: it may put lean's compiled build in place)
from .core import LEVELS, Family, Level, Suggestion, search

__all__ = ["LEVELS", "Level", "Suggestion", "family_of", "suggest"]


def family_of(game: str) -> Family[Any, Any]:
    """The bots' family of a registered game: the module named after the rules' family
    (service/bots/<family>.py) chooses it from the game's own attributes (`family_for`), so the
    registry's games are the one list."""
    found = GAMES.get(game)
    if found is None:
        raise InvalidRecord(
            Code.INVALID_RULE_VALUE, f"no bot plays {game!r}", params={"game": scalar(game)}, case="bot_game"
        )
    return _family(found)


@cache  # one entry per game of the registry
def _family(game: Game) -> Family[Any, Any]:
    module = import_module(f"{__name__}.{game.family}")
    chosen: Family[Any, Any] = module.family_for(game)
    return chosen


def suggest(
    game: str,
    view: Mapping[str, Any],
    seat: int,
    level: str = "normal",
    seed: int = 0,
    budget_ms: float | None = None,
    clock: bool = True,
    since: float | None = None,
    family: Family[Any, Any] | None = None,
) -> Suggestion:
    """The action `seat` should take, seen from its `view` (what hands/state answers with `seat`).

    A complete hand is `hand_complete`, a seat with nothing to do `not_your_turn` (422 on the wire).
    `seed` makes the answer repeatable; `budget_ms` can only lower the level's own budget in the
    game (`Level.budget_for`). The budget fixes the number of playouts before the search starts (a
    calibrated count), so the answer depends on the seed only; `clock` makes the budget a cap as
    well: on a loaded machine the search stops before the budget's end (`core.stop_ms`) with the
    best answer so far (then `cut` is true and the answer may differ from run to run). `since` (a
    `time.perf_counter()` reading) is when the request arrived: the cap then runs from there, so
    that reading the record and building the view before the search count against the budget the
    caller asked for.
    `family` replaces the game's own (`family_of`): a bench's judge that reads more than the view
    (`bench.differ.seeing`); the service never passes one.
    """
    if game not in GAMES:
        raise InvalidRecord(
            Code.INVALID_RULE_VALUE, f"no game {game!r}", params={"game": scalar(game)}, case="bot_game"
        )
    lv = LEVELS.get(level)
    if lv is None:
        raise InvalidRecord(
            Code.INVALID_RULE_VALUE,
            f"level {level!r}: easy, normal, hard or crazy",
            field="level",
            params={"value": scalar(level)},
            case="bot_level",
        )
    if view.get("phase") in ("complete", "redeal") or view.get("result") is not None:
        raise IllegalAction(Code.HAND_COMPLETE, "the hand is complete: there is nothing to suggest")
    hands = view.get("hands")
    if not isinstance(hands, list) or not 0 <= seat < len(hands):
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"seat {seat!r} is not a seat of this table",
            field="seat",
            params={"seat": scalar(seat)},
            case="seat",
        )
    legal = tuple(Action.from_json(a) for a in view.get("legal_actions") or () if a.get("seat") == seat)
    if not legal:
        raise IllegalAction(
            Code.NOT_YOUR_TURN,
            f"seat {seat} has no action to take now (seat {view.get('to_act')} is to act)",
            params={"seat": scalar(seat), "to_act": scalar(view.get("to_act"))},
        )
    rules = GAMES[game].rules({"profile": view["rules"]["profile"], **view["rules"]["options"]})
    fam = family if family is not None else family_of(game)
    default = lv.budget_for(game)
    budget = default if budget_ms is None else min(default, float(budget_ms))
    return search(fam, fam.parse(view, seat), seat, rules, legal, lv, seed, budget, clock, since)
