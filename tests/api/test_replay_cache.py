"""The replay cache (service/api/replay_cache.py): it never changes an answer, it is private to the key
that filled it, it stays within its bounds, and threads can share it.

Every answer is compared byte for byte with the same request served by an app that has no cache
(status, body, and the headers a client reads); the hit counters show the cache was used.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import threading
import time
import tracemalloc
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.api import replay_cache
from service.api.dispatch import replay_cache_of
from service.api.replay_cache import HEADER, ReplayCache, state_bytes
from service.rules import registry
from service.rules.parse import parse_record
from service.rules.record import REPLAY_MEMO

GAMES = ("blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot")
HEADERS = ("Content-Type", "Content-Language", "Vary", "Cache-Control")  # what a client reads
KEYS = ("k" * 16, "Q2xpZW50LUEtdGFibGUtMQ", "0123456789abcdef0123456789abcdef", "x_y-" * 16)


@pytest.fixture(scope="module")
def cached() -> Any:
    return create_app()


@pytest.fixture(scope="module")
def plain() -> Any:
    return create_app({"TRICKREF_REPLAY_CACHE": False})


def stats(app: Any) -> replay_cache.Stats:
    cache = replay_cache_of(app)
    assert cache is not None
    return cache.stats


def post(app: Any, path: str, body: Any, key: str | None = None) -> Any:
    headers = {"X-Request-ID": "replay-cache-test"}  # a problem names its request: the same in both
    if key is not None:
        headers[HEADER] = key
    return app.test_client().post(path, json=body, headers=headers)


def same(cached: Any, plain: Any, path: str, body: Any, key: str | None) -> Any:
    """The cached app's answer, checked equal to the plain app's."""
    a = post(cached, path, body, key)
    b = post(plain, path, body)
    assert a.status_code == b.status_code, (path, a.get_data(as_text=True)[:300])
    assert a.get_data() == b.get_data(), path
    for name in HEADERS:
        assert a.headers.get(name) == b.headers.get(name), name
    return a


def deal(app: Any, game: str, seed: int) -> dict[str, Any]:
    answer = post(app, f"/v1/games/{game}/deals", {"seed": seed})
    assert answer.status_code == 200
    hand: dict[str, Any] = answer.get_json()["hand"]
    return hand


def legal(app: Any, game: str, record: dict[str, Any]) -> list[dict[str, Any]]:
    answer = post(app, f"/v1/games/{game}/hands/state", record)
    assert answer.status_code == 200
    state = answer.get_json()
    return [] if state["phase"] == "complete" else list(state["legal_actions"])


# --------------------------------------------------------------------- the same answers


class Table:
    """One table of a game, played with random legal actions, with the key it sends."""

    def __init__(self, plain: Any, game: str, seed: int, key: str) -> None:
        self.game, self.key, self.rng = game, key, random.Random(seed)
        self.record = deal(plain, game, seed)
        self.history = [self.record]
        self.done = False

    @property
    def base(self) -> str:
        return f"/v1/games/{self.game}"

    def step(self, cached: Any, plain: Any, extras: bool = True) -> None:
        """What a table sends after an action (a play, seat views), and with `extras` some things it
        might send besides: each answer the same with and without the cache."""
        rng, record = self.rng, self.record
        moves = legal(plain, self.game, record)
        if not moves:
            same(cached, plain, self.base + "/hands/score", {"hand": record}, self.key)
            self.done = True
            return
        seats = len(record["hands"])
        action = rng.choice(moves)
        if rng.random() < 0.3:  # a seat plays for itself
            same(
                cached,
                plain,
                self.base + "/hands/play",
                {"hand": record, "action": action, "seat": action["seat"]},
                self.key,
            )
        answer = same(cached, plain, self.base + "/hands/play", {"hand": record, "action": action}, self.key)
        self.record = answer.get_json()["hand"]
        self.history.append(self.record)
        for seat in rng.sample(range(seats), rng.randint(1, seats)):
            same(cached, plain, self.base + "/hands/state", {**self.record, "seat": seat}, self.key)
        roll = rng.random() if extras else 1.0
        if roll < 0.15:  # an older record again (a screen that reloads late)
            same(cached, plain, self.base + "/hands/state", rng.choice(self.history), self.key)
        elif roll < 0.35:  # a record whose last action is replaced by another seat's or another card
            wrong = {**self.record, "actions": [*self.record["actions"][:-1], rng.choice([*moves, action])]}
            wrong["actions"][-1] = {**wrong["actions"][-1], "seat": (action["seat"] + 1) % seats}
            same(cached, plain, self.base + "/hands/state", wrong, self.key)
            same(cached, plain, self.base + "/hands/state", {**wrong, "seat": action["seat"]}, self.key)
        elif roll < 0.45:  # the record as the score of a hand not yet complete
            same(cached, plain, self.base + "/hands/score", {"hand": self.record}, self.key)
        elif roll < 0.55:  # a record with an action made up: a card not in the hand
            made_up = {
                **self.record,
                "actions": [*self.record["actions"], {"seat": 0, "type": "play", "card": "2C"}],
            }
            same(cached, plain, self.base + "/hands/state", made_up, self.key)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    games=st.lists(st.sampled_from(GAMES), min_size=1, max_size=3),
    seed=st.integers(0, 10_000),
    keys=st.lists(st.sampled_from(KEYS), min_size=3, max_size=3),
)
def test_every_answer_is_the_same_with_and_without_the_cache(
    cached: Any, plain: Any, games: list[str], seed: int, keys: list[str]
) -> None:
    """Tables of random games (two may share a key) step in a random interleaving; every request
    answers as it does without the cache, errors and their action_index included."""
    tables = [Table(plain, game, seed + i, keys[i]) for i, game in enumerate(games)]
    rng = random.Random(seed)
    before = stats(cached).hits + stats(cached).prefixes
    for _ in range(60):
        live = [t for t in tables if not t.done]
        if not live:
            break
        rng.choice(live).step(cached, plain)
    assert stats(cached).hits + stats(cached).prefixes > before  # the cache answered some of them


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_table_hits_and_its_records_grow_by_one_step(cached: Any, plain: Any, game: str) -> None:
    table = Table(plain, game, 11, KEYS[1])
    s = stats(cached)
    hits, prefixes, misses = s.hits, s.prefixes, s.misses
    steps = 0
    while not table.done and steps < 200:
        table.step(cached, plain, extras=False)
        steps += 1
    assert table.done
    # every step finds the record, or the record but its last action: only the deal misses
    assert s.misses - misses <= 1
    assert s.hits - hits + s.prefixes - prefixes >= steps


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_after_the_held_prefix_is_found_at_the_same_index(
    cached: Any, plain: Any, game: str
) -> None:
    table = Table(plain, game, 5, KEYS[0])
    for _ in range(6):
        table.step(cached, plain)
    record = table.record
    n = len(record["actions"])
    same(cached, plain, table.base + "/hands/state", record, table.key)  # held now
    moves = legal(plain, game, record)
    bad = {**moves[0], "seat": (moves[0]["seat"] + 1) % len(record["hands"])}
    answer = same(
        cached,
        plain,
        table.base + "/hands/state",
        {**record, "actions": [*record["actions"], bad]},
        table.key,
    )
    assert answer.status_code == 422 and answer.get_json()["action_index"] == n
    answer = same(cached, plain, table.base + "/hands/play", {"hand": record, "action": bad}, table.key)
    assert answer.status_code == 422 and answer.get_json()["action_index"] == n


# --------------------------------------------------------------------- private to its key


def test_no_other_key_and_no_key_ever_hits_an_entry_another_key_filled(cached: Any, plain: Any) -> None:
    owner, other = "owner-table-key-0001", "guess-table-key-0002"
    table = Table(plain, "oh-hell", 77, owner)
    for _ in range(8):
        table.step(cached, plain)
    path = table.base + "/hands/state"
    record = {**table.record, "seat": 1}
    s = stats(cached)
    hits, prefixes, misses = s.hits, s.prefixes, s.misses
    post(cached, path, record, owner)
    assert (s.hits, s.misses) == (hits + 1, misses)  # the owner's record is held
    for i in range(3):
        same(cached, plain, path, record, f"{other}-{i}")  # the same record, other keys
        same(cached, plain, path, record, None)  # and none: not even looked up
    assert (s.hits, s.prefixes) == (hits + 1, prefixes)
    assert s.misses == misses + 3
    same(cached, plain, path, record, other)  # another key's second ask hits what it filled itself
    same(cached, plain, path, record, other)
    assert (s.hits, s.misses) == (hits + 2, misses + 4)
    post(cached, path, record, owner)
    assert s.hits == hits + 3  # and the guesses did not disturb the owner's entry


def test_a_guess_of_another_tables_record_gets_no_faster_answer() -> None:
    """Late in a deal a seat enumerates the hidden hands it cannot tell apart; the one the table's
    server holds answers no faster to a client without its key than the others (a generous
    comparison of medians: the counters above are the exact check)."""
    app = create_app()
    owner, guesser = "owner-key-of-table-9", "a-seat-guessing-key0"
    table = Table(app, "bazar-blot", 4, owner)
    while len(table.record["actions"]) < 20:
        table.step(app, app)
    truth = table.record
    seat = 0
    # the guesser's other candidates: the same record with two hidden cards of seats 1 and 2 swapped,
    # those the seat cannot tell from the truth (the service accepts them: a swap that makes an
    # earlier card illegal is refused, and says so in its answer, not only in its time)
    candidates = []
    played = {a.get("card") for a in truth["actions"]}
    a = [c for c in truth["hands"][1] if c not in played]
    b = [c for c in truth["hands"][2] if c not in played]
    for x in a:
        for y in b:
            hands = [list(h) for h in truth["hands"]]
            hands[1][hands[1].index(x)], hands[2][hands[2].index(y)] = y, x
            candidate = {**truth, "hands": hands, "seat": seat}
            if len(candidates) < 4 and post(app, table.base + "/hands/state", candidate).status_code == 200:
                candidates.append(candidate)
    if not candidates:
        pytest.skip("no hidden cards left to swap")
    path = table.base + "/hands/state"
    post(app, path, {**truth, "seat": seat}, owner)  # held for the owner
    s = stats(app)
    hits = s.hits
    timed: dict[str, list[float]] = {"truth": [], "other": []}
    client = app.test_client()
    for r in range(25):
        for name, body in (("truth", {**truth, "seat": seat}), ("other", candidates[r % len(candidates)])):
            # each guess is the guesser's first of that record (asked again, it would hit the entry
            # the guesser's own first ask filled, whichever record it is)
            key = f"{guesser}-{name}-{r}"
            started = time.perf_counter()
            client.post(path, json=body, headers={HEADER: key})
            timed[name].append(time.perf_counter() - started)
    assert s.hits == hits  # no guess hit the owner's entry
    assert statistics.median(timed["truth"]) > 0.5 * statistics.median(timed["other"])


# --------------------------------------------------------------------- bounds


def test_a_hostile_stream_of_distinct_records_stays_within_the_bytes() -> None:
    limit = 48 * 1024
    app = create_app({"TRICKREF_REPLAY_CACHE_BYTES": limit})
    cache = replay_cache_of(app)
    assert cache is not None
    record = deal(app, "baloot", 1)
    moves = legal(app, "baloot", record)
    peak = 0
    for i in range(150):  # each request its own record under its own key: every one stored
        body = {**deal(app, "baloot", 1000 + i), "actions": [moves[0]] if i % 2 else []}
        post(app, "/v1/games/baloot/hands/state", body, f"hostile-key-{i:08d}")
        peak = max(peak, cache.stats.bytes)
        assert cache.stats.bytes <= limit
    assert cache.stats.evictions > 0 and cache.stats.peak_bytes <= limit
    assert cache.stats.bytes == sum(size for _, size in cache._entries.values())
    assert len(cache._entries) == cache.stats.entries < 150


def test_the_entries_are_bounded_too() -> None:
    cache = ReplayCache(max_bytes=10**9, max_entries=5)
    for i in range(20):
        cache.put(bytes([i]) * 32, (i,), 300)
    assert cache.stats.entries == 5 and cache.stats.evictions == 15
    assert cache.longest([bytes([19]) * 32]) == (0, (19,))
    assert cache.longest([bytes([0]) * 32]) == (0, None)


def test_an_entry_is_charged_at_least_what_it_holds() -> None:
    """The charge per entry is an upper estimate: filled with states of distinct deals (nothing
    shared between entries), the cache holds fewer bytes (tracemalloc) than it is charged."""
    for game in GAMES:
        g = registry.GAMES[game]
        app = create_app()
        bodies = []
        for seed in range(40):
            record = deal(app, game, seed)
            table = Table(app, game, seed, KEYS[0])
            table.record = record
            for _ in range(seed % 9):
                if not table.done:
                    table.step(app, app)
            bodies.append(table.record)
        cache = ReplayCache()

        memo = cache.memo(KEYS[0], game)

        def fill(records: list[dict[str, Any]], memo: Any = memo, g: Any = g) -> None:
            token = REPLAY_MEMO.set(memo)
            try:
                for body in records:
                    g.answer("state", g.rules(None), body)
            finally:
                REPLAY_MEMO.reset(token)

        fill(bodies[:5])  # the process's own interned actions and encodings, before measuring
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            charged = cache.stats.bytes
            fill(bodies[5:])
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert cache.stats.entries == len(bodies)
        assert 0 < held <= cache.stats.bytes - charged, game


def test_state_bytes_counts_what_a_state_reaches_once() -> None:
    g = registry.GAMES["oh-hell"]
    app = create_app()
    record = parse_record(deal(app, "oh-hell", 3))
    from service.rules.ohhell.state import build

    state = build(g.rules(None), record)
    size = state_bytes(state)
    assert size > sum(map(len, record.hands)) * 8  # at least a pointer per card held
    assert state_bytes((state, state)) < 2 * size  # the same objects are not counted twice


# --------------------------------------------------------------------- keys, switches, threads


@pytest.mark.parametrize("bad", ["short", "k" * 65, "has space in it  x", "é" * 20, ""])
def test_a_malformed_key_is_refused_and_nothing_is_kept(bad: str) -> None:
    """The contract gives the key a pattern: a key outside it is a 422 (the front end learns its key
    is wrong, rather than silently replaying every hand in full), and the cache is not touched."""
    app = create_app()
    record = deal(app, "blob", 1)
    answer = app.test_client().post(
        "/v1/games/blob/hands/state", json=record, headers={"Trickref-Table-Key": bad.encode("utf-8")}
    )
    assert answer.status_code == 422, answer.get_data(as_text=True)
    problem = answer.get_json()
    assert problem["code"] == "validation_failed"
    assert "headers.Trickref-Table-Key" in problem["errors"]
    s = stats(app)
    assert s.hits == s.prefixes == s.misses == s.stores == 0


def test_the_cache_can_be_turned_off(plain: Any) -> None:
    app = create_app({"TRICKREF_REPLAY_CACHE": False})
    assert replay_cache_of(app) is None
    record = deal(app, "blob", 1)
    same(app, plain, "/v1/games/blob/hands/state", record, KEYS[0])


def test_the_settings_are_read_from_the_environment() -> None:
    from service.api.config import from_env

    assert from_env({})["TRICKREF_REPLAY_CACHE"] is True
    assert from_env({"TRICKREF_REPLAY_CACHE": "0"})["TRICKREF_REPLAY_CACHE"] is False
    assert from_env({"TRICKREF_REPLAY_CACHE_BYTES": "1048576"})["TRICKREF_REPLAY_CACHE_BYTES"] == 1048576
    with pytest.raises(ValueError):
        from_env({"TRICKREF_REPLAY_CACHE_BYTES": "-1"})


def test_the_metrics_count_lookups_and_bytes() -> None:
    app = create_app()
    record = deal(app, "oh-hell", 2)
    for _ in range(2):
        post(app, "/v1/games/oh-hell/hands/state", record, KEYS[2])
    text = app.test_client().get("/metrics").get_data(as_text=True)
    assert 'trickref_replay_cache_lookups_total{result="miss"} 1.0' in text
    assert 'trickref_replay_cache_lookups_total{result="hit"} 1.0' in text
    held = [line for line in text.splitlines() if line.startswith("trickref_replay_cache_bytes ")]
    assert held and float(held[0].split()[1]) == stats(app).bytes > 0


def test_threads_sharing_entries_get_the_answers_they_would_alone(plain: Any) -> None:
    app = create_app()
    tables = [
        Table(plain, game, 21, KEYS[i % 2]) for i, game in enumerate(("oh-hell", "baloot", "bazar-blot"))
    ]
    for table in tables:
        for _ in range(5):
            table.step(plain, plain)
    requests = []
    for table in tables:
        for record in table.history:
            for seat in (None, 0, 1):
                body = record if seat is None else {**record, "seat": seat}
                expected = post(plain, table.base + "/hands/state", body)
                requests.append((table.base + "/hands/state", body, table.key, expected.get_data()))
    failures: list[str] = []

    def run(n: int) -> None:
        client = app.test_client()
        rng = random.Random(n)
        for _ in range(120):
            path, body, key, expected = rng.choice(requests)
            got = client.post(path, json=body, headers={HEADER: key}).get_data()
            if got != expected:
                failures.append(path)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not failures
    s = stats(app)
    assert s.hits > 0
    cache = replay_cache_of(app)
    assert cache is not None and s.bytes == sum(size for _, size in cache._entries.values())


def test_a_cached_state_is_never_changed_by_the_requests_it_answers(cached: Any, plain: Any) -> None:
    table = Table(plain, "blob", 8, KEYS[3])
    for _ in range(4):
        table.step(cached, plain)
    path = table.base + "/hands/state"
    first = post(cached, path, table.record, table.key).get_data()
    # the answers are fresh dicts: a client's changes to them change nothing held
    answer = json.loads(first)
    answer["hands"] = []
    for seat in range(len(table.record["hands"])):
        post(cached, path, {**table.record, "seat": seat}, table.key)
    assert post(cached, path, table.record, table.key).get_data() == first


def test_a_browser_front_end_may_send_the_table_key() -> None:
    app = create_app({"TRICKREF_CORS_ORIGINS": ["https://table.example"]})
    response = app.test_client().options(
        "/v1/games/blob/hands/state",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": f"Content-Type, {HEADER}",
        },
    )
    assert response.status_code == 204
    assert HEADER.lower() in response.headers["Access-Control-Allow-Headers"].lower()
