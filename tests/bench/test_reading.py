"""bench.reading scores the search's weighted imagined deals by where they put the hidden cards: a
proper score (the Brier score) computed by hand here, and the weights as the search gives them."""

from __future__ import annotations

import pytest

from bench.reading import NOWHERE, brier, count, first_highest, foretold, line, spread, weight
from service.bots.ohhell import bid_estimate
from service.rules.record import HandRecord
from service.rules.registry import GAMES


def test_the_brier_score_of_weighted_deals_by_hand() -> None:
    # two imagined deals, weights 3 and 1: AS at seat 1 then at seat 2; KD undealt then at seat 1
    places = [{"AS": 1}, {"AS": 2, "KD": 1}]
    truth = {"AS": 1, "KD": NOWHERE}
    # AS: seat 1 at 0.75 (true), seat 2 at 0.25, nowhere 0: (0.25)^2 + (0.25)^2 = 0.125
    # KD: nowhere 0.75 (true), seat 1 0.25, seat 2 0: (0.25)^2 + (0.25)^2 = 0.125
    assert brier([3.0, 1.0], places, truth) == pytest.approx(0.125)
    # a sure and right reading scores 0; a sure and wrong one 2
    assert brier([1.0, 0.0], places, truth) == pytest.approx(0.0)
    assert brier([0.0, 1.0], places, {"AS": 1}) == pytest.approx(2.0)
    with pytest.raises(ValueError):
        brier([0.0, 0.0], places, truth)


def test_a_deal_is_weighed_as_the_search_weighs_it() -> None:
    # a call half a trick from its count counts fully, one 1.5 away counts sharp, 2.5 away sharp^2
    assert weight(0.35, 0.6, [0.5, -0.5], 0) == pytest.approx(1.0)
    assert weight(0.35, 0.6, [1.5], 0) == pytest.approx(0.35)
    assert weight(0.35, 0.6, [-2.5], 2) == pytest.approx(0.35**2 * 0.6**2)


def test_the_spread_of_calls_counts_two_tricks_or_more_as_far() -> None:
    mean, sd, far = spread([0.2, -1.4, 2.1, -2.6])
    assert mean == pytest.approx(-0.425)
    assert sd > 0
    assert far == pytest.approx(0.5)  # 2.1 and -2.6 round to 2 and -3


def test_the_count_read_from_a_view_is_the_engines() -> None:
    for game in ("oh-hell", "blob"):
        g = GAMES[game]
        rules = g.rules(None)
        hand = g.deal(rules, {"dealer": 1, "seed": 99})["hand"]
        seat = g.state(rules, hand)["to_act"]
        view = g.state(rules, {**hand, "seat": seat})
        st = g.start(rules, HandRecord.from_json(hand))
        assert count(view, seat) == pytest.approx(bid_estimate(st, seat))


def test_the_calls_line_is_the_least_squares_one() -> None:
    assert line([(0.0, 0.5), (1.0, 1.8), (2.0, 3.1)]) == pytest.approx((0.5, 1.3))
    base, slope = line([(0.0, 0.0), (1.0, 2.0), (2.0, 1.0), (3.0, 3.0)])
    assert (base, slope) == pytest.approx((0.3, 0.8))  # mean 1.5, 1.5; sxy 4, sxx 5


def test_the_highest_caller_foretold() -> None:
    assert first_highest([2, 3, 3, 1]) == 1  # the first of the highest calls names trumps
    # four callers of a 5-card hand: counts 1.0, 1.0, 2.0, 0.4; they called 2, 3, 3, 0
    deal = [(1.0, 2, 5), (1.0, 3, 5), (2.0, 3, 5), (0.4, 0, 5)]
    # by the count, after the first call (2) come 1, 2, 0: the first would call highest first, but
    # the second did; after the second (3) come 2, 0: right; after the third (3), 0: right
    assert foretold([deal], 0.0, 1.0) == pytest.approx(2 / 3)
    # by 0.5 + 1.3 x: after the first, 2 (1.8), 3 (3.1), 1 (1.02): it does not call highest, right
    assert foretold([deal], 0.5, 1.3) == pytest.approx(1.0)
