"""The table mix sends what a front end sends, and the profile's stages cover the request.

Structure only, no timing: bench/throughput.py and bench/profile.py report the figures.
"""

from __future__ import annotations

import json

from bench.profile import STAGES, Clock, instrument, profile, requests_of
from bench.tables import Builder, Table


def _table(game: str, policy: str = "random") -> Table:
    return Builder().table(game, seed=3, hands=1, policy=policy)


def test_a_table_deals_plays_shows_every_seat_and_scores() -> None:
    table = _table("blot-duel")
    ops = list(table.operations)
    assert ops[0] == "deals" and ops[-1] == "hands_score"
    middle = ops[1:-1]
    seats = 2
    assert middle == ["hands_play", *["hands_state"] * seats] * (len(middle) // (seats + 1))
    bodies = [json.loads(r.body or b"null") for r in table.requests]
    plays = [b for op, b in zip(ops, bodies, strict=True) if op == "hands_play"]
    # each play carries the record so far: one action more than the one before
    assert [len(p["hand"].get("actions", [])) for p in plays] == list(range(len(plays)))
    views = [b for op, b in zip(ops, bodies, strict=True) if op == "hands_state"]
    assert [v["seat"] for v in views[:seats]] == list(range(seats))
    assert len(views[0]["actions"]) == 1
    assert len(bodies[-1]["hand"]["actions"]) == len(plays)


def test_the_same_seed_plays_the_same_table_and_the_policies_differ() -> None:
    first = _table("oh-hell", "first")
    assert _table("oh-hell", "first") == first
    assert _table("oh-hell", "random").requests != first.requests


def test_the_profile_stages_cover_each_operation() -> None:
    from service import create_app

    by_op = requests_of([_table("blob")])
    app = create_app()
    clock = Clock()
    undo = instrument(app, clock)
    try:
        for op, requests in by_op.items():
            stages, total = profile(app, clock, requests[:3])
            assert set(stages) == set(STAGES)
            assert total > 0 and sum(stages.values()) <= total, op
            assert stages["engine"] > 0 and stages["schema"] > 0 and stages["hdrs+metrics"] > 0, op
            assert (stages["view"] > 0) == (op in ("hands_play", "hands_state", "state full")), op
            assert (stages["record"] > 0) == (op != "deals"), op
    finally:
        undo()
    # the service is as it was: nothing of the clock is left in it
    from service.rules.game import Game

    assert not hasattr(Game.answer, "__stage__")
