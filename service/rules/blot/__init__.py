"""Armenian Bazar Blot (4 players) and the Blot duel (2 players), after the Armenian Blot rule book.

`options` holds the rule options and profiles, `combinations` the values and ranking of runs, four of
a kind and the blot, `scoring` the arithmetic, `state` the deal as a state machine, and `game` the
translation between the contract's JSON and the engine.
"""

from __future__ import annotations

from .game import GAMES, BazarBlotGame, BlotDuelGame, deal_state

__all__ = ["GAMES", "BazarBlotGame", "BlotDuelGame", "deal_state"]
