"""A demanding player's review of the table (bench/results/2026-12-03-table-review.md): what a
player reads on a phone in Arabic, the words of a trick's winner, a combination's one name and the
match result on a phone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .conftest import ROOT, Tab, screenshot
from .test_table import act, api_get, api_post, open_table, play_to_sheet, stored

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

# every card of the hand: the middle of its index (rank and suit) is on that card, not under the
# next card of the fan
INDEX_SEEN = """() => [...document.querySelectorAll('#hand .card')].map(card => {
  const r = card.querySelector('.index').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [card.dataset.card, !!hit && hit.closest('.card') === card];
})"""


def test_every_cards_index_is_seen_in_an_arabic_fan_on_a_phone(tab: Tab) -> None:
    page: Any = tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, "nomination-whist", lang="ar")
    # the tightest fan: a schedule whose first hand has the most cards
    page.click("#menu")
    page.click("#leave-yes")
    page.select_option("#set-game", "nomination-whist")
    page.select_option("#set-length", "max-1-max")
    page.click("#play")
    # the first game's shorter hand is still drawn until the new deal replaces it
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length >= 10")
    seen = page.evaluate(INDEX_SEEN)
    assert len(seen) >= 10, seen
    assert all(ok for _, ok in seen), seen


def test_match_lengths_are_written_in_arabic_digits(tab: Tab) -> None:
    page: Any = tab.page
    page.goto(f"{tab.base}/table?pause=0")
    page.wait_for_selector("#settings:not([hidden])")
    page.select_option("#set-lang", "ar")
    page.wait_for_selector('#settings[data-lang="ar"]')
    for game in ("baloot", "oh-hell", "bazar-blot"):
        page.select_option("#set-game", game)
        labels = page.eval_on_selector_all("#set-length option", "els => els.map(e => e.textContent)")
        assert labels and not any(re.search("[0-9]", label) for label in labels), (game, labels)
        assert any(re.search("[\u0660-\u0669]", label) for label in labels), (game, labels)


def test_a_trick_the_player_took_is_said_in_the_second_person(tab: Tab) -> None:
    """Last trick names who took it; the player's own is "You take the trick", not "You takes"."""
    page: Any = tab.page
    open_table(tab, "oh-hell")
    ready = "() => document.querySelector('#me.to-act') && !document.querySelector('#last-trick[disabled]')"
    for _ in range(7):
        play_to_sheet(
            tab, illegal=False, until=lambda s: s["mine"] and bool(s["legal"]) and page.evaluate(ready)
        )
        page.click("#last-trick")
        winner = page.eval_on_selector("#trick.last .card.winner", "el => Number(el.dataset.seat)")
        note = page.inner_text("#trick-note")
        page.click("#last-trick")
        if winner == 0:
            assert note == "You take the trick", note
            return
        assert note.endswith("takes the trick"), note
        act(page, page.locator("#hand .card.legal").first)
    pytest.fail("the player took no trick: pick another seed")


def played_by_bots(tab: Tab, game: str, rules: dict[str, Any], hands: int) -> list[dict[str, Any]]:
    """`hands` records of a match played to their end through the API (the bots in every seat),
    each dealt by the dealer and round that matches/score names, as the page deals them."""
    records: list[dict[str, Any]] = []
    for i in range(hands):
        body: dict[str, Any] = {"rules": rules, "seed": 100 + i}
        if records:
            match = api_post(tab, game, "matches/score", {"hands": [{"hand": r} for r in records]})
            body["dealer"] = match["next_dealer"]
            if "next_round" in match:
                body["round"] = match["next_round"]
        record = api_post(tab, game, "deals", body)["hand"]
        view = api_post(tab, game, "hands/state", {**record, "seat": 0})
        while view["to_act"] is not None:
            ask = {"hand": record, "seat": view["to_act"], "level": "easy", "seed": 1, "play": {"views": [0]}}
            played = api_post(tab, game, "hands/suggest", ask)["played"]
            record, view = played["hand"], played["views"][0]
        records.append(record)
    return records


