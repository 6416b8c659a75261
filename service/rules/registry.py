"""Game id -> Game: the one list of games. A new family is one entry of FAMILIES (its package's
GAMES are read whole); the HTTP layer, the wire types and the bots follow from a game's entry."""

from __future__ import annotations

from . import baloot, blot, ohhell
from .game import Game

FAMILIES = (ohhell, blot, baloot)  # each game family's package, with its GAMES

GAMES: dict[str, Game] = {game.id: game for family in FAMILIES for game in family.GAMES}


def find(game_id: str) -> Game | None:
    return GAMES.get(game_id)
