"""Bazar Blot's and the duel's rule options and profiles, each with its source.

The defaults are the Armenian Blot rule book (skill.games). Where the rule book is silent the
option's default is the reading closest to its text and the alternatives are the ones the Belote
research (section 2.2) found at real tables; docs/rules/bazar-blot.md records each ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Code, InvalidRecord
from ..profile import Option, Profile, RuleBook, Rules

BOOK = "Armenian Blot rule book (skill.games)"
RESEARCH = "Belote research 2.2"

# The highest bid a side can make, in tens. A bid is reached with card points (the last trick in),
# combinations and the blot; the 90 for all eight tricks does not count toward it (rule book,
# Scoring). The most a side can hold is 752 in no trump: 162 card points, and four jacks and four
# aces (200 + 190) in one hand with four tens and four kings (100 + 100) in the other: two hands
# hold at most four quartets, and a hand of two quartets holds no run. With a trump it is 722
# (jacks and nines 340, kings and queens 200, the blot 20). A higher bid can never be made, so
# without a ceiling the numeric ladder stops at 75 and capot, the highest bid, is worth 76.
MAX_BID = 75
MIN_BID = 8

# contra timing
IN_TURN = "in-turn"
ANY_TIME = "any-time"
# combination ties
FIRST_IN_ORDER = "first-in-trick-order"
NEITHER = "neither"
# under-trumping
FREE = "free"
REQUIRED = "required"
# four-of-a-kind tables
RULE_BOOK = "rule-book"
CLASSICAL = "classical"
# rounding
HALF_DOWN = "half-down"
HALF_UP = "half-up"

# what a four of a kind is worth, by table and contract (None: no trump)
QUARTET_VALUES: Mapping[str, Mapping[bool, Mapping[str, int]]] = {
    RULE_BOOK: {
        True: {"J": 200, "9": 140, "A": 110, "T": 100, "K": 100, "Q": 100},
        False: {"J": 200, "9": 0, "A": 190, "T": 100, "K": 100, "Q": 100},
    },
    CLASSICAL: {
        True: {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100},
        False: {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100},
    },
}


def _common(target: int) -> tuple[Option, ...]:
    return (
        Option(
            "target",
            "int",
            target,
            "The score that wins the match: the first side to reach it wins (the rule book plays to "
            "151 or 301)",
            f"{BOOK}, How to play (Game to: 151 or 301) and Winning",
            minimum=1,
            maximum=10_000,
        ),
        Option(
            "combination_ties",
            "enum",
            FIRST_IN_ORDER,
            "When both sides' best combinations are equal (runs of the same length to the same top card, "
            "neither or both in trumps; four of a kind of the same value): the player first in trick "
            "order scores, or neither side does",
            f"{BOOK}, Combinations ('then the player first in the trick order'); "
            f"{RESEARCH} A5 (classical French: neither scores on a tie)",
            allowed=(FIRST_IN_ORDER, NEITHER),
        ),
        Option(
            "undertrump",
            "enum",
            FREE,
            "With no card of the suit led and no trump that beats an opponent's: play any card (free) "
            "or still play a trump (required)",
            f"{BOOK}, The play ('if you can't you may play anything'); {RESEARCH} A14 (French FFB and "
            "belote-cli: must still trump)",
            allowed=(FREE, REQUIRED),
        ),
        Option(
            "rounding",
            "enum",
            HALF_DOWN,
            "Points to tens: a remainder above a half up and a half or less down (86 counts 9, 85 "
            "counts 8), or a half and more up (85 counts 9)",
            f"{BOOK}, Scoring ('86 counts 9, 85 counts 8'); {RESEARCH} A11 (half-up tables)",
            allowed=(HALF_DOWN, HALF_UP),
        ),
    )


BAZAR_OPTIONS: tuple[Option, ...] = (
    *_common(151),
    Option(
        "bid_ceiling",
        "int",
        None,
        "The highest number that may be bid, in tens; none: bids go up to the most a side can reach "
        f"with card points, combinations and the blot ({MAX_BID}), then capot",
        f"{BOOK}, The bazar (no ceiling stated); {RESEARCH} A1 (terz.am, teleblot: capped at 16; "
        "Blot Star: up to 80)",
        minimum=MIN_BID,
        maximum=MAX_BID,
    ),
    Option(
        "capot_bid_value",
        "int",
        None,
        "What a capot bid is worth, in tens, before contra: by default one more than the highest "
        f"number that may be bid (the ceiling, else {MAX_BID}), so capot is worth more than every number; "
        "never less than the ceiling",
        f"{BOOK}, The bazar (capot is the highest bid; its value is not stated); {RESEARCH} A1 and A12 "
        "(terz.am, teleblot: capot is a 25 bid over numbers capped at 16; 162 + 90 = 252)",
        minimum=MIN_BID,
        maximum=MAX_BID + 1,
    ),
    Option(
        "contra",
        "enum",
        IN_TURN,
        "When contra and recontra may be said: on your own turn in the bazar, or at any time of the "
        "bazar, out of turn",
        f"{BOOK}, How to play (the CONTRA button is on your turn's panel) and Contra and recontra; "
        f"{RESEARCH} A8 (teleblot/gambler: out of turn by either defender)",
        allowed=(IN_TURN, ANY_TIME),
    ),
    Option(
        "quartet_values",
        "enum",
        RULE_BOOK,
        "Four of a kind: rule-book (J 200, 9 140, A 110, 10 K Q 100; no trump A 190, 9 nothing) or "
        "classical (J 200, 9 150, A 100, 10 K Q 100 in every contract)",
        f"{BOOK}, Combinations; {RESEARCH} A4 (classical: nines 150, aces 100)",
        allowed=(RULE_BOOK, CLASSICAL),
    ),
)

DUEL_OPTIONS: tuple[Option, ...] = _common(151)


def ceiling(rules: Rules | Mapping[str, Any]) -> int:
    """The highest numeric bid in force."""
    given: int | None = rules["bid_ceiling"]
    return MAX_BID if given is None else given


def capot_value(rules: Rules | Mapping[str, Any]) -> int:
    """What a capot bid adds, in tens: the option, else one more than the highest numeric bid."""
    given: int | None = rules["capot_bid_value"]
    return ceiling(rules) + 1 if given is None else given


def validate_bazar(values: Mapping[str, Any]) -> None:
    """The highest bid is worth at least every bid below it (rule book, The bazar: capot is the
    highest bid): a capot worth less than the ceiling would let a number outscore it."""
    given = values["capot_bid_value"]
    if given is not None and given < ceiling(values):
        raise InvalidRecord(
            Code.INVALID_RULE_VALUE,
            f"capot_bid_value {given} is below the highest numeric bid {ceiling(values)}: capot, the "
            "highest bid, is worth at least every bid below it (lower bid_ceiling or raise the capot)",
            field="rules.capot_bid_value",
        )


BAZAR_BOOK = RuleBook(
    "bazar-blot",
    BAZAR_OPTIONS,
    (
        Profile(
            "rule-book",
            "Bazar Blot as the Armenian Blot rule book plays it: bids from 8 with no ceiling, capot the "
            "highest bid, contra on your turn, no duty to under-trump, to 151",
            source=BOOK,
        ),
        Profile("long", "The rule book's long match: to 301", {"target": 301}, source=f"{BOOK}, How to play"),
        Profile(
            "teleblot",
            "As many online tables play it: bids up to 16, capot worth a bid of 25, contra at any "
            "time of the bazar",
            {"bid_ceiling": 16, "capot_bid_value": 25, "contra": ANY_TIME},
            source=f"{RESEARCH} A1 and A8: the gambler.ru tradition (terz.am, teleblot), as translated "
            "in hakob17/teleblot-bazaar rules.md",
        ),
    ),
    validate_bazar,
)

DUEL_BOOK = RuleBook(
    "blot-duel",
    DUEL_OPTIONS,
    (
        Profile(
            "rule-book",
            "The duel as the Armenian Blot rule book plays it: 24 cards, five each and a turned card, "
            "three more each once trumps are set, to 151",
            source=BOOK,
        ),
        Profile("long", "The rule book's long match: to 301", {"target": 301}, source=f"{BOOK}, How to play"),
    ),
)
