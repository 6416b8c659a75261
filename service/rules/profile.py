"""Rule options and profiles: the house rules a request may choose, each with its provenance.

A game declares its options once (name, type, default, allowed values, one line of description,
the source of the rule) and its named profiles (sets of overrides). A request names a profile and
may override options; `resolve` turns that into `Rules`, which carries every option resolved and a
canonical hash, so a client can prove which rules judged a hand.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import Code, InvalidRecord, scalar

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
    # int_list only: how many items at most, and whether each may appear once only. Every list a
    # client sends is bounded by what the game can use (a round at most once, within the schedule).
    max_items: int | None = None
    unique: bool = False

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
                and 0 < len(value) <= (self.max_items or len(value))
                and all(isinstance(v, int) and not isinstance(v, bool) and self._in_range(v) for v in value)
            )
            if ok:
                value = tuple(value)
                if self.unique and len(set(value)) < len(value):
                    twice = next(v for i, v in enumerate(value) if v in value[:i])
                    raise InvalidRecord(
                        Code.INVALID_RULE_VALUE,
                        f"{self.name} names {twice} more than once: each may appear once only",
                        field=f"rules.{self.name}",
                        params={"option": self.name, "value": scalar(twice)},
                        case="duplicate",
                    )
        if not ok:
            raise InvalidRecord(
                Code.INVALID_RULE_VALUE,
                f"{brief(value)} is not allowed for {self.name}: {self.describe_allowed()}",
                field=f"rules.{self.name}",
                params={
                    "option": self.name,
                    "value": brief(value),
                    "allowed": ", ".join(map(str, self.allowed or ())),
                    "min": self.minimum,
                    "max": self.maximum,
                    "items": self.max_items,
                },
                case=f"allowed_{self.type}",
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
        if self.type == "int":
            return f"an integer {bounds}".strip()
        most = f" of at most {self.max_items}" if self.max_items is not None else ""
        once = ", each once" if self.unique else ""
        return f"a non-empty list{most} of integers {bounds}".strip() + once

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
    description: str  # for players: what the profile plays (sources go in `source`)
    overrides: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""  # the rule book (section) or the tables it records


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
CACHE_SIZE = 512  # resolved rule sets kept per game (the most recently used)...
CACHE_BYTES = 4 << 20  # ...within this many bytes (estimated from above): clients choose both
DERIVED_BYTES = 1024  # allowance for what a game memoises on its rules (a schedule of 60 rounds)


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


AS_SENT_SIZE = 256  # requests kept as sent, per game (each a few options: a few KB in all)


def _cache_key(request: Mapping[str, Any], longest: int) -> tuple[Any, ...] | None:
    """A hashable key for a request made only of scalars and flat lists of scalars, else None.

    Rule values are booleans, integers, strings or flat integer lists, so anything else is
    invalid: it is resolved (and refused) without a key, and never walked recursively; so is a list
    longer than `longest`, the most items any option takes (a key for 120,000 items built 120,000
    pairs before the option refused them). The value's type is part of the key, because True == 1
    as a dict key but not as a rule value.
    """
    items = []
    for name, value in request.items():
        if isinstance(value, list | tuple):
            if len(value) > longest or not all(type(v) in _SCALARS for v in value):
                return None
            items.append((name, list, tuple((type(v), v) for v in value)))
        elif type(value) in _SCALARS:
            items.append((name, type(value), value))
        else:
            return None
    return tuple(sorted(items, key=lambda item: str(item[0])))


_SCALARS = frozenset({bool, int, str, float, type(None)})


def footprint(key: tuple[Any, ...], rules: Rules) -> int:
    """The bytes a cache entry holds, estimated from above (flat values: no recursion needed).

    The key's items and the resolved values are counted with what they refer to (a list's items, a
    string's characters); what the game derives later is given a fixed allowance.
    """
    total = sys.getsizeof(key) + sys.getsizeof(rules) + sys.getsizeof(rules.values) + DERIVED_BYTES
    total += sys.getsizeof(rules.hash) + sys.getsizeof(rules.profile)
    for item in key:
        total += sys.getsizeof(item) + sum(map(_flat_size, item))
    for name, value in rules.values.items():
        total += sys.getsizeof(name) + _flat_size(value)
    return total


def _flat_size(value: Any) -> int:
    if isinstance(value, tuple | list):
        return sys.getsizeof(value) + sum(sys.getsizeof(v) + _pair_size(v) for v in value)
    return sys.getsizeof(value)


def _pair_size(value: Any) -> int:
    """A key's list item is a (type, value) pair: the pair's value (the type is shared)."""
    return sys.getsizeof(value[1]) if isinstance(value, tuple) and len(value) == 2 else 0


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
        lists = [o.max_items for o in options if o.type == "int_list"]
        self._longest = max((sys.maxsize if n is None else n for n in lists), default=0)
        # Bounded, least recently used first out: clients choose the keys (any distinct rule set).
        self._cache: OrderedDict[tuple[Any, ...], tuple[Rules, int]] = OrderedDict()
        # requests seen as they were sent: (their items, in order) -> (their values' types, rules)
        self._as_sent: dict[tuple[Any, ...], tuple[tuple[type, ...], Rules]] = {}
        self.cache_bytes = 0  # the estimated footprint of what the cache holds
        self._cache_lock = threading.Lock()
        for p in profiles:  # a profile that does not resolve is a programming error: fail at import
            self.resolve({"profile": p.name})

    def resolve(self, request: Mapping[str, Any] | None) -> Rules:
        request = request or {}
        # A table sends the same rules with every request, in the same order: found as sent, with
        # the values' types compared too (True == 1 as a key, not as a rule value), the sorted key
        # below is not built (10 µs of a request). Unhashable values (lists) take the long way.
        try:
            sent = tuple(request.items())
            held = self._as_sent.get(sent)
        except TypeError:
            sent, held = None, None
        if held is not None and held[0] == tuple(map(type, request.values())):
            return held[1]
        rules = self._resolve(request)
        if sent is not None:
            if len(self._as_sent) >= AS_SENT_SIZE:
                self._as_sent.clear()  # bounded; a table refills its entry at its next request
            self._as_sent[sent] = (tuple(map(type, request.values())), rules)
        return rules

    def _resolve(self, request: Mapping[str, Any]) -> Rules:
        key = _cache_key(request, self._longest)
        cached = self._cache.get(key) if key is not None else None
        if cached is not None:
            with suppress(KeyError):  # another thread may have just evicted it
                self._cache.move_to_end(key)  # type: ignore[arg-type]
            return cached[0]
        name = request.get("profile", self.default_profile)
        profile = self.profiles.get(name) if isinstance(name, str) else None
        if profile is None:
            raise InvalidRecord(
                Code.UNKNOWN_PROFILE,
                f"{brief(name)} is not a profile of {self.game}: {', '.join(self.profiles)}",
                field="rules.profile",
                params={"profile": scalar(name)},
                case="named",
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
                    params={"option": scalar(opt_name)},
                    case="named",
                )
            values[opt_name] = option.check(value)
        if self._validate is not None:
            self._validate(values)
        rules = Rules(self.game, profile.name, values, canonical_hash(self.game, values))
        if key is not None:
            self._remember(key, rules)
        return rules

    def _remember(self, key: tuple[Any, ...], rules: Rules) -> None:
        size = footprint(key, rules)
        if size > CACHE_BYTES // 8:
            return  # no one rule set takes an eighth of the cache (none does: every list is bounded)
        with self._cache_lock:  # the count of bytes must match what is held
            previous = self._cache.pop(key, None)
            if previous is not None:
                self.cache_bytes -= previous[1]
            self._cache[key] = (rules, size)
            self.cache_bytes += size
            while len(self._cache) > CACHE_SIZE or self.cache_bytes > CACHE_BYTES:
                self.cache_bytes -= self._cache.popitem(last=False)[1][1]

    def catalog(self) -> dict[str, Any]:
        return {
            "default_profile": self.default_profile,
            "profiles": [
                {
                    "name": p.name,
                    "description": p.description,
                    "source": p.source,
                    "overrides": {
                        k: (list(v) if isinstance(v, tuple) else v) for k, v in p.overrides.items()
                    },
                }
                for p in self.profiles.values()
            ],
            "options": [o.catalog() for o in self.options.values()],
        }
