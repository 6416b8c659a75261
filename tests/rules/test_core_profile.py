"""Rule options and profiles: defaults, overrides, validation and the canonical hash."""

from __future__ import annotations

import pytest

from service.rules.errors import Code, InvalidRecord
from service.rules.profile import Option, Profile, RuleBook

OPTIONS = (
    Option("players", "int", 4, "Players at the table", "test", minimum=3, maximum=7),
    Option("scoring", "enum", "plain", "How to score", "test", allowed=("plain", "squared")),
    Option("restricted", "bool", True, "Dealer restriction", "test"),
    Option("schedule", "int_list", (3, 2, 1), "Hand sizes", "test", minimum=1, maximum=13),
)
BOOK = RuleBook(
    "demo", OPTIONS, (Profile("seed", "The book"), Profile("house", "Ours", {"scoring": "squared"}))
)


def test_defaults_come_from_the_first_profile():
    rules = BOOK.resolve(None)
    assert rules.profile == "seed"
    assert dict(rules.values) == {"players": 4, "scoring": "plain", "restricted": True, "schedule": (3, 2, 1)}


def test_profile_and_overrides():
    rules = BOOK.resolve({"profile": "house", "players": 5, "schedule": [2, 1]})
    assert rules["scoring"] == "squared" and rules["players"] == 5 and rules["schedule"] == (2, 1)
    assert rules.echo()["options"]["schedule"] == [2, 1]


def test_hash_is_canonical():
    a = BOOK.resolve({"profile": "house"})
    b = BOOK.resolve({"scoring": "squared"})
    c = BOOK.resolve(None)
    assert a.hash == b.hash != c.hash  # same options, same hash, whatever the profile name
    assert a.hash.startswith("sha256:") and len(a.hash) == 7 + 32


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"profile": "nope"}, Code.UNKNOWN_PROFILE),
        ({"colour": "red"}, Code.UNKNOWN_RULE_OPTION),
        ({"players": 9}, Code.INVALID_RULE_VALUE),
        ({"players": True}, Code.INVALID_RULE_VALUE),
        ({"players": "4"}, Code.INVALID_RULE_VALUE),
        ({"scoring": "cubed"}, Code.INVALID_RULE_VALUE),
        ({"restricted": 1}, Code.INVALID_RULE_VALUE),
        ({"schedule": []}, Code.INVALID_RULE_VALUE),
        ({"schedule": [1, 0]}, Code.INVALID_RULE_VALUE),
        ({"schedule": "3,2,1"}, Code.INVALID_RULE_VALUE),
    ],
)
def test_bad_rules_are_refused_never_ignored(request_, code):
    with pytest.raises(InvalidRecord) as err:
        BOOK.resolve(request_)
    assert err.value.code is code
    assert err.value.field and err.value.field.startswith("rules")


def test_catalog_lists_every_option_with_provenance():
    cat = BOOK.catalog()
    assert cat["default_profile"] == "seed"
    assert [o["name"] for o in cat["options"]] == ["players", "scoring", "restricted", "schedule"]
    assert all(o["source"] and o["description"] for o in cat["options"])
    assert cat["options"][1]["allowed"] == ["plain", "squared"]