def idle_at_the_players_turn(tab: Tab, game: str, length: str) -> dict[str, Any]:
    """What the page stored once its new match (`length`) waits for the player (seat 0). Only then
    does it store nothing more on its own, so a test may replace its match and reload: earlier, a
    bot's move (or the new match itself, while the last match of that game is still stored) would
    write over the test's."""
    page: Any = tab.page
    for _ in range(300):
        s: dict[str, Any] | None = stored(page)
        if s is None or not s["record"] or (s["settings"]["game"], s["settings"]["length"]) != (game, length):
            page.wait_for_timeout(50)
            continue
        if api_post(tab, game, "hands/state", {**s["record"], "seat": 0})["to_act"] == 0:
            return s
        page.wait_for_timeout(50)
    pytest.fail(f"the page did not stop at the player's turn of its {game} match ({length})")


TABLE_STRINGS = ROOT / "service" / "static" / "table" / "i18n"
# the result's deals: each side's cell as (its running total, what the deal scored)
RESULT_CELLS = """() => [...document.querySelectorAll('#result-body tr')].slice(1, -1).map(tr =>
  [...tr.querySelectorAll('td')].slice(1).map(td =>
    [td.firstChild.textContent, td.querySelector('.gain').textContent]))"""


def read_number(text: str) -> int:
    """A number as the page writes it (Arabic digits, a plus or a minus sign) back to an int."""
    plain = text.translate(str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789"))
    value = int("".join(ch for ch in plain if ch.isdigit()))
    return -value if any(ch in plain for ch in "-\u2212") else value


@pytest.mark.parametrize(
    ("game", "lang", "length", "before"),
    [("oh-hell", "en", "7-1", 6), ("baloot", "ar", "hands", 4)],  # the last deal left to play
)
def test_the_match_result_fits_a_phone_under_its_own_headers(
    tab: Tab, game: str, lang: str, length: str, before: int
) -> None:
    """The last deal of a short match played at 360 px (the deals before it played through the
    API): the result's table stays on the screen (no sideways scroll of the page), its deals told by
    their contract (Oh Hell's by their trump), each side's running total with what the deal scored
    under it, the winner said as a sentence for the player's own side ("We win the match", not
    "Winner: Us"), and no Menu left."""
    page: Any = tab.page
    words = json.loads((TABLE_STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, game, lang=lang)
    if game == "baloot":
        page.click("#menu")
        page.click("#leave-yes")
        page.select_option("#set-game", game)
        page.select_option("#set-length", length)
        page.click("#play")
    saved = idle_at_the_players_turn(tab, game, length)
    s = saved["settings"]
    assert (s["lengthOption"], s["length"]) == ({"oh-hell": "schedule"}.get(game, "match"), length)
    rules = {"profile": s["profile"], s["lengthOption"]: s["length"]}
    if s["players"]:
        rules["players"] = s["players"]
    records = played_by_bots(tab, game, rules, before)
    saved.update(records=records, record=None, match=None)
    page.evaluate("s => localStorage.setItem('trickref.table.v1', JSON.stringify(s))", saved)
    page.reload()
    play_to_sheet(tab, illegal=False)
    final = stored(page)["records"]
    assert len(final) == before + 1
    match = api_post(tab, game, "matches/score", {"hands": [{"hand": r} for r in final]})
    assert match["finished"]
    page.click("#next")
    page.wait_for_selector("#result:not([hidden])")
    headers = page.eval_on_selector_all("#result-body th[scope=col]", "els => els.map(e => e.textContent)")
    told = words["trump"] if game == "oh-hell" else words.get("contract@baloot", words["contract"])
    assert headers[:2] == [words["deal"], told], headers
    sides = 4 if game == "oh-hell" else 2
    assert len(headers) == 2 + sides and all(headers), headers
    assert page.locator("#result-body tr").count() == 1 + before + 1 + 1  # head, deals, totals
    winner = page.inner_text("#result-body .winner")
    if game == "baloot":
        assert winner == words["winner_us" if match["winner"] == 0 else "winner_them"], winner
    else:
        name = headers[2 + match["winner"]]
        assert winner == (
            words["winner_you"] if match["winner"] == 0 else words["winner"].replace("{name}", name)
        )
    # each side's running total, and under it what the deal scored, as matches/score says them
    rows = page.evaluate(RESULT_CELLS)
    deals = match.get("deals") or match["rounds"]
    assert [[(read_number(total), read_number(gain)) for total, gain in row] for row in rows] == [
        list(zip(d["totals"], d["scores"], strict=True)) for d in deals
    ], rows
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # four players' columns fit a phone whole; only more would scroll, inside their own box
    assert page.eval_on_selector("#result-body .scroll", "el => el.scrollWidth <= el.clientWidth")
    assert not page.is_visible("#menu")
    assert page.inner_text("#status") == ""
    screenshot(page, f"result-{game}-{lang}-360x740")


def test_a_declared_combination_keeps_the_name_it_was_announced_by(tab: Tab) -> None:
    """The duel: the opponent announces a terz, then shows its cards; the shown run is still called
    a terz (the glossary's `terz`), not by its kind (`run`)."""
    page: Any = tab.page
    open_table(tab, "blot-duel", lang="ru", seed=19)
    play_to_sheet(tab, illegal=False, until=lambda s: page.locator(".combo .card").count() > 0)
    glossary = api_get(tab, "/v1/games/blot-duel/glossary", lang="ru")["combinations"]
    said = page.eval_on_selector_all(".combo", "els => els.map(e => e.firstChild.textContent)")
    assert said and not any(line.startswith(glossary["run"]) for line in said), said
    assert any(line.startswith(glossary["terz"]) for line in said), said


# the parts of every seat around the table that stick out of the screen
OFF_SCREEN = """() => [...document.querySelectorAll('#seats .seat, #seats .seat *')].flatMap(el => {
  const r = el.getBoundingClientRect();
  return r.width && (r.left < 0 || r.right > innerWidth) ? [el.className || el.tagName] : [];
})"""


def test_a_seats_combination_with_its_cards_stays_on_a_phones_screen(tab: Tab) -> None:
    """The bazar in Armenian at 360 px: the right seat shows a fifty with its cards, wrapped in the
    seat, not cut off by the screen's edge."""
    page: Any = tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, "bazar-blot", lang="hy", seed=5)
    play_to_sheet(tab, illegal=False, until=lambda s: page.locator("#seats .combo .card").count() > 0)
    assert page.evaluate(OFF_SCREEN) == []
    screenshot(page, "combination-bazar-blot-hy-360x740", full_page=False)


def test_the_hand_keeps_still_while_the_bazar_lasts(tab: Tab) -> None:
    """A bid is not a contract yet: during the bazar the hand stays in the no-trump order however
    the bids go (it jumped to the highest bid's suit at every bid)."""
    page: Any = tab.page
    open_table(tab, "bazar-blot", lang="hy", seed=5)

    def my_second_call(s: dict[str, Any]) -> bool:
        actions = stored(page)["record"]["actions"]
        return bool(s["mine"] and s["calls"] and any(a["seat"] == 0 for a in actions))

    play_to_sheet(tab, illegal=False, until=my_second_call)
    view = api_post(tab, "bazar-blot", "hands/state", {**stored(page)["record"], "seat": 0})
    assert view["contract"]["strain"] != "NT", view["contract"]  # the highest bid names a suit
    order = api_get(tab, "/v1/games/bazar-blot/glossary")["hand_order"]["NT"]
    shown = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    key = {s: i for i, s in enumerate(order["suits"])}
    rank = {r: i for i, r in enumerate(order["ranks"])}
    assert shown == sorted(shown, key=lambda c: (key[c[-1]], rank[c[:-1]])), shown


def test_the_seats_on_the_left_and_the_right_are_drawn_alike(tab: Tab) -> None:
    """Baloot in Arabic at 1366x768: the seat on the right of the screen was squeezed to its
    narrowest (its name on two lines) while the one on the left had room; both alike now."""
    page: Any = tab.page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_table(tab, "baloot", lang="ar")
    page.wait_for_selector("#seats .seat")
    boxes = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#seats .seat')].map(s => {
          const r = s.getBoundingClientRect();
          return [s.dataset.seat, [r.left, r.width, r.height, s.querySelector('.name').offsetHeight]];
        }))"""
    )
    right, left = boxes["1"], boxes["3"]  # Baloot turns counter-clockwise: seat 1 on the right
    assert right[0] > left[0], boxes
    assert right[3] == left[3], boxes  # the name on one line on both sides
    assert abs(right[2] - left[2]) < 2, boxes


# the boxes of the seats round the felt and of the turned card and its label
BOXES = """() => [...document.querySelectorAll('#seats .seat, #turned > *')].map(e => {
  const r = e.getBoundingClientRect();
  return [e.dataset.seat ? `seat ${e.dataset.seat}` : e.textContent, r.left, r.top, r.right, r.bottom];
})"""


def oh_hell_on_a_phone(tab: Tab, lang: str, players: str) -> Any:
    """Oh Hell at 360 px with `players` seats (the 7-1-7 schedule), once its first deal is drawn."""
    page: Any = tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, "oh-hell", lang=lang)
    page.click("#menu")
    page.click("#leave-yes")
    page.select_option("#set-game", "oh-hell")
    page.select_option("#set-players", players)
    page.select_option("#set-length", "7-1-7")
    page.click("#play")
    # the first game's table (four seats) is still drawn until the new deal replaces it
    page.wait_for_function(
        "n => document.querySelectorAll('#seats .seat').length === n", arg=int(players) - 1
    )
    # and the new match stored (at four seats the count above is the first game's already)
    page.wait_for_function(
        """n => { const s = JSON.parse(localStorage.getItem('trickref.table.v1'));
          return !!(s && s.settings.game === 'oh-hell' && String(s.settings.players) === n
                    && s.settings.length === '7-1-7' && s.record); }""",
        arg=players,
    )
    return page


@pytest.mark.parametrize(
    ("lang", "players"), [("hy", "4"), ("ru", "4"), ("en", "5"), ("ar", "6"), ("hy", "7")]
)
def test_seats_and_the_turned_card_stay_apart_while_a_phone_bids(tab: Tab, lang: str, players: str) -> None:
    """Oh Hell's first deal at 360 px, the bid panel open under the felt: no seat is drawn over
    another or over the turned card and its label, though the seat across carries its level and
    its call, seven seats take three rows, and Armenian and Russian words are long."""
    page = oh_hell_on_a_phone(tab, lang, players)
    page.wait_for_selector("#me.to-act")
    page.wait_for_selector("#calls-panel:not([hidden]) [data-action]")
    page.wait_for_selector("#turned .card")
    boxes = page.evaluate(BOXES)
    assert len(boxes) == int(players) - 1 + 2, boxes
    over = overlaps(boxes)
    screenshot(page, f"bidding-oh-hell-{lang}-{players}-360x740", full_page=False)
    assert not over, over


# the number of seats drawn at the moment the table is first shown after the settings
SEATS_AT_SIGHT = """() => {
  window.seatsAtSight = null;
  const table = document.querySelector('#table');
  new MutationObserver((_, observer) => {
    if (table.hidden) return;
    window.seatsAtSight = document.querySelectorAll('#seats .seat').length;
    observer.disconnect();
  }).observe(table, { attributes: true, attributeFilter: ['hidden'] });
}"""


def test_a_new_game_shows_its_own_table_from_the_first_sight(tab: Tab) -> None:
    """Leaving a four-seat game for a six-seat one: the table comes back with its five other
    seats already drawn, never the last game's three while the new deal's view is on its way."""
    page: Any = tab.page
    open_table(tab, "oh-hell")
    page.wait_for_selector("#me.to-act")
    page.click("#menu")
    page.click("#leave-yes")
    page.select_option("#set-game", "oh-hell")
    page.select_option("#set-players", "6")
    page.evaluate(SEATS_AT_SIGHT)
    page.click("#play")
    page.wait_for_function("() => window.seatsAtSight !== null")
    assert page.evaluate("() => window.seatsAtSight") == 5


def press_twice_and_count_deals(page: Any, button: str) -> list[str]:
    """Press `button` twice in one go (no await between the two), wait for the table at the
    player's turn; the deals the page asked for from the first press on (and on, while the page
    lives)."""
    dealt: list[str] = []
    page.on("request", lambda request: dealt.append(request.url) if request.url.endswith("/deals") else None)
    page.evaluate("selector => { const b = document.querySelector(selector); b.click(); b.click(); }", button)
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_selector("#me.to-act")
    return dealt


def test_play_pressed_twice_deals_one_match(tab: Tab) -> None:
    """A second press of Play while the first deal is on its way starts no second match (two
    matches would play their bots' turns over each other on one table)."""
    page: Any = tab.page
    page.goto(f"{tab.base}/table?pause=0&hold=0&seed=13")
    page.wait_for_selector("#settings:not([hidden])")
    page.select_option("#set-game", "bazar-blot")
    dealt = press_twice_and_count_deals(page, "#play")
    assert len(dealt) == 1, dealt
    page.click("#menu")
    page.click("#leave-yes")
    page.click("#play")  # and once its table is shown, Play starts a match again
    page.wait_for_selector("#table:not([hidden])")
    assert len(dealt) == 2, dealt


def test_next_hand_pressed_twice_deals_one_hand(tab: Tab) -> None:
    """The same for Next hand on the score sheet: one deal, one hand played on."""
    page: Any = tab.page
    open_table(tab, "oh-hell")
    play_to_sheet(tab, illegal=False)
    dealt = press_twice_and_count_deals(page, "#next")
    assert len(dealt) == 1, dealt
    assert len(stored(page)["records"]) == 1


def overlaps(boxes: list[list[Any]]) -> list[tuple[str, str, int, int]]:
    """Every two boxes ([name, left, top, right, bottom]) drawn over each other, and by how much."""
    over = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            width = min(a[3], b[3]) - max(a[1], b[1])
            height = min(a[4], b[4]) - max(a[2], b[2])
            if width > 0 and height > 0:
                over.append((a[0], b[0], round(width), round(height)))
    return over


TRICK_AND_SEATS = """() => [...document.querySelectorAll('#seats .seat, .trick .card')].map(e => {
  const r = e.getBoundingClientRect();
  const name = `${e.classList.contains('seat') ? 'seat' : 'card'} ${e.dataset.seat}`;
  return [name, r.left, r.top, r.right, r.bottom];
})"""


@pytest.mark.parametrize(("game", "lang"), [("bazar-blot", "hy"), ("baloot", "ru")])
def test_a_tricks_cards_stay_clear_of_the_seats_on_a_phone(tab: Tab, game: str, lang: str) -> None:
    """At 360 px, with the seats on the sides as wide as a phone lets them be (long words in
    Armenian and Russian), the cards the side seats play to the trick are not drawn over them."""
    page: Any = tab.page
    play_on_a_phone(tab, game, lang)
    boxes = page.evaluate(TRICK_AND_SEATS)
    assert sum(1 for name, *_ in boxes if name.startswith("card")) >= 2, boxes
    screenshot(page, f"trick-{game}-{lang}-360x740", full_page=False)
    assert not overlaps(boxes), overlaps(boxes)


def play_on_a_phone(tab: Tab, game: str, lang: str) -> None:
    """At 360 x 740, the player passing where it may and playing the first legal card, until a
    trick on the felt holds two cards."""
    page: Any = tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, game, lang=lang)
    for _ in range(200):
        if page.locator(".trick .card").count() >= 2:
            return
        if page.evaluate("() => !!document.querySelector('#me.to-act')"):
            calls = page.locator("#calls-panel:not([hidden]) [data-action]")
            cards = page.locator("#hand .card.legal")
            if cards.count():
                act(page, cards.first)
            elif calls.count():
                types = calls.evaluate_all("els => els.map(e => e.dataset.type)")
                act(page, calls.nth(types.index("pass") if "pass" in types else 0))
        page.wait_for_timeout(100)


