"""Typed rule errors with stable codes.

Three kinds, after python-chess: a text that is not a card or strain (`InvalidNotation`), a
record that cannot describe a real deal (`InvalidRecord`), and an action the rules forbid at that
point (`IllegalAction`). Every one carries a code from the closed `Code` list so that clients can
branch on it; the HTTP layer turns them into problem+json without knowing any game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

# A parameter of an error or of an illegal card's verdict: a JSON scalar (a seat, a card "JS", a
# suit "H", a strain, a bid). Players' texts are formatted from them in the HTTP layer
# (service/api/i18n.py): the rules core names what happened, never in words for players.
Param = str | int | bool | None
Params = Mapping[str, Param]
PARAM_CHARS = 40  # a parameter echoing the client's own value (an unknown option) is cut to this
WITHHELD = "withheld"  # the case of an error whose detail a seat view may not read (`withheld`)


class Code(StrEnum):
    """The closed list of rule-level error codes (documented in docs/errors.md)."""

    # notation
    INVALID_CARD = "invalid_card"
    INVALID_STRAIN = "invalid_strain"
    # rule profiles
    UNKNOWN_PROFILE = "unknown_profile"
    UNKNOWN_RULE_OPTION = "unknown_rule_option"
    RULES_CONFLICT = "rules_conflict"
    INVALID_RULE_VALUE = "invalid_rule_value"
    # record consistency
    WRONG_PLAYER_COUNT = "wrong_player_count"
    INVALID_SEAT = "invalid_seat"
    DUPLICATE_CARD = "duplicate_card"
    FOREIGN_CARD = "foreign_card"
    WRONG_HAND_SIZE = "wrong_hand_size"
    INVALID_TURNED_CARD = "invalid_turned_card"
    INVALID_ROUND = "invalid_round"
    INVALID_TRICK = "invalid_trick"
    INVALID_SUMMARY = "invalid_summary"
    HAND_INCOMPLETE = "hand_incomplete"
    # actions
    UNKNOWN_ACTION = "unknown_action"
    NOT_YOUR_TURN = "not_your_turn"
    VIEW_SEAT_MISMATCH = "view_seat_mismatch"
    WRONG_PHASE = "wrong_phase"
    HAND_COMPLETE = "hand_complete"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_TRUMP = "must_trump"
    MUST_OVERTRUMP = "must_overtrump"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_TOO_LOW = "bid_too_low"
    DEALER_BID_RESTRICTED = "dealer_bid_restricted"
    NOT_TRUMP_CALLER = "not_trump_caller"
    INVALID_TRUMP = "invalid_trump"
    WRONG_DEALER = "wrong_dealer"
    # Bazar Blot and the duel
    ACTION_FIELD_NOT_ALLOWED = "action_field_not_allowed"
    CONTRA_NOT_ALLOWED = "contra_not_allowed"
    RECONTRA_NOT_ALLOWED = "recontra_not_allowed"
    KEEP_NOT_ALLOWED = "keep_not_allowed"
    MUST_KEEP_OR_RAISE = "must_keep_or_raise"
    DEALER_MUST_NAME = "dealer_must_name"
    # Baloot
    CALL_NOT_ALLOWED = "call_not_allowed"
    DOUBLE_NOT_ALLOWED = "double_not_allowed"
    TRUMP_LEAD_LOCKED = "trump_lead_locked"
    INVALID_STOCK = "invalid_stock"
    INVALID_SEED = "invalid_seed"
    # Bazar Blot, the duel and Baloot
    MATCH_OVER = "match_over"


MESSAGES: dict[Code, str] = {
    Code.INVALID_CARD: "Not a card in this game's notation",
    Code.INVALID_STRAIN: "Not a strain: use S, H, D, C or NT",
    Code.UNKNOWN_PROFILE: "No rule profile of that name for this game",
    Code.UNKNOWN_RULE_OPTION: "No rule option of that name for this game",
    Code.RULES_CONFLICT: "The request and its hand record name different rules",
    Code.INVALID_RULE_VALUE: "That value is not allowed for this rule option",
    Code.WRONG_PLAYER_COUNT: "This game is not played by that many players",
    Code.INVALID_SEAT: "No such seat at this table",
    Code.DUPLICATE_CARD: "A card appears more than once",
    Code.FOREIGN_CARD: "A card that is not in this game's deck",
    Code.WRONG_HAND_SIZE: "A hand has the wrong number of cards",
    Code.INVALID_TURNED_CARD: "The turned card is missing, extra or not allowed here",
    Code.INVALID_ROUND: "No such round in the deal schedule",
    Code.INVALID_TRICK: "The trick cannot have been played",
    Code.INVALID_SUMMARY: "The summary cannot describe a real hand",
    Code.HAND_INCOMPLETE: "The hand is not finished yet",
    Code.UNKNOWN_ACTION: "This game has no action of that type",
    Code.NOT_YOUR_TURN: "It is another seat's turn",
    Code.VIEW_SEAT_MISMATCH: "A play for one seat's view must be that seat's own action",
    Code.WRONG_PHASE: "That action does not belong to this phase of the hand",
    Code.HAND_COMPLETE: "The hand is already complete",
    Code.CARD_NOT_IN_HAND: "That card is not in the seat's hand",
    Code.MUST_FOLLOW_SUIT: "Follow the suit led",
    Code.MUST_TRUMP: "Play a trump",
    Code.MUST_OVERTRUMP: "Play a higher trump",
    Code.BID_OUT_OF_RANGE: "Bid outside the allowed range",
    Code.BID_TOO_LOW: "Bid higher than the current contract",
    Code.DEALER_BID_RESTRICTED: "The dealer may not make the bids total the number of tricks",
    Code.NOT_TRUMP_CALLER: "Only the highest caller nominates trumps",
    Code.INVALID_TRUMP: "That trump is not allowed here",
    Code.WRONG_DEALER: "That seat does not deal this hand of the match",
    # Bazar Blot and the duel
    Code.ACTION_FIELD_NOT_ALLOWED: "That field does not belong to this type of action",
    Code.CONTRA_NOT_ALLOWED: "Only the side not holding the bid may say contra, once",
    Code.RECONTRA_NOT_ALLOWED: "Only the bidders may answer a contra with recontra",
    Code.KEEP_NOT_ALLOWED: "Only the holder of a bid the other three passed may keep it",
    Code.MUST_KEEP_OR_RAISE: "Keep your bid or raise it",
    Code.DEALER_MUST_NAME: "The dealer must name a trump suit",
    # Baloot
    Code.CALL_NOT_ALLOWED: "That call is not open to this seat at this point of the calling",
    Code.DOUBLE_NOT_ALLOWED: "That doubling step is not open to this seat",
    Code.TRUMP_LEAD_LOCKED: "The doubled hand is closed: do not lead a trump while holding another suit",
    Code.INVALID_STOCK: "The stock must hold exactly the cards not yet dealt",
    Code.INVALID_SEED: "A seed is an integer from 0 to 2**53 - 1",
    # Bazar Blot, the duel and Baloot
    Code.MATCH_OVER: "The match is already decided: no further hand can be scored",
}


@dataclass(frozen=True)
class RuleError(Exception):
    """Base of every rule-level failure; `detail` says what exactly, `code` says which rule."""

    code: Code
    detail: str = ""
    action_index: int | None = None
    field: str | None = None
    # The places of the record whose hidden contents `detail` names ("hands.3", "turned", "bids.2"):
    # a seat that may not see one of them gets the error without the detail (`for_viewer`).
    reveals: tuple[str, ...] = ()
    # What the players' text says, as data (docs/errors.md lists them per code): a seat, a card,
    # a suit... `case` picks the text where one code covers different situations
    # (`invalid_rule_value` of a duplicate and of a value not allowed): the catalog's key is
    # `detail.<code>` or `detail.<code>.<case>` (`key`).
    params: Params = dataclasses.field(default_factory=dict, compare=False)
    case: str = ""

    def __post_init__(self) -> None:
        Exception.__init__(self, self.detail or MESSAGES[self.code])

    @property
    def title(self) -> str:
        return MESSAGES[self.code]

    @property
    def key(self) -> str:
        """The catalog key of the players' text of this error (service/api/i18n.py `detail`)."""
        return detail_key(self.code, self.case)

    def at(self, action_index: int) -> RuleError:
        """The same error, pinned to the action of the record that caused it."""
        return dataclasses.replace(self, action_index=action_index)

    def moved(self, detail: str, field: str | None) -> RuleError:
        """The same error (code, params) found at another place of a larger body."""
        return dataclasses.replace(self, detail=detail, field=field, reveals=())

    def for_viewer(self, sees: Callable[[str], bool], who: str) -> RuleError:
        """The error as a viewer may read it: its detail only if it reveals nothing hidden from them.

        The code, the action index and the field stay (they name the rule and the place, not
        what is there); a detail naming hidden cards or bids is replaced by a neutral one.
        """
        if all(sees(place) for place in self.reveals):
            return self
        return self.withheld(who)

    def withheld(self, who: str) -> RuleError:
        """The same error with a neutral detail (code, action index and field kept)."""
        detail = f"{MESSAGES[self.code]} (the details involve what {who} may not see)"
        return dataclasses.replace(self, detail=detail, reveals=(), params={}, case=WITHHELD)


