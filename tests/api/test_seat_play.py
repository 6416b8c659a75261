"""hands/play for one seat's view answers only what that seat may see, so a relay (a server that
keeps the record and talks to each player) can forward the answer to the player as it is: the action
as recorded and the new state as that seat sees it, no record (the record holds every hand). A play
for a seat's view of another seat's action is `view_seat_mismatch`, not a rule of the game."""

from __future__ import annotations

import pytest

from service.rules.registry import GAMES


def strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*map(strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(strings, value)) if value else set()
    return {value} if isinstance(value, str) else set()


def choose(legal: list[dict]) -> dict:
    """Call rather than pass (four passes twice over deal again), else the first action."""
    return next((a for a in legal if a["type"] != "pass"), legal[0])


def relay_a_hand(client, game: str, seed: int):
    """Deal, then let each mover play through its own view while the relay keeps the record;
    yields (seat, the record before, the answer) for every action."""
    base = f"/v1/games/{game}"
    record = client.post(f"{base}/deals", json={"seed": seed}).get_json()["hand"]
    referee = client.post(f"{base}/hands/state", json=record).get_json()
    while referee["phase"] not in ("complete", "redeal"):
        seat = referee["to_act"]
        view = client.post(f"{base}/hands/state", json={**record, "seat": seat}).get_json()
        action = choose(view["legal_actions"])
        answer = client.post(f"{base}/hands/play", json={"hand": record, "action": action, "seat": seat})
        assert answer.status_code == 200, answer.get_json()
        yield seat, record, answer.get_json()
        record = {**record, "actions": [*record["actions"], answer.get_json()["action"]]}
        referee = client.post(f"{base}/hands/state", json=record).get_json()
    assert referee["phase"] == "complete", f"seed {seed} deals {game} again: pick another"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_view_play_answers_nothing_that_seat_may_not_see(client, game):
    base = f"/v1/games/{game}"
    checked = 0
    for seat, record, answer in relay_a_hand(client, game, seed=5):
        assert set(answer) == {"seat", "action", "trick_complete", "state"}  # no record: it holds every hand
        assert answer["seat"] == seat  # whose view this is: a client tells it from a referee's answer
        after = {**record, "actions": [*record["actions"], answer["action"]]}
        # the state is exactly the seat's view of the record with the action appended
        assert answer["state"] == client.post(f"{base}/hands/state", json={**after, "seat": seat}).get_json()
        # the action is the one the referee records
        referee = client.post(f"{base}/hands/play", json={"hand": record, "action": answer["action"]})
        assert referee.get_json()["hand"]["actions"] == after["actions"]
        # no card hidden from the seat: the other hands and the stock, less what has been shown
        full = referee.get_json()["state"]
        held = {c for other, hand in enumerate(full["hands"]) if other != seat for c in hand or ()}
        hidden = (held | set(record.get("stock", ()))) - strings(answer["state"])
        assert not hidden & strings(answer), (seat, hidden & strings(answer))
        checked += bool(hidden)
        if not record["actions"]:  # before anything is shown, no other seat's card at all
            assert not held & strings(answer)
    assert checked > 4  # actions taken while other seats held cards


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_view_play_of_another_seats_action_is_a_view_seat_mismatch(client, game):
    base = f"/v1/games/{game}"
    record = client.post(f"{base}/deals", json={"seed": 5}).get_json()["hand"]
    referee = client.post(f"{base}/hands/state", json=record).get_json()
    action = referee["legal_actions"][0]
    other = (action["seat"] + 1) % referee["players"]
    answer = client.post(f"{base}/hands/play", json={"hand": record, "action": action, "seat": other})
    problem = answer.get_json()
    assert (answer.status_code, problem["code"]) == (422, "view_seat_mismatch")
    assert f"seat {other}'s view" in problem["detail"] and "seat" in problem["errors"]
    ok = client.post(f"{base}/hands/play", json={"hand": record, "action": action, "seat": action["seat"]})
    assert ok.status_code == 200 and set(ok.get_json()) == {"seat", "action", "trick_complete", "state"}


@pytest.mark.parametrize("game", ["blob", "baloot"])
def test_a_referee_play_says_so_with_a_null_seat_and_the_record(client, game):
    base = f"/v1/games/{game}"
    record = client.post(f"{base}/deals", json={"seed": 5}).get_json()["hand"]
    action = client.post(f"{base}/hands/state", json=record).get_json()["legal_actions"][0]
    answer = client.post(f"{base}/hands/play", json={"hand": record, "action": action}).get_json()
    assert answer["seat"] is None and answer["hand"]["actions"] == [answer["action"]]


def test_a_play_says_when_it_completes_a_trick(client):
    base = "/v1/games/blob"
    record = client.post(f"{base}/deals", json={"seed": 5, "round": 3}).get_json()["hand"]
    completed = []
    state = client.post(f"{base}/hands/state", json=record).get_json()
    while state["phase"] != "complete":
        answer = client.post(f"{base}/hands/play", json={"hand": record, "action": state["legal_actions"][0]})
        body = answer.get_json()
        completed.append(body["trick_complete"])
        assert body["trick_complete"] == (len(body["state"]["tricks"]) > len(state["tricks"]))
        record, state = body["hand"], body["state"]
    assert completed.count(True) == len(state["tricks"]) > 0
