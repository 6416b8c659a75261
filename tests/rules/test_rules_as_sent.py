"""Rules found as sent (service/rules/profile.py): the same answer as the long way, types included."""

from __future__ import annotations

import pytest

from service.rules.errors import RuleError
from service.rules.registry import GAMES


def test_rules_as_sent_are_the_rules_resolved() -> None:
    game = GAMES["oh-hell"]
    sent = {"profile": "standard", "players": 4}
    first = game.rules(dict(sent))
    assert game.rules(dict(sent)) is first  # the second time, found as sent
    assert game.rules({"players": 4, "profile": "standard"}).hash == first.hash  # another order


def test_a_value_equal_but_of_another_type_is_not_taken_for_the_one_sent() -> None:
    game = GAMES["oh-hell"]
    ok = game.rules({"profile": "standard", "no_trump_call": True})
    assert ok["no_trump_call"] is True
    with pytest.raises(RuleError):
        game.rules({"profile": "standard", "no_trump_call": 1})  # 1 == True, but not a boolean
