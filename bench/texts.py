"""What the catalog and the glossary cost in the players' languages, in-process (no server).

    python -m bench.texts [--repeat 2000]

For each answer (GET /v1/games, GET /v1/games/baloot, GET /v1/games/{baloot,oh-hell}/glossary),
in English and in Arabic: the first request of a process (which builds the answer and keeps it,
docs/glossary.md), then the mean of `--repeat` more through Flask's test client (the body encoded
once and kept), and what encoding the body as JSON would add to each request if it were not kept.
Short: a few seconds.
"""

from __future__ import annotations

import argparse
import json
import time

from service import create_app
from service.api import glossary, texts
from service.rules.registry import GAMES


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    client = create_app().test_client()
    paths = {
        "games": ("/v1/games", lambda lang: texts.catalog(lang)),
        "baloot": ("/v1/games/baloot", lambda lang: texts.describe(GAMES["baloot"], lang)),
        "baloot glossary": (
            "/v1/games/baloot/glossary",
            lambda lang: glossary.glossary(GAMES["baloot"], lang),
        ),
        "oh-hell glossary": (
            "/v1/games/oh-hell/glossary",
            lambda lang: glossary.glossary(GAMES["oh-hell"], lang),
        ),
    }
    print(f"{'answer':<18}{'lang':<6}{'bytes':>7}{'first ms':>10}{'then us/req':>13}{'encode us':>11}")
    for name, (path, build) in paths.items():
        for lang in ("en", "ar"):
            headers = {"Accept-Language": lang}
            t0 = time.perf_counter()
            size = len(client.get(path, headers=headers).data)
            first = time.perf_counter() - t0
            t0 = time.perf_counter()
            for _ in range(args.repeat):
                client.get(path, headers=headers)
            per = (time.perf_counter() - t0) / args.repeat
            t0 = time.perf_counter()
            for _ in range(args.repeat):
                json.dumps(build(lang), separators=(",", ":"))
            ours = (time.perf_counter() - t0) / args.repeat
            print(f"{name:<18}{lang:<6}{size:>7}{first * 1e3:>10.2f}{per * 1e6:>13.0f}{ours * 1e6:>11.0f}")


if __name__ == "__main__":
    main()
