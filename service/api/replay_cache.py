"""Replayed hand states kept between a table's requests, private to whoever filled them.

A table sends its record again at every step (hands/play, then a seat view per player), and the
service replays it from the deal each time. This cache keeps the replayed states so that a growing
record costs one step of replay: the state after k actions is stored under a key that is a keyed
hash (BLAKE2b) of the game, the rules' canonical hash, the deal and the k actions, chained so that
one linear pass over a record yields the key of each of its prefixes. A request looks its record
up, longest prefix first, and replays only the actions after the longest one held
(`service/rules/record.replay_record`, through the `ReplayMemo` interface).

Privacy. Late in a deal a seat can enumerate the few possible hidden hands; if the one a table's
server just sent answered faster than the others, the seat would learn the hands. So the hash key
is a secret the client sends, `Trickref-Table-Key` (a front end picks one random secret per table
and never shows it to the players): no one without it can compute the key of an entry it filled,
so a guessed record, with another key or none, never hits it and costs a full replay. Without
the header nothing is looked up or stored (the request takes the uncached path).

Bounds. One cache per worker process, LRU, at most `max_bytes` and `max_entries`. Each entry is
charged an upper estimate of what it holds: its key and slot (ENTRY_OVERHEAD) and its state, i.e.
every object the state reaches but the ones all states share (interned cards, enums, the rules),
counted as if no other entry shared them; walking a state costs more than a step of replay, so each
kind of state (class, seats, cards dealt) is walked at its first stores and then at one in
MEASURE_EVERY, and charged the largest size walked plus a quarter (a test holds the charges above
what tracemalloc sees the entries hold). When a table's record grows by an action, the state it
grew from is dropped, so a table holds about one entry, not one per action. A hostile stream of
distinct records (its own keys) only evicts: it cannot grow the memory, and the LRU order makes it
cost other tables their entries (a slower answer, the same answer).

Safety. States are frozen (immutable) values, so one held state can be handed to many requests and
threads at once; the table is guarded by a lock held only for dict operations. An entry is stored
only after its deal and every action up to it were accepted, so a hit answers exactly what a
replay from the deal answers, errors included (an illegal action after the held prefix is found by
the same step and reported at the same index).
"""

from __future__ import annotations

import re
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from enum import Enum
from hashlib import blake2b
from typing import Any

from service.rules.cards import Card, deck
from service.rules.profile import Rules
from service.rules.record import Action, HandRecord

HEADER = "Trickref-Table-Key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # base64url or hex; at most BLAKE2b's key size
DEFAULT_MAX_BYTES = 16 * 1024 * 1024
DEFAULT_MAX_ENTRIES = 20_000

DIGEST = 32  # bytes of each key: a keyed hash, so only the secret's holder can aim at a key
# what one entry costs beyond its state: the key (a 32-byte bytes object) and its slot in the
# OrderedDict (hash table slot, linked-list node, the (state, size) tuple), rounded up
ENTRY_OVERHEAD = 256

# Objects every state shares with every other (interned cards, suits and other enums, the resolved
# rules, booleans and small numbers): not charged to an entry.
_SHARED_TYPES: tuple[type, ...] = (Card, Enum, Rules, bool, int, float, type(None), type)


