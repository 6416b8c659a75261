"""The one interface the HTTP layer knows: a game answers every operation of the contract.

Inputs are the request bodies as the wire schemas loaded them (plain dicts and lists, card texts
not yet parsed); outputs are JSON-ready dicts. Keeping the boundary at plain data is what lets one
generic set of routes serve every game, and lets the engines be tested without Flask.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from .profile import RuleBook, Rules

Json = dict[str, Any]


class Game(ABC):
    id: str
    family: str  # the game family, which names its wire types in schemas/ (ohhell, blot, baloot)
    name: str
    summary: str
    min_players: int
    max_players: int
    action_types: tuple[str, ...]
    rulebook: RuleBook

    def rules(self, request: Mapping[str, Any] | None) -> Rules:
        return self.rulebook.resolve(request)

    def describe(self) -> Json:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "players": {"min": self.min_players, "max": self.max_players},
            "actions": list(self.action_types),
            "rules": self.rulebook.catalog(),
        }

    @abstractmethod
    def deal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """A fresh hand record: body has dealer, seed (optional), round (optional)."""

    @abstractmethod
    def state(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """The view of a replayed record; body is the record plus an optional `seat`."""

    @abstractmethod
    def play(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """{hand, state} after applying body['action'] to body['hand']."""

    @abstractmethod
    def score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """The score of body['hand'] (a complete record) or body['summary']."""

    @abstractmethod
    def trick_winner(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """Winner of body['cards'] led by body['leader'] under body['trump']."""

    @abstractmethod
    def trick_legal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """The legal cards of body['hand'] for body['trick'], each other card with its reason."""

    @abstractmethod
    def match_score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        """The scorepad over body['hands'] (records or summaries)."""
