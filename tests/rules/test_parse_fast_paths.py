"""The one-pass readers of a record (its cards, its actions, their fields) read exactly what the
per-item readers read: the same values, the same refusals. A request carries its whole record, so
these run over every card and action of every request; a divergence would let a request through
that the rules refuse, or the reverse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.blot.game import BAZAR_FIELDS, DUEL_FIELDS
from service.rules.cards import card, cards
from service.rules.errors import RuleError
from service.rules.parse import _refused_fields, first_field_fault, parse_action, parse_record
from service.rules.record import Action, known_actions

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True, database=None)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 9),
    st.floats(allow_nan=False, min_value=-2, max_value=9),
    st.sampled_from(["AS", "10h", "ts", "KC", "S", "NT", "H", "bid", "play", "pass", "keep", "contra", ""]),
    st.lists(st.integers(), max_size=1),
)
action_dicts = st.dictionaries(
    st.sampled_from(["seat", "type", "value", "strain", "card", "capot", "extra"]), scalars, max_size=6
)
plain = st.fixed_dictionaries(
    {"seat": st.integers(0, 3), "type": st.sampled_from(["play", "bid", "pass"])},
    optional={
        "card": st.sampled_from(["AS", "KC", "7D"]),
        "value": st.integers(8, 12),
        "strain": st.just("S"),
    },
)
items = st.one_of(action_dicts, plain, scalars)


def _outcome(read, *args):
    try:
        return ("ok", read(*args))
    except RuleError as e:
        return ("refused", e.code, str(e))


@SETTINGS
@given(st.lists(items, max_size=8))
def test_known_actions_are_what_cached_finds_one_by_one(values):
    for value in values:  # some of them seen before, as a table's earlier requests would have
        _outcome(parse_action, value, 0)
    found, missing = known_actions(values)
    assert found == [Action.cached(v) for v in values]
    assert all(a is b for a, b in zip(found, [Action.cached(v) for v in values], strict=True))
    assert missing == sum(f is None for f in found)


@SETTINGS
@given(st.lists(items, max_size=8), st.booleans())
def test_a_record_reads_its_actions_as_parse_action_does(values, warm):
    if warm:
        for value in values:
            _outcome(parse_action, value, 0)
    record = {"dealer": 0, "hands": [["AS"], ["KC"]], "actions": values}
    expected = []
    for i, value in enumerate(values):
        outcome = _outcome(parse_action, value, i)
        expected.append(outcome)
        if outcome[0] != "ok":
            break
    got = _outcome(parse_record, record)
    if expected and expected[-1][0] != "ok":
        assert got == expected[-1]
    else:
        assert got[0] == "ok" and got[1].actions == tuple(o[1] for o in expected)


@SETTINGS
@given(st.lists(st.one_of(scalars, st.sampled_from(["AS", "QH", "10S", " 9d", "XX"])), max_size=6))
def test_a_list_of_cards_reads_as_card_by_card(texts):
    def one_by_one(ts):
        return tuple(card(t) for t in ts)

    assert _outcome(cards, texts) == _outcome(one_by_one, texts)
    assert _outcome(cards, tuple(texts)) == _outcome(one_by_one, texts)
    assert _outcome(cards, iter(texts)) == _outcome(one_by_one, texts)


@SETTINGS
@given(st.one_of(st.lists(items, max_size=8), scalars))
def test_the_first_field_fault_is_the_first_item_refused(raw):
    for allowed in (BAZAR_FIELDS, DUEL_FIELDS):
        expected = None
        if type(raw) is list:
            expected = next((i for i, d in enumerate(raw) if _refused_fields(d, allowed) is not None), None)
        assert first_field_fault(raw, allowed) == expected


@pytest.mark.parametrize("allowed", [BAZAR_FIELDS, DUEL_FIELDS])
def test_a_field_its_type_does_not_use_is_found_where_it_stands(allowed):
    kind = next(iter(allowed))
    good = {"seat": 0, "type": kind}
    bad = {**good, "extra": 1}
    assert first_field_fault([good, good, bad, bad], allowed) == 2
    assert first_field_fault([good] * 3, allowed) is None


@SETTINGS
@given(st.lists(items, max_size=8))
def test_a_baloot_record_refuses_the_first_action_field_as_the_action_by_action_check(values):
    from service.rules.baloot.game import check_action_fields, read_record

    def action_by_action(data):
        for i, a in enumerate(data["actions"]):
            check_action_fields(a, i)
        return parse_record(data)

    record = {"dealer": 0, "hands": [["AS"], ["KC"]], "actions": values}
    got, expected = _outcome(read_record, record), _outcome(action_by_action, record)
    assert got == expected
    if got[0] == "refused":  # the same action named, at the same index
        assert _index(read_record, record) == _index(action_by_action, record)


def _index(read, record):
    try:
        read(record)
    except RuleError as e:
        return e.action_index, e.field, e.params
    return None
