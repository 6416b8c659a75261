"""Problems in the players' languages (docs/languages.md): the catalogs are complete and agree with
each other, `Accept-Language` picks the language, and the answer says which one it used."""

from __future__ import annotations

import re
import shutil
import time

import pytest
from babel.messages.pofile import read_po

from service.api import examples, i18n
from service.api.errors import ALL_CODES, HTTP_CODES
from service.rules.baloot.calling import STEPS
from service.rules.errors import Code
from service.rules.registry import GAMES
from tests.api import test_texts as texts
from tools.examples import PATHS

LANGUAGES = ("en", "ar", "hy", "ru")
TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)
# {name}, {0}, %s, %(name)s, %d: whatever a later entry may carry, it must carry in every language
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdif]")


def entries(lang: str) -> dict[str, tuple[str, str]]:
    """{msgctxt: (msgid, msgstr)} of one catalog file, read as a translator's tool reads it."""
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return {m.context: (str(m.id), str(m.string or "")) for m in read_po(f) if m.id and m.context}


def test_the_four_languages_are_held():
    assert set(LANGUAGES) <= set(i18n.LANGUAGES)
    assert i18n.LANGUAGES[0] == i18n.DEFAULT == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_code_has_a_translation(lang):
    found = entries(lang)
    missing = [code for code in ALL_CODES if not found.get(code, ("", ""))[1].strip()]
    assert not missing, f"{lang}: no msgstr for {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_catalog_translates_the_english_it_is_keyed_to(lang):
    """A msgid that no longer matches the English one means the English text changed after the
    translation was made: the translation must be looked at again (docs/languages.md)."""
    english = entries("en")
    stale = [c for c, (msgid, _) in entries(lang).items() if english.get(c, (msgid,))[0] != msgid]
    assert not stale, f"{lang}: English changed since translated: {stale}"


