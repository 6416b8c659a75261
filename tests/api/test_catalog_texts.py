"""The catalog in the players' languages (issue 14): every game's name and summary, every profile's
and option's title and description, in every language, written for players; ids, values and
sources never change with the language. Also the pseudo-locale run that shows no English left over
in the catalog and the glossary (docs/languages.md, "Catalog and glossary domains")."""

from __future__ import annotations

import re
import shutil

import pytest
from babel.messages.pofile import read_po, write_po

from service.api import games, glossary, i18n, texts
from service.rules.registry import GAMES

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)
DOMAINS = ("catalog", "glossary")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdif]")
ARABIC = re.compile(r"[\u0600-\u06ff]")
ARMENIAN = re.compile(r"[\u0531-\u058f]")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
SCRIPT = {"ar": ARABIC, "hy": ARMENIAN, "ru": CYRILLIC}


def entries(lang: str, domain: str) -> dict[str, tuple[str, str]]:
    """{msgctxt: (msgid, msgstr)} of one domain file, read as a translator's tool reads it."""
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {m.context: (str(m.id), str(m.string or "")) for m in read_po(f) if m.id and m.context}


def catalog_keys() -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for game in GAMES.values():
        for key, english in texts.keys(game).items():
            assert out.get(key, english) == english, f"{key}: two games of a family disagree in English"
            out[key] = english
    return out


def glossary_keys() -> set[str]:
    return {k for game in GAMES.values() for k in glossary.keys(game) if k.startswith("glossary.")}


KEYS = {"catalog": set(catalog_keys()), "glossary": glossary_keys()}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_key_is_in_every_language_and_no_other(lang, domain):
    found = entries(lang, domain)
    assert set(found) == KEYS[domain], set(found) ^ KEYS[domain]
    if lang == i18n.DEFAULT:
        assert all(msgid.strip() and not msgstr for msgid, msgstr in found.values())
    else:
        missing = [k for k, (_, msgstr) in found.items() if not msgstr.strip()]
        assert not missing, f"{lang}: no msgstr for {missing}"


def test_the_check_for_missing_keys_can_fail(tmp_path):
    po = tmp_path / "catalog.po"
    source = (i18n.LOCALE_DIR / "ar" / "LC_MESSAGES" / "catalog.po").read_text()
    po.write_text(source.replace('msgctxt "option.baloot.ashkal"', 'msgctxt "option.baloot.renamed"'))
    with po.open("rb") as f:
        held = {m.context for m in read_po(f) if m.id and m.context}
    assert held != KEYS["catalog"]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_are_of_the_current_english_and_keep_its_placeholders(lang, domain):
    english = entries("en", domain)
    for key, (msgid, msgstr) in entries(lang, domain).items():
        assert msgid == english[key][0], f"{lang} {key}: the English changed since it was translated"
        want = sorted(PLACEHOLDER.findall(msgid))
        assert sorted(PLACEHOLDER.findall(msgstr)) == want, (lang, key, msgstr)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_are_written_in_the_language(lang, domain):
    """A copied English msgstr is no translation (ids inside a text, `rule-book`, may stay)."""
    foreign = [k for k, (_, s) in entries(lang, domain).items() if not SCRIPT[lang].search(s)]
    assert not foreign, f"{lang}: not in its script: {foreign}"


def test_the_english_catalog_is_the_rules_cores_english():
    """English answers read the catalog, so its msgids are the core's texts, word for word."""
    english = entries("en", "catalog")
    for key, core in catalog_keys().items():
        if core is not None:
            assert english[key][0] == core, key


# Written for players: no repositories, research rows, seed files or option ids in the texts.
DEVELOPER_NOTE = re.compile(r"\b[\w.-]+/[\w.-]+\b|research|[Ss]eed \d|\.md\b|github|\bNT\b|\bnull\b|1-based")


def test_descriptions_are_written_for_players():
    notes = {k: t for k, t in catalog_keys().items() if t and DEVELOPER_NOTE.search(t)}
    assert not notes, notes
    assert DEVELOPER_NOTE.search("as translated in hakob17/teleblot-bazaar rules.md")


def test_every_profile_names_its_source():
    for game in GAMES.values():
        for profile in game.describe()["rules"]["profiles"]:
            assert profile["source"].strip(), (game.id, profile["name"])


# The HTTP answers


def test_the_catalog_in_arabic_keeps_ids_values_and_sources(client):
    en = client.get("/v1/games").get_json()
    resp = client.get("/v1/games", headers={"Accept-Language": "ar-SA, en;q=0.5"})
    assert resp.headers["Content-Language"] == "ar"
    assert "Accept-Language" in resp.headers["Vary"]
    ar = resp.get_json()
    assert [g["id"] for g in ar["games"]] == [g["id"] for g in en["games"]] == list(GAMES)
    for game_en, game_ar in zip(en["games"], ar["games"], strict=True):
        for field in ("name", "summary"):
            assert ARABIC.search(game_ar[field]), (game_ar["id"], field)
        assert game_ar["players"] == game_en["players"] and game_ar["actions"] == game_en["actions"]
        rules_en, rules_ar = game_en["rules"], game_ar["rules"]
        assert rules_ar["default_profile"] == rules_en["default_profile"]
        for kind in ("profiles", "options"):
            for one_en, one_ar in zip(rules_en[kind], rules_ar[kind], strict=True):
                for field in ("title", "description"):
                    assert ARABIC.search(one_ar[field]), (game_ar["id"], one_ar["name"], field)
                    assert one_ar[field] != one_en[field]
                same = {k: v for k, v in one_en.items() if k not in ("title", "description")}
                assert {k: one_ar[k] for k in same} == same  # name (the id), values, source


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_describing_one_game_answers_as_the_list_does(client, lang):
    listed = client.get("/v1/games", headers={"Accept-Language": lang}).get_json()["games"]
    for game in listed:
        resp = client.get(f"/v1/games/{game['id']}", headers={"Accept-Language": lang})
        assert resp.headers["Content-Language"] == lang
        assert resp.get_json() == game


