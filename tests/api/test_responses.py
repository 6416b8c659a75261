"""Every engine answer matches its documented response schema, over whole random hands of every game
and profile (schemathesis only sees the few bodies that happen to be valid)."""

from __future__ import annotations

import random

import pytest

from schemas.responses import DealSchema, MatchSchema, PlayResultSchema, ScoreSchema, ViewSchema
from service.rules.registry import GAMES

# The `turn` action (Nomination Whist, dealer-may-pass-trump) is not in the wire schema's action
# types yet: schemas/ is being rewritten with per-type action schemas, which add it. Strict, so the
# marker goes as soon as the schema accepts it.
TURN_NOT_ON_THE_WIRE = pytest.mark.xfail(
    reason="schemas/ does not list the `turn` action type yet", strict=True
)
CASES = [
    pytest.param(g.id, p, marks=TURN_NOT_ON_THE_WIRE)
    if g.rules({"profile": p})["trumps"] == "dealer-turns-or-no-trump"
    else (g.id, p)
    for g in GAMES.values()
    for p in g.rulebook.profiles
]


def post(client, game, path, body):
    resp = client.post(f"/v1/games/{game}/{path}", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()


def conforms(schema, data):
    errors = schema.validate(data)
    assert errors == {}, errors


@pytest.mark.parametrize(("game", "profile"), CASES)
def test_whole_hands_conform(client, game, profile):
    rng = random.Random(f"{game}/{profile}")
    rules = {"profile": profile}
    summaries = []
    for round_ in (1, 2):
        deal = post(client, game, "deals", {"rules": rules, "seed": rng.randrange(10**6), "round": round_})
        conforms(DealSchema(), deal)
        hand = deal["hand"]
        state = post(client, game, "hands/state", hand)
        while state["phase"] != "complete":
            seat = state["to_act"]
            conforms(
                ViewSchema(),
                post(client, game, "hands/state", {**hand, "seat": (seat + 1) % len(hand["hands"])}),
            )
            played = post(
                client, game, "hands/play", {"hand": hand, "action": rng.choice(state["legal_actions"])}
            )
            conforms(PlayResultSchema(), played)
            hand, state = played["hand"], played["state"]
        conforms(ViewSchema(), state)
        score = post(client, game, "hands/score", {"hand": hand})
        conforms(ScoreSchema(), score)
        summaries.append({"hand": hand})
    conforms(MatchSchema(), post(client, game, "matches/score", {"rules": rules, "hands": summaries}))