# each seat's count of cards (its box's height against its font's) and the words a screen reader
# reads for it; the bar's height and the lines of its card points
COUNTS_AND_BAR = """() => ({
  counts: [...document.querySelectorAll('#seats .seat .count')].map(c => {
    const r = c.getBoundingClientRect();
    return [c.textContent, c.dataset.n, Math.round(r.height), parseFloat(getComputedStyle(c).fontSize)];
  }),
  bar: Math.round(document.querySelector('header.bar').getBoundingClientRect().height),
  points: document.querySelector('#chip-points').getClientRects().length &&
    Math.round(document.querySelector('#chip-points').getBoundingClientRect().height),
  line: Math.round(document.querySelector('#chip-contract').getBoundingClientRect().height),
})"""


# the bar's height with each status in turn and the score given, all in one task (no frame between,
# so the page's own updates cannot interleave); the bar's own words are put back after
WORST_BAR = """({statuses, totals}) => {
  const status = document.querySelector('#status'), chip = document.querySelector('#chip-score');
  const kept = [[...status.childNodes], chip.className, chip.querySelector('.totals').textContent];
  chip.className = 'chip';
  chip.querySelector('.totals').textContent = totals;
  let worst = {bar: 0, status: ''};
  for (const [text, other] of statuses) {
    const words = document.createElement('span');
    words.className = 'other';
    words.textContent = text;
    status.replaceChildren(other ? words : text);
    const bar = Math.round(document.querySelector('header.bar').getBoundingClientRect().height);
    if (bar > worst.bar) worst = {bar, status: status.textContent, score: chip.textContent};
  }
  status.replaceChildren(...kept[0]);
  [chip.className, chip.querySelector('.totals').textContent] = kept.slice(1);
  return worst;
}"""


