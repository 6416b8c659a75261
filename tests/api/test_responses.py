"""Every engine answer matches its game's documented response schema, over whole random hands of every
game and profile (schemathesis only sees the few bodies that happen to be valid)."""

from __future__ import annotations

import random

import pytest

from schemas import family_of
from schemas.contract import operations
from service.rules.registry import GAMES

CASES = [(g.id, p) for g in GAMES.values() for p in g.rulebook.profiles]


def post(client, game, path, body):
    resp = client.post(f"/v1/games/{game}/{path}", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()


def conforms(schema, data):
    errors = schema.validate(data)
    assert errors == {}, errors


@pytest.mark.parametrize(("game", "profile"), CASES)
def test_whole_hands_conform(client, game, profile):
    g = GAMES[game]
    response = {op.key: op.response for op in operations(g, family_of(g))}
    rng = random.Random(f"{game}/{profile}")
    rules = {"profile": profile}
    hands = []
    complete = 0
    while complete < 2:
        body = {"rules": rules, "seed": rng.randrange(10**6)}
        if family_of(g).deal_round:
            body["round"] = len(hands) + 1
        elif hands:  # every entry of a match, void or not, passes the deal as the game's rotation says
            so_far = post(client, game, "matches/score", {"rules": rules, "hands": hands})
            if so_far["finished"]:  # a Bazar Blot deal may end the match whatever the score
                break
            body["dealer"] = so_far.get("next_dealer", len(hands) % g.min_players)
        deal = post(client, game, "deals", body)
        conforms(response["deals"], deal)
        hand = deal["hand"]
        state = post(client, game, "hands/state", hand)
        while state["phase"] not in ("complete", "redeal"):
            seat = state["to_act"]
            view = post(client, game, "hands/state", {**hand, "seat": (seat + 1) % len(hand["hands"])})
            conforms(response["hands_state"], view)
            played = post(
                client, game, "hands/play", {"hand": hand, "action": rng.choice(state["legal_actions"])}
            )
            conforms(response["hands_play"], played)
            hand, state = played["hand"], played["state"]
        conforms(response["hands_state"], state)
        conforms(response["hands_score"], post(client, game, "hands/score", {"hand": hand}))
        complete += state["phase"] == "complete"  # a redeal (four passes) is a void entry, 0 to 0
        hands.append({"hand": hand})
    conforms(response["matches_score"], post(client, game, "matches/score", {"rules": rules, "hands": hands}))


def test_a_view_action_is_an_action(client):
    """What a view offers in legal_actions is, unchanged, what hands/play accepts."""
    deal = post(client, "blob", "deals", {"seed": 3})
    state = post(client, "blob", "hands/state", deal["hand"])
    for action in state["legal_actions"]:
        post(client, "blob", "hands/play", {"hand": deal["hand"], "action": action})
