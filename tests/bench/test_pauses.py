"""bench.pauses --fill-cache: the replay cache it times a collection over is full."""

from __future__ import annotations

from bench.pauses import fill_cache, fresh
from bench.profile import environ
from bench.tables import build_tables
from service import create_app
from service.api.dispatch import replay_cache_of


def test_the_cache_is_filled_with_records_of_new_keys_until_it_evicts_as_many_as_it_holds(capsys):
    limit = 1024 * 1024
    app = create_app({"TRICKREF_REPLAY_CACHE_BYTES": limit})
    requests = [r for t in build_tables(["baloot"], 2, 1, "random")["baloot"] for r in t.requests]
    environs = [environ(r) for r in requests]
    for request, base in zip(requests, environs, strict=True):  # the tables' own pass, as main's
        b"".join(app(fresh(base, request), lambda *a: None))
    stats = replay_cache_of(app).stats
    hits = stats.hits
    fill_cache(app, requests, environs, lambda *a: None, most=3_000)
    assert stats.hits == hits  # every record sent again under a key of its own: none was held
    assert 50 <= stats.entries <= stats.evictions and stats.bytes <= limit
    printed = capsys.readouterr().out
    assert f"{stats.entries:,} entries, {stats.evictions:,} evicted" in printed
    assert "a full collection then:" in printed
