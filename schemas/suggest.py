"""hands/suggest's wire types, per game: a hand record, a seat and a level in; a bot's action out.

The bots (service/bots) are pure and know nothing of the wire: the HTTP hook
(service/api/dispatch.py, `suggest`) builds the seat's view through the game's state operation and
hands the bot that view only. These schemas type the request and the answer with the game's own
record, action union and rules echo, like every other operation of the game.
"""

from __future__ import annotations

from collections.abc import Callable

from marshmallow import Schema, fields, validate

from service.rules.game import Game

from .common import Bool, Int, OneOf, QuickSchema, Seat, Seed, StrictSchema
from .rules import Rules, RulesInForce, type_name

# The bots' levels as the contract states them, each with its default budget in milliseconds. The
# schemas sit beside the bots, not above them, so the levels are restated here and a test holds them
# equal to service/bots/core.py's LEVELS: a new level is a change of the contract, made on purpose.
LEVEL_BUDGETS_MS = {"easy": 50, "normal": 50, "hard": 300, "crazy": 1500}
# a game's own default budgets where they are lower than the level's (`Level.game_budgets`)
GAME_BUDGETS_MS = {"blob": {"hard": 60}, "nomination-whist": {"hard": 60}}
MAX_BUDGET_MS = max(LEVEL_BUDGETS_MS.values())  # Crazy's 1.5 s


def budgets_of(game_id: str) -> dict[str, int]:
    """Each level's default budget in the game, in milliseconds."""
    return {**LEVEL_BUDGETS_MS, **GAME_BUDGETS_MS.get(game_id, {})}


_DESCRIPTION = (
    "A bot's move for `seat`: the action to take, ready to send to hands/play, and for hints every "
    "candidate it weighed with its estimated `value` on the game's own scale (the Oh Hell family: "
    "the seat's expected points for the hand; Blot and Baloot: the expected game points of the "
    "seat's side minus the other side's). The bot is given only what `seat` may see (the state of "
    "the hand as that seat sees it), never the record: it cannot peek. `worlds` is how many deals "
    "of the unseen cards it imagined (each consistent with everything the seat saw), `playouts` "
    "how many hands it played out from them. Levels and their default budgets: `easy` and `normal` "
    "50 ms, `hard` {hard} ms, `crazy` 1.5 s; `budget_ms` can only lower the level's budget. The "
    "budget fixes the amount of search before it starts, so the same request with the same `seed` "
    "gets the same answer; the answer says how long it took (`elapsed_ms`) and `cut` is true when "
    "an overloaded server stopped the search early (the answer may then differ). For a table's "
    "timeout move, ask with a small `budget_ms` (e.g. 20): below one imagined deal per candidate "
    "the answer is the game's rule-of-thumb move, never a random one. A complete hand is a 422 "
    "`hand_complete`, a seat with nothing to do `not_your_turn`, a seat not at the table "
    "`invalid_seat`; a record that does not replay gets the code of its first fault. With `play` "
    "the action is applied as well: `played` is what hands/play answers for it as the referee (the "
    "record with the action appended, the new state, and the views of the seats `play.views` asks "
    "for), so a table's bot move is one call. The bot still sees only `seat`'s view."
)


def description(game_id: str) -> str:
    """hands/suggest's description in the game (its levels' budgets)."""
    return _DESCRIPTION.replace("{hard}", str(budgets_of(game_id)["hard"]))


def schemas(
    game: Game,
    actions: OneOf,
    record: type[Schema],
    played: type[Schema],
    seat_views: Callable[..., fields.Field],
) -> tuple[Schema, Schema]:
    """The request and the response schema of `game`'s hands/suggest (`record`: its HandRecord,
    `played`: its hands/play answer, `seat_views`: hands/play's `views` field)."""
    t = type_name(game)
    levels = tuple(LEVEL_BUDGETS_MS)
    hard = budgets_of(game.id)["hard"]
    play = type(
        f"{t}SuggestPlaySchema",
        (QuickSchema,),
        {
            "__doc__": "Apply the bot's action too, and the views of the new state to return.",
            "views": seat_views(
                metadata={
                    "description": "Seats whose views of the new state to return (`played.views`, in "
                    "this order), each only what that seat may see. Each seat once"
                }
            ),
        },
    )
    request = type(
        f"{t}SuggestRequestSchema",
        (QuickSchema,),
        {
            "__doc__": "A hand record, the seat to play for, the bot's level, a seed and a budget.",
            "rules": Rules(game),
            "hand": fields.Nested(record, required=True),
            "seat": Seat(
                required=True,
                metadata={"description": "The seat to play for: the bot sees only what this seat may see"},
            ),
            "level": fields.String(
                load_default="normal",
                validate=validate.OneOf(levels),
                metadata={
                    "description": "easy, normal, hard or crazy: the rule books' levels",
                    "default": "normal",
                },
            ),
            "seed": Seed(
                load_default=0,
                metadata={"description": "All the bot's chance comes from it: same request, same answer"},
            ),
            "budget_ms": Int(
                1,
                MAX_BUDGET_MS,
                metadata={
                    "description": "Milliseconds the bot may think; lowers the level's own budget "
                    f"(easy and normal 50, hard {hard}, crazy 1500), never raises it"
                },
            ),
            "play": fields.Nested(
                play,
                metadata={
                    "description": "Apply the action as well (`{}` for no views): the answer's "
                    "`played` is what hands/play answers for it, so a table makes one call per bot move"
                },
            ),
        },
    )
    value = type(
        f"{t}ActionValueSchema",
        (StrictSchema,),
        {
            "__doc__": "A candidate action and its estimated value for the seat.",
            "action": OneOf(actions.union, actions.variants, required=True),
            "value": fields.Float(
                required=True,
                metadata={
                    "description": "Mean result over the imagined deals, on the game's own scale: "
                    "expected points of the seat (Oh Hell family) or of its side minus the other's "
                    "(Blot, Baloot)"
                },
            ),
        },
    )
    response = type(
        f"{t}SuggestionSchema",
        (StrictSchema,),
        {
            "__doc__": "The action a bot takes for the seat, and what its choice rests on.",
            "rules": RulesInForce(game),
            "action": OneOf(
                actions.union,
                actions.variants,
                required=True,
                metadata={"description": "The action to take (canonical form), ready to send to hands/play"},
            ),
            "level": fields.String(required=True, validate=validate.OneOf(levels)),
            "values": fields.List(
                fields.Nested(value),
                required=True,
                metadata={
                    "description": "Each candidate the search weighed, with its value; empty when the "
                    "bot did not search (easy, a single legal action, a budget below one deal)"
                },
            ),
            "worlds": Int(0, required=True, metadata={"description": "Deals of the unseen cards imagined"}),
            "playouts": Int(0, required=True, metadata={"description": "Hands played out to the end"}),
            "elapsed_ms": fields.Float(
                required=True, metadata={"description": "How long the bot thought, in milliseconds"}
            ),
            "cut": Bool(
                required=True,
                metadata={
                    "description": "The server's clock stopped the search before its planned end "
                    "(an overloaded server): the answer may then differ from the seed's usual one"
                },
            ),
            "played": fields.Nested(
                played,
                metadata={
                    "description": "Only when the request asks to `play`: the action applied, as "
                    "hands/play answers it for the referee (the record with the action appended, "
                    "the new state, and the views asked)"
                },
            ),
        },
    )
    return request(), response()
