"""bench.calls pairs the two calls of the same hand: ours from one play of a deal, theirs from the
other (the sides swapped), each with the score it made."""

from __future__ import annotations

from pathlib import Path

from bench.calls import playout_rates, same_hands

LOG = """Oh Hell 4 x 7 against OpenSpiel's ISMCTS, 2 deals x 2
    deal 0 (seed 7919): +0.00
      ours   seat 0 bid 2 took 2 made  12
      ismcts seat 1 bid 1 took 1 made  11
      ours   seat 2 bid 2 took 3        3
      ismcts seat 3 bid 1 took 1 made  11
      ismcts seat 0 bid 3 took 1        1
      ours   seat 1 bid 0 took 0 made  10
      ismcts seat 2 bid 2 took 4        4
      ours   seat 3 bid 0 took 1        1
    deal 1 (seed 15838): -1.00
      ours   seat 0 bid 2 took 2 made  12
"""


def test_each_hand_pairs_our_call_with_theirs_and_a_cut_deal_is_left_out(tmp_path: Path) -> None:
    log = tmp_path / "anchors.log"
    log.write_text(LOG, encoding="utf-8")
    # seat by seat: (our call, our score, their call, their score)
    assert same_hands([str(log)]) == [(2, 12, 3, 1), (0, 10, 1, 11), (2, 3, 2, 4), (0, 1, 1, 11)]


def test_the_playouts_rates_stand_beside_the_real_calls_made(tmp_path: Path) -> None:
    log = tmp_path / "anchors.log"
    log.write_text(LOG, encoding="utf-8")
    rates = playout_rates([str(log)], worlds=4)
    # the calls of deal 0's two plays, and the share of them its seats made (a score of 10 or more)
    assert {bid: (count, real) for bid, (count, _, real) in rates.items()} == {
        0: (2, 0.5),
        1: (2, 1.0),
        2: (3, 1 / 3),
        3: (1, 0.0),
    }
    assert all(0.0 <= predicted <= 1.0 for _, predicted, _ in rates.values())
