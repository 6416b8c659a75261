"""A list inserted in a detail is joined the language's way: Arabic separates with its own comma
(،), the others with ", ". The wire's `params` keep the one form every client parses ("0, 1")."""

from __future__ import annotations

import pytest

TIE = {
    "summary": {
        "contract": {"seat": 0, "mode": "sun"},
        "card_points": [80, 50],
        "tricks": [5, 3],
        "declarations": [
            {"seat": 0, "name": "sira"},
            {"seat": 1, "name": "sira"},
            {"seat": 3, "name": "sira"},
        ],
    }
}
BAZAR_TIE = {
    "summary": {
        "contract": {"seat": 0, "value": 9, "strain": "H", "capot": False, "double": "none"},
        "card_points": [100, 62],
        "tricks": [5, 3],
        "declarations": [{"seat": 0, "name": "terz"}, {"seat": 1, "name": "terz"}],
    }
}


@pytest.mark.parametrize(
    ("game", "body", "seats"), [("baloot", TIE, "0, 1, 3"), ("bazar-blot", BAZAR_TIE, "0, 1")]
)
@pytest.mark.parametrize(("lang", "separator"), [("en", ", "), ("ar", "، "), ("hy", ", "), ("ru", ", ")])
def test_the_seats_of_a_tie_are_joined_in_the_language(client, game, body, seats, lang, separator):
    problem = client.post(
        f"/v1/games/{game}/hands/score", json=body, headers={"Accept-Language": lang}
    ).get_json()
    assert problem["code"] == "invalid_summary" and problem["params"] == {"seats": seats}
    assert separator.join(seats.split(", ")) in problem["detail"]
    if lang == "ar":
        assert seats not in problem["detail"]
