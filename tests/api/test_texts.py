"""The players' texts (issue 14): every problem's detail and every illegal card's reason comes from
the catalogs in the asked language, formatted from its parameters, and the parameters travel as
data (`params`) beside it (docs/languages.md, docs/errors.md)."""

from __future__ import annotations

import ast
import re
import shutil
import string
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api import examples, i18n
from service.api.errors import HTTP_CODES
from service.rules.errors import Code, RuleError
from service.rules.registry import GAMES
from tools.examples import PATHS

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ar", "hy", "ru")
TRANSLATED = ("ar", "hy", "ru")
RAISES = {"IllegalAction", "InvalidRecord", "InvalidNotation", "RuleError"}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ------------------------------------------------------------------ every raise site has its text


@cache
def raise_sites() -> tuple[tuple[str, int, str, str | None, frozenset[str] | None], ...]:
    """(file, line, code, case, param names) of every rule error the service raises, read from the
    source: case None where it is computed, params None where they are not a dict literal."""
    sites = []
    for path in sorted((ROOT / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in RAISES
            ):
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Attribute) and ast.unparse(first).startswith("Code.")):
                code = "?"  # a code computed at run time: the card duties, a re-raise
            else:
                code = Code[first.attr].value
            kw = {k.arg: k.value for k in node.keywords}
            case: str | None = ""
            if "case" in kw:
                case = kw["case"].value if isinstance(kw["case"], ast.Constant) else None
            names: frozenset[str] | None = frozenset()
            if "params" in kw:
                p = kw["params"]
                if isinstance(p, ast.Dict) and all(k is not None for k in p.keys):
                    names = frozenset(k.value for k in p.keys)  # type: ignore[union-attr]
                else:
                    names = None
            sites.append((str(path.relative_to(ROOT)), node.lineno, code, case, names))
    return tuple(sites)


# Sites whose code, case or params are computed: what each may produce, checked by hand (a new one
# fails test_every_computed_site_is_reviewed until it is added here, with its texts).
DUTIES = ("must_follow_suit", "must_trump", "must_overtrump")
COMPUTED = {
    "service/rules/baloot/state.py": {f"detail.{c}" for c in DUTIES},
    "service/rules/blot/play.py": {f"detail.{c}" for c in DUTIES},
    "service/rules/ohhell/state.py": {"detail.must_follow_suit"},
    "service/rules/parse.py": {"detail.invalid_card.text", "detail.invalid_strain.text"},  # and re-raises
    "service/rules/blot/auction.py": {
        *(f"detail.contra_not_allowed.{c}" for c in ("no_bid", "doubled", "own_side")),
        *(f"detail.recontra_not_allowed.{c}" for c in ("no_contra", "redoubled", "not_bidder")),
    },
    "service/rules/baloot/summary.py": {
        "detail.double_not_allowed.sun",
        "detail.double_not_allowed.off",
        "detail.invalid_summary",
        *(
            f"detail.invalid_summary.{c}"
            for c in (
                "projects_off",
                "quartet_rank",
                "run_length",
                "baloot_team",
                "passed_out",
                "needs_detail",
            )
        ),
    },
    "service/rules/ohhell/options.py": {
        f"detail.invalid_rule_value.{c}" for c in ("combination", "rounds_max", "round")
    },
    "service/rules/profile.py": {
        f"detail.invalid_rule_value.allowed_{t}" for t in ("bool", "enum", "int", "int_list")
    },
}


def english(key: str) -> str:
    return i18n.CATALOGS["en"][key]


def test_every_literal_site_has_its_text_and_gives_what_the_text_names():
    checked = 0
    for path, line, code, case, names in raise_sites():
        if code == "?" or case is None or names is None:
            continue
        key = f"detail.{code}.{case}" if case else f"detail.{code}"
        assert key in i18n.CATALOGS["en"], f"{path}:{line}: no catalog entry {key}"
        missing = placeholders(english(key)) - names
        assert not missing, f"{path}:{line}: {key} names {missing}, the error gives only {set(names)}"
        checked += 1
    assert checked > 150


def test_every_computed_site_is_reviewed():
    computed = {
        path for path, _, code, case, names in raise_sites() if "?" in (code,) or None in (case, names)
    }
    assert computed <= set(COMPUTED), computed - set(COMPUTED)
    for keys in COMPUTED.values():
        assert keys <= set(i18n.CATALOGS["en"]), keys - set(i18n.CATALOGS["en"])


