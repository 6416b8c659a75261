"""Saudi Baloot's rule options and profiles.

The defaults are the Baloot rule book (High Card Club). Where the rule book is silent, real tables
differ (the Belote-family research, section 2.1, rows B2 to B22): each such point is a named option
whose default is the rule book's reading, and whose other values name the source that plays them.
The `app-variants` profile sets those the Jawaker and Kammelna apps are documented to play (the
t7doh99-coder/baloot-ui rules reference and tazjel/baloot-ai's Kammelna validation, which the research
cites), to show the options at work; it does not carry the apps' name because it cannot play their Sun
double (the 100-point rule needs the match score).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Code, InvalidRecord
from ..profile import Option, Profile, RuleBook

GAME_ID = "baloot"
PLAYERS = 4
TARGET = 152
MATCH_CAP = 99  # hands (deals) after which any match stops
FIXED_HANDS = (5, 9, 11)

BOOK = "Baloot rule book (High Card Club)"
RESEARCH = "Belote-family research, section 2.1"

# match modes
TO_152 = "152"
FIXED = "hands"
# late Sun
NO_LATE_SUN = "never"
CALLER_CONVERTS = "caller-converts"
# rounding
COUNTING_TEAM = "counting-team"
EACH_TEAM = "each-team"
PAIR_ADJUSTED = "pair-adjusted"
# the baloot's two points
WITH_THE_HAND = "with-the-hand"
NEVER_LOST = "never-lost"
# the raise on a trump lead
OVER_ANY = "over-any"
OVER_OPPONENT = "over-opponent"
# buyer's threshold
GAME_POINTS = "game-points"
RAW_POINTS = "raw-points"
# declaring projects
ALL_PROJECTS = "all"
TWO_PER_PLAYER = "two-per-player"
# ranking projects
QUARTET_FIRST = "quartet-first"
RUN_FIRST = "run-first"
# doubled play
OPEN = "open"
CLOSED = "closed"
# multiplying under doubling
MULTIPLIED = "multiplied"
DOUBLED_ONLY = "doubled-only"
FLAT = "flat"
# gahwa
GAHWA_MATCH = "match"
GAHWA_152 = "152-points"
# deal rotation
LEFT = "left"
RIGHT = "right"


OPTIONS: tuple[Option, ...] = (
    Option(
        "projects",
        "bool",
        True,
        "House rule: projects (sira, fifty, hundred, four hundred) score; off, no project scores anything",
        f"{BOOK}, House rules",
    ),
    Option(
        "doubling",
        "bool",
        True,
        "House rule: a Hokum hand may be doubled up to gahwa; off, every Hokum hand is played plain",
        f"{BOOK}, House rules",
    ),
    Option(
        "match",
        "enum",
        TO_152,
        "How the match ends: first to 152 points, or after a fixed number of hands",
        f"{BOOK}, How the match ends",
        allowed=(TO_152, FIXED),
    ),
    Option(
        "match_hands",
        "int",
        5,
        "The number of hands in a fixed-length match: 5, 9 or 11",
        f"{BOOK}, How the match ends: 'a fixed number of hands: 5, 9 or 11, five by default'",
        minimum=5,
        maximum=11,
    ),
    Option(
        "ashkal",
        "bool",
        False,
        "Ashkal: in round one the third and fourth speakers may call Sun for their partner, who then "
        "takes the turned card (the partner is the buyer)",
        f"{RESEARCH}, B3: Jawaker and pagat (via mirror), round one, third and fourth players; "
        f"the {BOOK} has no Ashkal",
    ),
    Option(
        "late_sun",
        "enum",
        NO_LATE_SUN,
        "Late Sun: never (each player speaks once a round), or the caller converts (after round one "
        "ends on a Hokum, its caller may still turn it into Sun)",
        f"{RESEARCH}, B2: the confirmation step of Jawaker and Kammelna (t7doh99 4.2) and pagat; "
        f"the {BOOK}, Calling the hand, gives each seat one call a round",
        allowed=(NO_LATE_SUN, CALLER_CONVERTS),
    ),
    Option(
        "rounding",
        "enum",
        COUNTING_TEAM,
        "Card points to game points: only the counting team rounds and the other takes the rest of 16 "
        "(26); or each team rounds its own (the two may then total 17 in Hokum); or each team rounds "
        "its own and a Hokum total of 17 gives back the point of the side with the larger remainder "
        "(equal remainders: the side with more card points), so the hand totals 16",
        f"{BOOK}, Scoring a hand (counting team); {RESEARCH}, B5 and B6: each team rounds "
        "(t7doh99, said to follow Jawaker); pair-adjusted (tazjel hokum_pair_gp, validated on 1,095 "
        "Kammelna rounds)",
        allowed=(COUNTING_TEAM, EACH_TEAM, PAIR_ADJUSTED),
    ),
    Option(
        "buyer_threshold",
        "enum",
        GAME_POINTS,
        "What the callers must out-score: game points with projects and baloot (ties to the team that "
        "lost more in the rounding, else the callers), or raw points (card points plus raw project "
        "values, more than the defenders, a tie fails)",
        f"{BOOK}, Scoring a hand; {RESEARCH}, B7: must exceed 81 / 65 raw (t7doh99)",
        allowed=(GAME_POINTS, RAW_POINTS),
    ),
    Option(
        "declarations",
        "enum",
        ALL_PROJECTS,
        "Which projects a player declares: every one dealt (found by the referee and announced at "
        "the first trick), or each player's best two",
        f"{BOOK}, Projects ('combinations you are dealt'); {RESEARCH}, B8: at most two a player "
        "(Kammelna, t7doh99 6.1; sakkah)",
        allowed=(ALL_PROJECTS, TWO_PER_PLAYER),
    ),
    Option(
        "project_ranking",
        "enum",
        QUARTET_FIRST,
        "Which of two projects of equal value is better: a four of a kind before a run, or a run "
        "before a four of a kind; then longer runs, higher cards, and the seat nearer the dealer's right",
        f"{RESEARCH}, B9: four of a kind beats a sequence of equal value (pagat via mirror) vs "
        "Hundred-sequence first (sakkah); ties to the dealer's right (pagat, sakkah)",
        allowed=(QUARTET_FIRST, RUN_FIRST),
    ),
    Option(
        "doubled_play",
        "enum",
        OPEN,
        "Play of a doubled Hokum hand (double to four): open, or closed (no trump may be led while the "
        "leader holds another suit); gahwa is always open",
        f"{RESEARCH}, B12: locked or open doubling (Saudi PDF text in WHERDNGN; tazjel); the "
        f"{BOOK} has no lock",
        allowed=(OPEN, CLOSED),
    ),
    Option(
        "doubled_projects",
        "enum",
        MULTIPLIED,
        "Projects in a doubled hand: multiplied by the level like everything else, doubled at most, or "
        "never multiplied (the baloot is never multiplied)",
        f"{BOOK}, Scoring a hand ('the winning side takes everything, multiplied'); {RESEARCH}, B15: "
        "capped at x2 (t7doh99, pagat via mirror), not multiplied (sakkah)",
        allowed=(MULTIPLIED, DOUBLED_ONLY, FLAT),
    ),
    Option(
        "baloot_points",
        "enum",
        WITH_THE_HAND,
        "The baloot's 2 points: with the hand (a side that scores nothing loses them, a side that "
        "takes the whole hand takes them, multiplied in a doubled hand), or never lost (always 2 to the "
        "team holding it, never multiplied)",
        f"{BOOK}, Scoring a hand ('the calling team scores nothing', 'the other team gets nothing', "
        f"'the winning side takes everything, multiplied'); {RESEARCH}, B11 and B20: never lost and "
        "never multiplied (t7doh99 14.4, pagat via mirror)",
        allowed=(WITH_THE_HAND, NEVER_LOST),
    ),
    Option(
        "trump_lead",
        "enum",
        OVER_ANY,
        "When trump is led in Hokum, whose trump a player must beat if they can: the best on the "
        "table, even their partner's, or only an opponent's winning trump (while the partner wins the "
        "trick, any trump will do)",
        f"{BOOK}, Playing a trick ('a higher trump than the best one on the table'); {RESEARCH}, B18: "
        "only an opponent's winning trump (pagat, tazjel)",
        allowed=(OVER_ANY, OVER_OPPONENT),
    ),
    Option(
        "doubled_kaboot",
        "enum",
        MULTIPLIED,
        "Kaboot in a doubled hand: 25 (44) multiplied by the level, or flat",
        f"{BOOK}, Scoring a hand; {RESEARCH}, B16: multiplied (pagat via mirror, t7doh99, tazjel) vs "
        "flat (sakkah V-04)",
        allowed=(MULTIPLIED, FLAT),
    ),
    Option(
        "gahwa",
        "enum",
        GAHWA_MATCH,
        "What gahwa wins: the match outright, or 152 points in that hand (the match then ends only by "
        "its own rule)",
        f"{BOOK}, Scoring a hand ('all 152 points and ends the match'); {RESEARCH}, B17: 152 points "
        "(Saudi PDF, tazjel), which differs in a fixed-hands match",
        allowed=(GAHWA_MATCH, GAHWA_152),
    ),
    Option(
        "deal_rotation",
        "enum",
        LEFT,
        "Who deals next: the player on the dealer's left, or on the dealer's right",
        f"{BOOK}, The deal ('The deal moves one seat left after every hand'); research 1.3 and B21: "
        "the deal rotates right (sakkah)",
        allowed=(LEFT, RIGHT),
    ),
)


def validate(values: Mapping[str, Any]) -> None:
    hands = values["match_hands"]
    if hands not in FIXED_HANDS:
        raise InvalidRecord(
            Code.INVALID_RULE_VALUE,
            f"match_hands {hands}: a fixed-length match is 5, 9 or 11 hands",
            field="rules.match_hands",
        )


PROFILES: tuple[Profile, ...] = (
    Profile(
        "high-card-club",
        "Baloot as its rule book plays it: projects and doubling on, first to 152 wins the match, and "
        "the rule book's reading wherever it is silent",
        source=BOOK,
    ),
    Profile(
        "app-variants",
        "The variants the Jawaker and Kammelna apps play, as far as one hand can referee them: Ashkal, "
        "the Hokum caller may turn it to Sun, each team rounds its own points and a Hokum hand totals 16, "
        "the buyer must beat half the raw points, two projects a player, projects at most doubled, the "
        "baloot never lost, the deal passes right. Not the apps' rules in full: their Sun double under "
        "the 100-point rule needs the match score, which a hand does not carry",
        {
            "ashkal": True,
            "late_sun": CALLER_CONVERTS,
            "rounding": PAIR_ADJUSTED,
            "buyer_threshold": RAW_POINTS,
            "declarations": TWO_PER_PLAYER,
            "doubled_projects": DOUBLED_ONLY,
            "baloot_points": NEVER_LOST,
            "deal_rotation": RIGHT,
        },
        source=f"{RESEARCH}, rows B2 to B21: the Jawaker and Kammelna apps as documented in "
        "t7doh99-coder/baloot-ui's rules reference and tazjel/baloot-ai's Kammelna validation",
    ),
)

RULEBOOK = RuleBook(GAME_ID, OPTIONS, PROFILES, validate)
