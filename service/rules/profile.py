"""Rule options and profiles: the house rules a request may choose, each with its provenance.

A game declares its options once (name, type, default, allowed values, one line of description,
the source of the rule) and its named profiles (sets of overrides). A request names a profile and
may override options; `resolve` turns that into `Rules`, which carries every option resolved and a
canonical hash, so a client can prove which rules judged a hand.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import Code, InvalidRecord

OptionType = Literal["bool", "int", "enum", "int_list"]


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType
    default: Any
    description: str
    source: str
    allowed: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """The value in canonical form, or InvalidRecord(invalid_rule_value)."""
        ok: bool
        if value is None and self.default is None:
            return None
        if self.type == "bool":
            ok = isinstance(value, bool)
        elif self.type == "int":
            ok = isinstance(value, int) and not isinstance(value, bool) and self._in_range(value)
        elif self.type == "enum":
            ok = isinstance(value, str) and self.allowed is not None and value in self.allowed
        else:
            ok = (
                isinstance(value, list | tuple)
                and len(value) > 0
                and all(isinstance(v, int) and not isinstance(v, bool) and self._in_range(v) for v in value)
            )
            if ok:
                value = tuple(value)
        if not ok:
            raise InvalidRecord(
                Code.INVALID_RULE_VALUE,
                f"{brief(value)} is not allowed for {self.name}: {self.describe_allowed()}",
                field=f"rules.{self.name}",
            )
        return value

    def _in_range(self, v: int) -> bool:
        return (self.minimum is None or v >= self.minimum) and (self.maximum is None or v <= self.maximum)

    def describe_allowed(self) -> str:
        if self.type == "bool":
            return "true or false"
        if self.type == "enum":
            return "one of " + ", ".join(map(str, self.allowed or ()))
        bounds = f"from {self.minimum}" if self.minimum is not None else ""
        if self.maximum is not None:
            bounds += f" to {self.maximum}"
        kind = "an integer" if self.type == "int" else "a non-empty list of integers"
        return f"{kind} {bounds}".strip()

    def catalog(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "description": self.description,
            "source": self.source,
        }
        if self.allowed is not None:
            entry["allowed"] = list(self.allowed)
        if self.minimum is not None:
            entry["minimum"] = self.minimum
        if self.maximum is not None:
            entry["maximum"] = self.maximum
        return entry


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    overrides: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """Resolved rules: every option's value, the profile they came from and their hash."""

    game: str
    profile: str
    values: Mapping[str, Any]
    hash: str
    # What a game derives from the rules (a deal schedule...), memoised on the rules themselves: it
    # lives exactly as long as they do (the RuleBook keeps a bounded number), so no separate cache
    # keyed by client-chosen rules can grow without bound.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def echo(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.values.items()},
            "hash": self.hash,
        }


def canonical_hash(game: str, values: Mapping[str, Any]) -> str:
    """Stable across processes and versions: sorted keys, compact separators, tuples as lists."""
    text = json.dumps({"game": game, "options": dict(values)}, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


Validator = Callable[[Mapping[str, Any]], None]

BRIEF_CHARS = 40
CACHE_SIZE = 512  # resolved rule sets kept per game (the most recently used)


def brief(value: Any) -> str:
    """A short, non-recursive description of a client's value for an error message.

    repr() of a value nested a thousand deep recurses (and fails); of a 200 KB string it echoes
    200 KB. A scalar is shown up to BRIEF_CHARS characters, a container only by kind and size.
    """
    if isinstance(value, list | tuple):
        if all(type(v) in (int, bool, float) or v is None for v in value) and len(value) <= 8:
            text = repr(list(value))
        else:
            return f"a list of {len(value)} items"
    elif isinstance(value, Mapping):
        return f"an object of {len(value)} members"
    else:
        text = repr(value)
    return text if len(text) <= BRIEF_CHARS else text[: BRIEF_CHARS - 3] + "..."


def _cache_key(request: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A hashable key for a request made only of scalars and flat lists of scalars, else None.

    Rule values are booleans, integers, strings or flat integer lists, so anything else is
    invalid: it is resolved (and refused) without a key, and never walked recursively. The value's
    type is part of the key, because True == 1 as a dict key but not as a rule value.
    """
    items = []
    for name, value in request.items():
        if isinstance(value, list | tuple):
            if not all(type(v) in _SCALARS for v in value):
                return None
            items.append((name, list, tuple((type(v), v) for v in value)))
        elif type(value) in _SCALARS:
            items.append((name, type(value), value))
        else:
            return None
    return tuple(sorted(items, key=lambda item: str(item[0])))


_SCALARS = frozenset({bool, int, str, float, type(None)})


class RuleBook:
    """A game's options and profiles; resolves a request's `rules` object."""

    def __init__(
        self,
        game: str,
        options: tuple[Option, ...],
        profiles: tuple[Profile, ...],
        validate: Validator | None = None,
    ) -> None:
        self.game = game
        self.options = {o.name: o for o in options}
        self.profiles = {p.name: p for p in profiles}
        self.default_profile = profiles[0].name
        self._validate = validate
        # Bounded, least recently used first out: clients choose the keys (any distinct rule set).
        self._cache: OrderedDict[tuple[Any, ...], Rules] = OrderedDict()
        for p in profiles:  # a profile that does not resolve is a programming error: fail at import
            self.resolve({"profile": p.name})

    def resolve(self, request: Mapping[str, Any] | None) -> Rules:
        request = request or {}
        key = _cache_key(request)
        cached = self._cache.get(key) if key is not None else None
        if cached is not None:
            with suppress(KeyError):  # another thread may have just evicted it
                self._cache.move_to_end(key)  # type: ignore[arg-type]
            return cached
        name = request.get("profile", self.default_profile)
        profile = self.profiles.get(name) if isinstance(name, str) else None
        if profile is None:
            raise InvalidRecord(
                Code.UNKNOWN_PROFILE,
                f"{brief(name)} is not a profile of {self.game}: {', '.join(self.profiles)}",
                field="rules.profile",
            )
        values = {o.name: o.default for o in self.options.values()}
        values.update(profile.overrides)
        for opt_name, value in request.items():
            if opt_name == "profile":
                continue
            option = self.options.get(opt_name)
            if option is None:
                raise InvalidRecord(
                    Code.UNKNOWN_RULE_OPTION,
                    f"{brief(opt_name)} is not a rule option of {self.game}",
                    field=f"rules.{str(opt_name)[:BRIEF_CHARS]}",
                )
            values[opt_name] = option.check(value)
        if self._validate is not None:
            self._validate(values)
        rules = Rules(self.game, profile.name, values, canonical_hash(self.game, values))
        if key is not None:
            self._cache[key] = rules
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return rules

    def catalog(self) -> dict[str, Any]:
        return {
            "default_profile": self.default_profile,
            "profiles": [
                {
                    "name": p.name,
                    "description": p.description,
                    "overrides": {
                        k: (list(v) if isinstance(v, tuple) else v) for k, v in p.overrides.items()
                    },
                }
                for p in self.profiles.values()
            ],
            "options": [o.catalog() for o in self.options.values()],
        }