def _slots(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return tuple(n for n in names if n not in ("__weakref__", "__dict__"))


_SLOTS: dict[type, tuple[str, ...]] = {}


def state_bytes(state: object) -> int:
    """An upper estimate of the memory an entry's state holds: sys.getsizeof of every object it
    reaches (each once) except the shared ones above. Objects that consecutive states of a deal
    share (its table, the hands, the tricks played) are charged to every entry that reaches them."""
    seen: set[int] = set()
    stack: list[object] = [state]
    total = 0
    while stack:
        obj = stack.pop()
        if isinstance(obj, _SHARED_TYPES) or id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        cls = type(obj)
        if isinstance(obj, tuple | list | frozenset | set):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif cls is not str and cls is not bytes:
            names = _SLOTS.get(cls)
            if names is None:
                names = _SLOTS[cls] = _slots(cls)
            for name in names:
                stack.append(getattr(obj, name, None))
            d = getattr(obj, "__dict__", None)
            if d is not None:
                stack.append(d)
    return total


# The encoding of each action, built once per distinct Action object (the parsed actions of a game
# are few and shared: record.Action.from_json). The repr of a tuple of plain values is unambiguous
# and keeps the types (seat 1 and seat True differ), and the length prefix frames it.
_ENCODED: dict[int, tuple[Action, bytes]] = {}
_ENCODED_MAX = 16_384
_encoded_lock = threading.Lock()


def _encode(action: Action) -> bytes:
    c = action.card
    text = repr((action.seat, action.type, action.value, action.strain, c.text if c else None, action.capot))
    data = text.encode()
    encoded = len(data).to_bytes(4, "big") + data
    with _encoded_lock:
        if len(_ENCODED) >= _ENCODED_MAX:
            _ENCODED.clear()
        _ENCODED[id(action)] = (action, encoded)  # holding the action keeps its id unique
    return encoded


def _encoded(actions: tuple[Action, ...]) -> list[bytes]:
    out = []
    get = _ENCODED.get
    for action in actions:
        held = get(id(action))
        out.append(held[1] if held is not None and held[0] is action else _encode(action))
    return out


# every card is one of the 52 interned ones (rules.cards): a byte each
_CARD_BYTE: dict[Card, int] = {c: i for i, c in enumerate(deck(52), start=1)}


def _deal(record: HandRecord) -> bytes:
    """Everything of a record but its actions, which with the rules is what the first state is made
    of (a deal's validity and start state depend on nothing else): the dealer and the round (repr
    keeps their types), then a byte per card, each hand ended by a zero byte (no card's byte), the
    stock, and the turned card if any."""
    byte = _CARD_BYTE.__getitem__
    turned = record.turned
    head = f"{record.dealer!r},{record.round!r},{len(record.hands)}|".encode()
    data = head + b"\0".join([bytes(map(byte, hand)) for hand in record.hands])
    data += b"\0" + bytes(map(byte, record.stock))
    if turned is not None:
        data += b"\0" + bytes((byte(turned),))
    return len(data).to_bytes(4, "big") + data


@dataclass
class Stats:
    hits: int = 0  # the whole record was held
    prefixes: int = 0  # a prefix was held: the rest was replayed
    misses: int = 0  # nothing was held: replayed from the deal
    stores: int = 0
    evictions: int = 0
    bytes: int = 0
    peak_bytes: int = 0
    entries: int = 0
    measured: int = 0  # stores whose state was walked (state_bytes) to calibrate the charge


# An entry's charge: walking a state costs tens of µs (a Python loop over 20 to 80 objects), more
# than replaying a step, so it is not done at every store. States of one kind (their class, the
# number of seats and of cards dealt) differ little in size (the same cards move from the hands to
# the tricks); each kind is walked at its first MEASURE_FIRST stores and then at one store in
# MEASURE_EVERY, and every entry is charged the largest size walked for its kind, plus a quarter.
GAUGE_EVERY = 16
MEASURE_FIRST = 8
MEASURE_EVERY = 32
MARGIN = 1.25


class ReplayCache:
    """The states of one worker process, keyed by keyed hashes (see the module's docstring)."""

    def __init__(
        self, max_bytes: int = DEFAULT_MAX_BYTES, max_entries: int = DEFAULT_MAX_ENTRIES, metrics: Any = None
    ) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self.stats = Stats()
        self._entries: OrderedDict[bytes, tuple[object, int]] = OrderedDict()
        self._sizes: dict[tuple[type, int, int], tuple[int, int]] = {}  # kind -> (stores, largest)
        self._lock = threading.Lock()
        self._metrics = metrics

    def memo(self, secret: str, game: str) -> TableMemo:
        """The memo one request uses: its keys are computed with the client's secret."""
        return TableMemo(self, secret.encode(), game.encode())

    def longest(self, keys: list[bytes], offset: int = 0) -> tuple[int, object | None]:
        """(k, state) for the longest prefix held, keys[i] being the key after offset + i actions;
        (0, None) when none is."""
        entries = self._entries
        with self._lock:
            for i in range(len(keys) - 1, -1, -1):
                held = entries.get(keys[i])
                if held is not None:
                    entries.move_to_end(keys[i])
                    return offset + i, held[0]
        return 0, None

    def count(self, result: str) -> None:
        s = self.stats
        if result == "hit":
            s.hits += 1
        elif result == "prefix":
            s.prefixes += 1
        else:
            s.misses += 1
        if self._metrics is not None:
            self._metrics.replay_lookup(result)

    def charge(self, state: object, seats: int, cards: int) -> int:
        """The bytes an entry holding `state` is charged (see MEASURE_FIRST)."""
        kind = (type(state), seats, cards)
        stores, largest = self._sizes.get(kind, (0, 0))
        if stores < MEASURE_FIRST or stores % MEASURE_EVERY == 0:
            largest = max(largest, state_bytes(state))
            self.stats.measured += 1
        if len(self._sizes) < 4096:  # kinds: classes x seats x cards dealt, a few dozen in practice
            self._sizes[kind] = (stores + 1, largest)
        return int(largest * MARGIN) + ENTRY_OVERHEAD

    def put(self, key: bytes, state: object, size: int, drop: bytes | None = None) -> None:
        """Hold `state` under `key`, charged `size` bytes; `drop` is the key of the state it grew
        from (no longer needed)."""
        if size > self.max_bytes:
            return
        s = self.stats
        with self._lock:
            entries = self._entries
            if drop is not None:
                old = entries.pop(drop, None)
                if old is not None:
                    s.bytes -= old[1]
            old = entries.pop(key, None)
            if old is not None:
                s.bytes -= old[1]
            entries[key] = (state, size)
            s.bytes += size
            s.stores += 1
            while s.bytes > self.max_bytes or len(entries) > self.max_entries:
                _, (_, freed) = entries.popitem(last=False)
                s.bytes -= freed
                s.evictions += 1
            s.entries = len(entries)
            peaked = s.bytes > s.peak_bytes
            s.peak_bytes = max(s.peak_bytes, s.bytes)
            held, peak, stores = s.bytes, s.peak_bytes, s.stores
        # the gauges at a new peak and every GAUGE_EVERY stores (a gauge update writes the metrics
        # file in multiprocess mode: a few µs that every store paid); `bytes` may lag by that many
        if self._metrics is not None and (peaked or stores % GAUGE_EVERY == 1):
            self._metrics.replay_held(held, peak)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.stats.bytes = 0
            self.stats.entries = 0


class TableMemo:
    """`service.rules.record.ReplayMemo` for one request: the cache, seen through one secret."""

    __slots__ = ("cache", "game", "secret")

    def __init__(self, cache: ReplayCache, secret: bytes, game: bytes) -> None:
        self.cache = cache
        self.secret = secret
        self.game = game

    def _head(self, scope: str, record: HandRecord) -> Any:
        h = blake2b(key=self.secret, digest_size=DIGEST, person=b"trickref-replay")
        rules = scope.encode()
        h.update(len(self.game).to_bytes(4, "big") + self.game + len(rules).to_bytes(4, "big") + rules)
        h.update(_deal(record))
        return h

    def keys(self, scope: str, record: HandRecord) -> list[bytes]:
        """The key of every prefix of the record, the empty one first: one pass, chained."""
        h = self._head(scope, record)
        keys = [h.copy().digest()]
        for data in _encoded(record.actions):
            h.update(data)
            keys.append(h.copy().digest())
        return keys

    def find(self, scope: str, record: HandRecord) -> tuple[int, Any, Any]:
        """The whole record, then the record but its last action (a table's usual steps: the same
        record again, or one action more); only when neither is held, every shorter prefix."""
        n = len(record.actions)
        h = self._head(scope, record)
        if n:
            parts = _encoded(record.actions)
            h.update(b"".join(parts[:-1]))
            before = h.copy().digest()
            h.update(parts[-1])
            last = [before, h.digest()]
        else:
            last = [h.digest()]
        cache = self.cache
        k, state = cache.longest(last, n + 1 - len(last))
        if state is None and n > 1:
            k, state = cache.longest(self.keys(scope, record)[:-2])
        cache.count("miss" if state is None else "hit" if k == n else "prefix")
        # the state this one grows from is dropped once the longer one is stored: a table holds
        # about one entry (an older prefix found by the scan stays until the LRU order drops it)
        drop = last[0] if state is not None and n and k == n - 1 else None
        return k, state, (last[-1], drop, len(record.hands), sum(map(len, record.hands)))

    def keep(self, token: Any, state: Any) -> None:
        key, drop, seats, cards = token
        cache = self.cache
        cache.put(key, state, cache.charge(state, seats, cards), drop)


def valid_key(value: str | None) -> str | None:
    """The client's table key if it is one (16 to 64 of [A-Za-z0-9_-]), else None (no cache)."""
    if value is None or not KEY_PATTERN.fullmatch(value):
        return None
    return value
