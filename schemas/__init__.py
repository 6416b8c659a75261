"""The wire contract: marshmallow schemas for every request and response body.

Shapes only: whether a card is in the deck or an action legal is the rules core's question, so
the client gets a rule-specific code (`duplicate_card`, `must_follow_suit`) instead of a generic
schema failure. `common` holds the shared blocks, one module per game family its own types
(`ohhell`), `contract` builds each game's operations from its family's types.
"""

from __future__ import annotations

from service.rules.game import Game

from .contract import Family


def family_of(game: Game) -> Family:
    """The wire types of a game's family (a new family adds its module here)."""
    from . import baloot, blot, ohhell

    families = {"ohhell": ohhell.FAMILY, "blot": blot.FAMILY, "baloot": baloot.FAMILY}
    return families[game.family]
