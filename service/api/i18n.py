"""The players' languages: gettext catalogs, and the choice of one from `Accept-Language`.

Text a player reads lives in catalogs, not in code (docs/languages.md): one gettext catalog per
language, `service/locale/<lang>/LC_MESSAGES/messages.po`, read with Babel at import into a dict.
There is no build step, and a new language is a new folder: the languages are the folders found.
Every entry is keyed by its `msgctxt`, the problem's code (`must_follow_suit`), so the English
text (the `msgid`) can be improved without breaking a key; English is the `msgid` itself.

`detail` writes a problem's detail (or an illegal card's reason) from its catalog key and its
parameters (`{"seat": 2, "card": "JS", "suit": "D"}`): a card, suit, strain or doubling step is
named in the language (`cards.po`), anything else is inserted as it is. Its cost is a dict lookup
and one `str.format_map`; the cards' names are built once per catalog, when it is loaded.

`negotiate` reads `Accept-Language` (RFC 9110 12.5.4): quality values, `*`, a region or script
subtag falls back to its language (`ar-SA` -> `ar`), an invalid item is skipped, and an answer
always has a language: English when nothing the client asked for is held. The header is the
client's: its parse is bounded (the first MAX_HEADER_CHARS characters, the first MAX_ITEMS items)
and cached by value in a small dict bounded by its number of entries (the keys are short), changed
under a lock.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from babel.messages.pofile import read_po

DEFAULT = "en"
LOCALE_DIR = Path(__file__).parents[1] / "locale"  # service/locale
MAX_HEADER_CHARS = 256  # longer headers are read up to their last complete item before this
MAX_ITEMS = 16  # items past these are not read (a browser sends a handful)
CACHE_SIZE = 256  # distinct header values kept; the oldest goes first


def _read(path: Path) -> dict[str, str]:
    """{code: text} of one catalog; an empty msgstr is no translation (the entry is left out)."""
    with path.open("rb") as f:
        catalog = read_po(f)
    out: dict[str, str] = {}
    for message in catalog:
        if not message.id or not message.context:
            continue
        text = message.string if isinstance(message.string, str) else ""
        if text:
            out[message.context] = text
    return out


def _source(path: Path) -> dict[str, str]:
    """{code: msgid}: the English texts, the source every catalog translates."""
    with path.open("rb") as f:
        return {m.context: str(m.id) for m in read_po(f) if m.id and m.context}


def domains(folder: Path) -> list[Path]:
    """The catalog files of one language: one per domain (`messages.po`, `glossary.po`...).

    Domains split the texts by who maintains them (problems, the glossary, the catalog of rule
    options); their keys (`msgctxt`) are one namespace, and a key held by two domains is an error.
    """
    messages = folder / "LC_MESSAGES"
    return sorted(messages.glob("*.po")) if messages.is_dir() else []


def _merge(files: list[Path], read: Callable[[Path], dict[str, str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in files:
        part = read(path)
        twice = part.keys() & out.keys()
        if twice:
            raise ValueError(f"{path}: keys already held by another domain: {sorted(twice)[:5]}")
        out.update(part)
    return out


def load(locale_dir: Path = LOCALE_DIR) -> dict[str, dict[str, str]]:
    """{language: {code: text}} of every catalog under `locale_dir`; English from its msgids."""
    catalogs: dict[str, dict[str, str]] = {}
    for folder in sorted(p for p in locale_dir.iterdir() if p.is_dir()):
        files = domains(folder)
        if files:
            catalogs[folder.name.lower()] = _merge(files, _read)
    english = _merge(domains(locale_dir / DEFAULT), _source)
    catalogs[DEFAULT] = {**english, **catalogs.get(DEFAULT, {})}
    return catalogs


RANKS = "AKQJT98765432"
SUITS = "SHDC"


def card_names(catalogs: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """{language: {"JS": "jack of spades"}}: every card's name in every language, built once from
    the `card` format and the `rank.*`/`suit_of.*` entries (English where a language lacks one)."""
    english = catalogs[DEFAULT]
    out: dict[str, dict[str, str]] = {}
    for lang, catalog in catalogs.items():

        def get(key: str, catalog: Mapping[str, str] = catalog) -> str:
            return catalog.get(key) or english.get(key) or key

        form = get("card")
        out[lang] = {
            r + s: form.format(rank=get(f"rank.{r}"), suit_of=get(f"suit_of.{s}"))
            for r in RANKS
            for s in SUITS
        }
    return out


CATALOGS: dict[str, dict[str, str]] = load()
CARD_NAMES: dict[str, dict[str, str]] = card_names(CATALOGS)
LANGUAGES: tuple[str, ...] = (DEFAULT, *sorted(lang for lang in CATALOGS if lang != DEFAULT))
_HELD = frozenset(LANGUAGES)


FAMILY_MARK = "@"  # `call_not_allowed@baloot`: a family's own text of an entry (docs/languages.md)


# (language, family) -> (the language's and English's catalogs they were built from, and the two as
# the family reads them: its own texts, `key@family`, in place of the shared ones), so that a
# family's text costs the lookup a shared one does. Built at first use, rebuilt if a catalog is
# replaced. Families come from the registry, languages from the held ones: a bounded dict.
_views: dict[tuple[str, str], tuple[Mapping[str, str], ...]] = {}


def _own(catalog: Mapping[str, str], family: str) -> Mapping[str, str]:
    mark = FAMILY_MARK + family
    own = {k[: -len(mark)]: v for k, v in catalog.items() if k.endswith(mark)}
    return {**catalog, **own} if own else catalog


def _read_as(lang: str, family: str | None) -> tuple[Mapping[str, str], Mapping[str, str]]:
    """(the catalog of `lang`, English's) as `family` reads them; English for a language not held."""
    english = CATALOGS[DEFAULT]
    base = CATALOGS.get(lang)
    if family is None:
        return (base if base is not None else english), english
    if base is None:
        base, lang = english, DEFAULT
    held = _views.get((lang, family))
    if held is None or held[0] is not base or held[1] is not english:
        held = _views[lang, family] = (base, english, _own(base, family), _own(english, family))
    return held[2], held[3]


def text(lang: str, code: str, family: str | None = None) -> str | None:
    """The text of `code` in `lang`, else in English, else None (a code no catalog knows); the
    family's own text where games name the thing differently (`family`: "baloot")."""
    catalog, english = _read_as(lang, family)
    found = catalog.get(code)
    return found if found is not None else english.get(code)


# Parameters named in the language rather than inserted as sent: the key's prefix in the catalogs.
SUIT_PARAMS = frozenset({"suit", "led", "trump", "turned"})  # a suit letter: `suit.H`
NAMED_PARAMS = {"strain": "strain", "step": "step"}  # a strain `strain.NT`, a doubling step `step.gahwa`
NONE = "\u2014"  # a parameter that is null (no bid yet): an em dash
# Parameters that are lists, sent joined with ", " (`params.seats`: "0, 1"): shown joined with the
# language's own separator (`list.separator` in cards.po: Arabic's comma is "،").
LIST_PARAMS = frozenset({"seats"})
LIST_SEPARATOR = "list.separator"


def _shown(
    lang: str, catalog: Mapping[str, str], english: Mapping[str, str], name: str, value: object
) -> str:
    if value is None:
        return NONE
    if name in LIST_PARAMS and isinstance(value, str):
        separator = catalog.get(LIST_SEPARATOR) or english.get(LIST_SEPARATOR) or ", "
        return separator.join(value.split(", "))
    if name == "card":
        return CARD_NAMES.get(lang, CARD_NAMES[DEFAULT]).get(str(value), str(value))
    if name in SUIT_PARAMS or name in NAMED_PARAMS:
        prefix = "suit" if name in SUIT_PARAMS or value in ("S", "H", "D", "C") else NAMED_PARAMS[name]
        key = f"{prefix}.{value}"
        return catalog.get(key) or english.get(key) or str(value)
    return str(value)


def detail(
    lang: str, key: str, params: Mapping[str, object], fallback: str, family: str | None = None
) -> str:
    """The text of catalog entry `key` in `lang` (else English) with `params` in its placeholders,
    in the words of `family` where it has its own (`key@family`); `fallback` where no catalog holds
    the key or the entry asks for a parameter not given (a defect the tests catch:
    tests/api/test_texts.py)."""
    catalog, english = _read_as(lang, family)
    template = catalog.get(key) or english.get(key)
    if template is None:
        return fallback
    if not params:
        return template
    try:
        shown = {name: _shown(lang, catalog, english, name, v) for name, v in params.items()}
        return template.format_map(shown)
    except (KeyError, IndexError, ValueError):
        return fallback


# language-range (RFC 4647 2.1) and weight (RFC 9110 12.4.2), case-insensitive
_ITEM = re.compile(
    r"\s*(?P<range>\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)"
    r"(?:\s*;\s*[qQ]=(?P<q>0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?\s*"
)
_cache: dict[str, str] = {}
# Held while the memo is changed: a full memo drops its oldest entry, and two threads evicting the
# same entry at once (or one inserting while another takes the oldest) raised. Lookups stay unlocked
# (a dict read is atomic); only a miss, once per new header value, takes the lock.
_cache_lock = threading.Lock()


def negotiate(header: str | None) -> str:
    """The held language `Accept-Language: header` prefers (DEFAULT when none, or no header)."""
    if not header:
        return DEFAULT
    found = _cache.get(header)
    if found is None:
        found = _choose(header)
        if len(header) <= MAX_HEADER_CHARS:  # a longer value is not worth a cache slot
            with _cache_lock:
                while len(_cache) >= CACHE_SIZE:
                    del _cache[next(iter(_cache))]
                _cache[header] = found
    return found


def _choose(header: str) -> str:
    if len(header) > MAX_HEADER_CHARS:
        header = header[: header.rfind(",", 0, MAX_HEADER_CHARS + 1) + 1]  # whole items only
    wanted: list[tuple[float, int, str]] = []
    refused: set[str] = set()
    for order, item in enumerate(header.split(",", MAX_ITEMS)[:MAX_ITEMS]):
        match = _ITEM.fullmatch(item)
        if match is None:
            continue  # not a language range: skipped, as if absent
        tag = match["range"].lower()
        q = float(match["q"]) if match["q"] else 1.0
        if q == 0:
            refused.add(tag)
        else:
            wanted.append((-q, order, tag))
    for _, _, tag in sorted(wanted):
        if tag == "*":  # any language: ours, in the service's order of preference
            for lang in LANGUAGES:
                if lang not in refused:
                    return lang
            continue
        primary = tag.split("-", 1)[0]
        if primary in _HELD and primary not in refused and tag not in refused:
            return primary
    return DEFAULT
