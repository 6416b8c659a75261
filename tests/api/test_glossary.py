"""GET /v1/games/<game>/glossary (docs/glossary.md): every code a game's answers carry is named, in
the negotiated language, with the players' own words; the hand order per contract; the direction."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from schemas.glossary import glossary_schema, vocabulary
from service.api import examples, i18n
from service.rules.registry import GAMES

# Which glossary section names the values of each enum property the game's answers carry. A new
# enum in an answer, under a property not listed here, fails the walk until the glossary names it.
SECTION = {
    "phase": "phases",
    "type": "actions",
    "Strain": "strains",
    "Suit": "suits",
    "kind": "combinations",
    "name": "combinations",
    "double": "doubles",
    "mode": "contracts",
    "reason": "match_endings",
    "method": "scoring",
    "rank": "ranks",
    "top": "ranks",
    "level": "levels",
}
# Rule option values are the catalog's to describe (each option's description), and `Option.type`
# is the catalog's own notation; neither is a word of the table.
NOT_WORDS = ("Rules", "RulesInForce", "Options", "Option")


@pytest.fixture(scope="module")
def spec(app) -> dict[str, Any]:
    return app.test_client().get("/openapi.json").get_json()


def _refs(node: Any, schemas: dict[str, Any], seen: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and value.startswith("#/components/schemas/"):
                name = value.rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    _refs(schemas[name], schemas, seen)
            else:
                _refs(value, schemas, seen)
    elif isinstance(node, list):
        for item in node:
            _refs(item, schemas, seen)


def _enums(node: Any, prop: str) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for value in node.get("enum", ()):
            yield prop, value
        for key, value in node.items():
            if key == "properties":
                for name, sub in value.items():
                    yield from _enums(sub, name)
            elif key != "enum":
                yield from _enums(value, prop)
    elif isinstance(node, list):
        for item in node:
            yield from _enums(item, prop)


def answered_enums(spec: dict[str, Any], game: str) -> set[tuple[str, str]]:
    """(property, value) of every string enum in the game's 200 answers but the glossary's own."""
    schemas = spec["components"]["schemas"]
    seen: set[str] = set()
    for path, item in spec["paths"].items():
        if not path.startswith(f"/v1/games/{game}/") or path.endswith("/glossary"):
            continue
        for op in item.values():
            if isinstance(op, dict) and "responses" in op:
                _refs(op["responses"]["200"], schemas, seen)
    out: set[tuple[str, str]] = set()
    for name in seen:
        if name.endswith(NOT_WORDS):
            continue
        prop = name if name in SECTION else ""
        out |= {(p, v) for p, v in _enums(schemas[name], prop) if isinstance(v, str)}
    return out


def unnamed(glossary: dict[str, Any], enums: set[tuple[str, str]]) -> list[tuple[str, str]]:
    return sorted((p, v) for p, v in enums if v not in glossary.get(SECTION.get(p, "?"), {}))


def get(client, game: str, lang: str | None = None):
    headers = {"Accept-Language": lang} if lang else {}
    return client.get(f"/v1/games/{game}/glossary", headers=headers)


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_names_every_code_the_games_answers_carry(client, spec, game):
    enums = answered_enums(spec, game)
    assert {p for p, _ in enums} >= {"phase", "type", "Strain"}  # the walk reached the answers
    for lang in i18n.LANGUAGES:
        body = get(client, game, lang).get_json()
        assert not unnamed(body, enums), (lang, unnamed(body, enums))


def test_the_enum_walk_can_fail(client, spec):
    body = get(client, "baloot").get_json()
    del body["doubles"]["gahwa"]
    body["phases"].pop("doubling")
    enums = answered_enums(spec, "baloot") | {("verdict", "void")}
    assert unnamed(body, enums) == [("double", "gahwa"), ("phase", "doubling"), ("verdict", "void")]


def test_baloots_double_levels_are_named_with_gahwa():
    body_codes = vocabulary(GAMES["baloot"]).sections["doubles"]
    assert body_codes == ("1", "2", "3", "4", "gahwa")  # a contract's `double`: 1 to 4 or gahwa


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_answer_is_its_games_type_and_names_every_card(client, game, lang):
    resp = get(client, game, lang)
    assert resp.status_code == 200 and resp.headers["Content-Language"] == lang
    assert "Accept-Language" in resp.headers["Vary"]
    body = resp.get_json()
    assert glossary_schema(GAMES[game])().validate(body) == {}
    assert body["game"] == game and body["language"] == lang
    v = vocabulary(GAMES[game])
    assert list(body["cards"]) == [c.text for c in v.cards]
    assert len(set(body["cards"].values())) == len(v.cards)  # no two cards share a name
    assert set(body["ranks"]) == {c.rank for c in v.cards}
    for card, name in body["cards"].items():
        assert body["ranks"][card[0]] in name, (card, name)


@pytest.mark.parametrize("game", GAMES)
def test_every_map_is_keyed_by_exactly_the_games_codes(client, game):
    """The sections are maps (a generator reads a map of strings whatever its keys): the answer's
    keys are the game's codes, each once, and the contract lists them in the map's description."""
    from schemas.glossary import LEVELS, TERMS

    v = vocabulary(GAMES[game])
    body = get(client, game).get_json()
    expected = {
        "suits": ("S", "H", "D", "C"),
        "strains": ("S", "H", "D", "C", "NT"),
        "ranks": v.ranks,
        "terms": TERMS,
        "levels": LEVELS,
        **v.sections,
    }
    described = glossary_schema(GAMES[game])._declared_fields
    for section, codes in expected.items():
        assert sorted(body[section]) == sorted(codes), section
        assert all(f"`{c}`" in described[section].metadata["description"] for c in codes), section


def test_the_decks_are_the_games_own(client):
    sizes = {g: len(get(client, g).get_json()["cards"]) for g in GAMES}
    assert sizes == {
        "blob": 52,
        "nomination-whist": 52,
        "oh-hell": 52,
        "bazar-blot": 32,
        "blot-duel": 24,
        "baloot": 32,
    }


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_right_to_left_for_arabic_only(client, lang):
    directions = {get(client, g, lang).get_json()["direction"] for g in GAMES}
    assert directions == {"rtl" if lang == "ar" else "ltr"}


def test_a_region_or_an_unknown_language_picks_the_held_one(client):
    assert get(client, "baloot", "ar-SA").get_json()["language"] == "ar"
    resp = get(client, "baloot", "fr-FR")
    assert resp.headers["Content-Language"] == "en" and resp.get_json()["direction"] == "ltr"


def test_baloot_in_arabic_speaks_as_its_players(client):
    body = get(client, "baloot", "ar").get_json()
    assert body["contracts"] == {"hokum": "حكم", "sun": "صن"}
    assert body["actions"]["ashkal"] == "أشكل"
    assert body["combinations"] == {
        "sira": "سرا",
        "fifty": "خمسين",
        "hundred": "مية",
        "four-hundred": "أربعمية",
        "baloot": "بلوت",
    }
    assert body["capot"] == "كبوت"
    assert [body["doubles"][k] for k in ("2", "3", "4", "gahwa")] == ["دبل", "ثري", "فور", "قهوة"]
    assert body["cards"]["JS"] == "ولد سبيت"  # Saudi players' spades; clubs are شريا


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "hy",
            {
                "auction": "բազար",
                "contra": "կոնտրա",
                "recontra": "ռեկոնտրա",
                "capot": "կապոտ",
                "terz": "թերց",
                "blot": "բլոտ",
            },
        ),
        (
            "ru",
            {
                "auction": "торговля",
                "contra": "контра",
                "recontra": "реконтра",
                "capot": "капот",
                "terz": "терц",
                "blot": "блот",
            },
        ),
    ],
)
def test_bazar_blot_in_armenian_and_russian_speaks_as_its_players(client, lang, words):
    body = get(client, "bazar-blot", lang).get_json()
    shown = {
        "auction": body["phases"]["auction"],
        "contra": body["actions"]["contra"],
        "recontra": body["actions"]["recontra"],
        "capot": body["capot"],
        "terz": body["combinations"]["terz"],
        "blot": body["combinations"]["blot"],
    }
    for word, expected in words.items():
        assert expected in shown[word], (lang, word, shown[word])


@pytest.mark.parametrize("game", GAMES)
def test_hand_order_puts_trumps_first_and_alternates_colours(client, game):
    body = get(client, game).get_json()
    colour = {"S": "black", "C": "black", "H": "red", "D": "red"}
    assert set(body["hand_order"]) == {"S", "H", "D", "C", "NT"}
    for strain, order in body["hand_order"].items():
        suits = order["suits"]
        assert sorted(suits) == ["C", "D", "H", "S"]
        assert all(colour[a] != colour[b] for a, b in pairwise(suits))
        assert sorted(order["ranks"]) == sorted(body["ranks"])
        if strain == "NT":
            assert order["trump_ranks"] is None
        else:
            assert suits[0] == strain and sorted(order["trump_ranks"]) == sorted(body["ranks"])


def test_belote_games_rank_trumps_jack_nine_first():
    for game in ("bazar-blot", "baloot"):
        v = vocabulary(GAMES[game])
        assert (v.trump, v.plain) == ("J9ATKQ87", "ATKQJ987")
    assert vocabulary(GAMES["blot-duel"]).trump == "J9ATKQ"
    assert vocabulary(GAMES["oh-hell"]).plain == "AKQJT98765432"


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_example_is_the_real_answer(client, game):
    ex = examples.operation(game, "glossary")
    assert get(client, game).get_json() == ex["response"]


def test_an_unknown_games_glossary_is_a_404_problem(client):
    resp = client.get("/v1/games/skat/glossary")
    assert resp.status_code == 404 and resp.get_json()["code"] == "unknown_game"


def test_answers_are_built_once_per_game_and_language(client):
    from service.api import glossary

    for lang in ("ar", "ar-SA", "hy", "ru", "en", "xx", "*"):
        get(client, "baloot", lang)
    assert set(glossary._built) >= {("baloot", lang) for lang in i18n.LANGUAGES}
    assert len(glossary._built) <= len(GAMES) * len(i18n.LANGUAGES)
    assert json.dumps(glossary._built[("baloot", "ar")], ensure_ascii=False).count("حكم") >= 2


@pytest.mark.parametrize(
    ("game", "teams", "end"),
    [
        ("blob", None, ["complete"]),
        ("oh-hell", None, ["complete"]),
        ("bazar-blot", [[0, 2], [1, 3]], ["complete", "redeal"]),
        ("blot-duel", None, ["complete"]),
        ("baloot", [[0, 2], [1, 3]], ["complete", "redeal"]),
    ],
)
def test_the_glossary_gives_what_a_table_would_hard_code(client, game, teams, end):
    body = get(client, game).get_json()
    assert body["card_code"] == {"rank": 0, "suit": 1}
    for card, name in body["cards"].items():  # the rank's and suit's names are in the card's
        assert body["ranks"][card[body["card_code"]["rank"]]] in name
    assert body["teams"] == teams and body["end_phases"] == end
    assert set(end) <= set(body["phases"])
