"""The dispatcher: the one code path from a game operation's request to its answer, 200 or problem.

The front (service/api/front.py) hands it every POST to a game's operation path after the checks
every request gets; it decodes the body as webargs would, loads it with the very schema the
contract documents (schemas/contract.py), resolves the rules, runs the operation through the
replay cache when the request carries a table key, and writes the answer's JSON; any refusal on
the way is written by service/api/errors.py as every problem is. No Flask object is made.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any, NamedTuple

from flask import Flask
from marshmallow import Schema, ValidationError

from service import bots
from service.rules.errors import Code, InvalidRecord, RuleError, detail_key
from service.rules.game import Game
from service.rules.play import read_views
from service.rules.profile import Rules
from service.rules.record import REPLAY_MEMO

from . import context, errors, i18n, replay_cache
from .answer import Answer
from .headers import API_HEADERS


def _nested_rules(body: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """The `rules` of every hand record nested in the body, with where it stands."""
    hand = body.get("hand")
    if isinstance(hand, Mapping) and hand.get("rules") is not None:
        yield "hand.rules", hand["rules"]
    for i, entry in enumerate(body.get("hands") or ()):
        nested = entry.get("hand") if isinstance(entry, Mapping) else None
        if isinstance(nested, Mapping) and nested.get("rules") is not None:
            yield f"hands.{i}.hand.rules", nested["rules"]


def resolve_rules(game: Game, body: Mapping[str, Any]) -> Rules:
    """The request's rules: its top-level `rules`, else those of its hand record, else the default.

    A record nested in the body may carry its own rules (a dealt record always does); they must
    resolve to the same options as the request's, or the request is refused rather than judged
    under rules the client did not mean.
    """
    nested = list(_nested_rules(body))
    top = body.get("rules")
    rules = game.rules(top if top is not None or not nested else nested[0][1])
    for where, request in nested if top is not None else nested[1:]:  # not the one resolved above
        if game.rules(request).hash != rules.hash:
            raise InvalidRecord(
                Code.RULES_CONFLICT,
                f"{where} resolves to other options than the request's rules: give one, or the same",
                field=where,
            )
    return rules


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


# json.dumps(data, separators=(",", ":"), check_circular=False), built once: dumps builds a
# JSONEncoder and its C encoder at every call (a few µs an answer); a test holds the two equal
_ENCODER = (
    c_make_encoder(None, _not_json, encode_basestring_ascii, None, ":", ",", False, False, True)
    if c_make_encoder is not None
    else None
)


def encode(data: Any) -> str:
    """An answer's JSON text: compact, keys in the order the answer built them."""
    if _ENCODER is None:  # an interpreter without json's C speedups
        return json.dumps(data, separators=(",", ":"), check_circular=False)
    return "".join(_ENCODER(data, 0))


TABLE_KEY_ENVIRON = "HTTP_" + replay_cache.HEADER.upper().replace("-", "_")
_CACHE = "trickref_replay_cache"


def replay_cache_of(app: Flask) -> replay_cache.ReplayCache | None:
    """The app's replay cache (one per worker process), or None when it is turned off."""
    cache: replay_cache.ReplayCache | None = app.extensions.get(_CACHE)
    if cache is None and _CACHE not in app.extensions:
        if app.config.get("TRICKREF_REPLAY_CACHE", True):
            cache = replay_cache.ReplayCache(
                app.config.get("TRICKREF_REPLAY_CACHE_BYTES", replay_cache.DEFAULT_MAX_BYTES),
                metrics=app.extensions.get("trickref_metrics"),
            )
        app.extensions.setdefault(_CACHE, cache)
        cache = app.extensions[_CACHE]
    return cache


Hook = Callable[["Dispatcher", Game, Mapping[str, Any], context.Call], Any]


class Route(NamedTuple):
    """One game operation the dispatcher serves: the path's game, the operation (a `Game` method,
    or a hook of `HOOKS`), the request schema the contract documents, and the route's endpoint."""

    game: Game
    operation: str
    schema: Schema
    endpoint: str  # the game's blueprint and the operation: `blob.hands_state`

    @property
    def hook(self) -> Hook | None:
        return HOOKS.get(self.operation)


def _body(text: bytes) -> Any:
    """The request's JSON as webargs reads it: UTF-8, then the stdlib's parser; a body that is not
    JSON is a 400 (the front has already refused an empty one and any other content type)."""
    try:
        return json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise _NotJson from None
    except json.JSONDecodeError as error:
        if error.doc == "":
            return {}
        raise _NotJson from None


class _NotJson(Exception):
    pass


