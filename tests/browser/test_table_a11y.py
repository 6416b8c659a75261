"""axe-core in the browser: no serious or critical violation on the settings screen and in the
middle of a hand, in each of the page's languages.

axe-core is vendored under tests/browser/axe/ (its version and licence there) and injected into
the page under test only; the context bypasses the page's CSP for that one script, the page itself
never loads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.conftest import Gunicorn

from .conftest import Tab, open_tab
from .test_table import open_table, play_to_sheet
from .test_table_page import strings

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

AXE = Path(__file__).parent / "axe" / "axe.min.js"
# one game per language, as the players played them
# label-content-name-mismatch is experimental in axe (off unless asked): voice-control users say
# what they see, so a card's name must contain its face
RULES = {"label-content-name-mismatch": {"enabled": True}}
GAMES = {"en": "oh-hell", "ar": "baloot", "hy": "bazar-blot", "ru": "blot-duel"}


@pytest.fixture()
def axe_tab(browser: Any, server: Gunicorn) -> Iterator[Tab]:
    yield from open_tab(browser, server, viewport={"width": 1366, "height": 768}, bypass_csp=True)


def serious(page: Any) -> list[str]:
    """The serious and critical violations axe finds on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    page.evaluate(f"window.RULES = {json.dumps(RULES)}")
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'], rules: RULES })).violations"
        ".map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3) }))"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", list(GAMES))
def test_axe_finds_no_serious_violation_on_settings_and_mid_hand(axe_tab: Tab, lang: str) -> None:
    page = axe_tab.page
    page.goto(f"{axe_tab.base}/table?pause=0&hold=0&seed=41&lang={lang}")
    page.wait_for_selector(f'#settings[data-lang="{lang}"]')
    assert serious(page) == [], "settings"
    # and no developer text: the status in the language, the profiles by their titles
    page.select_option("#set-game", GAMES[lang])
    assert page.inner_text("#status") == strings(lang)["choose"]
    profiles = page.eval_on_selector_all(
        "#set-profile option", "els => els.map(e => [e.value, e.textContent])"
    )
    assert profiles and all(value != text for value, text in profiles), profiles
    open_table(axe_tab, GAMES[lang], lang=lang, seed=41)
    # the player's turn to play a card, with cards on the table: the hand is all buttons
    play_to_sheet(axe_tab, illegal=False, until=lambda s: s["mine"] and bool(s["legal"]) and s["trick"] > 0)
    assert page.locator("#hand .card").count()
    assert serious(page) == [], "mid-hand"