def detail_key(code: Code, case: str = "") -> str:
    """`detail.<code>`, `detail.<code>.<case>`, or `detail.withheld` (the same for every code)."""
    if case == WITHHELD:
        return "detail.withheld"
    return f"detail.{code.value}.{case}" if case else f"detail.{code.value}"


def shown(value: object) -> str:
    """A client's value as a message quotes it: `'X'`, `9`, or `nothing` where it was left out (a
    message never shows Python's None)."""
    return "nothing" if value is None else repr(value)


def scalar(value: object) -> Param:
    """A client's value as a parameter: an int or bool as it is, anything else as a short text.

    Bounded whatever was sent (a 200 KB string, a list nested a thousand deep): a container is
    described by its kind only, and text is cut to PARAM_CHARS."""
    if value is None or type(value) in (int, bool):
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        text = value
    elif isinstance(value, list | tuple | dict):
        text = type(value).__name__
    else:
        text = repr(value)[: PARAM_CHARS + 1]
    return text if len(text) <= PARAM_CHARS else text[: PARAM_CHARS - 3] + "..."


# Codes whose detail may name cards (a hand's, the stock's): for a seat view, an error with one of
# these codes that does not say which places it reveals is answered without its detail.
CARD_CODES = frozenset(
    {
        Code.DUPLICATE_CARD,
        Code.FOREIGN_CARD,
        Code.WRONG_HAND_SIZE,
        Code.INVALID_TURNED_CARD,
        Code.CARD_NOT_IN_HAND,
        Code.MUST_FOLLOW_SUIT,
        Code.MUST_TRUMP,
        Code.MUST_OVERTRUMP,
        Code.TRUMP_LEAD_LOCKED,
        Code.INVALID_STOCK,
        Code.INVALID_TRICK,
    }
)


class InvalidNotation(RuleError):
    """A card, strain or option value that cannot be read at all."""


class InvalidRecord(RuleError):
    """A hand record or summary that no real deal could produce."""


class IllegalAction(RuleError):
    """An action the rules forbid in the current position."""


def card_params(code: Code, card: str, led: str, trump: str | None) -> dict[str, Param]:
    """What a card-play duty's text names: the card refused, and the suit the duty asks for
    (the suit led to follow, the trump to play or to raise; `led` is the suit led, for must_trump).
    The same for a verdict of tricks/legal and for the problem of a play refused."""
    if code is Code.MUST_FOLLOW_SUIT or trump is None:
        return {"card": card, "suit": led}
    if code is Code.MUST_TRUMP:
        return {"card": card, "suit": trump, "led": led}
    return {"card": card, "suit": trump}
