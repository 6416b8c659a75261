"""One trick on its own (tricks/winner, tricks/legal): reading the question, shaping the answer.

Every game asks the same two questions of a lone trick and differs only in its trump reading, rank
order, card points and duties; those stay with the game, the reading and the answer live here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .cards import Card
from .errors import MESSAGES, Code, InvalidRecord
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
        )
    if not 1 <= len(hand) <= max_hand:
        raise InvalidRecord(
            Code.WRONG_HAND_SIZE,
            f"a hand of {len(hand)}: a seat of {players} holds 1 to {max_hand} cards",
            field="hand",
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


def legal_answer(rules: Rules, hand: Sequence[Card], verdict: Verdict) -> Json:
    return {
        "rules": rules.echo(),
        "legal": [c.text for c in verdict.legal],
        "illegal": [
            {"card": c.text, "code": code.value, "reason": MESSAGES[code]}
            for c in hand
            if (code := verdict.reasons.get(c)) is not None
        ],
    }
