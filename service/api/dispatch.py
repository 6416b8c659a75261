"""The one code path from a route to a game: resolve its rules, run the operation."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

from flask import Flask, Response, current_app
from flask import request as http_request
from flask_smorest import abort

from service import bots
from service.rules.errors import Code, InvalidRecord, detail_key
from service.rules.game import Game
from service.rules.play import read_views
from service.rules.profile import Rules
from service.rules.record import REPLAY_MEMO

from . import i18n, replay_cache
from .errors import language
from .headers import API_HEADERS, SECURED


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


_API_HEADERS = list(API_HEADERS)


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


def json_response(data: Any, status: int = 200) -> Response:
    response = Response(encode(data), status=status, mimetype="application/json")
    # The fixed headers appended to werkzeug's list as they are: they are constants, checked once
    # here, and Headers(...) validated each of them again on every answer (8 µs of ~300).
    response.headers._list.extend(_API_HEADERS)  # type: ignore[attr-defined]
    setattr(response, SECURED, True)
    return response


def _check_api_headers() -> None:
    from werkzeug.datastructures import Headers

    assert Headers(API_HEADERS).to_wsgi_list() == _API_HEADERS  # valid as werkzeug checks headers


_check_api_headers()


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


def run(game: Game, operation: str, body: Mapping[str, Any]) -> Response:
    """Answer one operation. A request with a valid table key (`Trickref-Table-Key`) replays its
    record through the replay cache, seen through that key only; without one, as always."""
    rules = resolve_rules(game, body)
    return json_response(translated(answer(game, operation, rules, body), family=game.family))


def answer(game: Game, operation: str, rules: Rules, body: Mapping[str, Any]) -> Any:
    """`game.answer`, through the replay cache when the request carries a valid table key."""
    sent = http_request.environ.get(TABLE_KEY_ENVIRON)
    secret = replay_cache.valid_key(sent)
    if sent is not None and secret is None:  # the contract's pattern: refused, never silently unused
        abort(
            422,
            code="validation_failed",
            message=f"{replay_cache.HEADER} must be 16 to 64 characters from [A-Za-z0-9_-]",
            errors={"headers": {replay_cache.HEADER: ["Does not match ^[A-Za-z0-9_-]{16,64}$"]}},
        )
    return answer_keyed(current_app, secret, game, operation, rules, body)


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


def translated(answer: Any, lang: str | None = None, family: str | None = None) -> Any:
    """tricks/legal: each refused card's reason in the request's language (`lang`, else negotiated),
    in the words of the game's `family`."""
    illegal = answer.get("illegal") if isinstance(answer, dict) else None
    if illegal:
        lang = lang or language()
        for item in illegal:
            code = detail_key(Code(item["code"]))
            item["reason"] = i18n.detail(lang, code, item["params"], item["reason"], family)
    return answer


def suggest(game: Game, body: Mapping[str, Any]) -> Response:
    """hands/suggest: a bot's action for `seat`. No peeking by construction: the bot is given the
    seat's view (what hands/state answers with `seat`, errors included as that seat may read them),
    never the record. service/bots is pure and the rules' Game does not know it: this is the one
    place where the two meet.

    With `play`, the action is applied as well, by the game's own hands/play for the referee (the
    bot has already chosen: it never sees the record or the views asked), and the answer carries
    that play's answer as `played`: a table's bot move is one call, not suggest then play."""
    rules = resolve_rules(game, body)
    seat = body["seat"]
    view = answer(game, "state", rules, {**body["hand"], "seat": seat})
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
    )
    suggestion = {"rules": view["rules"], **found.to_json()}
    if play is not None:
        request = {"hand": body["hand"], "action": suggestion["action"]}
        if play.get("views") is not None:
            request["views"] = play["views"]
        suggestion["played"] = answer(game, "play", rules, request)
    return json_response(suggestion)


# Operations answered by a hook of their own rather than by a `Game` method through `run`.
HOOKS: dict[str, Callable[[Game, Mapping[str, Any]], Response]] = {"suggest": suggest}
