"""Where the time of a request goes, stage by stage, for each operation of the table mix (issue 18.2).

    python -m bench.profile [--game all|oh-hell|...] [--tables 2] [--hands 2] [--calls 300] [--repeat 3]
                            [--no-keys] [--markdown]

In-process, no server: bench/tables.py plays the tables (as bench/throughput.py's table mix does),
then every request body of each operation (a sample of at most --calls bodies, spread over the
hands, each sent at least once and the small sets again until --calls; the fastest of --repeat
passes is kept) goes through the app's WSGI callable, built exactly as gunicorn loads it
(service.create_app(), metrics in multiprocess mode in a temporary directory), with the service's
own functions wrapped by a stage clock. Each table sends its table key (`Trickref-Table-Key`), as a
front end does, so its records are replayed through the replay cache (service/api/replay_cache.py): then
a game's table-mix requests are timed in the order its tables send them (every request of every
table, the cache emptied before each pass), since what the cache holds depends on what came
before; `--no-keys` sends none (no cache) and samples each operation on its own as before. The clock
charges the time between two stage boundaries to the innermost stage running, so the stages add up
to the whole call:

  guard         service/api/guard.py: the body middleware's checks, the JSON shape check (the front)
  json decode   the request body's json.loads (webargs.core.parse_json)
  schema        the request schema's load (webargs' parse: marshmallow and the compiled checks of
                schemas/common.py), the JSON decode excepted
  rules         rules resolution (service/api/dispatch.resolve_rules, RuleBook.resolve)
  record        the hand record's parse (service/rules/parse.parse_record and what it calls)
  cache         the replay cache (service/api/replay_cache.TableMemo): the keyed hash of each prefix of
                the record, the lookup, storing the state replayed
  engine        the rest of the operation (Game.answer): replay (apply every action, or those after
                the prefix the cache held), the deal, the score, a play's action
  view          the state's view() (the whole state, or a seat's)
  json encode   the answer's JSON encoding (service/api/dispatch.encode)
  hdrs+metrics  the request id, the metrics and the headers every answer carries (service/api/front.py)
  http          everything else: the front's routing and checks (service/api/front.py), and for what
                Flask serves werkzeug (environ, request, routing, response), Flask and flask-smorest

What it does not see: gunicorn (HTTP parsing, the socket, the access log), which bench/throughput.py
measures with everything else. Each wrapped call costs the clock about the `clock` figure printed
(included in the stage it wraps); it is small beside the stages.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import types
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from bench.common import Request, all_games, format_table, say
from bench.tables import OPERATIONS, Builder, Table, build_tables

STAGES = (
    "http",
    "guard",
    "json decode",
    "schema",
    "rules",
    "record",
    "cache",
    "engine",
    "view",
    "json encode",
    "hdrs+metrics",
)
# the operations profiled: the table mix's, and the fixed complete record (hands/state, no seat)
PROFILED = (*OPERATIONS, "state full")


# The clock every stage is read with: wall time (perf_counter) by default; `--clock cpu` reads this
# thread's CPU time instead, which what else runs on the machine does not inflate (a busy machine
# preempts the process: wall-clock stages then grow at random), at about twice the cost per read.
NOW = time.perf_counter_ns


class Clock:
    """Exclusive time per stage: the time between two boundaries goes to the innermost stage."""

    def __init__(self) -> None:
        self.stack = ["http"]
        self.mark = 0
        self.totals: dict[str, int] = defaultdict(int)
        self.crossings = 0

    def start(self) -> None:
        self.stack = ["http"]
        self.mark = NOW()

    def enter(self, stage: str) -> None:
        now = NOW()
        self.totals[self.stack[-1]] += now - self.mark
        self.mark = now
        self.stack.append(stage)
        self.crossings += 1

    def leave(self) -> None:
        now = NOW()
        self.totals[self.stack.pop()] += now - self.mark
        self.mark = now

    def stop(self) -> None:
        self.leave()

    def timed(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        if getattr(fn, "__stage__", None):
            return fn

        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            self.enter(stage)
            try:
                return fn(*args, **kwargs)
            finally:
                self.leave()

        wrapped.__stage__ = stage  # type: ignore[attr-defined]
        return wrapped


def instrument(app: Any, clock: Clock) -> Callable[[], None]:
    """Wrap the functions each stage starts at (see the module docstring); returns what undoes it
    (the classes and modules are the process's own: a test must leave them as it found them)."""
    import webargs.core

    from service.api import dispatch, guard
    from service.rules import registry
    from service.rules.game import Game
    from service.rules.profile import RuleBook

    saved: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, stage: str) -> None:
        # a class's own function (not a bound method), or a module's attribute
        fn = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        saved.append((owner, name, fn))
        setattr(owner, name, clock.timed(stage, fn))

    patch(guard.BodyGuard, "_check", "guard")
    patch(webargs.core.Parser, "parse", "schema")
    patch(webargs.core, "parse_json", "json decode")
    patch(dispatch, "resolve_rules", "rules")
    patch(RuleBook, "resolve", "rules")
    patch(Game, "answer", "engine")
    try:
        from service.api import replay_cache
    except ImportError:  # a tree from before the cache (profiled the same way for a comparison)
        replay_cache = None  # type: ignore[assignment]
    if replay_cache is not None:
        patch(replay_cache.TableMemo, "find", "cache")
        patch(replay_cache.TableMemo, "keep", "cache")
    if getattr(dispatch, "_ENCODER", None) is not None:  # the encoder built once (encode calls it)
        patch(dispatch, "_ENCODER", "json encode")
    else:  # a tree whose encode called json.dumps
        saved.append((dispatch, "json", dispatch.json))
        dispatch.json = types.SimpleNamespace(dumps=clock.timed("json encode", json.dumps))  # type: ignore[attr-defined]
    families = {sys.modules[type(g).__module__] for g in registry.GAMES.values()}
    for module in families:
        if hasattr(module, "parse_record"):
            patch(module, "parse_record", "record")
    from service.rules import parse

    patch(parse, "parse_record", "record")
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("service.rules."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module.__name__ and "view" in value.__dict__:
                patch(value, "view", "view")
    try:
        from service.api import express
    except ImportError:  # a tree from before the express lane
        express = None  # type: ignore[assignment]
    if express is not None:  # the lane does the hooks' and webargs' work itself, with the same code
        from service.api.observability import Metrics

        saved.append((express, "json", express.json))
        express.json = types.SimpleNamespace(loads=clock.timed("json decode", json.loads))  # type: ignore[attr-defined]
        patch(express, "json_shape_problem", "guard")
        patch(express, "request_id_from", "hdrs+metrics")
        patch(Metrics, "served", "hdrs+metrics")
        schemas = {id(r.schema): r.schema for r in app.extensions.get("trickref_express_routes", {}).values()}
        for schema in schemas.values():  # the instances the routes load with (Flask's path too)
            schema.load = clock.timed("schema", schema.load)
            saved.append((schema, "load", None))  # None: the instance had no attribute of its own
    try:
        from service.api import front
    except ImportError:  # a tree from before the front
        front = None  # type: ignore[assignment]
    if front is not None:  # the front and the dispatcher do the hooks' and webargs' work
        from service.api.observability import Metrics

        patch(dispatch, "_body", "json decode")
        patch(front, "json_shape_problem", "guard")
        patch(front, "request_id_from", "hdrs+metrics")
        patch(front.Front, "finish", "hdrs+metrics")
        patch(Metrics, "served", "hdrs+metrics")
        routes = app.extensions["trickref_dispatcher"].routes.values()
        for schema in {id(r.schema): r.schema for r in routes}.values():
            schema.load = clock.timed("schema", schema.load)
            saved.append((schema, "load", None))  # None: the instance had no attribute of its own
    hooks = {
        "service.api.guard": "guard",
        "service.api.observability": "hdrs+metrics",
        "service.api.headers": "hdrs+metrics",
    }
    for funcs in (app.before_request_funcs, app.after_request_funcs):
        for key, listed in funcs.items():
            funcs[key] = [clock.timed(hooks[f.__module__], f) if f.__module__ in hooks else f for f in listed]

    def undo() -> None:
        for owner, name, fn in reversed(saved):
            if fn is None:
                delattr(owner, name)
            else:
                setattr(owner, name, fn)

    return undo


def environ(request: Request) -> dict[str, Any]:
    from werkzeug.test import EnvironBuilder

    builder = EnvironBuilder(
        path=request.path,
        method=request.method,
        data=request.body,
        content_type="application/json" if request.body is not None else None,
        headers={"Accept": "application/json", "User-Agent": "bench.profile", **dict(request.headers)},
    )
    try:
        return builder.get_environ()
    finally:
        builder.close()


def call(app: Any, clock: Clock, request: Request) -> int:
    """One request through the WSGI callable, timed; its total in ns."""
    env = environ(request)
    statuses: list[str] = []

    def start_response(status: str, headers: Any, exc_info: Any = None) -> Any:
        statuses.append(status)
        return lambda data: None

    started = NOW()
    clock.start()
    result = app(env, start_response)
    try:
        for _ in result:
            pass
    finally:
        if hasattr(result, "close"):
            result.close()
    clock.stop()
    elapsed = NOW() - started
    if not statuses or not statuses[0].startswith("200"):
        raise RuntimeError(f"{request.name} -> {statuses}")
    return elapsed


def requests_of(tables: Iterable[Table]) -> dict[str, list[Request]]:
    by_op: dict[str, list[Request]] = {op: [] for op in PROFILED}
    for table in tables:
        for op, request in table.bodies():
            by_op[op].append(request)
            if op == "hands_score":
                hand = json.loads(request.body or b"{}")["hand"]
                path = request.path.replace("/hands/score", "/hands/state")
                by_op["state full"].append(
                    Request.json(f"POST {path}", "POST", path, hand, dict(request.headers))
                )
    return by_op


def sample(requests: list[Request], calls: int) -> list[Request]:
    """At most `calls` requests spread evenly over the list, repeated up to `calls` if fewer."""
    if len(requests) > calls:
        step = len(requests) / calls
        return [requests[int(i * step)] for i in range(calls)]
    return [requests[i % len(requests)] for i in range(max(calls, len(requests)))]


def profile(
    app: Any, clock: Clock, requests: list[Request], repeat: int = 1
) -> tuple[dict[str, float], float]:
    """µs per request for each stage and in all, over `requests` (after a warm-up): the fastest of
    `repeat` passes, since what else runs on the machine only ever adds time."""
    for request in requests[:50]:
        call(app, clock, request)
    best: tuple[dict[str, float], float] | None = None
    n = len(requests)
    for _ in range(repeat):
        clock.totals.clear()
        total = 0
        for request in requests:
            total += call(app, clock, request)
        if best is None or total / n / 1000 < best[1]:
            best = {s: clock.totals.get(s, 0) / n / 1000 for s in STAGES}, total / n / 1000
    assert best is not None
    return best


def profile_in_order(
    app: Any, clock: Clock, tables: list[Table], repeat: int = 1
) -> dict[str, tuple[dict[str, float], float]]:
    """µs per request for each stage and in all, per operation, over every request of `tables` sent
    in the order each table sends them (one table after another), the replay cache emptied before
    each pass; the fastest of `repeat` passes (by its whole time) is kept."""
    from service.api.dispatch import replay_cache_of

    cache = replay_cache_of(app)
    ordered = [(op, r) for table in tables for op, r in table.bodies()]
    for _, request in ordered[:50]:
        call(app, clock, request)
    best: tuple[float, dict[str, tuple[dict[str, float], float]]] | None = None
    for _ in range(repeat):
        if cache is not None:
            cache.clear()
        stages: dict[str, dict[str, int]] = {op: defaultdict(int) for op in OPERATIONS}
        totals: dict[str, int] = defaultdict(int)
        counts: dict[str, int] = defaultdict(int)
        for op, request in ordered:
            clock.totals.clear()
            totals[op] += call(app, clock, request)
            counts[op] += 1
            for stage, ns in clock.totals.items():
                stages[op][stage] += ns
        whole = sum(totals.values())
        if best is None or whole < best[0]:
            per_op = {
                op: ({s: stages[op][s] / n / 1000 for s in STAGES}, totals[op] / n / 1000)
                for op, n in counts.items()
            }
            best = whole, per_op
    assert best is not None
    return best[1]


def ceiling_cost(tables: dict[str, list[Table]], calls: int, repeat: int) -> float:
    """µs per request of the bare-Flask ceiling (bench/ceiling.py) on the tables' seat views."""
    from bench.ceiling import create_app

    bodies = [r for built in tables.values() for r in requests_of(built)["hands_state"]]
    if not bodies:
        return float("nan")
    return profile(create_app(), Clock(), sample(bodies, calls), repeat)[1]


def clock_cost(clock: Clock) -> float:
    """µs a wrapped call adds (enter + leave around a no-op)."""
    noop = clock.timed("http", lambda: None)
    clock.start()
    n = 100_000
    started = NOW()
    for _ in range(n):
        noop()
    elapsed = NOW() - started
    clock.stop()
    return elapsed / n / 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="all", help="a game id, or 'all'")
    parser.add_argument("--tables", type=int, default=2, help="tables of each game played")
    parser.add_argument("--hands", type=int, default=2, help="hands each table plays")
    parser.add_argument("--calls", type=int, default=300, help="requests timed per game and operation")
    parser.add_argument("--repeat", type=int, default=3, help="passes per operation; the fastest is kept")
    parser.add_argument(
        "--no-keys", action="store_true", help="send no table key: the replay cache is not used"
    )
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="wall time, or this thread's CPU time"
    )
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables (docs/performance.md)")
    args = parser.parse_args(argv)
    if not 0 < args.calls <= 100_000 or not 0 < args.repeat <= 20:
        parser.error("--calls must be in (0, 100000] and --repeat in (0, 20]")

    global NOW
    NOW = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    metrics_dir = tempfile.mkdtemp(prefix="trickref-profile-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir  # as under gunicorn: before prometheus loads
    try:
        return run(args)
    finally:
        shutil.rmtree(metrics_dir, ignore_errors=True)


def run(args: argparse.Namespace) -> int:
    from service import create_app

    games = all_games() if args.game == "all" else [args.game]
    say(f"playing {args.tables} tables x {args.hands} hands of {', '.join(games)} in-process ...")
    keys = not args.no_keys
    tables = build_tables(games, args.tables, args.hands, builder=Builder(table_keys=keys))
    app = create_app()
    clock = Clock()
    instrument(app, clock)

    header = ["game", "operation", "calls", "body B", *STAGES, "total µs"]
    rows: list[list[Any]] = []
    for game, built in tables.items():
        by_op = requests_of(built)
        per_op: dict[str, tuple[dict[str, float], float]] = {}
        if keys:
            say(f"{game}: every request of its tables in order ...")
            per_op.update(profile_in_order(app, clock, built, args.repeat))
        for op in PROFILED:
            if op in per_op:
                calls = len(by_op[op])
                stages, total = per_op[op]
            else:
                timed = sample(by_op[op], args.calls)
                calls = len(timed)
                say(f"{game} {op}: {calls} calls ...")
                stages, total = profile(app, clock, timed, args.repeat)
                per_op[op] = stages, total
            body = sum(len(r.body or b"") for r in by_op[op]) / len(by_op[op])
            rows.append([game, op, calls, round(body), *(stages[s] for s in STAGES), total])
        # the table mix of this game: each operation weighted by how often a table sends it
        sent = {op: len(by_op[op]) for op in OPERATIONS}
        n = sum(sent.values())
        mix = {s: sum(sent[op] * per_op[op][0][s] for op in OPERATIONS) / n for s in STAGES}
        total = sum(sent[op] * per_op[op][1] for op in OPERATIONS) / n
        rows.append([game, "table mix", n, "", *(mix[s] for s in STAGES), total])

    ceiling = ceiling_cost(tables, args.calls, args.repeat)
    cost = clock_cost(clock)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, {cpu_model()}"
    print(
        f"{when}; {platform.python_implementation()} {platform.python_version()}; {machine}\n"
        f"µs per request, in-process (no gunicorn), {args.tables} tables x {args.hands} hands per game, "
        f"{'each table with its key (replay cache), in order' if keys else 'no table keys (no cache)'}, "
        f"{'CPU' if args.clock == 'cpu' else 'wall-clock'} time, "
        f"the fastest of {args.repeat} passes; "
        f"clock cost {cost:.2f} µs per wrapped call; bench/ceiling.py in-process, the same hands/state "
        f"bodies: {ceiling:.1f} µs\n"
    )
    if args.markdown:
        print(markdown(header, rows))
    else:
        print(format_table(header, [[f"{c:.1f}" if isinstance(c, float) else c for c in r] for r in rows]))
    return 0


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def markdown(header: list[str], rows: list[list[Any]]) -> str:
    def cell(c: Any) -> str:
        return f"{c:.1f}" if isinstance(c, float) else str(c)

    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join(["---"] * 2 + ["---:"] * (len(header) - 2)) + " |",
    ]
    for row in rows:
        cells = [cell(c) for c in row]
        if row[1] == "table mix":
            cells = [f"**{c}**" if c else c for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
