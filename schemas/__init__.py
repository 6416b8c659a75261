"""The wire contract: marshmallow schemas for every request and response body.

Shapes only: whether a card is in the deck or an action legal is the rules core's question, so
the client gets a rule-specific code (`duplicate_card`, `must_follow_suit`) instead of a generic
schema failure. `common` holds the shared blocks, one module per game family its own types
(`ohhell`), `contract` builds each game's operations from its family's types.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from service.rules.game import Game

from .contract import Family


def family_of(game: Game) -> Family:
    """The wire types of a game's family: the `FAMILY` of the module named after `game.family`
    (schemas/<family>.py), so the registry's games are the one list of families."""
    return _family(game.family)


@cache  # one entry per family of the registry
def _family(family: str) -> Family:
    found = getattr(import_module(f"{__name__}.{family}"), "FAMILY", None)
    if not isinstance(found, Family):
        raise LookupError(f"schemas/{family}.py holds no FAMILY: the {family} family has no wire types")
    return found
