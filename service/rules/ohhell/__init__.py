"""The Oh Hell family: Blob, Nomination Whist and Oh Hell, one engine with every variant an option.

`options` holds the rule options and schedules, `state` the hand state machine, `scoring` the
arithmetic, and `game` the translation between the contract's JSON and the engine.
"""

from __future__ import annotations

from .game import GAMES, HandState, OhHellGame, deal_state, parse_record

__all__ = ["GAMES", "HandState", "OhHellGame", "deal_state", "parse_record"]
