"""The one-pass fast paths of the wire schemas accept nothing that marshmallow itself would refuse,
and the per-type action schemas refuse any field that does not belong to the type."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError, fields, validate

from schemas.common import Card, CardList
from schemas.ohhell import ACTIONS

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["AS", "10h", " AS", "AS\t", "AS\n", "NT", "S", "XX", "bid", "play", "trump"]),
    st.lists(st.integers(), max_size=2),
)
actions = st.dictionaries(
    st.sampled_from(["seat", "type", "value", "strain", "card", "capot", "extra"]), scalars, max_size=5
)
SETTINGS = settings(max_examples=500, deadline=None, derandomize=True, database=None)


@SETTINGS
@given(actions)
def test_quick_action_check_is_sound(action):
    if ACTIONS.quick(action):
        schema = ACTIONS.variants[action["type"]]
        assert schema.load(action) == action


@SETTINGS
@given(st.lists(scalars, max_size=5))
def test_fast_card_list_is_sound(value):
    fast = CardList(max_items=4)
    slow = fields.List(Card(), validate=validate.Length(max=4))
    try:
        expected = slow.deserialize(value)
    except ValidationError:
        with pytest.raises(ValidationError):
            fast.deserialize(value)
        return
    assert fast.deserialize(value) == expected


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 0, "type": "bid", "value": 2, "card": "AS"},
        {"seat": 0, "type": "bid", "value": 2, "strain": "H"},
        {"seat": 0, "type": "bid", "value": 2, "capot": True},
        {"seat": 0, "type": "play", "card": "AS", "value": 1},
        {"seat": 0, "type": "trump", "strain": "H", "card": "AS"},
        {"seat": 0, "type": "bid"},
        {"seat": 0, "type": "contra"},
    ],
)
def test_an_action_has_exactly_its_fields(action):
    with pytest.raises(ValidationError):
        ACTIONS.deserialize(action)


@pytest.mark.parametrize("card", [" AS", "AS\t", "AS\n", "A S", "1S", "AX"])
def test_cards_are_exactly_the_pattern(card):
    with pytest.raises(ValidationError):
        Card().deserialize(card)
