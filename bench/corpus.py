"""A replay corpus: requests and the service's exact answers, recorded once and replayed after a change.

A redesign that must change no answer (one request path, one engine shape) is checked against this:
record before the change, replay after every step, and every answer must come back byte for byte
(status, every header in order, body).

    python -m bench.corpus record [--out build/corpus/corpus.jsonl.gz] [--tables 2] [--hands 2]
    python -m bench.corpus replay [--corpus build/corpus/corpus.jsonl.gz] [--show 5]

What it holds, for every registered game:
- table traffic: whole hands as a front end plays them (bench/tables.py: deal, play, each seat's
  view, score), the first table in English and the same requests again in Arabic, Armenian and
  Russian;
- the contract's examples: each operation's request and its 422 problems (schemas/examples.json), the
  catalog, the game, its glossary in every language;
- error cases: for requests of the tables, broken copies (an unknown field, a wrong type, malformed
  JSON, a duplicated card, the wrong content type, an unacceptable Accept, the wrong method, an
  unknown game, an illegal card in place of the legal one), in every language;
- bot suggestions at the levels that answer the same for the same seed without a clock (a suggestion
  the clock cut on a busy machine, recorded or replayed, is counted apart, not compared).

Every request carries its own `X-Request-ID`, so nothing in an answer is random. The corpus is
written under build/ (not committed): it records the tree it was made from.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "build" / "corpus" / "corpus.jsonl.gz"
LANGUAGES = ("en", "ar", "hy", "ru")
BOT_LEVELS = ("easy", "normal")


@dataclass(frozen=True)
class Exchange:
    """One request as sent and the answer as the service gave it."""

    name: str
    method: str
    path: str
    headers: tuple[tuple[str, str], ...]
    body: bytes | None
    status: int = 0
    answer_headers: tuple[tuple[str, str], ...] = ()
    answer: bytes = b""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "method": self.method,
            "path": self.path,
            "headers": [list(h) for h in self.headers],
            "body": None if self.body is None else base64.b64encode(self.body).decode(),
            "status": self.status,
            "answer_headers": [list(h) for h in self.answer_headers],
            "answer": base64.b64encode(self.answer).decode(),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Exchange:
        return cls(
            d["name"],
            d["method"],
            d["path"],
            tuple((k, v) for k, v in d["headers"]),
            None if d["body"] is None else base64.b64decode(d["body"]),
            d["status"],
            tuple((k, v) for k, v in d["answer_headers"]),
            base64.b64decode(d["answer"]),
        )


class Service:
    """The whole app in-process (every WSGI layer the service has, nothing listening)."""

    def __init__(self) -> None:
        from service import create_app

        self.client = create_app().test_client()

    def send(self, ex: Exchange) -> Exchange:
        response = self.client.open(ex.path, method=ex.method, headers=list(ex.headers), data=ex.body)
        return Exchange(
            ex.name,
            ex.method,
            ex.path,
            ex.headers,
            ex.body,
            response.status_code,
            tuple(response.headers.items()),
            response.get_data(),
        )


def _request(
    name: str, method: str, path: str, payload: Any = None, headers: Iterable[tuple[str, str]] = ()
) -> Exchange:
    body = None if payload is None else json.dumps(payload).encode()
    sent = list(headers)
    if body is not None and not any(k.lower() == "content-type" for k, _ in sent):
        sent.append(("Content-Type", "application/json"))
    return Exchange(name, method, path, tuple(sent), body)


def _with_language(ex: Exchange, lang: str) -> Exchange:
    headers = tuple(h for h in ex.headers if h[0].lower() != "accept-language")
    return Exchange(f"{ex.name} [{lang}]", ex.method, ex.path, (*headers, ("Accept-Language", lang)), ex.body)


def table_traffic(games: list[str], tables: int, hands: int) -> Iterator[Exchange]:
    from bench.tables import build_tables

    for game, built in build_tables(games, tables, hands).items():
        for t, table in enumerate(built):
            for op, request in table.bodies():
                ex = Exchange(f"{game} table {t} {op}", request.method, request.path, (), request.body)
                ex = Exchange(
                    ex.name,
                    ex.method,
                    ex.path,
                    (*request.headers, ("Content-Type", "application/json")),
                    request.body,
                )
                yield ex
                if t == 0:
                    for lang in LANGUAGES[1:]:
                        yield _with_language(ex, lang)


def contract_examples(games: list[str]) -> Iterator[Exchange]:
    from service.api import examples
    from tools.examples import CATALOG, PATHS

    for name, path in CATALOG.items():
        yield _request(f"catalog {name}", "GET", path)
    for game in games:
        yield _request(f"{game} game", "GET", f"/v1/games/{game}")
        for lang in LANGUAGES:
            yield _request(
                f"{game} glossary [{lang}]",
                "GET",
                f"/v1/games/{game}/glossary",
                None,
                [("Accept-Language", lang)],
            )
        for key, sub in PATHS.items():
            found = examples.operation(game, key)
            path = f"/v1/games/{game}/{sub}"
            if "request" in found:
                for lang in LANGUAGES:
                    yield _request(
                        f"{game} example {key} [{lang}]",
                        "POST",
                        path,
                        found["request"],
                        [("Accept-Language", lang)],
                    )
            if "problem_request" in found:
                for lang in LANGUAGES:
                    yield _request(
                        f"{game} example {key} problem [{lang}]",
                        "POST",
                        path,
                        found["problem_request"],
                        [("Accept-Language", lang)],
                    )


def _broken(ex: Exchange, payload: Any) -> Iterator[tuple[str, Any, list[tuple[str, str]], str]]:
    """(what, payload or raw bytes, extra headers, method) of broken copies of one request."""
    if isinstance(payload, dict):
        yield "unknown field", {**payload, "surprise": 1}, [], "POST"
        for key, value in payload.items():
            if isinstance(value, (int, dict)) and not isinstance(value, bool):
                yield f"wrong type of {key}", {**payload, key: [value]}, [], "POST"
                break
    yield "malformed json", (ex.body or b"{}")[:-1], [], "POST"
    yield "wrong content type", ex.body, [("Content-Type", "text/plain")], "POST"
    yield "unacceptable accept", payload, [("Accept", "text/html")], "POST"
    yield "wrong method", None, [], "GET"


def _hand_of(payload: Any) -> dict[str, Any] | None:
    if isinstance(payload, dict):
        hand = payload.get("hand", payload)
        if isinstance(hand, dict) and isinstance(hand.get("hands"), list):
            return hand
    return None


def _rule_breakers(payload: Any) -> Iterator[tuple[str, Any]]:
    """Copies of a valid hands/play body that break a rule: a duplicated card, an illegal card."""
    hand = _hand_of(payload)
    if hand is None or not isinstance(payload, dict):
        return
    hands = hand["hands"]
    if len(hands) >= 2 and hands[0] and hands[1]:
        twice = [list(h) for h in hands]
        twice[1][0] = twice[0][0]
        yield "duplicated card", {**payload, "hand": {**hand, "hands": twice}}
    action = payload.get("action")
    if isinstance(action, dict) and action.get("type") == "play":
        for h in hands:
            for card in h:
                if card != action.get("card"):
                    yield f"other card {card}", {**payload, "action": {**action, "card": card}}


def error_cases(traffic: list[Exchange], per_game: int = 6) -> Iterator[Exchange]:
    """Broken copies of a few of each game's table requests, each in the next language."""
    seen: dict[str, int] = {}
    n = 0
    for ex in traffic:
        if "[" in ex.name or ex.body is None:
            continue
        game = ex.path.split("/")[3]
        if seen.get(game, 0) >= per_game:
            continue
        seen[game] = seen.get(game, 0) + 1
        payload = json.loads(ex.body)
        key = [h for h in ex.headers if h[0].lower() != "content-type"]
        cases: list[tuple[str, Any, list[tuple[str, str]], str]] = list(_broken(ex, payload))
        if ex.path.endswith("/hands/play"):
            cases += [(what, p, [], "POST") for what, p in _rule_breakers(payload)]
        for what, body, extra, method in cases:
            lang = LANGUAGES[n % len(LANGUAGES)]
            n += 1
            headers = [*key, ("Accept-Language", lang)]
            if method == "GET":
                yield Exchange(f"{ex.name} {what} [{lang}]", "GET", ex.path, tuple(headers), None)
                continue
            raw = body if isinstance(body, bytes) else json.dumps(body).encode()
            if not any(k.lower() == "content-type" for k, _ in extra):
                headers.append(("Content-Type", "application/json"))
            yield Exchange(f"{ex.name} {what} [{lang}]", "POST", ex.path, (*headers, *extra), raw)
    yield _request("unknown game", "POST", "/v1/games/no-such-game/deals", {"seed": 1})
    yield _request("unknown path", "GET", "/v1/nothing-here")


