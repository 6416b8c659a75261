"""What the lean simulators play from fixed positions, printed: run once on the source and once on
the compiled build (`TRICKREF_COMPILED`), the two outputs must be the same but for the first line
(which lean ran). Used by test_compiled.py.

    python -m tests.bots.compiled_probe [--positions 30]
"""

from __future__ import annotations

import argparse
import json
import random

import service.bots.lean as lean
from tests.bots.test_lean import TABLES, _sim, into_play


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args()
    print(json.dumps({"compiled": str(lean.__file__).endswith(".so")}))
    for game, options in TABLES:
        for seed in range(args.positions):
            rng = random.Random(seed)
            state = into_play(game, options, seed, rng, rng.randrange(24))
            if state is None:
                continue
            (thumb, _), (drawn, _), (stepwise, _) = (_sim(game, state) for _ in range(3))
            first = stepwise.thumb()
            thumb.play_out()
            drawn.play_out(random.Random(seed).random)
            print(json.dumps([game, seed, first, thumb.scores(), thumb.won, drawn.scores(), drawn.won]))


if __name__ == "__main__":
    main()
