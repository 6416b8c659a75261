"""The registry is the one list of games: the wire types and the bots of a game follow from its
entry there (its family, its own attributes), with no other table to extend."""

from __future__ import annotations

import pytest

import schemas
from service import bots
from service.bots import blot as blot_bots
from service.rules import registry
from service.rules.blot import BlotDuelGame
from service.rules.blot.options import DUEL_BOOK
from service.rules.errors import Code, RuleError
from service.rules.ohhell import OhHellGame
from service.rules.ohhell.options import OH_HELL_BOOK, WHIST_MAX_PLAYERS


@pytest.fixture
def new_games(monkeypatch):
    """Two games the registry did not list: one more of the Oh Hell family, one more two-hand Blot."""
    whist = OhHellGame("german-whist-test", "Test Whist", "a test game", WHIST_MAX_PLAYERS, OH_HELL_BOOK)
    duel = BlotDuelGame(DUEL_BOOK)
    duel.id = "blot-duel-test"
    for game in (whist, duel):
        monkeypatch.setitem(registry.GAMES, game.id, game)
    return whist, duel


def test_every_registered_game_has_its_wire_types_and_its_bots():
    for game in registry.GAMES.values():
        assert schemas.family_of(game).name
        assert bots.family_of(game.id).terminal


def test_a_game_added_to_the_registry_needs_no_other_list(new_games):
    whist, duel = new_games
    oh_hell = registry.GAMES["oh-hell"]
    assert schemas.family_of(whist) is schemas.family_of(oh_hell)
    assert bots.family_of(whist.id) is bots.family_of("oh-hell")
    assert schemas.family_of(duel) is schemas.family_of(registry.GAMES["blot-duel"])
    # the two-hand game's bots come from the game's own attributes, not from its id
    assert bots.family_of(duel.id) is blot_bots.DUEL is bots.family_of("blot-duel")
    assert bots.family_of("bazar-blot") is blot_bots.FAMILY


def test_a_game_outside_the_registry_has_no_bot():
    with pytest.raises(RuleError) as info:
        bots.family_of("skat")
    assert info.value.code is Code.INVALID_RULE_VALUE
