"""A demanding player's review of the table (bench/results/2026-12-03-table-review.md): what a
player reads on a phone in Arabic, the words of a trick's winner, a combination's one name and the
match result on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Tab
from .test_table import open_table

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
    page.wait_for_selector("#hand .card")
    seen = page.evaluate(INDEX_SEEN)
    assert len(seen) >= 10, seen
    assert all(ok for _, ok in seen), seen
