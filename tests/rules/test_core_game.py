"""What every game checks the same way: a deal's seed (one code, one range) and the seat a state is
viewed from (the table's own seat numbers)."""

from __future__ import annotations

import pytest

from service.rules.errors import Code, RuleError
from service.rules.parse import parse_record
from service.rules.registry import GAMES

IDS = sorted(GAMES)


def refused(call, *args) -> RuleError:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as info:
        call(*args)
    return info.value


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("seed", [-1, 2**53, 2**64, 1.5, True, "7"])
def test_a_seed_outside_0_to_2_53_is_invalid_seed_in_every_game(game_id, seed):
    game = GAMES[game_id]
    e = refused(game.deal, game.rules(None), {"seed": seed})
    assert (e.code, e.field) == (Code.INVALID_SEED, "seed")


@pytest.mark.parametrize("game_id", IDS)
def test_each_end_of_the_seed_range_deals_the_same_deal_twice(game_id):
    game = GAMES[game_id]
    rules = game.rules(None)
    for seed in (0, 2**53 - 1):
        first = game.deal(rules, {"seed": seed})
        assert first["seed"] == seed
        assert first == game.deal(rules, {"seed": seed})
    assert 0 <= game.deal(rules, {})["seed"] < 2**53


@pytest.mark.parametrize("game_id", IDS)
def test_a_state_is_viewed_from_a_seat_of_the_table_only(game_id):
    game = GAMES[game_id]
    rules = game.rules(None)
    hand = game.deal(rules, {"seed": 3})["hand"]
    n = len(hand["hands"])
    assert game.state(rules, {**hand, "seat": n - 1})["hands"][0] is None
    for seat in (-1, n, "0", True):
        e = refused(game.state, rules, {**hand, "seat": seat})
        assert (e.code, e.field) == (Code.INVALID_SEAT, "seat")
        assert e.params == {"seat": seat, "players": n}


@pytest.mark.parametrize("game_id", IDS)
def test_a_records_first_state_is_the_state_the_service_answers_for_its_deal(game_id):
    game = GAMES[game_id]
    rules = game.rules(None)
    for seed in range(3):
        hand = game.deal(rules, {"seed": seed})["hand"]
        first = game.start(rules, parse_record(hand))
        assert first.view() == game.state(rules, hand)
        assert first.view(0) == game.state(rules, {**hand, "seat": 0})
