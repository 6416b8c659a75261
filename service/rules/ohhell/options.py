"""The Oh Hell family's rule options, the three games' profiles, and the deal schedule they imply.

One set of options serves Blob, Nomination Whist and standard Oh Hell; each
game differs only in its defaults and named profiles. Every option names its source: a seed line,
or the common practice it records where the rule books are silent (docs/rules/oh-hell-family.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Code, InvalidRecord
from ..profile import Option, Profile, RuleBook

DECK_SIZE = 52
# The service's wire contract seats at most 8 players (schemas/common.py MAX_SEATS). Blob's own limit
# is the deck: the schedule rule below is defined for any table the 52 cards serve.
BLOB_MAX_PLAYERS = 8
WHIST_MAX_PLAYERS = 7
MAX_PLAYERS = max(BLOB_MAX_PLAYERS, WHIST_MAX_PLAYERS)

# trump modes
TURNED = "turned"
HIGHEST_CALLER = "highest-caller"
DEALER_CHOOSES = "dealer-chooses"
DEALER_TURNS_OR_NT = "dealer-turns-or-no-trump"
NO_TRUMP_ALWAYS = "no-trump"
TRUMP_MODES = (TURNED, HIGHEST_CALLER, DEALER_CHOOSES, DEALER_TURNS_OR_NT, NO_TRUMP_ALWAYS)
TURNED_MODES = (TURNED, DEALER_TURNS_OR_NT)

# schedules
MAX_DOWN_UP = "max-1-max"
SCHEDULES = (MAX_DOWN_UP, "7-1-7", "7-1", "10-1-10", "1-7-1", "custom")

# scoring methods
BLOBS = "blobs"
TEN_PLUS_OR_MINUS = "ten-plus-bid-or-minus-difference"
TEN_PLUS_BID = "ten-plus-bid"
TEN_PLUS_SQUARE = "ten-plus-bid-squared"
TRICKS_PLUS_TEN = "trick-each-plus-ten"
SCORING_METHODS = (BLOBS, TEN_PLUS_OR_MINUS, TEN_PLUS_BID, TEN_PLUS_SQUARE, TRICKS_PLUS_TEN)

# The longest schedule, in rounds: matches/score takes at most this many hands (the Oh Hell family's
# `max_hands` in schemas/ohhell.py), and a schedule longer than a match can score could never finish.
MAX_ROUNDS = 60

BLOB = "Blob rule book"
NOM = "Nomination Whist rule book"


def _options(game: str, max_players: int, defaults: Mapping[str, Any]) -> tuple[Option, ...]:
    d = dict(defaults)
    return (
        Option(
            "players",
            "int",
            d["players"],
            "How many play at the table",
            f"{BLOB}, intro: 8 players start at 6; {NOM}, The Deck & Players: 3 to 7"
            if game == "blob"
            else f"{NOM}, The Deck & Players: 3 to 7 players",
            minimum=3,
            maximum=max_players,
        ),
        Option(
            "schedule",
            "enum",
            d["schedule"],
            "How many cards each round deals: max-1-max starts at 10 (fewer when the deck cannot give "
            "everyone 10), goes down to 1 and back up; the others as their names say (7-1-7: 7 down to 1 "
            "and back to 7)",
            f"{BLOB}, intro (10 down to 1 and back, fewer when more than 5 play); "
            f"{NOM}, Deal Structure Variations (7-1-7, 7-1, 10-1-10, 1-7-1)",
            allowed=SCHEDULES,
        ),
        Option(
            "hand_sizes",
            "int_list",
            None,
            "The number of cards of each round, in order, for a custom schedule",
            f"{NOM}, The Deck & Players: 'others extend the range depending on player count'",
            minimum=1,
            maximum=DECK_SIZE,
            max_items=MAX_ROUNDS,
        ),
        Option(
            "trumps",
            "enum",
            d["trumps"],
            "How trumps are chosen: a turned card, the highest bidder names them, the dealer names them, the "
            "dealer turns a card or chooses no trumps, or never any trumps",
            f"{BLOB}, Calling (highest caller nominates); {NOM}, Setup & Deal step 5 (turned card), "
            "No-Trump Rounds and Trump Variations (dealer chooses, dealer may opt for no-trump)",
            allowed=TRUMP_MODES,
        ),
        Option(
            "no_trump_call",
            "bool",
            True,
            "Whoever names trumps (the highest bidder or the dealer) may choose no trumps",
            f"{BLOB}, Calling: 'any of the suits or No Trumps'; {NOM}, Trump Variations: "
            "'declares a trump suit (or no trumps)'",
        ),
        Option(
            "no_trump_one_card",
            "bool",
            d.get("no_trump_one_card", False),
            "Every round of one card is played without trumps: no card is turned and nobody names trumps",
            f"{NOM}, No-Trump Rounds: 'The 1-card round is always no-trump'",
        ),
        Option(
            "no_trump_rounds",
            "int_list",
            None,
            "The rounds played without trumps, counted from 1",
            f"{NOM}, No-Trump Rounds: 'One designated round per game is no-trump'",
            minimum=1,
            maximum=MAX_ROUNDS,
            max_items=MAX_ROUNDS,
            unique=True,
        ),
        Option(
            "dealer_chooses_rounds",
            "int_list",
            None,
            "The rounds, counted from 1, on which the dealer names trumps (or no trumps, where allowed) "
            "instead of turning a card",
            "Nomination Whist rule book, Setup & Deal: 'Some groups allow the dealer to choose the "
            "trump suit on specific rounds, while others always turn a card'",
            minimum=1,
            maximum=MAX_ROUNDS,
            max_items=MAX_ROUNDS,
            unique=True,
        ),
        Option(
            "dealer_restriction",
            "bool",
            True,
            "The dealer may not bid the number that would make the bids add up to the cards each "
            "player holds",
            f"{BLOB}, Calling; {NOM}, Bidding step 3 and Bidding Variations (no dealer restriction)"
            if game != "oh-hell"
            else "common practice (Pagat: Oh Hell, 'screw the dealer')",
        ),
        Option(
            "hidden_bids",
            "bool",
            False,
            "Everyone bids at once: each player sees only their own bid until all the bids are in",
            f"{NOM}, Bidding Variations: Hidden bids",
        ),
        Option(
            "blind_one_card",
            "bool",
            False,
            "On rounds of one card, everyone bids before looking at their card",
            f"{NOM}, Bidding Variations: Blind bidding on 1-card round",
        ),
        Option(
            "scoring",
            "enum",
            d["scoring"],
            "How a hand scores: a blob for each missed bid; 10 plus the bid, or minus the difference on a "
            "miss; 10 plus the bid; 10 plus the bid squared; or a point a trick and 10 more for an exact bid",
            f"{BLOB}, Scoring (method one: blobs; method two: 10 plus tricks or minus the difference); "
            f"{NOM}, Scoring and Scoring Variations; Oh Hell: OpenSpiel's oh_hell (a point a trick, 10 more "
            "for an exact bid), which is that rule book's '1 point per trick for missed bids'",
            allowed=SCORING_METHODS,
        ),
    )


def schedule_of(values: Mapping[str, Any]) -> tuple[int, ...]:
    """The hand size of every round, in order."""
    kind = values["schedule"]
    n = values["players"]
    if kind == "custom":
        sizes: tuple[int, ...] = tuple(values["hand_sizes"] or ())
        return sizes
    if kind == MAX_DOWN_UP:
        reserve = 1 if values["trumps"] in TURNED_MODES else 0
        top = min(10, (DECK_SIZE - reserve) // n)
        return _down_up(top)
    if kind == "1-7-1":
        return (*range(1, 8), *range(6, 0, -1))
    if kind == "7-1":
        return tuple(range(7, 0, -1))
    top = 7 if kind == "7-1-7" else 10
    return _down_up(top)


def _down_up(top: int) -> tuple[int, ...]:
    if top < 1:
        return ()
    return (*range(top, 0, -1), *range(2, top + 1))


def _bad(name: str, detail: str) -> InvalidRecord:
    return InvalidRecord(Code.INVALID_RULE_VALUE, detail, field=f"rules.{name}")


def validate(values: Mapping[str, Any]) -> None:
    """Combinations of options that no table could play."""
    if values["schedule"] == "custom" and not values["hand_sizes"]:
        raise _bad("hand_sizes", "schedule custom needs hand_sizes: the hand size of every round")
    if values["schedule"] != "custom" and values["hand_sizes"] is not None:
        raise _bad("hand_sizes", "hand_sizes applies only with schedule custom")
    n = values["players"]
    sizes = schedule_of(values)
    if not sizes:
        raise _bad("schedule", f"a 52-card deck cannot deal a hand to {n} players")
    if len(sizes) > MAX_ROUNDS:
        raise _bad(
            "hand_sizes",
            f"a schedule has at most {MAX_ROUNDS} rounds (a match scores at most {MAX_ROUNDS} hands)",
        )
    top = max(sizes)
    if top * n > DECK_SIZE:
        raise _bad(
            "schedule" if values["schedule"] != "custom" else "hand_sizes",
            f"{n} players of {top} cards need {top * n} cards; the deck has {DECK_SIZE}",
        )
    for name in ("no_trump_rounds", "dealer_chooses_rounds"):
        for r in values[name] or ():
            if r > len(sizes):
                raise _bad(name, f"round {r} is not in the {len(sizes)}-round schedule")
    if values["dealer_chooses_rounds"] and values["trumps"] not in TURNED_MODES:
        raise _bad(
            "dealer_chooses_rounds",
            f"dealer_chooses_rounds replaces a turned card on those rounds: trumps are {values['trumps']}",
        )
    if values["hidden_bids"] and values["dealer_restriction"]:
        raise _bad(
            "hidden_bids",
            "hidden (simultaneous) bids cannot keep the dealer restriction: the dealer cannot know the "
            "total; set dealer_restriction false",
        )


def _book(
    game: str, max_players: int, defaults: Mapping[str, Any], profiles: tuple[Profile, ...]
) -> RuleBook:
    return RuleBook(game, _options(game, max_players, defaults), profiles, validate)


BLOB_BOOK = _book(
    "blob",
    BLOB_MAX_PLAYERS,
    {"players": 4, "schedule": MAX_DOWN_UP, "trumps": HIGHEST_CALLER, "scoring": TEN_PLUS_OR_MINUS},
    (
        Profile(
            "rule-book",
            "Blob as its rule book plays it: 10 cards down to 1 and back (fewer above 5 players), the "
            "highest bidder names trumps, 10 plus the tricks for an exact bid, else minus the difference",
            source=BLOB,
        ),
        Profile(
            "method-one",
            "Scoring with blobs: a blob for each missed bid, and the fewest blobs wins",
            {"scoring": BLOBS},
            source=f"{BLOB}, Scoring (method one)",
        ),
        Profile(
            "eight-players",
            "The rule book's table of eight: 6 cards down to 1 and back to 6",
            {"players": 8},
            source=f"{BLOB}, intro",
        ),
    ),
)

NOMINATION_BOOK = _book(
    "nomination-whist",
    WHIST_MAX_PLAYERS,
    {"players": 4, "schedule": "7-1-7", "trumps": TURNED, "scoring": TEN_PLUS_BID},
    (
        Profile(
            "rule-book",
            "Nomination Whist as its rule book plays it: 7 cards down to 1 and back, a turned card sets "
            "trumps, the dealer may not make the bids add up, 10 plus the bid for an exact bid",
            source=NOM,
        ),
        Profile(
            "quick",
            "7 cards down to 1, and no way back",
            {"schedule": "7-1"},
            source=f"{NOM}, Deal Structure Variations",
        ),
        Profile(
            "long",
            "10 cards down to 1 and back, for 3 or 4 players",
            {"schedule": "10-1-10"},
            source=f"{NOM}, Deal Structure Variations",
        ),
        Profile(
            "ascending",
            "1 card up to 7 and back down",
            {"schedule": "1-7-1"},
            source=f"{NOM}, Deal Structure Variations",
        ),
        Profile(
            "no-restriction",
            "The dealer bids freely",
            {"dealer_restriction": False},
            source=f"{NOM}, Bidding Variations",
        ),
        Profile(
            "hidden-bids",
            "Everyone bids at once, and the dealer bids freely",
            {"hidden_bids": True, "dealer_restriction": False},
            source=f"{NOM}, Bidding Variations",
        ),
        Profile(
            "blind-one-card",
            "On the round of one card, bid without looking at it",
            {"blind_one_card": True},
            source=f"{NOM}, Bidding Variations",
        ),
        Profile(
            "one-card-no-trump",
            "The round of one card is always played without trumps",
            {"no_trump_one_card": True},
            source=f"{NOM}, No-Trump Rounds",
        ),
        Profile(
            "dealer-chooses",
            "The dealer names trumps or no trumps before the bidding",
            {"trumps": DEALER_CHOOSES},
            source=f"{NOM}, Trump Variations",
        ),
        Profile(
            "dealer-may-pass-trump",
            "The dealer may choose no trumps instead of turning a card",
            {"trumps": DEALER_TURNS_OR_NT},
            source=f"{NOM}, No-Trump Rounds",
        ),
        Profile(
            "squared",
            "10 plus the bid squared for an exact bid",
            {"scoring": TEN_PLUS_SQUARE},
            source=f"{NOM}, Scoring Variations",
        ),
        Profile(
            "trick-points",
            "A point a trick even on a missed bid",
            {"scoring": TRICKS_PLUS_TEN},
            source=f"{NOM}, Scoring Variations",
        ),
        Profile(
            "penalty",
            "On a missed bid, minus 1 for each trick over or under it",
            {"scoring": TEN_PLUS_OR_MINUS},
            source=f"{NOM}, Scoring Variations",
        ),
    ),
)

OH_HELL_BOOK = _book(
    "oh-hell",
    WHIST_MAX_PLAYERS,
    {"players": 4, "schedule": MAX_DOWN_UP, "trumps": TURNED, "scoring": TRICKS_PLUS_TEN},
    (
        Profile(
            "standard",
            "Standard Oh Hell: a turned card sets trumps, a point a trick and 10 more for an exact bid, "
            "the dealer may not make the bids add up, 10 cards (fewer above 5 players) down to 1 and back",
            source="common practice (Pagat: Oh Hell); OpenSpiel's oh_hell for the scoring",
        ),
    ),
)
