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
            "Players at the table; a record must have exactly this many hands",
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
            "Hand sizes round by round: max-1-max starts at min(10, cards // players) and returns",
            f"{BLOB}, intro (10 down to 1 and back, fewer when more than 5 play); "
            f"{NOM}, Deal Structure Variations (7-1-7, 7-1, 10-1-10, 1-7-1)",
            allowed=SCHEDULES,
        ),
        Option(
            "hand_sizes",
            "int_list",
            None,
            "Explicit hand size of each round; only with schedule custom",
            f"{NOM}, The Deck & Players: 'others extend the range depending on player count'",
            minimum=1,
            maximum=DECK_SIZE,
            max_items=MAX_ROUNDS,
        ),
        Option(
            "trumps",
            "enum",
            d["trumps"],
            "How trumps are set: turned card, highest caller, dealer's choice, dealer turns or NT, none",
            f"{BLOB}, Calling (highest caller nominates); {NOM}, Setup & Deal step 5 (turned card), "
            "No-Trump Rounds and Trump Variations (dealer chooses, dealer may opt for no-trump)",
            allowed=TRUMP_MODES,
        ),
        Option(
            "no_trump_call",
            "bool",
            True,
            "Whoever names trumps (highest caller or dealer) may name NT",
            f"{BLOB}, Calling: 'any of the suits or No Trumps'; {NOM}, Trump Variations: "
            "'declares a trump suit (or no trumps)'",
        ),
        Option(
            "no_trump_one_card",
            "bool",
            d.get("no_trump_one_card", False),
            "Every 1-card round is played without trumps (no card is turned, nobody nominates)",
            f"{NOM}, No-Trump Rounds: 'The 1-card round is always no-trump'",
        ),
        Option(
            "no_trump_rounds",
            "int_list",
            None,
            "Designated rounds (1-based) played without trumps; applies to records that name their round",
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
            "Designated rounds (1-based) on which the dealer names trumps (or NT, with no_trump_call) "
            "instead of turning a card; only with turned trumps, for records that name their round",
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
            "The dealer may not call the number that makes the calls total the hand size",
            f"{BLOB}, Calling; {NOM}, Bidding step 3 and Bidding Variations (no dealer restriction)"
            if game != "oh-hell"
            else "common practice (Pagat: Oh Hell, 'screw the dealer')",
        ),
        Option(
            "hidden_bids",
            "bool",
            False,
            "Bids are simultaneous: recorded in seat order, each seat sees only its own until all are in",
            f"{NOM}, Bidding Variations: Hidden bids",
        ),
        Option(
            "blind_one_card",
            "bool",
            False,
            "On 1-card rounds each seat bids before seeing its card (its seat view hides it while bidding)",
            f"{NOM}, Bidding Variations: Blind bidding on 1-card round",
        ),
        Option(
            "scoring",
            "enum",
            d["scoring"],
            "How a hand scores: blobs, 10+bid or minus the difference, 10+bid, 10+bid squared, tricks+10",
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


def _bad(name: str, detail: str, case: str = "combination", **params: int) -> InvalidRecord:
    """A rule value no table could play with the others; its text names the option (`case`:
    which sentence, docs/errors.md)."""
    return InvalidRecord(
        Code.INVALID_RULE_VALUE, detail, field=f"rules.{name}", params={"option": name, **params}, case=case
    )


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
            "rounds_max",
            max=MAX_ROUNDS,
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
                raise _bad(
                    name,
                    f"round {r} is not in the {len(sizes)}-round schedule",
                    "round",
                    round=r,
                    rounds=len(sizes),
                )
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
            "Blob as the Blob rule book plays it: 10-1-10 (fewer above 5 players), highest caller "
            "names trumps, scoring method two",
        ),
        Profile(
            "method-one",
            "Seed 000's scoring method one: a blob for each missed call, fewest blobs wins",
            {"scoring": BLOBS},
        ),
        Profile(
            "eight-players", "Seed 000's example table: 8 players, 6 down to 1 and back to 6", {"players": 8}
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
            "Nomination Whist as the Nomination Whist rule book describes it: 7-1-7, turned trumps, dealer "
            "restricted, 10 + bid for an exact bid",
        ),
        Profile(
            "quick",
            "7 down to 1 only (Nomination Whist rule book, Deal Structure Variations)",
            {"schedule": "7-1"},
        ),
        Profile(
            "long",
            "10-1-10 for 3 or 4 players (Nomination Whist rule book, Deal Structure Variations)",
            {"schedule": "10-1-10"},
        ),
        Profile(
            "ascending",
            "1 up to 7 and back (Nomination Whist rule book, Deal Structure Variations)",
            {"schedule": "1-7-1"},
        ),
        Profile(
            "no-restriction",
            "The dealer bids freely (Nomination Whist rule book, Bidding Variations)",
            {"dealer_restriction": False},
        ),
        Profile(
            "hidden-bids",
            "Simultaneous bids, no dealer restriction (Nomination Whist rule book, Bidding Variations)",
            {"hidden_bids": True, "dealer_restriction": False},
        ),
        Profile(
            "blind-one-card",
            "Bid blind on the 1-card round (Nomination Whist rule book, Bidding Variations)",
            {"blind_one_card": True},
        ),
        Profile(
            "one-card-no-trump",
            "The 1-card round is always no-trump (Nomination Whist rule book, No-Trump Rounds)",
            {"no_trump_one_card": True},
        ),
        Profile(
            "dealer-chooses",
            "The dealer names trumps or no trumps before the bidding "
            "(Nomination Whist rule book, Trump Variations)",
            {"trumps": DEALER_CHOOSES},
        ),
        Profile(
            "dealer-may-pass-trump",
            "The dealer may opt for no-trump instead of turning a card "
            "(Nomination Whist rule book, No-Trump Rounds)",
            {"trumps": DEALER_TURNS_OR_NT},
        ),
        Profile(
            "squared",
            "10 + bid squared for an exact bid (Nomination Whist rule book, Scoring Variations)",
            {"scoring": TEN_PLUS_SQUARE},
        ),
        Profile(
            "trick-points",
            "1 point a trick even on a miss (Nomination Whist rule book, Scoring Variations)",
            {"scoring": TRICKS_PLUS_TEN},
        ),
        Profile(
            "penalty",
            "Minus 1 a trick off the bid on a miss (Nomination Whist rule book, Scoring Variations)",
            {"scoring": TEN_PLUS_OR_MINUS},
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
            "Standard Oh Hell: trumps turned, 1 a trick + 10 for an exact bid, dealer "
            "restricted, 10 (fewer above 5 players) down to 1 and back",
        ),
    ),
)
