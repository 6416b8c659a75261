"""bench.bots --cap measures what a table's timeout call does: its positions are real turns to act,
and every call is counted (structure only: the figures are the bench's, not the test's)."""

from __future__ import annotations

from bench.bots import cap, cap_line, cap_positions
from service.rules.registry import GAMES


def test_cap_positions_are_every_turn_of_the_deals() -> None:
    g = GAMES["blot-duel"]
    rules = g.rules(None)
    positions = cap_positions("blot-duel", 1)
    assert len(positions) > 16  # the duel's take or name and its sixteen cards at least
    actions = [len(hand["actions"]) for hand, _ in positions]
    assert actions == list(range(len(positions)))
    for hand, seat in positions:
        assert g.state(rules, hand)["to_act"] == seat


def test_cap_times_every_call() -> None:
    positions = cap_positions("baloot", 1)[:6]
    elapsed, wall, cpu, cut = cap("baloot", "hard", 5.0, positions)
    assert len(elapsed) == len(wall) == len(cpu) == 6 and 0 <= cut <= 6
    assert all(w >= e for e, w in zip(elapsed, wall, strict=True))  # the request holds the search
    assert "(6 calls)" in cap_line(5.0, elapsed, wall, cpu, cut)


def test_the_gunicorn_cap_holds_each_answer_to_its_games_own_budget() -> None:
    """bench.load's cap phase: a request at a level's default, or above a game's own lower default,
    is judged against the budget the service holds it to, not the one asked for."""
    from bench.load import cap_requests
    from schemas.suggest import budgets_of

    for budget in (None, 300.0, 20.0):
        seen: dict[str, set[float]] = {}
        for request, own in cap_requests("hard", budget):
            game = request.name.split()[1]
            seen.setdefault(game, set()).add(own)
        assert set(seen) == set(GAMES)
        for game, owns in seen.items():
            default = float(budgets_of(game)["hard"])
            assert owns == {default if budget is None else min(budget, default)}
    assert {own for _, own in cap_requests("hard", None)} == {60.0, 300.0}