class Dispatcher:
    """The game operations, served without Flask: one method for their 200s and their problems."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.routes: dict[str, Route] = {}

    def add(self, path: str, route: Route) -> None:
        self.routes[path] = route

    def serve(self, route: Route, body: bytes, call: context.Call) -> Answer:
        """Decode and load the body with the operation's schema, run the operation, write the answer;
        or the problem that stopped it, written as every problem is (service/api/errors.py)."""
        game = route.game
        try:
            loaded = route.schema.load(_body(body))
            hook = route.hook
            if hook is None:  # a `Game` method; refused cards' reasons in the request's language
                rules = resolve_rules(game, loaded)
                result = self.answer(game, route.operation, rules, loaded, call)
                translated(result, call.language, game.family)
            else:
                result = hook(self, game, loaded, call)
            text = encode(result).encode()
        except _NotJson:
            return errors.http_problem(400, {"messages": {"json": ["Invalid JSON body."]}}, game.family)
        except ValidationError as error:
            answer = errors.http_problem(
                422, {"messages": {"json": error.messages}}, game.family, schema_error=error
            )
            errors.let_go(error)
            return answer
        except Problem as problem:
            return errors.http_problem(problem.status, problem.data, game.family)
        except RuleError as error:
            return errors.rule_problem(error, game.family)
        except Exception as error:  # a fault of ours: logged, and a 500 problem
            return errors.unexpected_problem(error)
        return Answer(
            200,
            [("Content-Type", "application/json"), ("Content-Length", str(len(text))), *API_HEADERS],
            text,
        )

    def answer(
        self, game: Game, operation: str, rules: Rules, body: Mapping[str, Any], call: context.Call
    ) -> Any:
        """`game.answer`, through the replay cache when the request carries a valid table key."""
        return answer_keyed(self.app, table_key(call.table_key), game, operation, rules, body)


class Problem(Exception):
    """An HTTP-level problem found while serving an operation: its status and `abort`'s data."""

    def __init__(self, status: int, **data: Any) -> None:
        super().__init__(data.get("message"))
        self.status = status
        self.data = data


def table_key(sent: str | None) -> str | None:
    """The request's valid table key (`Trickref-Table-Key`, as `sent`), None when it sent none; a
    malformed one is refused, never silently unused (the contract's pattern)."""
    secret = replay_cache.valid_key(sent)
    if sent is not None and secret is None:
        raise Problem(
            422,
            code="validation_failed",
            message=f"{replay_cache.HEADER} must be 16 to 64 characters from [A-Za-z0-9_-]",
            errors={"headers": {replay_cache.HEADER: ["Does not match ^[A-Za-z0-9_-]{16,64}$"]}},
        )
    return secret


def answer_keyed(
    app: Flask, secret: str | None, game: Game, operation: str, rules: Rules, body: Mapping[str, Any]
) -> Any:
    """`game.answer` seen through the table key `secret` (a valid one, or None: no cache)."""
    cache = replay_cache_of(app) if secret is not None else None
    if cache is None or secret is None:
        return game.answer(operation, rules, body)
    token = REPLAY_MEMO.set(cache.memo(secret, game.id))
    try:
        return game.answer(operation, rules, body)
    finally:
        REPLAY_MEMO.reset(token)


def translated(answer: Any, lang: str, family: str | None = None) -> Any:
    """tricks/legal: each refused card's reason in the request's language `lang`, in the words of
    the game's `family`."""
    illegal = answer.get("illegal") if isinstance(answer, dict) else None
    if illegal:
        for item in illegal:
            code = detail_key(Code(item["code"]))
            item["reason"] = i18n.detail(lang, code, item["params"], item["reason"], family)
    return answer


def suggest(dispatcher: Dispatcher, game: Game, body: Mapping[str, Any], call: context.Call) -> Any:
    """hands/suggest: a bot's action for `seat`. No peeking by construction: the bot is given the
    seat's view (what hands/state answers with `seat`, errors included as that seat may read them),
    never the record. service/bots is pure and the rules' Game does not know it: this is the one
    place where the two meet.

    With `play`, the action is applied as well, by the game's own hands/play for the referee (the
    bot has already chosen: it never sees the record or the views asked), and the answer carries
    that play's answer as `played`: a table's bot move is one call, not suggest then play."""
    rules = resolve_rules(game, body)
    seat = body["seat"]
    view = dispatcher.answer(game, "state", rules, {**body["hand"], "seat": seat}, call)
    play = body.get("play")
    if play is not None:  # refused before the bot thinks, not after
        read_views(play.get("views"), len(view["hands"]), field="play.views")
    found = bots.suggest(
        game.id,
        view,
        seat,
        level=body.get("level", "normal"),
        seed=body.get("seed", 0),
        budget_ms=body.get("budget_ms"),
        since=call.started,
    )
    suggestion = {"rules": view["rules"], **found.to_json()}
    if play is not None:
        request = {"hand": body["hand"], "action": suggestion["action"]}
        if play.get("views") is not None:
            request["views"] = play["views"]
        suggestion["played"] = dispatcher.answer(game, "play", rules, request, call)
    return suggestion


# Operations answered by a hook of their own rather than by a `Game` method.
HOOKS: dict[str, Hook] = {"suggest": suggest}
