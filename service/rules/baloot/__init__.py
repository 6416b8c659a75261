"""Saudi Baloot (the Baloot rule book, High Card Club) on the Belote core.

`options` holds the rule options and profiles, `state` the hand state machine (`calling` its calling
and doubling, `cardplay` the card play's rules), `projects` the combinations and their values,
`scoring` the arithmetic, `summary` the reading of a scorepad summary, and `game` the translation
between the contract's JSON and the engine.
"""

from __future__ import annotations

from .game import GAMES, BalootGame, deal_state, read_record
from .state import HandState

__all__ = ["GAMES", "BalootGame", "HandState", "deal_state", "read_record"]
