"""The answer's encoder, built once, writes what json.dumps writes with the same settings."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.dispatch import encode

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(json_values)
def test_encode_is_compact_json_dumps(value):
    assert encode(value) == json.dumps(value, separators=(",", ":"), check_circular=False)


def test_what_json_cannot_write_is_refused_as_dumps_refuses_it():
    for value in ({"a": object()}, [1, {2, 3}], {"k": b"bytes"}):
        with pytest.raises(TypeError) as ours:
            encode(value)
        with pytest.raises(TypeError) as theirs:
            json.dumps(value, separators=(",", ":"), check_circular=False)
        assert str(ours.value) == str(theirs.value)
