"""The reference table played in a real browser, the way a player plays it: clicks and keys only.

Every game is played to its score sheet with the bots at Easy (the API's hands/suggest), one card
that the API refuses is tried and its reason must show; a Baloot deal in Arabic must lay out right
to left with the reason in Arabic; a reload mid-match must resume the same hand; one card is played
with the keyboard; a phone-sized screen must not scroll sideways. A hand costs one call per action
(plus the deal, its first view, the score and the scorepad); the calls each hand cost are printed
(and written to build/artifacts/table/calls.json) for docs/table.md.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from .conftest import ARTIFACTS, ROOT, Tab, screenshot

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

GAMES = ["blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"]
# fixed seeds: the same deals and, at Easy, the same bot moves every run
SEEDS = {"blob": 11, "nomination-whist": 12, "oh-hell": 13, "bazar-blot": 14, "blot-duel": 15, "baloot": 16}
# a short schedule where the game has one, so a hand has few cards
SHORT = {"blob": "7-1", "oh-hell": "7-1"}
ARABIC = re.compile("[\u0600-\u06ff]")

SNAPSHOT = """() => {
  const me = document.querySelector('#me');
  const panel = document.querySelector('#calls-panel');
  return {
    sheet: !document.querySelector('#sheet').hidden,
    table: !document.querySelector('#table').hidden,
    mine: !!me && me.classList.contains('to-act'),
    calls: panel && !panel.hidden
      ? [...panel.querySelectorAll('[data-action]')].map(b => b.dataset.type) : [],
    legal: [...document.querySelectorAll('#hand .card.legal')].map(c => c.dataset.card),
    other: [...document.querySelectorAll('#hand .card:not(.legal)')].map(c => c.dataset.card),
    trick: document.querySelectorAll('#trick:not(.done) .card').length,
    held: document.querySelectorAll('#trick.done:not(.last) .card').length,
  };
}"""


def open_table(
    tab: Tab, game: str, *, lang: str = "en", seed: int | None = None, extra: str = "", hold: int = 0
) -> None:
    page = tab.page
    page.goto(f"{tab.base}/table?pause=0&hold={hold}&seed={seed if seed is not None else SEEDS[game]}{extra}")
    page.wait_for_selector("#settings:not([hidden])")
    page.select_option("#set-lang", lang)
    page.wait_for_selector(f'#settings[data-lang="{lang}"]')
    page.select_option("#set-game", game)
    page.select_option("#set-level", "easy")
    if game in SHORT:
        page.select_option("#set-length", SHORT[game])
    page.click("#play")
    page.wait_for_selector("#table:not([hidden]), #sheet:not([hidden])")
    settings = page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1')).settings")
    assert (settings["game"], settings["level"], settings["lang"]) == (game, "easy", lang)
    if game in SHORT:
        assert settings["length"] == SHORT[game]


def api_refusal(tab: Tab, record: dict[str, Any], card: str, lang: str) -> dict[str, Any]:
    """What the API itself says to that card, asked directly (not through the page)."""
    game = record_game(tab)
    body = json.dumps({"hand": record, "action": {"seat": 0, "type": "play", "card": card}, "seat": 0})
    request = urllib.request.Request(
        f"{tab.base}/v1/games/{game}/hands/play",
        data=body.encode(),
        headers={"Content-Type": "application/json", "Accept-Language": lang},
    )
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == 422
        problem: dict[str, Any] = json.loads(error.read())
        return problem
    raise AssertionError(f"the API accepted {card}")


def record_game(tab: Tab) -> str:
    return str(tab.page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1')).settings.game"))


def try_illegal(tab: Tab, card: str) -> tuple[str, str]:
    """Click a card the API refuses: the card shakes and one line by the hand gives the API's
    reason, the same sentence the API answers a third party in the page's language, once."""
    page = tab.page
    record = page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1')).record")
    lang = page.evaluate("document.documentElement.lang")
    page.click(f'#hand .card[data-card="{card}"]')
    page.wait_for_function("() => document.querySelector('#refusal').dataset.code")
    code = page.eval_on_selector("#refusal", "el => el.dataset.code")
    text = page.inner_text("#refusal")
    assert page.eval_on_selector(f'#hand .card[data-card="{card}"]', "el => el.classList.contains('shake')")
    problem = api_refusal(tab, record, card, lang)
    assert code == problem["code"]
    assert text == (problem.get("detail") or problem["title"]), (problem, text)
    assert problem["title"] not in page.inner_text("#status")  # said once, by the hand
    return code, text