def suggestions(traffic: list[Exchange], per_game: int = 3) -> Iterator[Exchange]:
    """hands/suggest on views from the tables, at the levels that need no clock to repeat."""
    seen: dict[str, int] = {}
    for ex in traffic:
        if "[" in ex.name or not ex.path.endswith("/hands/state") or ex.body is None:
            continue
        game = ex.path.split("/")[3]
        body = json.loads(ex.body)
        if seen.get(game, 0) >= per_game or body.get("seat") is None:
            continue
        seen[game] = seen.get(game, 0) + 1
        record = {k: v for k, v in body.items() if k != "seat"}
        for level in BOT_LEVELS:
            yield _request(
                f"{ex.name} suggest {level}",
                "POST",
                ex.path.replace("/hands/state", "/hands/suggest"),
                {"hand": record, "seat": body["seat"], "level": level, "seed": 7},
            )


def requests(tables: int, hands: int, games: list[str] | None = None) -> list[Exchange]:
    """Every request of the corpus, each with its own request id; `games` defaults to all."""
    from service.rules import registry

    games = list(registry.GAMES) if games is None else games
    traffic = list(table_traffic(games, tables, hands))
    out = [*traffic, *contract_examples(games), *error_cases(traffic), *suggestions(traffic)]
    return [
        Exchange(ex.name, ex.method, ex.path, (*ex.headers, ("X-Request-ID", f"corpus-{i}")), ex.body)
        for i, ex in enumerate(out)
    ]


