"""The one interface the HTTP layer knows: a game answers every operation of the contract.

Inputs are the request bodies as the wire schemas loaded them (plain dicts and lists, card texts
not yet parsed); outputs are JSON-ready dicts. Keeping the boundary at plain data is what lets one
generic set of routes serve every game, and lets the engines be tested without Flask.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Protocol, Self

from .errors import CARD_CODES, RuleError
from .profile import RuleBook, Rules
from .record import Action, HandRecord

Json = dict[str, Any]
VIEWS = ("state", "play")  # the operations a request may make for one seat's view


class State(Protocol):
    """What every family's hand state answers under the same names."""

    @property
    def phase(self) -> str: ...

    def apply(self, action: Action) -> Self: ...

    def view(self, seat: int | None = None) -> Json: ...

    def result(self) -> Json: ...


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

    def answer(self, operation: str, rules: Rules, body: Mapping[str, Any]) -> Json:
        """Run one operation (a method name below) as the contract answers it: a request made for a
        seat's view (hands/state or hands/play with `seat`) gets its errors as that seat may read
        them (`for_seat`)."""
        try:
            result: Json = getattr(self, operation)(rules, body)
        except RuleError as e:
            seat = body.get("seat")
            if type(seat) is int and operation in VIEWS:
                raise self.for_seat(e, rules, body, seat) from None
            raise
        return result

    def for_seat(self, error: RuleError, rules: Rules, body: Mapping[str, Any], seat: int) -> RuleError:
        """`error` as `seat` may read it, answering a request made for that seat's view (hands/state
        or hands/play with `seat`): the code, action index and field stay, but a detail that names
        what the seat may not see is withheld.

        This default knows that a seat sees its own hand and nothing else that is hidden, and it is
        conservative: a card-level error that does not say which places it names is withheld
        whole. A game with more hidden or more public places (hidden bids, a turned card that is
        only sometimes shown) overrides it.
        """
        if not error.reveals:
            return error.withheld(f"seat {seat}") if error.code in CARD_CODES else error
        return error.for_viewer(lambda place: place == f"hands.{seat}", f"seat {seat}")

    @abstractmethod
    def start(self, rules: Rules, record: HandRecord) -> State:
        """The first state of a record's deal, the deal checked and none of its actions applied:
        the one way into the engine from a record (the bots, the benchmarks, the tests)."""

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