def play_to_sheet(
    tab: Tab, *, illegal: bool = True, budget: float = 60.0, until: Any = None
) -> tuple[str, str] | None:
    """Play the player's seat to the score sheet: the first call of the hand a real one (so a
    contract is played), then pass where passing is offered; the first legal card each turn, after
    one refused card when `illegal`. Returns the refused card's (code, status line)."""
    page = tab.page
    refused = None
    called = False
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        s = page.evaluate(SNAPSHOT)
        if s["sheet"]:
            return refused
        if until and until(s):
            return refused
        if s["mine"] and s["calls"]:
            types = s["calls"]
            pick = next((i for i, t in enumerate(types) if t != "pass"), 0) if not called else None
            if pick is None:
                pick = types.index("pass") if "pass" in types else 0
            called = True
            act(page, page.locator("#calls-panel [data-action]").nth(pick))
            continue
        if s["mine"] and s["legal"]:
            if illegal and refused is None and s["other"]:
                refused = try_illegal(tab, s["other"][0])
            act(page, page.locator(f'#hand .card[data-card="{s["legal"][0]}"]'))
            continue
        page.wait_for_timeout(30)
    pytest.fail(f"no score sheet within {budget} s; status: {page.inner_text('#status')}")


# the middle of an element on the screen, in physical pixels
# (found and measured in one evaluation: a redraw between the two would measure a detached node)
MIDDLE = """s => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


def middle_of(page: Any, selector: str) -> tuple[float, float]:
    x, y = page.evaluate(MIDDLE, selector)
    return float(x), float(y)


ACTIONS = "(JSON.parse(localStorage.getItem('trickref.table.v1'))?.record?.actions.length ?? -1)"


def act(page: Any, control: Any) -> None:
    """Click a call or a card, then wait until the page has recorded it (the record kept in the
    browser grew, or the hand ended): the next look at the table is never the one before it."""
    before = page.evaluate(ACTIONS)
    control.click()
    page.wait_for_function(f"() => {ACTIONS} !== {before}")


def sheet_calls(page: Any) -> int:
    return int(page.eval_on_selector("#calls", "el => el.dataset.hand"))


def record_calls(game: str, calls: int) -> None:
    """The figures of docs/table.md: build/artifacts/table/calls.json, one entry per game."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "calls.json"
    figures = json.loads(path.read_text()) if path.is_file() else {}
    figures[game] = calls
    path.write_text(json.dumps(figures, indent=1, sort_keys=True))