def test_the_site_check_can_fail():
    assert placeholders(english("detail.must_follow_suit")) - frozenset({"seat"})


def detail_keys() -> list[str]:
    return sorted(k for k in i18n.CATALOGS["en"] if k.startswith("detail."))


def test_every_code_has_a_detail():
    codes = {*HTTP_CODES, *(c.value for c in Code)}
    assert {f"detail.{c}" for c in codes} <= set(detail_keys())
    assert "detail.withheld" in detail_keys()


# Codes an action the wire schema refused is answered with (service/api/action_errors.py): that answer
# has no parameters, so their plain detail names none.
SCHEMA_CODES = (
    Code.UNKNOWN_ACTION,
    Code.INVALID_SEAT,
    Code.INVALID_CARD,
    Code.INVALID_STRAIN,
    Code.ACTION_FIELD_NOT_ALLOWED,
    Code.INVALID_TRUMP,
    Code.CARD_NOT_IN_HAND,
    Code.BID_OUT_OF_RANGE,
)


def test_plain_details_of_codes_the_schema_answers_need_no_parameter():
    for code in (*SCHEMA_CODES, *HTTP_CODES):
        assert not placeholders(english(f"detail.{code}")), code
    assert not placeholders(english("detail.withheld"))


SAMPLE: dict[str, Any] = {
    "card": "JS",
    "suit": "D",
    "led": "S",
    "turned": "H",
    "strain": "NT",
    "step": "gahwa",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_detail_renders_in_every_language_with_its_parameters(lang):
    for key in detail_keys():
        params = {name: SAMPLE.get(name, 7) for name in placeholders(english(key))}
        text = i18n.detail(lang, key, params, "FALLBACK")
        assert text != "FALLBACK" and "{" not in text and "}" not in text, (lang, key, text)
        if "card" in params:
            assert i18n.CARD_NAMES[lang]["JS"] in text, (lang, key, text)


def test_a_missing_parameter_gives_the_fallback_not_a_500():
    assert i18n.detail("ru", "detail.must_follow_suit", {"card": "JS"}, "fallback") == "fallback"
    assert i18n.detail("ru", "detail.no_such_key", {}, "fallback") == "fallback"


def test_cards_suits_strains_and_steps_are_named_in_the_language():
    assert i18n.detail("ru", "detail.must_follow_suit", {"card": "JS", "suit": "D"}, "") == (
        "Нужно ходить в масть — бубны; карту «валет пик» играть нельзя."
    )
    assert "ولد سبيت" in i18n.detail("ar", "detail.must_follow_suit", {"card": "JS", "suit": "D"}, "")
    assert "ديمن" in i18n.detail("ar", "detail.must_follow_suit", {"card": "JS", "suit": "D"}, "")
    assert "без козыря" in i18n.detail("ru", "detail.invalid_trump.strain", {"strain": "NT"}, "")
    assert "قهوة" in i18n.detail("ar", "detail.double_not_allowed.step", {"seat": 1, "step": "gahwa"}, "")
    assert i18n.detail("en", "detail.must_trump", {"card": "7D", "suit": "H", "led": "S"}, "") == (
        "You hold none of the suit led: you must play a trump (hearts), not the seven of diamonds."
    )


# ------------------------------------------------------------------ the catalogs agree


def po(lang: str, domain: str) -> dict[str, tuple[str, str]]:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {m.context: (str(m.id), str(m.string or "")) for m in read_po(f) if m.id and m.context}


@pytest.mark.parametrize("domain", ["messages", "cards"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_key_has_every_language_with_the_same_placeholders(lang, domain):
    source = po("en", domain)
    found = po(lang, domain)
    missing = [k for k in source if not found.get(k, ("", ""))[1].strip()]
    assert not missing, f"{lang}/{domain}.po: no msgstr for {missing}"
    assert set(found) == set(source), set(found) ^ set(source)
    for key, (msgid, msgstr) in found.items():
        assert msgid == source[key][0], f"{lang}: {key} was translated from older English"
        assert placeholders(msgstr) == placeholders(msgid), (lang, key, msgstr)


def test_the_games_own_words_in_the_details():
    ar, hy, ru = (i18n.CATALOGS[lang] for lang in TRANSLATED)
    assert "حكم" in ar["detail.must_trump"] and "صن" in ar["detail.call_not_allowed.confirm"]
    assert (
        "حكم" in ar["detail.call_not_allowed.hokum_called"] and "دبل" in ar["detail.double_not_allowed.off"]
    )
    assert ar["step.gahwa"] == "قهوة" and ar["step.double"] == "دبل"
    assert "مدبّل" in ar["detail.trump_lead_locked"]
    assert (
        "կոնտրա" in hy["detail.contra_not_allowed.own_side"]
        and "контр" in ru["detail.contra_not_allowed.own_side"]
    )
    assert "ռեկոնտրա" in hy["detail.recontra_not_allowed.not_bidder"]
    assert "реконтр" in ru["detail.recontra_not_allowed.not_bidder"]
    assert (
        "կապոտ" in hy["detail.bid_too_low.capot"].lower()
        and "капот" in ru["detail.bid_too_low.capot"].lower()
    )
    assert "կոզր" in hy["detail.must_trump"] and "козыр" in ru["detail.must_trump"]


# ------------------------------------------------------------------ over HTTP: each illegal card


TRICKS: dict[str, list[dict[str, Any]]] = {
    # the questions whose answers hold each duty's code at least once, per family
    "whist": [{"trump": "H", "hand": ["AS", "2D"], "trick": ["5S"]}],
    "belote": [
        # cards of the duel's 24-card deck too
        {"trump": "H", "hand": ["AS", "9D"], "trick": ["TS"]},  # follow suit
        {"trump": "H", "hand": ["9H", "9D"], "trick": ["TS"]},  # void: trump
        {"trump": "H", "hand": ["AH", "QH", "9D"], "trick": ["KH"]},  # trumps led: a higher one
    ],
}
FAMILY = {"blob": "whist", "nomination-whist": "whist", "oh-hell": "whist"}
EXPECTED = {
    "whist": {"must_follow_suit"},
    "belote": {"must_follow_suit", "must_trump", "must_overtrump"},
}


def legal_answers(client, game: str, lang: str) -> list[dict[str, Any]]:
    found = []
    for body in TRICKS[FAMILY.get(game, "belote")]:
        resp = client.post(f"/v1/games/{game}/tricks/legal", json=body, headers={"Accept-Language": lang})
        assert resp.status_code == 200 and resp.headers["Content-Language"] == lang
        found += resp.get_json()["illegal"]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_illegal_card_reason_of_each_game_in_each_language(client, game, lang):
    found = legal_answers(client, game, lang)
    assert {i["code"] for i in found} == EXPECTED[FAMILY.get(game, "belote")]
    english = legal_answers(client, game, "en")
    assert len(found) == len(english)
    for item, en in zip(found, english, strict=True):
        assert item["params"]["card"] == item["card"] and item["params"]["suit"] in "SHDC"
        assert (item["card"], item["code"], item["params"]) == (en["card"], en["code"], en["params"])
        reason = item["reason"]
        assert i18n.CARD_NAMES[lang][item["card"]] in reason, reason
        assert "{" not in reason and i18n.text(lang, f"suit.{item['params']['suit']}") in reason
        if lang != "en":
            assert reason != en["reason"]


def test_the_reason_params_are_exact(client):
    answer = client.post(
        "/v1/games/oh-hell/tricks/legal", json={"trump": "H", "hand": ["AS", "2D"], "trick": ["5S"]}
    ).get_json()
    assert answer["illegal"] == [
        {
            "card": "2D",
            "code": "must_follow_suit",
            "reason": "You must follow suit (spades): you cannot play the two of diamonds.",
            "params": {"card": "2D", "suit": "S"},
        }
    ]
    answer = client.post(
        "/v1/games/bazar-blot/tricks/legal", json={"trump": "H", "hand": ["7H", "7D"], "trick": ["9S"]}
    ).get_json()
    assert answer["illegal"][0]["params"] == {"card": "7D", "suit": "H", "led": "S"}
    answer = client.post(
        "/v1/games/baloot/tricks/legal", json={"trump": "H", "hand": ["AH", "QH", "9D"], "trick": ["KH"]}
    ).get_json()
    assert [i["params"] for i in answer["illegal"]] == [
        {"card": "QH", "suit": "H"},
        {"card": "9D", "suit": "H"},
    ]


def walk_plays(client, game: str, rules: dict[str, Any] | None, seeds: range, wanted: set[str]):
    """{code: (body, params)} of a hands/play refused for each card duty met while playing hands out
    (preferring doubles, so that Baloot's closed doubled play comes up)."""
    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    base = f"/v1/games/{game}"
    for seed in seeds:
        hand = client.post(
            f"{base}/deals", json={"seed": seed, **({"rules": rules} if rules else {})}
        ).get_json()["hand"]
        state = client.post(f"{base}/hands/state", json=hand).get_json()
        while state["phase"] not in ("complete", "redeal") and not wanted <= set(found):
            if state["phase"] == "play":
                seat = state["to_act"]
                legal = {a["card"] for a in state["legal_actions"]}
                for card in state["hands"][seat]:
                    if card in legal:
                        continue
                    body = {"hand": hand, "action": {"seat": seat, "type": "play", "card": card}}
                    problem = client.post(f"{base}/hands/play", json=body).get_json()
                    if problem["code"] not in found:
                        found[problem["code"]] = (body, problem["params"])
            kinds = [a["type"] for a in state["legal_actions"]]
            prefer = next((k for k in ("double", "three", "hokum", "bid", "take") if k in kinds), kinds[0])
            action = next(a for a in state["legal_actions"] if a["type"] == prefer)
            hand = {**hand, "actions": [*hand["actions"], action]}
            state = client.post(f"{base}/hands/state", json=hand).get_json()
        if wanted <= set(found):
            break
    return found


PLAYS = {
    "blob": (None, {"must_follow_suit"}),
    "nomination-whist": (None, {"must_follow_suit"}),
    "oh-hell": (None, {"must_follow_suit"}),
    "bazar-blot": (None, {"must_follow_suit", "must_trump", "must_overtrump"}),
    "blot-duel": (None, {"must_follow_suit", "must_trump", "must_overtrump"}),
    "baloot": (
        {"doubled_play": "closed"},
        {"must_follow_suit", "must_trump", "must_overtrump", "trump_lead_locked"},
    ),
}


@cache
def play_cases(client_factory, game: str):
    rules, wanted = PLAYS[game]
    return walk_plays(client_factory(), game, rules, range(1, 40), wanted)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_illegal_card_problem_of_each_game_in_each_language(app, game):
    client = app.test_client()
    wanted = PLAYS[game][1]
    found = play_cases(app.test_client, game)
    assert wanted <= set(found), (game, set(found))
    for code in wanted:
        body, params = found[code]
        assert params["seat"] == body["action"]["seat"] and params["card"] == body["action"]["card"]
        english = client.post(f"/v1/games/{game}/hands/play", json=body).get_json()
        for lang in LANGUAGES:
            resp = client.post(f"/v1/games/{game}/hands/play", json=body, headers={"Accept-Language": lang})
            problem = resp.get_json()
            assert resp.status_code == 422 and problem["code"] == code and problem["params"] == params
            assert resp.headers["Content-Language"] == lang
            assert problem["title"] == i18n.text(lang, code)
            assert problem["detail"] == i18n.detail(lang, f"detail.{code}", params, "")
            assert i18n.CARD_NAMES[lang][params["card"]] in problem["detail"]
            if lang != "en":
                assert problem["detail"] != english["detail"] and problem["title"] != english["title"]


def test_params_of_a_follow_suit_problem_are_exact(client):
    path = f"/v1/games/bazar-blot/{PATHS['hands_play']}"
    body = examples.operation("bazar-blot", "hands_play")["problem_request"]
    problem = client.post(path, json=body, headers={"Accept-Language": "ru"}).get_json()
    assert problem["params"] == {"seat": 2, "card": "KC", "suit": "D"}
    assert problem["detail"] == "Нужно ходить в масть — бубны; карту «король треф» играть нельзя."


def bazar_contra_by_the_bidders_partner(client) -> tuple[dict[str, Any], int]:
    hand = client.post("/v1/games/bazar-blot/deals", json={"seed": 1}).get_json()["hand"]
    bidder = client.post("/v1/games/bazar-blot/hands/state", json=hand).get_json()["to_act"]
    hand["actions"] = [{"seat": bidder, "type": "bid", "value": 8, "strain": "H"}]
    return {"hand": hand, "action": {"seat": (bidder + 2) % 4, "type": "contra"}}, bidder


@pytest.mark.parametrize("lang", LANGUAGES)
def test_your_partner_holds_the_bid_you_cannot_say_contra(client, lang):
    body, bidder = bazar_contra_by_the_bidders_partner(client)
    resp = client.post("/v1/games/bazar-blot/hands/play", json=body, headers={"Accept-Language": lang})
    problem = resp.get_json()
    assert problem["code"] == "contra_not_allowed"
    assert problem["params"] == {"seat": (bidder + 2) % 4, "bidder": bidder}
    assert problem["detail"] == i18n.CATALOGS[lang]["detail.contra_not_allowed.own_side"].format(
        bidder=bidder
    )


def test_a_rule_value_problem_names_the_option_and_value(client):
    resp = client.post("/v1/games/oh-hell/deals", json={"seed": 1, "rules": {"no_trump_rounds": [3, 5, 3]}})
    problem = resp.get_json()
    assert problem["params"] == {"option": "no_trump_rounds", "value": 3}
    resp = client.post(
        "/v1/games/oh-hell/deals",
        json={"seed": 1, "rules": {"no_trump_rounds": [3, 5, 3]}},
        headers={"Accept-Language": "hy"},
    )
    assert resp.get_json()["detail"] == (
        "no_trump_rounds կանոնում մեկից ավելի անգամ նշված է՝ 3. "  # noqa: RUF001 (the Armenian comma)
        "յուրաքանչյուր արժեք կարող է լինել միայն մեկ անգամ։"  # noqa: RUF001 (the Armenian full stop)
    )


# ------------------------------------------------------------------ a seat view learns nothing more


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_view_gets_no_hidden_card_in_params_or_detail(app, lang):
    client = app.test_client()
    body, params = play_cases(app.test_client, "bazar-blot")["must_follow_suit"]
    seat = body["action"]["seat"]
    record = {**body["hand"], "actions": [*body["hand"]["actions"], body["action"]]}
    headers = {"Accept-Language": lang}
    referee = client.post("/v1/games/bazar-blot/hands/state", json=record, headers=headers).get_json()
    assert referee["params"] == params
    for viewer in range(4):
        problem = client.post(
            "/v1/games/bazar-blot/hands/state", json={**record, "seat": viewer}, headers=headers
        ).get_json()
        assert problem["code"] == "must_follow_suit"
        if viewer == seat:
            assert problem["params"] == params  # its own hand: it may read why
        else:
            assert problem["params"] == {} and problem["detail"] == i18n.CATALOGS[lang]["detail.withheld"]
            hidden = [c for c in body["hand"]["hands"][seat] if c != params["card"]]
            assert not any(i18n.CARD_NAMES[lang][c] in problem["detail"] for c in hidden)


# ------------------------------------------------------------------ pseudo-locale: no English left


ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþʠŕšŧûʋŵẋýžÀßÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŦÛṼŴẊÝŽ",
)
FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """Every letter outside the placeholders accented, the whole bracketed: what no English is."""
    return "⟦" + "".join(p if FIELD.fullmatch(p) else p.translate(ACCENTS) for p in FIELD.split(text)) + "⟧"


@pytest.fixture()
def pseudo_ru(tmp_path, monkeypatch):
    """Russian replaced by a pseudo-locale made from the English catalogs (a generated catalog)."""
    shutil.copytree(i18n.LOCALE_DIR / "en", tmp_path / "en")
    (tmp_path / "ru" / "LC_MESSAGES").mkdir(parents=True)
    for source in (i18n.LOCALE_DIR / "en" / "LC_MESSAGES").glob("*.po"):
        with source.open("rb") as f:
            catalog = read_po(f)
        lines = []
        for m in catalog:
            if m.id and m.context:
                esc = pseudo(str(m.id)).replace("\\", "\\\\").replace('"', '\\"')
                ctx = m.context.replace('"', '\\"')
                lines.append(f'msgctxt "{ctx}"\nmsgid "x"\nmsgstr "{esc}"\n')
        (tmp_path / "ru" / "LC_MESSAGES" / source.name).write_text("\n".join(lines))
    catalogs = i18n.load(tmp_path)
    monkeypatch.setitem(i18n.CATALOGS, "ru", catalogs["ru"])
    monkeypatch.setitem(i18n.CARD_NAMES, "ru", i18n.card_names(catalogs)["ru"])
    return catalogs["ru"]


def english_left(text: str, params: dict[str, Any]) -> list[str]:
    for value in params.values():  # a client's own value is shown as it was sent
        text = text.replace(str(value), "")
    return re.findall(r"[A-Za-z]{2,}", text)


def test_the_pseudo_locale_check_can_fail():
    assert english_left("⟦Ýöû ɱûšŧ⟧ follow", {}) == ["follow"]
    assert english_left("⟦Ñö šéàŧ 9⟧ abc", {"seat": "abc"}) == []


def test_pseudo_locale_leaves_no_english_in_titles_details_and_reasons(app, pseudo_ru):
    client = app.test_client()
    headers = {"Accept-Language": "ru"}
    seen = 0
    for game in sorted(GAMES):
        for item in legal_answers(client, game, "ru"):
            assert not english_left(item["reason"], item["params"]), item
            seen += 1
        for code, (body, _) in play_cases(app.test_client, game).items():
            problem = client.post(f"/v1/games/{game}/hands/play", json=body, headers=headers).get_json()
            assert problem["code"] == code
            assert not english_left(problem["title"] + problem["detail"], problem["params"]), problem
            seen += 1
        for key in PATHS:
            ex = examples.operation(game, key)
            if not ex.get("problem_request"):
                continue
            path = f"/v1/games/{game}/{PATHS[key]}"
            problem = client.post(path, json=ex["problem_request"], headers=headers).get_json()
            assert not english_left(problem["title"] + problem["detail"], problem.get("params") or {}), (
                problem
            )
            seen += 1
    contra, _ = bazar_contra_by_the_bidders_partner(client)
    http = [
        client.post("/v1/games/bazar-blot/hands/play", json=contra, headers=headers),
        client.get("/v1/games/canasta", headers=headers),
        client.post("/v1/games/blob/hands/state", json={"x": 1}, headers=headers),
        client.post("/v1/games/blob/hands/state", data="{", content_type="application/json", headers=headers),
        client.post(
            "/v1/games/oh-hell/deals", json={"seed": 1, "rules": {"no_trump_rounds": [3, 3]}}, headers=headers
        ),
    ]
    for resp in http:
        problem = resp.get_json(force=True)
        assert not english_left(problem["title"] + problem["detail"], problem.get("params") or {}), problem
    assert seen > 30


# ------------------------------------------------------------------ Baloot's own words, over HTTP


def baloot_summary(**changes: Any) -> dict[str, Any]:
    summary = {
        "contract": {"seat": 0, "mode": "hokum", "strain": "H", "double": 1},
        "card_points": [102, 60],
        "tricks": [5, 3],
        "baloot": None,
    }
    return {"summary": {**summary, **changes}}


@pytest.mark.parametrize(
    ("changes", "case", "params", "words"),
    [
        (  # the wire schema refuses these first: the rules core's answer, written by the HTTP layer
            {"declarations": [{"seat": 0, "kind": "run", "length": 9, "top": "A", "suit": "S"}]},
            "run_length",
            {"length": 9},
            ("سرا", "خمسين", "مية"),
        ),
        (
            {"declarations": [{"seat": 0, "kind": "quartet", "rank": "9"}]},
            "quartet_rank",
            {},
            ("مية", "أربعمية", "الصن"),
        ),
    ],
)
def test_baloot_declarations_speak_baloot(changes, case, params, words):
    game = GAMES["baloot"]
    with pytest.raises(RuleError) as raised:
        game.score(game.rules(None), baloot_summary(**changes))
    error = raised.value
    assert (error.code, error.key, dict(error.params)) == (
        Code.INVALID_SUMMARY,
        f"detail.invalid_summary.{case}",
        params,
    )
    detail = i18n.detail("ar", error.key, error.params, "")
    assert all(w in detail for w in words), detail


def test_a_baloot_summary_speaks_baloot_over_http(client):
    sun = {"contract": {"seat": 0, "mode": "sun", "strain": "NT", "double": 1}, "card_points": [70, 60]}
    body = baloot_summary(**sun, baloot=1)  # a baloot in Sun
    resp = client.post("/v1/games/baloot/hands/score", json=body, headers={"Accept-Language": "ar"})
    problem = resp.get_json()
    assert resp.status_code == 422 and problem["code"] == "invalid_summary" and problem["params"] == {}
    assert problem["detail"] == i18n.CATALOGS["ar"]["detail.invalid_summary.baloot_team"]
    assert "البلوت" in problem["detail"] and "الحكم" in problem["detail"]
