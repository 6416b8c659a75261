"""bench.imitate: a card policy fitted to a level's cards."""

from __future__ import annotations

from bench.fidelity import THUMB, errors, line
from bench.imitate import FEATURES, agreement, decisions, fit, policy, probabilities
from bench.thumb import RULES


def test_a_fit_to_the_rule_of_thumbs_cards_plays_them() -> None:
    """Fitted to deals the rule of thumb played, the policy's most likely card is the rule of
    thumb's on deals it never saw, and the fit leans on that feature more than it started."""
    train = [r for d in range(6) for r in decisions("blob", line("blob", d, THUMB)[0])]
    test = [r for d in range(6, 9) for r in decisions("blob", line("blob", d, THUMB)[0])]
    assert len(train) > 100 and len(test) > 50
    assert agreement(None, test) == 1.0
    w = fit(train, epochs=40)
    assert agreement(w, test) > 0.97
    assert all(
        ws[FEATURES.index("thumb")] > 2.0 for sit, ws in enumerate(w) if any(r[0] == sit for r in train)
    )


def test_each_legal_card_is_described_and_the_policy_plays_legal_cards() -> None:
    hand, _ = line("oh-hell", 3, THUMB)
    rows = list(decisions("oh-hell", hand))
    assert rows and all(len(f) == len(FEATURES) for _, feats, _ in rows for f in feats)
    w = fit(rows, epochs=5)
    for sit, feats, _ in rows:
        assert abs(sum(probabilities(w, sit, feats)) - 1.0) < 1e-9
    for rule in (policy(w, False), policy(w, True, seed=1), RULES["thumb"]):
        assert len(list(errors("oh-hell", hand, [0, 0, 0, 0], rule))) == 40 * 4
