"""bench.fidelity: the rule of thumb's play from the true deal against the deal as played."""

from __future__ import annotations

import pytest

from bench.fidelity import THUMB, errors, line, positions
from bench.thumb import RULES


@pytest.mark.parametrize("game", ["blob", "oh-hell"])
def test_the_rule_of_thumb_replays_its_own_deals_exactly(game: str) -> None:
    """A deal played by the rule of thumb at every seat is what its play from any card position
    gives: every error 0, at every one of the hand's 40 positions."""
    for deal in range(3):
        hand, scores = line(game, deal, THUMB)
        assert sum(1 for _ in positions(game, hand)) == 40
        errs = [e for key, e in errors(game, hand, scores, RULES["thumb"]) if "," not in key]
        assert len(errs) == 40 * 4
        assert errs == [0.0] * len(errs)


def test_a_searching_players_deal_is_not_the_rule_of_thumbs() -> None:
    """Hard's deal differs from what the rule of thumb would make of it, and where the highest
    caller names trumps each seat is counted by its role too."""
    hand, scores = line("blob", 60000, "hard")
    keys = [key for key, e in errors("blob", hand, scores, RULES["thumb"]) if e != 0.0]
    assert keys
    assert {k.split(", ")[0] for k in keys if "," in k} <= {"namer", "other"}
    assert any(k.startswith("namer") for k, _ in errors("blob", hand, scores, RULES["thumb"]))
