"""The trick operations every Belote game answers the same way: who wins a trick, and which cards a
hand may play to it, from the one trick play (`trickplay`) with the game's duties and card points.

A game says only what differs: its seats and deck, its trump (the duel refuses no trump), each
card's points under a trump (`trick_points`) and the duties its rules put in force (`trick_duties`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card, Suit, suit_of
from ..game import Game, Json
from ..parse import read_strain
from ..profile import Rules
from ..tricks import legal_answer, read_hand_and_trick, read_played, winner_answer
from .duties import BeloteDuties
from .trickplay import refusals, trick_winner


class BeloteGame(Game):
    """A Belote game's `trick_winner` and `trick_legal`."""

    players: int
    deck: tuple[Card, ...]

    def read_trump(self, value: object) -> str:
        return read_strain(value, "trump")

    def trick_points(self, trump: Suit | None) -> Mapping[Card, int]:
        """Each card's points under `trump` (None: no trump)."""
        raise NotImplementedError

    def trick_duties(self, rules: Rules) -> BeloteDuties:
        """The duties `rules` put in force."""
        raise NotImplementedError

    def trick_winner(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        trump = suit_of(self.read_trump(body.get("trump")))
        leader, played = read_played(body, self.players, self.deck)
        values = self.trick_points(trump)
        points = sum(values[c] for c in played)
        return winner_answer(rules, leader, played, trick_winner(played, trump), points, self.players)

    def trick_legal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        trump = suit_of(self.read_trump(body.get("trump")))
        hand, trick = read_hand_and_trick(body, self.players, self.deck, 8)
        verdict = refusals(hand, trick, trump, self.trick_duties(rules), self.players)
        return legal_answer(rules, hand, verdict, trick, trump)