@pytest.mark.parametrize(("game", "lang"), [("bazar-blot", "hy"), ("baloot", "ru"), ("baloot", "ar")])
def test_the_seats_counts_and_the_bar_fit_a_phone_during_the_play(tab: Tab, game: str, lang: str) -> None:
    """At 360 px during the play: a side seat's cards left read on one line (the Armenian words as a
    card's back and the number, the words kept for screen readers), and the bar (status, score,
    contract, card points) takes at most three rows, the card points on one, whichever seat's name
    the status shows and however high the score has gone."""
    page: Any = tab.page
    play_on_a_phone(tab, game, lang)
    seen = page.evaluate(COUNTS_AND_BAR)
    screenshot(page, f"counts-{game}-{lang}-360x740", full_page=False)
    counts = seen["counts"]
    assert len(counts) == 3, seen
    for words, n, height, font in counts:
        assert height <= 1.6 * font, seen  # one line
        assert n and n in words and len(words) > len(n) + 2, seen  # the number shown, the words read
    assert seen["points"] and seen["points"] <= 1.5 * seen["line"], seen
    assert seen["bar"] <= 3 * seen["line"] + 50, seen  # the menu button's row and two rows of chips
    # every status the play shows, beside a late match's score: the moment above is only one of them
    strings = json.loads((TABLE_STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    names = [strings[k] for k in ("left", "partner", "across", "right", "opponent")]
    # as the page writes them: a status about another seat in its own span (a phone shows the seat's
    # glow instead), the player's own in sight
    statuses = [(strings["your_turn"], False)]
    statuses += [(strings[k].replace("{name}", n), True) for k in ("thinking", "to_act") for n in names]
    totals = f"{strings['team.0']} 288 · {strings['team.1']} 299"
    worst = page.evaluate(WORST_BAR, {"statuses": statuses, "totals": totals})
    assert worst["bar"] <= 3 * seen["line"] + 50, worst


def test_a_phone_shows_the_thinking_seat_by_its_glow_and_tells_screen_readers(tab: Tab) -> None:
    """While a bot thinks (its suggestion held in flight), the status names the seat to screen
    readers and a phone shows the seat's glow instead of the words (no half sentence in sight); the
    page at full width shows the words."""
    page: Any = tab.page
    held: list[Any] = []
    page.route("**/hands/suggest", lambda route: held.append(route))  # never answered: the bot thinks on
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(tab, "bazar-blot", lang="hy")
    strings = json.loads((TABLE_STRINGS / "hy.json").read_text(encoding="utf-8"))
    for _ in range(100):
        if held:
            break
        calls = page.locator("#calls-panel:not([hidden]) [data-action]")
        if page.evaluate("() => !!document.querySelector('#me.to-act')") and calls.count():
            types = calls.evaluate_all("els => els.map(e => e.dataset.type)")
            act(page, calls.nth(types.index("pass") if "pass" in types else 0))
        page.wait_for_timeout(50)
    assert held, "no bot was asked to act"
    seen = page.evaluate(
        """() => { const words = document.querySelector('#status .other');
          const glow = document.querySelector('#seats .seat.to-act .name');
          return {status: document.querySelector('#status').textContent,
                  width: words && words.getBoundingClientRect().width,
                  glowing: glow && glow.textContent}; }"""
    )
    assert seen["glowing"] in {strings[k] for k in ("left", "partner", "right")}, seen
    assert seen["status"] == strings["thinking"].replace("{name}", seen["glowing"]), seen
    assert seen["width"] is not None and seen["width"] <= 1, seen  # for screen readers; the glow in sight
    page.set_viewport_size({"width": 1024, "height": 800})
    assert page.evaluate("() => document.querySelector('#status .other').getBoundingClientRect().width") > 20


@pytest.mark.parametrize(("lang", "players"), [("hy", "4"), ("ru", "6"), ("hy", "7"), ("ar", "5")])
def test_a_later_hand_shows_each_seats_total_on_a_phone(tab: Tab, lang: str, players: str) -> None:
    """Oh Hell's third deal at 360 px (two played through the API first): each seat shows its total
    of the match as matches/score says it, the bar keeps to three rows (its score, which names every
    seat, left to screen readers), no seat is drawn over another or the turned card while the bids
    last, and no card of a trick over a seat (its box a row taller with its total) at any moment of
    the play that follows."""
    words = json.loads((TABLE_STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    page = oh_hell_on_a_phone(tab, lang, players)
    saved = idle_at_the_players_turn(tab, "oh-hell", "7-1-7")
    s = saved["settings"]
    rules = {"profile": s["profile"], s["lengthOption"]: s["length"], "players": s["players"]}
    records = played_by_bots(tab, "oh-hell", rules, 2)
    saved.update(records=records, record=None, match=None)
    page.evaluate("s => localStorage.setItem('trickref.table.v1', JSON.stringify(s))", saved)
    page.reload()
    page.wait_for_selector("#me.to-act")
    page.wait_for_selector("#calls-panel:not([hidden]) [data-action]")
    page.wait_for_selector("#turned .card")
    totals = api_post(tab, "oh-hell", "matches/score", {"hands": [{"hand": r} for r in records]})["totals"]
    shown = page.evaluate(
        """() => [document.querySelector('#me'), ...document.querySelectorAll('#seats .seat')].map(e => {
          const total = e.querySelector('.total');
          return [e.dataset.seat ?? '0', total && total.textContent, total && total.getClientRects().length];
        })"""
    )
    assert len(shown) == int(players), shown
    for seat, text, boxes in shown:
        assert text and text.startswith(words["score"]) and boxes, shown
        assert read_number(text[len(words["score"]) :]) == totals[int(seat)], (shown, totals)
    bar = page.evaluate(COUNTS_AND_BAR)
    assert bar["bar"] <= 3 * bar["line"] + 50, bar
    # the bar's score still reads every seat's total to screen readers
    read = page.eval_on_selector("#chip-score", "el => el.textContent")
    assert read.startswith(words["score"]) and len(read.split(" · ")) == int(players), read
    over = overlaps(page.evaluate(BOXES))
    screenshot(page, f"totals-oh-hell-{lang}-{players}-360x740", full_page=False)
    assert not over, over
    seen = 0
    for _ in range(120):  # every moment the page shows while the player calls and plays on
        boxes = page.evaluate(TRICK_AND_SEATS)
        seen = max(seen, sum(1 for name, *_ in boxes if name.startswith("card")))
        over = [o for o in overlaps(boxes) if "seat" in o[0] + o[1]]
        assert not over, (over, boxes)
        if page.evaluate("() => !!document.querySelector('#me.to-act')"):
            cards = page.locator("#hand .card.legal")
            calls = page.locator("#calls-panel:not([hidden]) [data-action]")
            act(page, cards.first if cards.count() else calls.first)
        page.wait_for_timeout(40)
    assert seen >= 2, seen  # tricks were played (a fast table clears a trick between two looks)
