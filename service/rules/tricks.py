"""One trick on its own (tricks/winner, tricks/legal): reading the question, shaping the answer.

Every game asks the same two questions of a lone trick and differs only in its trump reading, rank
order, card points and duties; those stay with the game, the reading and the answer live here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .cards import Card, Suit
from .errors import MESSAGES, Code, InvalidRecord, card_params
from .parse import read_cards, read_seat
from .profile import Rules
from .record import check_distinct
from .trick import Verdict

Json = dict[str, Any]


def read_played(
    body: Mapping[str, Any], players: int, deck: Collection[Card]
) -> tuple[int, tuple[Card, ...]]:
    """The leader and the cards of a tricks/winner question, checked against the table and deck."""
    leader = read_seat(body.get("leader"), players, "leader")
    played = read_cards(body.get("cards"), "cards")
    if not 1 <= len(played) <= players:
        raise InvalidRecord(
            Code.INVALID_TRICK,
            f"{len(played)} cards: a trick of {players} players has 1 to {players}",
            field="cards",
            params={"cards": len(played), "players": players},
            case="size",
        )
    check_distinct([("cards", played)], deck)
    return leader, played


def read_hand_and_trick(
    body: Mapping[str, Any], players: int, deck: Collection[Card], max_hand: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand and the trick so far of a tricks/legal question. `seat` and `leader` are optional;
    given together they must agree with the number of cards down (`not_your_turn`)."""
    hand = read_cards(body.get("hand"), "hand")
    trick = read_cards(body.get("trick", []), "trick")
    if len(trick) >= players:
        raise InvalidRecord(
            Code.INVALID_TRICK,
            f"{len(trick)} cards already played: a trick of {players} players is then complete",
            field="trick",
            params={"cards": len(trick), "players": players},
            case="complete",
        )
    if not 1 <= len(hand) <= max_hand:
        raise InvalidRecord(
            Code.WRONG_HAND_SIZE,
            f"a hand of {len(hand)}: a seat of {players} holds 1 to {max_hand} cards",
            field="hand",
            params={"cards": len(hand), "max": max_hand},
            case="range",
        )
    check_distinct([("trick", trick), ("hand", hand)], deck)
    seat = body.get("seat")
    leader = body.get("leader")
    if seat is not None:
        read_seat(seat, players, "seat")
    if leader is not None:
        read_seat(leader, players, "leader")
    if seat is not None and leader is not None and seat != (leader + len(trick)) % players:
        raise InvalidRecord(
            Code.NOT_YOUR_TURN,
            f"seat {leader} led and {len(trick)} cards are down: seat "
            f"{(leader + len(trick)) % players} plays next, not seat {seat}",
            field="seat",
            params={"seat": seat, "to_act": (leader + len(trick)) % players},
        )
    return hand, trick


def partner_winning(trick: Sequence[Card], winner: int, players: int) -> bool:
    """Whether the partner of the seat to play is winning the trick: at a table of four the
    partner played two cards before the seat to play, whoever led, so the trick alone says it."""
    return players == 4 and len(trick) >= 2 and winner == len(trick) - 2


def winner_answer(
    rules: Rules, leader: int, played: Sequence[Card], index: int, points: int, players: int
) -> Json:
    return {
        "rules": rules.echo(),
        "winner": (leader + index) % players,
        "winning_card": played[index].text,
        "index": index,
        "points": points,
    }


def legal_answer(
    rules: Rules, hand: Sequence[Card], verdict: Verdict, trick: Sequence[Card], trump: Suit | None
) -> Json:
    """The legal cards, and each other card with the duty it breaks: its code, its parameters (the
    card, the suit the duty asks for) and the duty in English; the HTTP layer writes the reason
    in the client's language from the code and parameters (service/api/i18n.py)."""
    led = trick[0].suit.value if trick else ""
    t = trump.value if trump is not None else None
    return {
        "rules": rules.echo(),
        "legal": [c.text for c in verdict.legal],
        "illegal": [
            {
                "card": c.text,
                "code": code.value,
                "reason": MESSAGES[code],
                "params": card_params(code, c.text, led, t),
            }
            for c in hand
            if (code := verdict.reasons.get(c)) is not None
        ],
    }
