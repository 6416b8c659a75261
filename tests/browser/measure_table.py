"""How fast the table feels, as seen in the page (not a test: figures for bench/results/).

    nice -n 10 .venv/bin/python -m tests.browser.measure_table [games...]

For each game, in a fresh browser context at 1366x768 with the bots at Hard and the page's own
pause (700 ms): the time from navigation to a usable settings screen (the Play button shown with
the catalog's games), from a reload mid-hand to a playable hand, and each bot move's time from the
previous action's record to the bot's own (the pause, a completed trick's hold, the server's
hands/suggest; and the same for the moves that do not follow a completed trick), with the
hands/suggest round trips read from the page's Resource Timing.
"""

from __future__ import annotations

import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path
from tests.deploy.conftest import Gunicorn

GAMES = ["oh-hell", "bazar-blot", "baloot"]
STORED = "JSON.parse(localStorage.getItem('trickref.table.v1'))"
# every action the record gains, with the page's clock when it appeared
WATCH = """() => {
  window.__moves = [];
  let seen = -1;
  setInterval(() => {
    const s = JSON.parse(localStorage.getItem('trickref.table.v1') || 'null');
    const actions = s && s.record ? s.record.actions : null;
    if (!actions) { seen = -1; return; }
    if (actions.length !== seen) {
      const one = seen >= 0 && actions.length === seen + 1;
      const plays = actions.filter((a) => a.type === 'play').length;
      window.__moves.push([performance.now(), one ? actions.at(-1).seat : null, plays]);
      seen = actions.length;
    }
  }, 5);
}"""


def play_mine(page: Any, budget: float) -> None:
    """Play seat 0 to the sheet: a real call first, then pass; the first legal card."""
    called = False
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        if page.is_visible("#sheet"):
            return
        mine = page.evaluate("() => document.querySelector('#me')?.classList.contains('to-act')")
        calls = page.locator("#calls-panel:not([hidden]) [data-action]")
        if mine and calls.count():
            types = calls.evaluate_all("els => els.map(e => e.dataset.type)")
            pick = next((i for i, t in enumerate(types) if t != "pass"), 0) if not called else None
            if pick is None:
                pick = types.index("pass") if "pass" in types else 0
            called = True
            calls.nth(pick).click()
            page.wait_for_timeout(50)
            continue
        legal = page.locator("#hand .card.legal")
        if mine and legal.count():
            legal.first.click()
            page.wait_for_timeout(50)
            continue
        page.wait_for_timeout(20)
    raise RuntimeError("no sheet in time")


def measure(browser: Any, base: str, game: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = context.new_page()
    start = time.monotonic()
    page.goto(f"{base}/table?seed=21&game={game}")
    page.wait_for_selector("#settings:not([hidden]) #play")
    page.wait_for_function("() => document.querySelector('#set-game').options.length > 0")
    usable = (time.monotonic() - start) * 1000
    page.select_option("#set-level", "hard")
    page.click("#play")
    page.wait_for_selector("#table:not([hidden])")
    page.evaluate(WATCH)
    page.wait_for_function("() => document.querySelector('#me.to-act')", timeout=60000)
    start = time.monotonic()
    page.reload()
    page.wait_for_selector("#me.to-act", timeout=60000)
    reload_ms = (time.monotonic() - start) * 1000
    page.evaluate(WATCH)
    play_mine(page, 180)
    moves = page.evaluate("window.__moves")
    suggest = page.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter(e => e.name.endsWith('hands/suggest')).map(e => e.duration)"
    )
    context.close()
    bot = [t1 - t0 for (t0, _, _), (t1, seat, _) in itertools.pairwise(moves) if seat not in (None, 0)]
    # the moves that do not follow a completed trick (four plays: these games are played by four)
    within = [
        t1 - t0
        for (t0, _, plays), (t1, seat, _) in itertools.pairwise(moves)
        if seat not in (None, 0) and not (plays and plays % 4 == 0)
    ]
    return {
        "usable_ms": round(usable),
        "reload_ms": round(reload_ms),
        "bot_move_median_ms": round(statistics.median(bot)) if bot else None,
        "bot_moves": len(bot),
        "bot_move_within_trick_median_ms": round(statistics.median(within)) if within else None,
        "suggest_median_ms": round(statistics.median(suggest)) if suggest else None,
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    games = sys.argv[1:] or GAMES
    executable = chromium_path()
    if executable is None:
        raise SystemExit("no chromium")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "metrics").mkdir()
        server = Gunicorn(Path(tmp)).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
                for game in games:
                    print(game, measure(browser, server.url, game), flush=True)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
