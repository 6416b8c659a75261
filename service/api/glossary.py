"""GET /v1/games/<game>/glossary: a game's words in the negotiated language (docs/glossary.md).

The codes come from `schemas.glossary.vocabulary(game)` (the same list the response schema is built
from); their names from the catalogs by key:

- suits, ranks and a card's name: `suit.<S>`, `suit_of.<S>`, `rank.<R>` and `card` (cards.po)
- no trumps: `glossary.strain.NT`; the table's words: `glossary.term.<word>`; the bots' levels:
  `glossary.level.<level>`; where a family has its own word for one of these (Baloot's contract,
  its Sun for no trumps), `glossary.<family>.term.<word>` and `glossary.<family>.strain.NT` first
- a family's codes: `glossary.<family>.<section>.<code>` (`glossary.baloot.doubles.gahwa`) and
  its single words `glossary.<family>.<word>` (`glossary.blot.capot`)

An answer is built once per game and language at first use and kept (games x languages entries at
most): a request pays a dict lookup.
"""

from __future__ import annotations

from typing import Any

from schemas.glossary import LEVELS, RTL, TERMS, hand_order, table_facts, vocabulary
from service.rules.cards import SUITS
from service.rules.game import Game

from . import i18n

# The shared entries a family words its own way (docs/languages.md, the vocabulary): Baloot's
# contract is what was bought and its no trumps is Sun; Blot's contract is the bid that stands.
OWN_TERMS = {"baloot": ("contract",), "blot": ("contract",)}
OWN_NT = frozenset({"baloot"})


def own_keys(family: str) -> dict[str, str]:
    """{the family's own key: the shared key it stands for}."""
    out = {f"glossary.{family}.term.{w}": f"glossary.term.{w}" for w in OWN_TERMS.get(family, ())}
    if family in OWN_NT:
        out[f"glossary.{family}.strain.NT"] = "glossary.strain.NT"
    return out


def keys(game: Game) -> dict[str, str]:
    """{glossary key: its English fallback} of every text the game's glossary names (cards.po's too)."""
    v = vocabulary(game)
    out: dict[str, str] = {"card": "{rank} of {suit_of}", "glossary.strain.NT": "no trumps"}
    for s in SUITS:
        out[f"suit.{s.value}"] = s.name.lower()
        out[f"suit_of.{s.value}"] = s.name.lower()
    out.update({f"rank.{r}": r for r in v.ranks})
    out.update({f"glossary.term.{t}": t for t in TERMS})
    out.update({f"glossary.level.{lv}": lv for lv in LEVELS})
    for section, codes in v.sections.items():
        out.update({f"glossary.{v.family}.{section}.{c}": c for c in codes})
    out.update({f"glossary.{v.family}.{w}": w for w in v.words})
    out.update({own: out[shared] for own, shared in own_keys(v.family).items()})
    return out


def _build(game: Game, lang: str) -> dict[str, Any]:
    v = vocabulary(game)

    own = {shared: key for key, shared in own_keys(v.family).items()}

    def t(key: str, fallback: str) -> str:
        found = i18n.text(lang, own[key]) if key in own else None
        if found is None:
            found = i18n.text(lang, key)
        return fallback if found is None else found

    suits = {s.value: t(f"suit.{s.value}", s.name.lower()) for s in SUITS}
    ranks = {r: t(f"rank.{r}", r) for r in v.ranks}
    card = t("card", "{rank} of {suit_of}")
    out: dict[str, Any] = {
        "game": game.id,
        "name": t(f"game.{game.id}.name", game.name),
        "language": lang,
        "direction": "rtl" if lang in RTL else "ltr",
        "suits": suits,
        "strains": {**suits, "NT": t("glossary.strain.NT", "no trumps")},
        "ranks": ranks,
        "cards": {
            c.text: card.format(rank=ranks[c.rank], suit_of=t(f"suit_of.{c.suit.value}", c.suit.name.lower()))
            for c in v.cards
        },
        "hand_order": hand_order(v),
        **table_facts(game),
        "terms": {w: t(f"glossary.term.{w}", w) for w in TERMS},
        "levels": {lv: t(f"glossary.level.{lv}", lv) for lv in LEVELS},
    }
    for section, codes in v.sections.items():
        out[section] = {c: t(f"glossary.{v.family}.{section}.{c}", c) for c in codes}
    for word in v.words:
        out[word] = t(f"glossary.{v.family}.{word}", word)
    return out


_built: dict[tuple[str, str], dict[str, Any]] = {}  # (game id, language): registry x held languages


def glossary(game: Game, lang: str) -> dict[str, Any]:
    key = (game.id, lang)
    found = _built.get(key)
    if found is None:
        found = _built[key] = _build(game, lang)
    return found
