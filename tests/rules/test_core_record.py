"""Hand records: parsing, card consistency, and replay that pins the failing action."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from service.rules.cards import card, cards, deck
from service.rules.errors import Code, IllegalAction, InvalidNotation, InvalidRecord
from service.rules.record import Action, HandRecord, check_distinct, replay


def test_round_trip():
    data = {
        "dealer": 1,
        "hands": [["AS", "10h"], ["2c", "KD"]],
        "turned": "7H",
        "round": 2,
        "actions": [{"seat": 0, "type": "bid", "value": 1}, {"seat": 0, "type": "play", "card": "as"}],
    }
    record = HandRecord.from_json(data)
    assert record.players == 2
    assert record.to_json() == {
        "dealer": 1,
        "hands": [["AS", "TH"], ["2C", "KD"]],
        "turned": "7H",
        "round": 2,
        "actions": [{"seat": 0, "type": "bid", "value": 1}, {"seat": 0, "type": "play", "card": "AS"}],
    }


def test_bad_card_in_an_action_names_the_action():
    with pytest.raises(InvalidNotation) as err:
        HandRecord.from_json(
            {
                "dealer": 0,
                "hands": [["AS"]],
                "actions": [
                    {"seat": 0, "type": "bid", "value": 0},
                    {"seat": 0, "type": "play", "card": "ZZ"},
                ],
            }
        )
    assert err.value.code is Code.INVALID_CARD and err.value.action_index == 1


def test_duplicates_and_foreign_cards():
    with pytest.raises(InvalidRecord) as err:
        check_distinct([("hands.0", cards(["AS", "KS"])), ("hands.1", cards(["AS"]))], deck(52))
    assert err.value.code is Code.DUPLICATE_CARD and "AS" in str(err.value)
    with pytest.raises(InvalidRecord) as err:
        check_distinct([("hands.0", cards(["2S"]))], deck(32))
    assert err.value.code is Code.FOREIGN_CARD


@dataclass(frozen=True)
class Counter:
    """A toy state: seats alternate, each may only say 'go'."""

    n: int = 0

    def apply(self, action: Action) -> Counter:
        if action.seat != self.n % 2:
            raise IllegalAction(Code.NOT_YOUR_TURN, f"seat {self.n % 2} is to act")
        return Counter(self.n + 1)


def test_replay_pins_the_first_illegal_action():
    acts = [Action(0, "go"), Action(1, "go"), Action(1, "go"), Action(0, "go")]
    assert replay(Counter(), acts[:2]) == Counter(2)
    with pytest.raises(IllegalAction) as err:
        replay(Counter(), acts)
    assert err.value.action_index == 2 and err.value.code is Code.NOT_YOUR_TURN


def test_card_identity():
    assert card("AS") in set(cards(["10S", "AS"]))
