"""The table loop driven by wrk, a load generator written in C (Debian's `wrk`), instead of Python.

bench/common.py's `table_loop` sends from Python threads: on this 2-core machine each of its requests
costs the client about as much CPU as the ceiling spends answering it, and its 8 threads share one
GIL, so the latencies it reads are the client's queueing as much as the server's. That is enough for
requests per server CPU-second (counted from the servers' own /proc figures), not for a p99. wrk sends
the same requests in the same order from a few microseconds of CPU each, so its p50 and p99 are the
server's.

`wrk_loop` takes the arguments of `table_loop` and returns the same `Result`: one wrk thread per
connection, each playing its own walk through the tables (the walk `table_loop` would take from
`positions`, written to a file the thread reads before the clock starts), with every request's
latency timed in Lua (LuaJIT's ffi reads CLOCK_MONOTONIC) so rounds merge exactly.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.common import EXTRA_HEADERS, Request, Result, say

# Requests written for each connection per second of a round, before a server's rate is known: above
# what one of 8 connections gets from any server measured here. Then each walk is three times what
# the busiest connection of the server's previous round sent (a walk that runs out starts again,
# and says so: the requests it sends again find their states held).
WALK_PER_SECOND = 1000
WALK_MIN = 200
_RATE: dict[int, float] = {}  # port -> the busiest connection's requests a second, last round

# With a pace, each connection waits a random think time (exponential, mean `concurrency / pace`
# seconds) after each answer before it sends again: tables at a steady rate below saturation.
PACED = r"""
function delay()
  return math.floor(-math.log(1 - math.random()) * think_ms + 0.5)
end
"""

SCRIPT = r"""
-- bench/wrk.py: each thread is one connection playing its own walk of requests
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } trickref_timespec;
int clock_gettime(int clk_id, trickref_timespec *tp);
]]
local clock = ffi.new("trickref_timespec")
local function micros()
  ffi.C.clock_gettime(1, clock)  -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1000000 + tonumber(clock.tv_nsec) / 1000
end

local threads, counter = {}, 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1] .. id, "rb"))
  walk = {}
  while true do
    local size = file:read("*n")
    if not size then break end
    file:read(1)
    walk[#walk + 1] = file:read(size)
  end
  file:close()
  at, wrapped, started, failed = 0, 0, 0, 0
  think_ms = tonumber(args[2]) or 0
  math.randomseed(id + 1)
  latencies = {}
end

function request()
  at = at + 1
  if at > #walk then at, wrapped = 1, wrapped + 1 end
  started = micros()
  return walk[at]
end

function response(status, headers, body)
  latencies[#latencies + 1] = math.floor(micros() - started + 0.5)
  if status ~= 200 then failed = failed + 1 end
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write("ERRORS ", errors.connect + errors.read + errors.write + errors.timeout, "\n")
  for _, thread in ipairs(threads) do
    local times = thread:get("latencies")
    io.write("THREAD ", thread:get("id"), " ", thread:get("failed"), " ", thread:get("wrapped"), " ",
             table.concat(times, ","), "\n")
  end
end
"""


def available() -> bool:
    return shutil.which("wrk") is not None


def raw(request: Request, port: int) -> bytes:
    """The request as bytes on the wire: the headers bench/common.Client sends, in its order."""
    lines = [f"{request.method} {request.path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    headers = {"Content-Type": "application/json"} if request.body is not None else {}
    headers.update(EXTRA_HEADERS)
    headers.update(request.headers)
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if request.body is not None:
        lines.append(f"Content-Length: {len(request.body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (request.body or b"")


def walk(
    tables: Sequence[Sequence[Request]], concurrency: int, position: list[int], length: int
) -> list[Request]:
    """The next `length` requests of one connection from `position`, as `table_loop` sends them."""
    table, at = position
    out: list[Request] = []
    while len(out) < length:
        requests = tables[table % len(tables)]
        take = requests[at : at + length - len(out)]
        out += take
        at += len(take)
        if at >= len(requests):
            table, at = table + concurrency, 0
    return out


def advance(tables: Sequence[Sequence[Request]], concurrency: int, position: list[int], sent: int) -> None:
    """Move `position` on by `sent` requests of its walk."""
    while sent:
        requests = tables[position[0] % len(tables)]
        step = min(sent, len(requests) - position[1])
        position[1] += step
        sent -= step
        if position[1] >= len(requests):
            position[0] += concurrency
            position[1] = 0


def wrk_loop(
    port: int,
    tables: Sequence[Sequence[Request]],
    seconds: float,
    concurrency: int,
    positions: list[list[int]] | None = None,
    pace: float | None = None,
) -> Result:
    """`table_loop`'s work, sent by wrk for `seconds` rounded to whole seconds (the Result says how
    long); with `pace` (requests a second, all connections together) each connection waits a think
    time between an answer and its next request instead of sending at once. Raises RuntimeError
    when wrk fails."""
    if positions is None:
        positions = [[slot, 0] for slot in range(concurrency)]
    whole = max(1, round(seconds))  # wrk takes whole seconds only
    length = max(WALK_MIN, int(whole * max(3 * _RATE.get(port, WALK_PER_SECOND), WALK_PER_SECOND / 2)))
    with tempfile.TemporaryDirectory(prefix="trickref-wrk-") as tmp:
        folder = Path(tmp)
        (folder / "walk.lua").write_text(SCRIPT + (PACED if pace else ""))
        for slot in range(concurrency):
            with (folder / f"walk{slot}").open("wb") as out:
                for request in walk(tables, concurrency, positions[slot], length):
                    data = raw(request, port)
                    out.write(b"%d\n" % len(data) + data)
        command = ["wrk", f"-t{concurrency}", f"-c{concurrency}", f"-d{whole}s", "--timeout", "30s"]
        command += ["-s", str(folder / "walk.lua"), f"http://127.0.0.1:{port}", "--", str(folder / "walk")]
        command.append(str(1000 * concurrency / pace) if pace else "0")
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stderr.strip() or done.stdout[-500:]}")
    result = Result("tables", whole)
    threads = 0
    busiest = 0.0
    for line in done.stdout.splitlines():
        if line.startswith("ERRORS "):
            result.errors += int(line.split()[1])
        elif line.startswith("THREAD "):
            _, slot, failed, wrapped, *rest = line.split(" ")
            times = [int(t) / 1e6 for t in rest[0].split(",")] if rest and rest[0] else []
            result.latencies += times
            result.errors += int(failed)
            result.statuses[200] = result.statuses.get(200, 0) + len(times) - int(failed)
            if int(wrapped):
                say(f"  wrk connection {slot} ran out of its walk of {length} ({len(times)} answered)")
            busiest = max(busiest, len(times) / whole)
            advance(tables, concurrency, positions[int(slot)], len(times))
            threads += 1
    if len(_RATE) < 64:
        _RATE[port] = busiest
    if threads != concurrency:
        raise RuntimeError(f"wrk reported {threads} of {concurrency} connections: {done.stdout[-500:]}")
    return result
