"""Every game's seat views answer errors as that seat may read them: no detail names another
seat's cards (a view must not let a seat infer a card it cannot see, errors included)."""

from __future__ import annotations

import pytest

from service.rules.registry import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_duplicate_in_another_hand_is_not_named_to_a_seat(client, game):
    hand = client.post(f"/v1/games/{game}/deals", json={"seed": 3}).get_json()["hand"]
    last = len(hand["hands"]) - 1
    card = hand["hands"][0][0]
    hand["hands"][last][0] = card  # dealt to seat 0 and to the last seat
    referee = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()
    assert referee["code"] == "duplicate_card" and referee["params"] == {"card": card}
    seat = client.post(f"/v1/games/{game}/hands/state", json={**hand, "seat": 1}).get_json()
    assert seat["code"] == "duplicate_card" and card not in seat["detail"]
    assert seat["params"] == {} and seat["detail"] != referee["detail"]  # nor its name, nor as data
    assert card not in str(seat["errors"]) and card in str(referee["errors"])  # nor in the field's account


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_illegal_card_of_another_seat_is_not_described_to_a_seat(client, game):
    """Play the hand until someone holds a card it may not play; record that card as played."""
    hand = client.post(f"/v1/games/{game}/deals", json={"seed": 5}).get_json()["hand"]
    state = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()
    while state["phase"] not in ("complete", "redeal"):
        if state["phase"] == "play" and state["current_trick"]["cards"]:
            seat = state["to_act"]
            legal = {a["card"] for a in state["legal_actions"]}
            illegal = [c for c in state["hands"][seat] if c not in legal]
            if illegal:
                bad = {
                    **hand,
                    "actions": [*hand["actions"], {"seat": seat, "type": "play", "card": illegal[0]}],
                }
                other = (seat + 1) % len(hand["hands"])
                referee = client.post(f"/v1/games/{game}/hands/state", json=bad).get_json()
                viewer = client.post(f"/v1/games/{game}/hands/state", json={**bad, "seat": other}).get_json()
                assert referee["code"] == viewer["code"] and referee["status"] == 422
                hidden = set(state["hands"][seat]) - {illegal[0]}
                assert not any(c in viewer["detail"] for c in hidden), viewer["detail"]
                assert "holds" not in viewer["detail"]
                assert viewer["params"] == {} and referee["params"]["card"] == illegal[0]
                return
        action = next(
            (a for a in state["legal_actions"] if a["type"] not in ("pass",)), state["legal_actions"][0]
        )
        hand = {**hand, "actions": [*hand["actions"], action]}
        state = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()
    pytest.skip("no seat held an unplayable card in this deal")