def known_keys() -> set[str]:
    """Every key of messages.po the service uses: each code's title and detail, each case of a
    detail some error raises (tests/api/test_texts.py reads them from the source), the detail
    withheld from a seat view, and the doubling steps a detail names."""
    cases = {f"detail.{code}.{case}" for _, _, code, case, _ in texts.raise_sites() if code != "?" and case}
    computed = set().union(*texts.COMPUTED.values())
    steps = {f"step.{s}" for s in STEPS}
    base = {*ALL_CODES, *(f"detail.{c}" for c in ALL_CODES), *cases, *computed, "detail.withheld", *steps}
    # a family's own text of a key (`bid_out_of_range@blot`, docs/languages.md): of a key above, for
    # a family the registry holds
    families = {g.family for g in GAMES.values()}
    with (i18n.LOCALE_DIR / "en" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        marked = {m.context for m in read_po(f) if m.context and i18n.FAMILY_MARK in m.context}
    own = {
        k for k in marked if k.split(i18n.FAMILY_MARK)[0] in base and k.split(i18n.FAMILY_MARK)[1] in families
    }
    return base | own


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_catalog_holds_a_code_the_service_does_not_know(lang):
    assert set(entries(lang)) <= known_keys(), set(entries(lang)) - known_keys()


def test_english_has_every_code_and_no_msgstr_to_drift():
    english = entries("en")
    assert set(english) == known_keys(), set(english) ^ known_keys()
    assert all(msgid.strip() and not msgstr for msgid, msgstr in english.values())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_english(lang):
    english = entries("en")
    for code, (_, msgstr) in entries(lang).items():
        want = sorted(PLACEHOLDER.findall(english[code][0]))
        assert sorted(PLACEHOLDER.findall(msgstr)) == want, (lang, code, msgstr)


def test_placeholder_check_can_fail():
    assert PLACEHOLDER.findall("You must follow {suit}") != PLACEHOLDER.findall("Нужно ходить в масть")


def test_a_new_language_is_a_new_catalog_folder(tmp_path):
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    po = tmp_path / "locale" / "de" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgctxt "not_your_turn"\nmsgid "It is not your turn"\nmsgstr "Du bist nicht dran"\n')
    catalogs = i18n.load(tmp_path / "locale")
    assert catalogs["de"] == {"not_your_turn": "Du bist nicht dran"}
    assert set(catalogs) == {*i18n.LANGUAGES, "de"}


def test_a_code_without_translation_falls_back_to_english():
    assert i18n.text("xx", "must_trump") == i18n.CATALOGS["en"]["must_trump"]
    assert i18n.text("ar", "no_such_code") is None


def test_the_games_own_words():
    """Baloot's and Blot's vocabulary as their players say it (issue 14.2)."""
    ar = i18n.CATALOGS["ar"]
    assert "حكم" in ar["must_trump"] and "صن" in ar["call_not_allowed"]
    assert "دبل" in ar["double_not_allowed"] and "قهوة" in ar["double_not_allowed"]
    assert "контр" in i18n.CATALOGS["ru"]["contra_not_allowed"]
    assert "реконтр" in i18n.CATALOGS["ru"]["recontra_not_allowed"]
    assert "կոնտրա" in i18n.CATALOGS["hy"]["contra_not_allowed"]
    assert "ռեկոնտրա" in i18n.CATALOGS["hy"]["recontra_not_allowed"]
    assert "козыр" in i18n.CATALOGS["ru"]["must_trump"] and "կոզր" in i18n.CATALOGS["hy"]["must_trump"]


# Accept-Language (RFC 9110 12.5.4)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("ar", "ar"),
        ("AR", "ar"),
        ("ar-SA", "ar"),
        ("hy-AM", "hy"),
        ("ru-RU, ru;q=0.9, en-US;q=0.8, en;q=0.7", "ru"),
        ("en-GB,en;q=0.9", "en"),
        ("fr-FR, fr;q=0.9", "en"),  # nothing held: English
        ("fr, hy;q=0.5", "hy"),  # the first held language in order of preference
        ("ru;q=0.3, hy;q=0.9, ar;q=0.5", "hy"),  # quality, not order, decides
        ("ru;q=0.5, ar;q=0.5", "ru"),  # equal quality: the header's order
        ("ar;q=1.000, ru;q=0.999", "ar"),
        ("*", "en"),  # any: the service's own preference
        ("*;q=0.5, hy", "hy"),
        ("en;q=0, *", "ar"),  # English refused, anything else welcome
        ("ru;q=0", "en"),  # refusals alone: English all the same (no 406 for a language)
        ("ru-RU;q=0, ru", "ru"),  # refusing one region leaves the language
        ("ru;q=0, ru-RU", "en"),  # refusing the language refuses its regions
        ("ar;q=2, ru", "ru"),  # a quality above 1 is invalid: that item is skipped
        ("ar;q=0.1234, ru;q=0.1", "ru"),  # more than three decimals: invalid
        ("ar;level=1, hy", "hy"),  # a parameter other than q: invalid item
        ("ar_SA, ru", "ru"),  # an underscore is not a language tag
        ("12, ru;q=0.2", "ru"),
        (";;;,,,", "en"),
        ("\x00ar", "en"),
        ("ar\t;\tq=0.5 , ru;q=0.4", "ar"),  # whitespace around the separators is allowed
    ],
)
def test_negotiate(header, lang):
    assert i18n.negotiate(header) == lang


def test_only_the_first_items_are_read():
    many = ", ".join(["fr"] * i18n.MAX_ITEMS + ["ru"])
    assert i18n.negotiate(many) == "en"
    assert i18n.negotiate(", ".join(["fr"] * (i18n.MAX_ITEMS - 1) + ["ru"])) == "ru"


@pytest.mark.usefixtures("frozen_heap")
def test_a_huge_header_is_read_to_its_cap_and_never_cached():
    head = "ar;q=0.1, "
    huge = head + "fr-FR;q=0.5, " * 100_000 + "ru"
    cached = len(i18n._cache)
    start = time.perf_counter()
    assert i18n.negotiate(huge) == "ar"
    assert time.perf_counter() - start < 0.05  # reading stops at the cap: not 1.3 MB of parsing
    assert i18n.negotiate("x" * (i18n.MAX_HEADER_CHARS + 1)) == "en"  # one item past the cap
    assert len(i18n._cache) == cached and all(len(k) <= i18n.MAX_HEADER_CHARS for k in i18n._cache)


