"""The catalog in the players' language: games', profiles' and options' names and descriptions.

The rules core describes each game in English (`Game.describe`); this layer swaps in the texts of
the negotiated language by key (docs/languages.md, "Catalog and glossary domains"), so the core stays
pure and the ids, values and sources never change with the language:

- `game.<id>.name`, `game.<id>.summary`
- `profile.<game>.<profile>` (its display title) and `profile.<game>.<profile>.description`
- `option.<family>.<option>` (its display title) and `option.<family>.<option>.description`: the
  games of one family share their options' texts

A text missing from a language falls back to English, then to the core's own text (the tests
require every key in every language, and the English to be the core's). A game's description is
built once per language at first use and kept: the cache holds at most games x languages entries.
"""

from __future__ import annotations

import copy
from typing import Any

from service.rules import registry
from service.rules.game import Game

from . import i18n


def game_keys(game: Game) -> dict[str, str]:
    return {"name": f"game.{game.id}.name", "summary": f"game.{game.id}.summary"}


def profile_key(game: Game, profile: str) -> str:
    return f"profile.{game.id}.{profile}"


def option_key(game: Game, option: str) -> str:
    return f"option.{game.family}.{option}"


def keys(game: Game) -> dict[str, str]:
    """{catalog key: the core's English text, or None for a title the core does not have}."""
    out: dict[str, Any] = {key: getattr(game, field) for field, key in game_keys(game).items()}
    for name, profile in game.rulebook.profiles.items():
        out[profile_key(game, name)] = None
        out[profile_key(game, name) + ".description"] = profile.description
    for name, option in game.rulebook.options.items():
        out[option_key(game, name)] = None
        out[option_key(game, name) + ".description"] = option.description
    return out


def _text(lang: str, key: str, fallback: str) -> str:
    found = i18n.text(lang, key)
    return fallback if found is None else found


def _translate(game: Game, lang: str) -> dict[str, Any]:
    out = copy.deepcopy(game.describe())
    for field, key in game_keys(game).items():
        out[field] = _text(lang, key, out[field])
    for profile in out["rules"]["profiles"]:
        key = profile_key(game, profile["name"])
        profile["title"] = _text(lang, key, profile["name"])
        profile["description"] = _text(lang, key + ".description", profile["description"])
    for option in out["rules"]["options"]:
        key = option_key(game, option["name"])
        option["title"] = _text(lang, key, option["name"])
        option["description"] = _text(lang, key + ".description", option["description"])
    return out


# (game id, language) -> the description; keys come from the registry and the held languages only
_described: dict[tuple[str, str], dict[str, Any]] = {}


def describe(game: Game, lang: str) -> dict[str, Any]:
    """`game.describe()` in `lang`: names, summary, profiles' and options' titles and descriptions."""
    key = (game.id, lang)
    found = _described.get(key)
    if found is None:
        found = _described[key] = _translate(game, lang)
    return found


def catalog(lang: str) -> dict[str, Any]:
    """The body of GET /v1/games in `lang`."""
    return {"games": [describe(g, lang) for g in registry.GAMES.values()]}
