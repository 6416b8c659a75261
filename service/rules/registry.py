"""Game id -> Game. Adding a game is one line here; the HTTP layer never changes."""

from __future__ import annotations

from .game import Game

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    GAMES[game.id] = game
    return game


def find(game_id: str) -> Game | None:
    return GAMES.get(game_id)
