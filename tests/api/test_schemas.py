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


# ----------------------------------------------------------------- whole request bodies


def _state_schema(game: str):
    from schemas import family_of
    from schemas.contract import operations
    from service.rules.registry import GAMES

    g = GAMES[game]
    return {op.key: op.request for op in operations(g, family_of(g))}["hands_state"]


RECORD = {
    "rules": {"profile": "rule-book"},
    "dealer": 0,
    "hands": [["AS", "KS", "2H"], ["3H", "4H", "5H"], ["6H", "7H", "8H"], ["9H", "TH", "JH"]],
    "turned": "QD",
    "round": 1,
    "actions": [{"seat": 1, "type": "bid", "value": 1}, {"seat": 2, "type": "bid", "value": 0}],
    "seat": 1,
}
values = st.one_of(
    scalars,
    st.just([]),
    st.lists(st.sampled_from(["AS", "2H", " AS", 5, None, ["AS"]]), max_size=4),
    st.lists(st.lists(st.sampled_from(["AS", "2H", "zz"]), max_size=3), max_size=9),
    st.lists(st.dictionaries(st.sampled_from(["seat", "type", "value", "card"]), scalars), max_size=3),
    st.dictionaries(st.text(max_size=3), scalars, max_size=2),
)


@SETTINGS
@given(
    st.dictionaries(st.sampled_from([*RECORD, "extra"]), values, max_size=3),
    st.sets(st.sampled_from(list(RECORD)), max_size=3),
)
def test_the_quick_record_check_is_sound(changes, dropped):
    """Whatever the quick check lets through, marshmallow's own load gives back the same data."""
    from marshmallow import Schema

    from schemas.common import _quick_check

    schema = _state_schema("blob")
    body = {k: v for k, v in {**RECORD, **changes}.items() if k not in dropped}
    filled = _quick_check(schema)(body)
    if filled is None:
        return
    loaded = Schema.load(schema, body)  # marshmallow's path, not the override
    assert loaded == {**body, **{k: [] for k in filled}}


def test_the_quick_record_check_takes_the_common_case():
    from schemas.common import _quick_check

    schema = _state_schema("blob")
    assert _quick_check(schema)(RECORD) == ()
    assert _quick_check(schema)({k: v for k, v in RECORD.items() if k != "actions"}) == ("actions",)
    assert schema.load({k: v for k, v in RECORD.items() if k != "actions"})["actions"] == []


@SETTINGS
@given(st.lists(st.one_of(actions, scalars), max_size=6))
def test_a_list_is_checked_in_one_pass_as_item_by_item(values):
    from schemas.common import OneOf

    for union in (ACTIONS, OneOf("Either", [ACTIONS.variants["bid"], ACTIONS.variants["play"]], None)):
        assert union.quick_all(values) == all(map(union.quick, values))