def test_english_titles_name_what_the_ids_name(client):
    game = client.get("/v1/games/baloot").get_json()
    titles = {o["name"]: o["title"] for o in game["rules"]["options"]}
    assert titles["late_sun"] == "Late Sun" and titles["doubled_kaboot"] == "Kaboot when doubled"
    assert game["summary"] == GAMES["baloot"].summary


def test_the_cache_holds_at_most_a_description_per_game_and_language(client):
    for header in ("ar", "hy", "ru", "en", "fr", "de-AT, ar;q=0.1", "zz", "*", "x" * 300):
        client.get("/v1/games", headers={"Accept-Language": header})
    assert len(texts._described) <= len(GAMES) * len(i18n.LANGUAGES)
    assert {lang for _, lang in texts._described} <= set(i18n.LANGUAGES)
    assert len(games._encoded) <= (1 + 2 * len(GAMES)) * len(i18n.LANGUAGES)
    assert {lang for _, lang in games._encoded} <= set(i18n.LANGUAGES)


# A pseudo-locale: every English text transformed, so any text the answers show untranslated
# (a key never looked up, a text built in code) still has Latin letters in it.

PSEUDO = "xx"
LATIN = re.compile(r"[A-Za-z]")


def pseudo(text: str) -> str:
    """Latin letters to their fullwidth forms, placeholders kept."""
    parts = re.split(r"(\{[^{}]*\})", text)
    return "".join(
        p if p.startswith("{") else "".join(chr(ord(c) + 0xFEE0) if LATIN.match(c) else c for c in p)
        for p in parts
    )


@pytest.fixture()
def pseudo_locale(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("ar", "hy", "ru"))
    (locale / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    for po in i18n.domains(locale / "en"):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if message.id and message.context:
                message.string = pseudo(str(message.id))
        with (locale / PSEUDO / "LC_MESSAGES" / po.name).open("wb") as f:
            write_po(f, catalog)
    monkeypatch.setattr(i18n, "CATALOGS", i18n.load(locale))
    monkeypatch.setattr(i18n, "LANGUAGES", (i18n.DEFAULT, PSEUDO))
    monkeypatch.setattr(i18n, "_HELD", frozenset(i18n.LANGUAGES))
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setattr(texts, "_described", {})
    monkeypatch.setattr(glossary, "_built", {})
    monkeypatch.setattr(games, "_encoded", {})
    return PSEUDO


def test_pseudo_transform_leaves_no_latin_letter_but_placeholders():
    assert pseudo("{rank} of {suit_of}") == "{rank} \uff4f\uff46 {suit_of}"
    assert LATIN.search(pseudo("7-1-7 and max-1-max")) is None


def test_a_pseudo_locale_shows_no_english_in_the_catalog(client, pseudo_locale):
    resp = client.get("/v1/games", headers={"Accept-Language": pseudo_locale})
    assert resp.headers["Content-Language"] == pseudo_locale
    left = []
    for game in resp.get_json()["games"]:
        shown = [("name", game["name"]), ("summary", game["summary"])]
        for kind in ("profiles", "options"):
            for one in game["rules"][kind]:
                shown += [
                    (f"{one['name']}.title", one["title"]),
                    (f"{one['name']}.description", one["description"]),
                ]
        left += [(game["id"], where, text) for where, text in shown if LATIN.search(text)]
    assert not left, left


def test_a_pseudo_locale_shows_no_english_in_the_glossary(client, pseudo_locale):
    left = []
    for game in GAMES:
        resp = client.get(f"/v1/games/{game}/glossary", headers={"Accept-Language": pseudo_locale})
        assert resp.headers["Content-Language"] == pseudo_locale
        body = resp.get_json()
        assert body["language"] == pseudo_locale
        for section, names in body.items():
            if section in ("game", "language", "direction", "hand_order", "card_code", "teams", "end_phases"):
                continue  # codes, not texts
            texts_shown = names.items() if isinstance(names, dict) else [(section, names)]
            left += [(game, section, code, t) for code, t in texts_shown if LATIN.search(t)]
    assert not left, left


def test_the_pseudo_locale_check_can_fail(client, pseudo_locale, monkeypatch):
    """With one entry dropped from the pseudo catalog, its English shows through and is caught."""
    held = dict(i18n.CATALOGS[pseudo_locale])
    del held["glossary.baloot.doubles.gahwa"]
    monkeypatch.setitem(i18n.CATALOGS, pseudo_locale, held)
    body = client.get("/v1/games/baloot/glossary", headers={"Accept-Language": pseudo_locale}).get_json()
    assert LATIN.search(body["doubles"]["gahwa"])