def api_post(tab: Tab, game: str, op: str, body: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The API asked directly (not through the page), as a third party would."""
    request = urllib.request.Request(
        f"{tab.base}/v1/games/{game}/{op}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": lang},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def api_get(tab: Tab, path: str, lang: str = "en") -> dict[str, Any]:
    request = urllib.request.Request(f"{tab.base}{path}", headers={"Accept-Language": lang})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def stored(page: Any) -> dict[str, Any]:
    saved: dict[str, Any] = page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1'))")
    return saved


def assert_hand_in_the_glossarys_order(tab: Tab, game: str) -> None:
    """The cards shown left to right are the glossary's hand_order for the contract's strain."""
    page = tab.page
    view = api_post(tab, game, "hands/state", {**stored(page)["record"], "seat": 0})
    contract = view.get("contract") or {}
    strain = contract.get("strain") or view.get("trump") or "NT"
    order = api_get(tab, f"/v1/games/{game}/glossary")["hand_order"][strain]

    def key(card: str) -> tuple[int, int]:
        ranks = order["trump_ranks"] if card[-1] == strain and order["trump_ranks"] else order["ranks"]
        return order["suits"].index(card[-1]), ranks.index(card[:-1])

    shown = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    assert sorted(view["hands"][0]) == sorted(shown)
    assert shown == sorted(shown, key=key), (strain, shown)
    # left to right on the screen as well (the page runs left to right here)
    lefts = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.getBoundingClientRect().left)")
    assert lefts == sorted(lefts)


def assert_hand_in_one_row_above_the_fold(page: Any) -> None:
    boxes = page.eval_on_selector_all(
        "#hand .card",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })",
    )
    tops = {round(top) for top, _ in boxes}
    # one row: the lifted (playable) cards sit a little higher than the others
    assert max(tops) - min(tops) < 20, tops
    assert max(bottom for _, bottom in boxes) <= page.viewport_size["height"], boxes


def assert_sheet_says_the_apis_scores(tab: Tab, game: str) -> None:
    """The compact sheet: a column per side (or player) under its name, this hand's points as
    hands/score answers them and the totals as matches/score answers them."""
    page = tab.page
    saved = stored(page)
    score = api_post(tab, game, "hands/score", {"hand": saved["records"][-1]})
    match = api_post(tab, game, "matches/score", {"hands": [{"hand": r} for r in saved["records"]]})
    headers = page.eval_on_selector_all(
        "#sheet-body table.compact th[scope=col]", "els => els.map(e => e.textContent)"
    )
    assert len(headers) == len(score["scores"]) and all(headers), headers

    def cells(key: str) -> list[str]:
        found: list[str] = page.eval_on_selector_all(
            f"#sheet-body table.compact tr[data-key={key}] td", "els => els.map(e => e.textContent)"
        )
        return found

    assert cells("hand") == [f"{n:,}" for n in score["scores"]]
    assert cells("totals") == [f"{n:,}" for n in match["totals"]]
    # the breakdown is there, behind "details"
    assert page.locator("#sheet-body details:not([open]) table.sheet tr[data-key=score]").count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_of_every_game_to_its_score_sheet(tab: Tab, game: str) -> None:
    page = tab.page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_table(tab, game)
    # mid-hand, a card to play with some on the table: the hand, the live counts, screenshots
    play_to_sheet(tab, illegal=False, until=lambda s: s["mine"] and bool(s["legal"]) and s["trick"] > 0)
    assert not page.is_visible("#sheet")
    assert_hand_in_the_glossarys_order(tab, game)
    if game in ("bazar-blot", "blot-duel", "baloot"):
        assert page.inner_text("#chip-points")  # card points taken so far, per side or player
    else:
        counts = page.eval_on_selector_all(
            "#seats .tricks, #me .tricks", "els => els.map(e => e.textContent)"
        )
        assert len(counts) == 4 and all("/" in c for c in counts), counts  # tricks won / bid
    assert not page.locator(".bubble").count(), "the calls' bubbles stay only while calling"
    # each combination or project said once, by the seat that declared it
    combos = page.evaluate(
        "() => [...document.querySelectorAll('.seat')].map(s => [...s.querySelectorAll('.combo')]"
        ".map(c => c.firstChild.textContent))"
    )
    assert all(len(said) == len(set(said)) for said in combos), combos
    assert "API" not in page.inner_text("body")
    screenshot(page, f"play-{game}-1366x768", full_page=False)
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert_hand_in_one_row_above_the_fold(page)
    screenshot(page, f"play-{game}-360x740", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})

    refused = play_to_sheet(tab)
    assert refused is not None, "no turn offered a card the API refuses: pick another seed"
    code, text = refused
    assert code and code != "validation_failed", code
    assert len(text) > 5, text
    assert_sheet_says_the_apis_scores(tab, game)
    calls = sheet_calls(page)
    actions = len(stored(page)["records"][-1]["actions"])
    # one call per action, whoever acts (a bot's move is asked and applied in one hands/suggest),
    # plus the deal, the hand's first view, the score and the scorepad, and the refused card
    assert calls == actions + 4 + 1, (calls, actions)
    record_calls(game, calls)
    print(f"{game}: {calls} API calls for the hand of {actions} actions; refused card: {code}: {text}")
    screenshot(page, f"sheet-{game}")
    page.click("#next")
    page.wait_for_selector("#table:not([hidden]), #result:not([hidden])")
    # the next hand is dealt by the seat (and for the schedule's round) matches/score announced
    page.wait_for_function("() => JSON.parse(localStorage.getItem('trickref.table.v1'))?.record")
    saved = page.evaluate("JSON.parse(localStorage.getItem('trickref.table.v1'))")
    match, record = saved["match"], saved["record"]
    assert match["next_dealer"] is not None and match["next_dealer"] != 0  # the deal moved on
    assert record["dealer"] == match["next_dealer"], (record["dealer"], match["next_dealer"])
    if "next_round" in match:
        assert match["next_round"] == 2 and record["round"] == 2, (match["next_round"], record)


def test_the_dealers_missing_bid_is_explained(tab: Tab) -> None:
    """Oh Hell's dealer (the player, in the first hand) is not offered the bid that would make the
    bids add up to the tricks: a line under the buttons names it."""
    page = tab.page
    open_table(tab, "oh-hell")
    play_to_sheet(tab, illegal=False, until=lambda s: s["mine"] and bool(s["calls"]))
    view = api_post(tab, "oh-hell", "hands/state", {**stored(page)["record"], "seat": 0})
    assert view["dealer"] == 0
    offered = {a["value"] for a in view["legal_actions"] if a["type"] == "bid"}
    missing = [n for n in range(view["hand_size"] + 1) if n not in offered]
    assert len(missing) == 1, (offered, view["hand_size"])
    note = page.inner_text("#calls-panel .note")
    assert str(missing[0]) in note, note
    assert page.locator("#calls-panel [data-type=bid]").count() == len(offered)


def test_a_completed_trick_stays_on_the_table_with_its_winner_marked(tab: Tab) -> None:
    page = tab.page
    open_table(tab, "bazar-blot", hold=1500)
    play_to_sheet(tab, illegal=False, until=lambda s: s["held"] == 4)
    # the four cards of the trick, each in front of the seat that played it, the winner marked
    seats = page.eval_on_selector_all("#trick.done .card", "els => els.map(e => Number(e.dataset.seat))")
    assert sorted(seats) == [0, 1, 2, 3]
    winner = page.eval_on_selector_all(
        "#trick.done .card.winner", "els => els.map(e => Number(e.dataset.seat))"
    )
    view = api_post(tab, "bazar-blot", "hands/state", {**stored(page)["record"], "seat": 0})
    assert winner == [view["tricks"][-1]["winner"]], (winner, view["tricks"][-1])
    assert page.inner_text("#trick-note")
    middle = middle_of(page, "#trick")
    for seat in range(1, 4):  # each card lies between the middle and the seat that played it
        card = middle_of(page, f'#trick .card[data-seat="{seat}"]')
        place = middle_of(page, f'#seats .seat[data-seat="{seat}"]')
        for axis in (0, 1):
            assert (card[axis] - middle[axis]) * (place[axis] - middle[axis]) >= 0, (seat, card, place)
    # then it clears, and Last trick shows it again with its winner
    page.wait_for_function("() => !document.querySelector('#trick.done')", timeout=5000)
    page.click("#last-trick")
    assert page.locator("#trick.last .card").count() == 4
    assert page.locator("#trick.last .card.winner").count() == 1
    assert page.get_attribute("#last-trick", "aria-expanded") == "true"
    page.click("#last-trick")
    assert not page.locator("#trick.last").count()


def arabic_strings() -> dict[str, str]:
    found: dict[str, str] = json.loads((ROOT / "service/static/table/i18n/ar.json").read_text())
    return found


@pytest.mark.parametrize(("game", "next_side"), [("baloot", "right"), ("bazar-blot", "left")])
def test_seats_sit_where_the_table_turns_in_arabic(tab: Tab, game: str, next_side: str) -> None:
    """Partner across; the next seat to act on the side the game turns to (Baloot counter-
    clockwise: on the right; Blot clockwise: on the left), named for the side of the screen it is
    on, though the page runs right to left."""
    page = tab.page
    open_table(tab, game, lang="ar")
    page.wait_for_selector("#me.to-act")  # the bots wait for the player: the table stands still
    words = arabic_strings()
    centre = middle_of(page, "#felt")

    def where(seat: int) -> tuple[float, float, str]:
        selector = f'#seats .seat[data-seat="{seat}"]'
        x, y = middle_of(page, selector)
        return x - centre[0], y - centre[1], page.inner_text(f"{selector} .name")

    after, across, before = where(1), where(2), where(3)
    assert abs(across[0]) < 5 and across[1] < 0 and across[2] == words["partner"]
    right, left = (after, before) if next_side == "right" else (before, after)
    assert right[0] > 50 and right[2] == words["right"], right
    assert left[0] < -50 and left[2] == words["left"], left


def test_a_baloot_deal_in_arabic_lays_out_right_to_left(tab: Tab) -> None:
    page = tab.page
    open_table(tab, "baloot", lang="ar")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "ar"
    # the cards' names come from the API's glossary, in Arabic
    page.wait_for_selector("#hand .card")
    # (each card's name is its visible index, then its name in words for a screen reader)
    names = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.textContent)")
    indexes = page.eval_on_selector_all("#hand .card .index", "els => els.map(e => e.textContent)")
    assert names and all(ARABIC.search(name) for name in names), names
    assert all(name.startswith(index) for name, index in zip(names, indexes, strict=True))
    # the player's line in Arabic: no Latin "D" for the dealer, no "40s" on the clock
    page.wait_for_selector("#clock:not([hidden]) .time")
    me = page.inner_text("#me")
    assert ARABIC.search(me) and not re.search("[A-Za-z0-9]", me), me
    # the arrows follow the screen: right to left, ArrowLeft moves on to the next card
    play_to_sheet(tab, illegal=False, until=lambda s: s["mine"] and len(s["legal"]) + len(s["other"]) > 1)
    page.focus("#hand .card:first-child")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement === document.querySelector('#hand .card:nth-child(2)')")
    lefts = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.getBoundingClientRect().left)")
    assert lefts == sorted(lefts, reverse=True)  # the hand starts at the right edge
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement === document.querySelector('#hand .card:first-child')")
    refused = play_to_sheet(tab)
    assert refused is not None
    _code, text = refused
    assert ARABIC.search(text), f"the API's reason is not in Arabic: {text}"
    assert ARABIC.search(page.inner_text("#sheet h2"))
    screenshot(page, "sheet-baloot-ar")


def test_a_reload_mid_match_resumes_the_same_hand(tab: Tab) -> None:
    page = tab.page
    open_table(tab, "bazar-blot")

    def two_cards_played(s: dict[str, Any]) -> bool:
        return s["mine"] and bool(s["legal"]) and len(s["legal"]) + len(s["other"]) <= 6

    play_to_sheet(tab, illegal=False, until=two_cards_played)
    # a bot level per seat: the left seat (seat 1) set to Hard at the table, the others at Easy
    page.select_option('#seats .seat[data-seat="1"] select.level', "hard")
    before = page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1'))")
    assert before["settings"]["levels"] == {"1": "hard"}
    asked: dict[int, str] = {}

    def suggested(request: Any) -> None:
        if request.url.endswith("/hands/suggest"):
            body = json.loads(request.post_data or "{}")
            asked[body["seat"]] = body["level"]

    page.on("request", suggested)
    cards = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_selector("#hand .card.legal")
    after = page.evaluate("() => JSON.parse(localStorage.getItem('trickref.table.v1'))")
    assert after["record"] == before["record"]
    assert page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)") == cards
    assert page.is_visible("#table") and not page.is_visible("#settings")
    # Menu asks in the page (no browser dialog) and Stay keeps the match
    page.click("#menu")
    page.wait_for_selector("#leave-dialog[open]")
    page.click("#leave-no")
    assert not page.is_visible("#leave-dialog") and page.is_visible("#table")
    assert page.eval_on_selector('#seats .seat[data-seat="1"] select.level', "e => e.value") == "hard"
    play_to_sheet(tab, illegal=False)  # and the hand goes on to its end
    assert after["settings"]["game"] == "bazar-blot"
    assert asked == {1: "hard", 2: "easy", 3: "easy"}, asked


def test_a_card_played_with_the_keyboard(tab: Tab) -> None:
    page = tab.page
    open_table(tab, "oh-hell")
    play_to_sheet(tab, illegal=False, until=lambda s: s["mine"] and bool(s["legal"]))
    page.focus('#hand .card[tabindex="0"]')
    first = page.evaluate("document.activeElement.dataset.card")
    assert page.evaluate("document.activeElement.classList.contains('legal')")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") != first
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("Enter")
    page.wait_for_function(f"""() => !document.querySelector('#hand .card[data-card="{first}"]')""")
    mine = stored(page)["record"]["actions"]
    mine = [a for a in mine if a["seat"] == 0][-1]
    assert mine == {"seat": 0, "type": "play", "card": first}
    # the bots play and the table is redrawn: the focus stays in the hand, on a card to play
    page.wait_for_function(
        "() => document.querySelector('#me.to-act') && document.querySelector('#hand .card.legal')"
    )
    assert page.evaluate("!!document.activeElement.closest('#hand')")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement === document.querySelector('#hand').lastElementChild")


def test_when_the_seat_clock_runs_out_the_table_plays_the_apis_timeout_move(tab: Tab) -> None:
    page = tab.page
    open_table(tab, "baloot", extra="&clock=1")  # a 1 s clock instead of the tempo's 30 or 40
    page.wait_for_selector("#me.to-act")
    stored = "JSON.parse(localStorage.getItem('trickref.table.v1'))"
    before = page.evaluate(f"() => {stored}.record.actions.length")
    # nobody touches anything: the clock runs out and the move is made for seat 0
    page.wait_for_function(f"() => {stored}.timeouts === 1", timeout=10000)
    page.wait_for_function(f"() => {stored}.record.actions.length > {before}")
    mine = page.evaluate(f"() => {stored}.record.actions[{before}]")
    assert mine["seat"] == 0
    # a visible countdown, warning when low
    page.wait_for_selector("#clock.low:not([hidden]) .time")
    assert page.get_attribute("#clock", "role") == "timer"
    # after three in a row the table plays the seat, and a banner says so until Take over
    page.wait_for_function(f"() => {stored}.timeouts >= 3", timeout=15000)
    page.wait_for_selector("#autopilot:not([hidden]) #take-over")
    # the seat's controls are the table's now: the focus is on the way back, not lost to the page
    assert page.evaluate("document.activeElement.id") == "take-over"
    page.keyboard.press("Enter")
    page.wait_for_selector("#autopilot", state="hidden")
    # back at the seat, the focus in its controls
    page.wait_for_function("() => document.activeElement.closest('#hand, #calls-panel')")