def test_the_cache_is_bounded():
    for i in range(i18n.CACHE_SIZE * 2):
        i18n.negotiate(f"x-{i:06d}, ru")
    assert len(i18n._cache) <= i18n.CACHE_SIZE
    assert i18n.negotiate("ar") == "ar"


# the answers


def problem_case(game: str, key: str) -> tuple[str, dict]:
    return f"/v1/games/{game}/{PATHS[key]}", examples.operation(game, key)["problem_request"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_a_rule_problem_is_titled_in_the_asked_language(client, game, lang):
    path, body = problem_case(game, "hands_play")
    english = client.post(path, json=body).get_json(force=True)
    resp = client.post(path, json=body, headers={"Accept-Language": f"{lang}-XX, en;q=0.5"})
    problem = resp.get_json(force=True)
    assert resp.status_code == 422 and problem["code"] == Code.MUST_FOLLOW_SUIT
    assert problem["title"] == i18n.CATALOGS[lang]["must_follow_suit"] != english["title"]
    assert problem["detail"] != english["detail"] and problem["params"] == english["params"]
    assert i18n.CARD_NAMES[lang][problem["params"]["card"]] in problem["detail"]
    assert resp.headers["Content-Language"] == lang
    assert "Accept-Language" in resp.headers.get_all("Vary") or "Accept-Language" in resp.headers["Vary"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_http_problems_are_titled_in_the_asked_language(client, lang):
    resp = client.get("/v1/games/canasta", headers={"Accept-Language": lang})
    assert resp.status_code == 404 and resp.headers["Content-Language"] == lang
    assert resp.get_json(force=True)["title"] == i18n.CATALOGS[lang]["unknown_game"]
    resp = client.post("/v1/games/blob/hands/state", json={"x": 1}, headers={"Accept-Language": lang})
    assert resp.get_json(force=True)["title"] == i18n.CATALOGS[lang]["validation_failed"]


@pytest.mark.parametrize("header", [None, "en", "en-GB, en;q=0.9", "fr", "nonsense;;", "*"])
def test_english_answers_do_not_depend_on_how_english_was_chosen(client, header):
    path, body = problem_case("bazar-blot", "hands_play")
    headers = {"Accept-Language": header} if header else {}
    resp = client.post(path, json=body, headers=headers)
    problem = resp.get_json(force=True)
    problem.pop("request_id")
    assert problem == examples.operation("bazar-blot", "hands_play")["problem"]
    assert resp.headers["Content-Language"] == "en"


@pytest.mark.parametrize("header", [None, "ar-SA"])
def test_success_answers_say_their_language_and_vary(client, header):
    ex = examples.operation("baloot", "hands_state")
    resp = client.post(
        "/v1/games/baloot/hands/state",
        json=ex["request"],
        headers={"Accept-Language": header} if header else {},
    )
    assert resp.status_code == 200 and resp.get_json() == ex["response"]
    assert resp.headers["Content-Language"] == ("ar" if header else "en")
    assert resp.headers.get_all("Vary") == ["Accept-Language"]


def test_vary_merges_with_origin_under_cors():
    from service import create_app

    app = create_app({"TRICKREF_CORS_ORIGINS": ["https://table.example"]})
    resp = app.test_client().get(
        "/v1/games", headers={"Origin": "https://table.example", "Accept-Language": "hy"}
    )
    assert {v.strip() for v in ",".join(resp.headers.get_all("Vary")).split(",")} >= {
        "Accept-Language",
        "Origin",
    }
    assert resp.headers["Content-Language"] == "hy"


def test_the_english_only_docs_say_english_and_do_not_vary(client):
    resp = client.get("/openapi.json", headers={"Accept-Language": "ru"})
    if resp.status_code == 404:  # the spec's path is configured: find it
        pytest.skip("no /openapi.json")
    assert resp.headers["Content-Language"] == "en"
    assert "Accept-Language" not in (resp.headers.get("Vary") or "")


def test_every_code_documented_is_titled_in_every_language():
    for lang in LANGUAGES:
        for code in ALL_CODES:
            assert i18n.text(lang, code), (lang, code)
    assert set(HTTP_CODES) | {c.value for c in Code} == set(ALL_CODES)
