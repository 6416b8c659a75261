# ruff: noqa: RUF001 (Armenian and Cyrillic test texts)
"""The players' words lint (issue 30): every text of every domain in Arabic, Armenian and Russian
uses its game's words as tests/api/vocabulary.py states them, one spelling per term, in one
register, and no sentence needs an inflected form of what a placeholder inserts.

A text belongs to the families whose games show it: `key@family` (and the table's `key@game`) to
that family; a catalog key to the game or family it names; a glossary key to its family; a problem's
detail to the families whose rules raise it (read from the source, as tests/api/test_texts.py
does); anything else to every family. A text shown to several families may use only words all of
them share. The whole lint is one pass over some 2,200 texts with a few precompiled patterns.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from schemas.glossary import vocabulary as game_words
from service.api import glossary, i18n
from service.rules.registry import GAMES
from tests.api import test_texts as texts
from tests.api import vocabulary as vocab
from tests.api.vocabulary import FAMILIES, INFLECTION, VOCABULARY, Term

TRANSLATED = tuple(VOCABULARY)
DOMAINS = ("messages", "cards", "catalog", "glossary")
TABLE = Path(i18n.LOCALE_DIR).parents[0] / "static" / "table" / "i18n"
FAMILY_OF_GAME = {g.id: g.family for g in GAMES.values()}
GAMES_OF = {f: {g for g, of in FAMILY_OF_GAME.items() if of == f} for f in FAMILIES}
AR_PREFIX = "(?:و|ف|ب|ل|ك)?(?:ال|لل)?"


def compiled(lang: str, pattern: str) -> re.Pattern[str]:
    if pattern.startswith("re:"):
        return re.compile(pattern[3:])
    stem = re.escape(pattern.rstrip("*"))
    if lang == "ar":
        end = "" if pattern.endswith("*") else r"(?!\w)"
        return re.compile(rf"(?<!\w){AR_PREFIX}{stem}{end}")
    return re.compile(rf"(?<!\w){stem}", re.IGNORECASE)


ROOT = Path(__file__).resolve().parents[2]
LENGTHS = {"152": "baloot", "hands": "baloot", "151": "blot", "301": "blot"}  # the rest: Oh Hell's
TABLE_SECTIONS = {"type": ("actions", "contracts"), "double": ("doubles",), "combo": ("combinations",)}


@cache
def table_families() -> dict[str, frozenset[str]]:
    """{table key: the families that show it}: an action's, a doubling step's or a combination's name
    by the families that have that code (their glossaries), a score column by the families whose
    score schema has that field, a match length by its game."""
    out: dict[str, set[str]] = {}
    for game in GAMES.values():
        v = game_words(game)
        for word in v.words:  # `capot`
            out.setdefault(word, set()).add(game.family)
        for prefix, sections in TABLE_SECTIONS.items():
            for section in sections:
                for code in v.sections.get(section, ()):
                    out.setdefault(f"{prefix}.{code}", set()).add(game.family)
    for family in FAMILIES:
        schema = (ROOT / "schemas" / f"{family}.py").read_text()
        for field in set(re.findall(r"\b([a-z_]+)\b", schema)):
            out.setdefault(f"col.{field}", set()).add(family)
    return {k: frozenset(v) for k, v in out.items()}


@cache
def raised_by() -> dict[str, frozenset[str]]:
    """{detail key: the families whose rules raise it}; a shared module raises for every family."""
    out: dict[str, set[str]] = {}

    def family_of(path: str) -> frozenset[str]:
        parts = Path(path).parts
        if len(parts) > 3 and parts[:2] == ("service", "rules") and parts[2] in FAMILIES:
            return frozenset({parts[2]})
        if len(parts) > 3 and parts[:2] == ("service", "rules") and parts[2] == "belote":
            return frozenset({"blot", "baloot"})
        return FAMILIES

    for path, _, code, case, _ in texts.raise_sites():
        if code == "?" or case is None:
            continue
        key = f"detail.{code}.{case}" if case else f"detail.{code}"
        out.setdefault(key, set()).update(family_of(path))
        out.setdefault(code, set()).update(family_of(path))
    for path, keys in texts.COMPUTED.items():
        for key in keys:
            out.setdefault(key, set()).update(family_of(path))
            out.setdefault(key.split(".")[1], set()).update(family_of(path))
    return {k: frozenset(v) for k, v in out.items()}


def families(domain: str, key: str) -> frozenset[str]:
    """The families whose players read the text of `key`."""
    base, _, own = key.partition("@")
    if own:
        return frozenset({FAMILY_OF_GAME.get(own, own)})
    parts = base.split(".")
    if domain == "catalog" and parts[0] in ("game", "profile"):
        return frozenset({FAMILY_OF_GAME[parts[1]]})
    if domain in ("catalog", "glossary") and len(parts) > 1 and parts[1] in FAMILIES:
        return frozenset({parts[1]})
    if domain == "messages":
        if base.startswith("step."):
            return frozenset({"baloot"})
        code = parts[1] if parts[0] == "detail" and len(parts) > 1 else base
        return raised_by().get(base) or raised_by().get(code, FAMILIES)  # a detail: its code's
    if domain == "table" and parts[0] == "length" and len(parts) > 1:
        return frozenset({LENGTHS.get(parts[1], "ohhell")})
    if domain == "table":
        return table_families().get(base, FAMILIES)
    return FAMILIES


def po_texts(lang: str, domain: str) -> dict[str, str]:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {m.context: str(m.string) for m in read_po(f) if m.context and m.string}


def all_texts(lang: str) -> Iterator[tuple[str, str, str, frozenset[str]]]:
    """(domain, key, text, families) of every text of `lang`: the four catalogs and the table. A
    shared key is read by the families that have no text of their own for it (`key@family`)."""
    found = [(d, k, t) for d in DOMAINS for k, t in po_texts(lang, d).items()]
    table = json.loads((TABLE / f"{lang}.json").read_text(encoding="utf-8"))
    found += [("table", k, t) for k, t in table.items()]
    own: dict[tuple[str, str], set[str]] = {}  # (domain, key): the games or families with their own
    for domain, key, _ in found:
        base, _, by = key.partition("@")
        if by:
            own.setdefault((domain, base), set()).add(by)
        parts = key.split(".")
        if domain == "glossary" and len(parts) > 2 and parts[1] in FAMILIES:  # glossary.baloot.term.x
            own.setdefault((domain, ".".join(parts[:1] + parts[2:])), set()).add(parts[1])
    for domain, key, text in found:
        fams = families(domain, key)
        by = own.get((domain, key), set())
        covered = {f for f in FAMILIES if f in by or GAMES_OF[f] <= by}  # every game of it has its own
        yield domain, key, text, frozenset(fams - covered) or fams


def faults(
    lang: str, items: Iterable[tuple[str, str, str, frozenset[str]]], terms: tuple[Term, ...]
) -> list[str]:
    """What the lint finds wrong in `items` (domain, key, text, families) of `lang`."""
    checks = []
    for term in terms:
        rejected = [compiled(lang, r) for r in term.rejected]
        own = compiled(lang, term.pattern or term.word) if term.word and term.only != FAMILIES else None
        checks.append((term, rejected, own))
    shapes = [(re.compile(p), why) for p, why in INFLECTION.get(lang, ())]
    found = []
    seen: dict[str, str] = {}
    for domain, key, text, fams in items:
        seen[f"table:{key}" if domain == "table" else key] = text  # `table:contract`: the table's
        for term, rejected, own in checks:
            if fams & term.only:
                for r in rejected:
                    if r.search(text):
                        found.append(
                            f"{lang} {domain} {key}: rejected {r.pattern!r} for {term.sense!r}: {text}"
                        )
            if own is not None and not fams <= term.only and own.search(text):
                found.append(
                    f"{lang} {domain} {key}: {term.word!r} is {sorted(term.only)}'s word,"
                    f" read by {sorted(fams)}: {text}"
                )
        for shape, why in shapes:
            if shape.search(text):
                found.append(f"{lang} {domain} {key}: {why} ({shape.pattern!r}): {text}")
    for term in terms:
        for key in term.keys:
            if key in seen and seen[key].casefold() != term.word.casefold():
                found.append(f"{lang} {key}: must read {term.word!r} ({term.sense}), reads {seen[key]!r}")
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_uses_its_games_words_in_one_register_and_inflects_nothing_inserted(lang):
    found = faults(lang, list(all_texts(lang)), VOCABULARY[lang])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_exact_key_exists(lang):
    """A vocabulary key that no text holds is a typo in the vocabulary, and checks nothing."""
    held = {f"table:{key}" if domain == "table" else key for domain, key, _, _ in all_texts(lang)}
    missing = [(t.sense, k) for t in VOCABULARY[lang] for k in t.keys if k not in held]
    assert not missing, missing


PLANTED = [
    # (lang, domain, key, text): one fault of each kind the lint is for
    ("ar", "table", "contract", "المشروع: صن"),  # a Baloot word (صن) in a text every game shows
    ("ar", "glossary", "glossary.term.trick", "لمّة"),  # a rejected variant
    ("ar", "messages", "detail.wrong_hand_size.seat", "مع اللاعب {seat} {cards} أوراق"),  # agreement
    ("ar", "messages", "detail.must_trump", "لازم تقطع بالحكم"),  # the colloquial register
    ("ar", "cards", "suit.S", "شريا"),  # spades named as clubs
    ("hy", "catalog", "option.baloot.projects", "նախագծեր"),  # Baloot's projects as design projects
    ("hy", "table", "to_act", "{name}-ի հերթն է"),  # a case ending on a placeholder
    ("hy", "catalog", "game.baloot.name", "Բալոտ"),  # a second spelling
    ("hy", "catalog", "option.blot.rules", "սան"),  # Baloot's Sun in a Blot text
    ("ru", "messages", "step.three", "сри"),
    ("ru", "messages", "step.gahwa", "кахва"),
    ("ru", "table", "to_act", "Ходит {name}"),  # an adverb as a subject
    ("ru", "messages", "not_your_turn", "Сейчас ход места 2, не твой"),  # a seat acting; informal you
    ("ru", "catalog", "option.blot.capot", "кабут"),  # Baloot's kaboot in a Blot text
]


@pytest.mark.parametrize(("lang", "domain", "key", "text"), PLANTED)
def test_the_lint_can_fail(lang, domain, key, text):
    found = faults(lang, [(domain, key, text, families(domain, key))], VOCABULARY[lang])
    assert found, (lang, key, text)


def test_the_lint_passes_good_text():
    good = [
        ("ar", "table", "contract@baloot", "المشترى"),
        ("ar", "messages", "detail.wrong_hand_size.seat", "عدد أوراق اللاعب {seat}: {cards}"),
        ("hy", "table", "to_act", "Հերթը՝ {name}"),
        ("ru", "table", "to_act", "Ход: {name}"),
    ]
    for lang, domain, key, text in good:
        assert not faults(lang, [(domain, key, text, families(domain, key))], VOCABULARY[lang]), text


def test_keys_are_read_per_family():
    assert families("messages", "call_not_allowed") == {"baloot"}
    assert families("messages", "contra_not_allowed") == {"blot"}
    assert families("messages", "detail.must_follow_suit") == FAMILIES
    assert families("table", "contract@bazar-blot") == {"blot"}
    assert families("catalog", "option.ohhell.trumps") == {"ohhell"}
    assert families("glossary", "glossary.term.trick") == FAMILIES
    assert vocab.BALOOT <= FAMILIES


# ------------------------------------------------------------------ each game reads its own words


@pytest.mark.parametrize(
    ("game", "lang", "contract", "no_trumps"),
    [
        ("baloot", "ar", "المشترى", "صن"),
        ("bazar-blot", "ar", "العقد", "بدون حكم"),
        ("oh-hell", "ar", "العقد", "بدون حكم"),
        ("baloot", "hy", "գնում", "սան"),
        ("blot-duel", "hy", "հայտ", "առանց կոզրի"),
        ("baloot", "ru", "покупка", "сан"),
        ("bazar-blot", "ru", "контракт", "без козыря"),
    ],
)
def test_the_glossary_gives_each_game_its_own_contract_and_no_trumps(client, game, lang, contract, no_trumps):
    body = client.get(f"/v1/games/{game}/glossary", headers={"Accept-Language": lang}).get_json()
    assert (body["terms"]["contract"], body["strains"]["NT"]) == (contract, no_trumps)


def test_a_strain_in_a_detail_is_named_in_the_games_words():
    key, params = "detail.invalid_trump.strain", {"strain": "NT"}
    assert "صن" in i18n.detail("ar", key, params, "", "baloot")
    assert "بدون حكم" in i18n.detail("ar", key, params, "", "blot")
    assert "بدون حكم" in i18n.detail("ar", key, params, "")  # no game: the shared word


@pytest.mark.parametrize(
    ("game", "word", "other"), [("oh-hell", "заказ", "заявк"), ("bazar-blot", "заявк", "заказ")]
)
def test_a_problem_is_titled_in_the_words_of_its_game(client, game, word, other):
    hand = client.post(f"/v1/games/{game}/deals", json={"seed": 7}).get_json()["hand"]
    legal = client.post(f"/v1/games/{game}/hands/state", json=hand).get_json()["legal_actions"]
    bid = next(a for a in legal if a["type"] == "bid")
    body = {**hand, "actions": [{**bid, "value": 99}]}
    resp = client.post(f"/v1/games/{game}/hands/state", json=body, headers={"Accept-Language": "ru"})
    problem = resp.get_json()
    assert problem["code"] == "bid_out_of_range", problem
    text = (problem["title"] + problem["detail"]).lower()
    assert word in text and other not in text, problem


def test_the_vocabulary_is_documented():
    """docs/languages.md shows every word of the vocabulary (its table is this module's data)."""
    doc = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    missing = [
        (lang, t.word) for lang, terms in VOCABULARY.items() for t in terms if t.word and t.word not in doc
    ]
    assert not missing, missing


TABLE_WORDS = {"contracts": "type", "doubles": "double", "combinations": "combo"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tables_game_words_are_the_glossarys(lang):
    """The table shows the glossary's words and keeps its own strings for when it has none: those
    strings are the same words (a contract, a doubling step, a combination, the capot)."""
    table = json.loads((TABLE / f"{lang}.json").read_text(encoding="utf-8"))
    differ = []
    for game in GAMES.values():
        words = glossary.glossary(game, lang)
        v = game_words(game)
        shown = {
            f"{prefix}.{code}": words[section][code]
            for section, prefix in TABLE_WORDS.items()
            for code in v.sections.get(section, ())
        }
        if "capot" in words:
            shown["capot"] = words["capot"]
        for key, word in shown.items():
            own = table.get(f"{key}@{game.id}", table.get(key))
            if own is not None and own.casefold() != word.casefold():
                differ.append((game.id, key, own, word))
    assert not differ, differ


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_detail_names_a_doubling_step_as_the_glossary_does(lang):
    doubles = glossary.glossary(GAMES["baloot"], lang)["doubles"]
    level = {"double": "2", "three": "3", "four": "4", "gahwa": "gahwa"}
    steps = {
        k.removeprefix("step."): v for k, v in po_texts(lang, "messages").items() if k.startswith("step.")
    }
    assert set(steps) == set(level) and {s: doubles[level[s]] for s in steps} == steps
