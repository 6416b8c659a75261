"""What tables send: every request of whole hands played the way a front end plays them (issue 18).

A table of one game deals (`deals` with a seed), then after every action sends `hands/play` with the
record so far and the action, then `hands/state` with `seat` for each seat (each player's screen),
and when the hand is complete `hands/score`. The sequences are built once, in-process with the
Flask test client (the service answers every request; a request that does not answer 200 stops the
build), and then replayed as load by bench/throughput.py or timed stage by stage by bench/profile.py.

Each table sends its own table key (`Trickref-Table-Key`, 22 base64url characters) with every
request, as a front end does so that the service's replay cache can keep its replayed states
(service/api/replay_cache.py); `Builder(table_keys=False)` leaves it out.

Actions: while there is an auction, the quiet table's call (bench.common.first_call: a contract is
called, then kept); cards are a seeded random legal card (`policy="random"`) or the first legal one
(`policy="first"`). Games with a deal schedule (Blob, Nomination Whist, Oh Hell) play consecutive
rounds from a seeded start, so the tables' hands have every size of the schedule.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bench.common import Request, first_call

# the operations a table sends, as bench/profile.py names them (the contract's operation keys)
OPERATIONS = ("deals", "hands_play", "hands_state", "hands_score")
TABLE_KEY = "Trickref-Table-Key"  # service/api/replay_cache.HEADER


@dataclass(frozen=True)
class Table:
    """One table's requests in the order it sends them, with each request's operation key."""

    game: str
    requests: tuple[Request, ...]
    operations: tuple[str, ...]

    def bodies(self) -> Iterator[tuple[str, Request]]:
        yield from zip(self.operations, self.requests, strict=True)


class Builder:
    """Plays hands through an in-process app (the Flask test client): nothing is listening."""

    def __init__(self, table_keys: bool = True) -> None:
        from service import create_app

        self.client = create_app().test_client()
        self._schedules: dict[str, bool] = {}
        self.table_keys = table_keys

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        response = self.client.post(path, json=body, headers=headers)
        if response.status_code != 200:
            raise RuntimeError(
                f"POST {path} -> {response.status_code}: {response.get_data(as_text=True)[:500]}"
            )
        return response.get_json()

    def has_schedule(self, game: str) -> bool:
        if game not in self._schedules:
            response = self.client.get(f"/v1/games/{game}")
            if response.status_code == 404:
                raise LookupError(game)
            options = response.get_json()["rules"]["options"]
            self._schedules[game] = any(o["name"] == "schedule" for o in options)
        return self._schedules[game]

    def deal(self, game: str, seed: int, round_: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """(deal request body, dealt record); a round past the schedule's end wraps to round 1."""
        body: dict[str, Any] = {"seed": seed}
        if round_ is not None:
            body["round"] = round_
        response = self.client.post(f"/v1/games/{game}/deals", json=body)
        if response.status_code == 422 and round_ not in (None, 1):
            return self.deal(game, seed, 1)
        if response.status_code != 200:
            raise RuntimeError(
                f"deal {body} -> {response.status_code}: {response.get_data(as_text=True)[:500]}"
            )
        return body, response.get_json()["hand"]

    def table(self, game: str, seed: int, hands: int, policy: str = "random") -> Table:
        """`hands` consecutive hands of one table of `game`, every request it sends."""
        rng = random.Random(f"{game}/{seed}")
        base = f"/v1/games/{game}"
        requests: list[Request] = []
        operations: list[str] = []
        # one key per table, as a front end keeps one (there it is a secret from a CSPRNG; here it
        # is drawn from the table's own seed so that a seed still plays the very same requests)
        secret = random.Random(f"key/{game}/{seed}").getrandbits(128).to_bytes(16, "big")
        key = {TABLE_KEY: base64.urlsafe_b64encode(secret).decode().rstrip("=")} if self.table_keys else {}

        def send(operation: str, path: str, body: Any) -> Any:
            requests.append(Request.json(f"POST {path}", "POST", path, body, key))
            operations.append(operation)
            return self.post(path, body, key)

        start = rng.randrange(1, 14) if self.has_schedule(game) else None
        for h in range(hands):
            body, _ = self.deal(game, seed * 1000 + h, None if start is None else start + h)
            record = send("deals", base + "/deals", body)["hand"]
            state = self.post(base + "/hands/state", record, key)  # the front end's own first look
            seats = len(record["hands"])
            for _ in range(2000):
                if state["phase"] == "complete" or not state["legal_actions"]:
                    break
                action = choose(state, rng, policy)
                answer = send("hands_play", base + "/hands/play", {"hand": record, "action": action})
                record, state = answer["hand"], answer["state"]
                for seat in range(seats):
                    send("hands_state", base + "/hands/state", {**record, "seat": seat})
            if state["phase"] != "complete":
                raise RuntimeError(f"{game} seed {seed}: the hand did not complete ({state['phase']})")
            send("hands_score", base + "/hands/score", {"hand": record})
        return Table(game, tuple(requests), tuple(operations))


def choose(state: dict[str, Any], rng: random.Random, policy: str) -> dict[str, Any]:
    legal: list[dict[str, Any]] = state["legal_actions"]
    cards = [a for a in legal if a["type"] == "play"]
    if policy == "random" and cards and len(cards) == len(legal):
        return rng.choice(cards)
    return first_call(state)


def build_tables(
    games: Sequence[str], tables: int, hands: int, policy: str = "random", builder: Builder | None = None
) -> dict[str, list[Table]]:
    """`tables` tables of each game (seeds 1..tables); a game that is not registered is left out."""
    builder = builder or Builder()
    built: dict[str, list[Table]] = {}
    for game in games:
        try:
            built[game] = [builder.table(game, seed, hands, policy) for seed in range(1, tables + 1)]
        except LookupError:
            continue
    return built


def interleave(by_game: dict[str, list[Table]]) -> list[Table]:
    """Round-robin over the games: a connection walking this list plays every game in turn."""
    out: list[Table] = []
    for i in range(max((len(t) for t in by_game.values()), default=0)):
        out += [t[i] for t in by_game.values() if i < len(t)]
    return out


def describe(tables: Sequence[Table]) -> str:
    """'N tables, R requests (deals d, hands_play p, ...), mean body B bytes'."""
    counts = {op: 0 for op in OPERATIONS}
    size = 0
    for table in tables:
        for op, request in table.bodies():
            counts[op] += 1
            size += len(request.body or b"")
    total = sum(counts.values())
    parts = ", ".join(f"{op} {n}" for op, n in counts.items())
    return f"{len(tables)} tables, {total} requests ({parts}), mean body {size / max(total, 1):.0f} B"