def write(path: Path, exchanges: Iterable[Exchange]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for ex in exchanges:
            f.write(json.dumps(ex.to_json()) + "\n")
            n += 1
    return n


def read(path: Path) -> Iterator[Exchange]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            yield Exchange.from_json(json.loads(line))


def record(tables: int, hands: int, games: list[str] | None = None) -> list[Exchange]:
    service = Service()
    return [service.send(ex) for ex in requests(tables, hands, games)]


def is_suggestion(ex: Exchange) -> bool:
    """A bot's answer (a suggestion), as opposed to its problems."""
    return ex.status == 200 and ex.path.endswith("/hands/suggest")


def comparable(ex: Exchange) -> tuple[int, tuple[tuple[str, str], ...], bytes]:
    """What must repeat byte for byte: all of it, but for how long a bot thought.

    A suggestion's `elapsed_ms` is the bot's clock (and with it the body's length); everything else in
    it, the move included, repeats for the same seed at the levels recorded.
    """
    if not is_suggestion(ex):
        return ex.status, ex.answer_headers, ex.answer
    body = json.loads(ex.answer)
    body["elapsed_ms"] = 0
    headers = tuple(h for h in ex.answer_headers if h[0].lower() != "content-length")
    return ex.status, headers, json.dumps(body, sort_keys=True).encode()


def was_cut(ex: Exchange) -> bool:
    """A suggestion the clock cut: the contract lets it differ from an unloaded run's, so a busy
    machine (recording or replaying) may answer it otherwise with nothing changed."""
    return is_suggestion(ex) and json.loads(ex.answer).get("cut") is True


def differences(
    recorded: Iterable[Exchange], cut: list[str] | None = None
) -> Iterator[tuple[Exchange, Exchange]]:
    """(recorded, replayed) for every answer that is not byte for byte the recorded one; a
    suggestion cut by the clock on either side is not compared, its name added to `cut`."""
    service = Service()
    for ex in recorded:
        again = service.send(ex)
        if comparable(again) == comparable(ex):
            continue
        if was_cut(ex) or was_cut(again):
            if cut is not None:
                cut.append(ex.name)
            continue
        yield ex, again


def summary(exchanges: list[Exchange]) -> str:
    statuses: dict[int, int] = {}
    for ex in exchanges:
        statuses[ex.status] = statuses.get(ex.status, 0) + 1
    parts = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
    return f"{len(exchanges)} exchanges ({parts})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.corpus", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record requests and answers")
    rec.add_argument("--out", type=Path, default=DEFAULT)
    rec.add_argument("--tables", type=int, default=2, help="tables per game")
    rec.add_argument("--hands", type=int, default=2, help="hands per table")
    rep = sub.add_parser("replay", help="replay a corpus; exit 1 on any difference")
    rep.add_argument("--corpus", type=Path, default=DEFAULT)
    rep.add_argument("--show", type=int, default=5, help="differences to print")
    args = parser.parse_args(argv)
    if args.command == "record":
        exchanges = record(args.tables, args.hands)
        write(args.out, exchanges)
        print(f"recorded {summary(exchanges)} to {args.out}")
        return 0
    recorded = list(read(args.corpus))
    cut: list[str] = []
    diffs = list(differences(recorded, cut))
    for ex, again in diffs[: args.show]:
        print(f"DIFFERENT: {ex.name}: {ex.method} {ex.path}")
        print(f"  recorded {ex.status} {list(ex.answer_headers)}\n  {ex.answer[:300]!r}")
        print(f"  replayed {again.status} {list(again.answer_headers)}\n  {again.answer[:300]!r}")
    same = len(recorded) - len(diffs) - len(cut)
    print(f"replayed {summary(recorded)}: {same} identical, {len(diffs)} different", end="")
    print(f", {len(cut)} cut by the clock and not compared (a quieter machine compares them)" if cut else "")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
