"""The body guard's shape check finds the brackets outside strings by a short way when no string
holds a bracket; it must find exactly what the long way (`outside_strings`) finds, on any bytes."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.guard import (
    _BRACKET_STEPS,
    _NOT_BRACKETS,
    MAX_JSON_DEPTH,
    _structural_steps,
    json_shape_problem,
    outside_strings,
)


def long_way(body: bytes) -> bytes:
    return outside_strings(body).translate(_BRACKET_STEPS, _NOT_BRACKETS)


TEXT = st.text(alphabet='ab[]{}"\\:,', max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=40,
)


@settings(max_examples=400)
@given(JSON)
def test_on_json_the_short_way_agrees_with_the_long_way(value: object) -> None:
    body = json.dumps(value).encode()
    short = _structural_steps(body)
    if short is not None:
        assert short == long_way(body)


@settings(max_examples=400)
@given(st.binary(max_size=60) | st.text(alphabet='[]{}"\\a', max_size=60).map(str.encode))
def test_on_any_bytes_the_short_way_agrees_with_the_long_way(body: bytes) -> None:
    short = _structural_steps(body)
    if short is not None:
        assert short == long_way(body)


def test_the_short_way_takes_records_and_leaves_strings_with_brackets() -> None:
    record = {"dealer": 0, "hands": [["AS", "KS"]] * 4, "actions": [{"seat": 0, "type": "pass"}] * 40}
    body = json.dumps(record).encode()
    assert _structural_steps(body) == long_way(body)
    assert _structural_steps(b'{"a": "x[y", "b": [1]}') is None  # a string holds a bracket
    assert _structural_steps(b'{"a": "\\"[", "b": "\\\\"}') is None


def test_depth_is_judged_the_same_inside_and_outside_strings() -> None:
    deep = b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1)
    assert json_shape_problem(deep) is not None
    assert json_shape_problem(b'["' + b"[" * 40 + b'"]') is None  # brackets in a string
    hidden = b'{"k": "' + b"]" * 40 + b'", "v": ' + b"[" * 40 + b"]" * 40 + b"}"
    assert json_shape_problem(hidden) is not None  # closing brackets in a string do not hide depth
    records = json.dumps({"hands": [{"hand": {"actions": [{"seat": 0}] * 50}}] * 3}).encode()
    assert json_shape_problem(records) is None
