"""Game id -> Game. Adding a game is one line here; the HTTP layer never changes."""

from __future__ import annotations

from . import baloot, blot, ohhell
from .game import Game

GAMES: dict[str, Game] = {game.id: game for game in (*ohhell.GAMES, *blot.GAMES, *baloot.GAMES)}


def find(game_id: str) -> Game | None:
    return GAMES.get(game_id)
