"""The one-pass fast paths of the wire schemas accept nothing that marshmallow itself would refuse."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError, fields, validate

from schemas.common import ACTION_TYPES, ActionSchema, Card, CardList, _is_simple_action

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 1200),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["AS", "10h", "NT", "S", "XX", *ACTION_TYPES]),
    st.lists(st.integers(), max_size=2),
)
actions = st.dictionaries(
    st.sampled_from(["seat", "type", "value", "strain", "card", "capot", "extra"]), scalars, max_size=6
)
SETTINGS = settings(max_examples=400, deadline=None, derandomize=True, database=None)


@SETTINGS
@given(actions)
def test_fast_action_check_is_sound(action):
    if _is_simple_action(action):
        assert ActionSchema().load(action) == action


@SETTINGS
@given(st.lists(scalars, max_size=5))
def test_fast_card_list_is_sound(value):
    fast = CardList(max_items=4)
    slow = fields.List(Card(), validate=validate.Length(max=4))
    try:
        expected = slow.deserialize(value)
    except ValidationError:
        try:
            fast.deserialize(value)
        except ValidationError:
            return
        raise AssertionError(f"fast path accepted {value!r}") from None
    assert fast.deserialize(value) == expected
