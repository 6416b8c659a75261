"""The Oh Hell family (Blob, Nomination Whist, Oh Hell) behind the generic `Game` interface.

This module only translates between the contract's JSON and the engine: `options` holds the
rule options and schedules, `state` the hand state machine, `scoring` the arithmetic.
Every input that passed the wire schema either gets an answer or a `RuleError` with a code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import NO_TRUMP, Card, suit_of
from ..errors import Code, InvalidRecord, RuleError, scalar
from ..game import Game, Json
from ..parse import is_int, parse_record, read_seat, read_seed, read_strain
from ..play import play_on
from ..profile import RuleBook, Rules
from ..record import Action, HandRecord, dealer_of
from ..trick import judge, winning_index
from ..tricks import legal_answer, read_hand_and_trick, read_played, winner_answer
from .options import (
    BLOB_BOOK,
    BLOB_MAX_PLAYERS,
    DEALER_TURNS_OR_NT,
    DECK_SIZE,
    NOMINATION_BOOK,
    OH_HELL_BOOK,
    TURNED_MODES,
    WHIST_MAX_PLAYERS,
)
from .scoring import breakdown, ranking
from .state import (
    COMPLETE,
    DECK,
    HandState,
    build,
    fixed_no_trump,
    initial,
    needs_turned,
    schedule,
    start,
    trump_mode,
)

__all__ = ["GAMES", "HandState", "OhHellGame", "deal_state", "parse_record"]


def _canonical(action: Action) -> Action:
    """The action as the record stores it: only the field its type uses."""
    if action.type == "bid":
        return Action(action.seat, "bid", value=action.value)
    if action.type == "trump":
        return Action(action.seat, "trump", strain=action.strain)
    if action.type == "turn":
        return Action(action.seat, "turn")
    return Action(action.seat, "play", card=action.card)


# --------------------------------------------------------------------- engine entry points


def deal_cards(
    rules: Rules, dealer: int, seed: int, rnd: int
) -> tuple[tuple[tuple[Card, ...], ...], Card | None]:
    """Shuffle with `seed`, deal the round's hand size one card at a time from the dealer's left, and
    turn the next card if the trump mode turns one."""
    n = rules["players"]
    h = schedule(rules)[rnd - 1]
    turn = needs_turned(rules, n, h, rnd)
    # the top of the shuffled pack: random.Random(seed).sample is a shuffle that stops once it has
    # as many cards as the deal (and the turn) needs
    pack = random.Random(seed).sample(DECK, n * h + turn)
    hands = tuple(tuple(pack[(s - dealer - 1) % n : n * h : n]) for s in range(n))
    return hands, pack[n * h] if turn else None


def deal_state(rules: Rules, dealer: int, seed: int, rnd: int = 1) -> HandState:
    """A fresh hand as an engine state (the benchmark's and the simulations' entry point)."""
    hands, turned = deal_cards(rules, dealer, seed, rnd)
    return initial(rules, dealer, hands, turned, rnd)


# --------------------------------------------------------------------- summaries and the scorepad


@dataclass(frozen=True, slots=True)
class ScoredHand:
    round: int | None
    dealer: int | None
    hand_size: int
    trump: str | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


def _summary_list(summary: Mapping[str, Any], key: str, n: int) -> tuple[int, ...]:
    values = summary.get(key)
    if not isinstance(values, list) or len(values) != n or not all(is_int(v) for v in values):
        raise InvalidRecord(
            Code.INVALID_SUMMARY, f"'{key}' needs one integer per seat ({n})", field=f"summary.{key}"
        )
    return tuple(values)


def read_summary(rules: Rules, summary: object, expect_round: int | None = None) -> ScoredHand:
    """A scorepad summary checked against the rules: sizes, ranges, the round, the dealer's call."""
    if not isinstance(summary, Mapping):
        raise InvalidRecord(Code.INVALID_SUMMARY, "a summary is an object with bids and tricks")
    n = rules["players"]
    bids = _summary_list(summary, "bids", n)
    tricks = _summary_list(summary, "tricks", n)
    h = sum(tricks)
    if any(t < 0 for t in tricks) or h < 1 or h * n > DECK_SIZE:
        raise InvalidRecord(
            Code.INVALID_SUMMARY,
            f"tricks {list(tricks)} total {h}: a hand of {n} players "
            f"has 1 to {DECK_SIZE // n} tricks, none negative",
            field="summary.tricks",
        )
    rnd = summary.get("round", expect_round)
    sizes = schedule(rules)
    if rnd is not None:
        if not is_int(rnd) or not 1 <= rnd <= len(sizes):
            raise InvalidRecord(
                Code.INVALID_ROUND,
                f"round {rnd!r}: the schedule has rounds 1 to {len(sizes)}",
                field="summary.round",
                params={"round": scalar(rnd), "rounds": len(sizes)},
                case="schedule",
            )
        if expect_round is not None and rnd != expect_round:
            raise InvalidRecord(
                Code.INVALID_ROUND,
                f"the summary says round {rnd} but is hand {expect_round} of the match",
                field="summary.round",
            )
        if sizes[rnd - 1] != h:
            raise InvalidRecord(
                Code.WRONG_HAND_SIZE,
                f"round {rnd} deals {sizes[rnd - 1]} cards a seat, but the tricks total {h}",
                field="summary.tricks",
            )
    for s, b in enumerate(bids):
        if not 0 <= b <= h:
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                f"seat {s} bid {b}: bids run from 0 to the hand size {h}",
                field="summary.bids",
            )
    dealer = summary.get("dealer")
    if dealer is not None:
        dealer = read_seat(dealer, n, "summary.dealer")
    if rules["dealer_restriction"] and sum(bids) == h:
        raise InvalidRecord(
            Code.DEALER_BID_RESTRICTED,
            f"the bids total {h}, the number of tricks: the dealer's call may not make that total",
            field="summary.bids",
            params={"tricks": h},
            case="total",
        )
    trump = summary.get("trump")
    fixed_nt = fixed_no_trump(rules, h, rnd)
    if trump is not None:
        trump = read_strain(trump, "summary.trump")
        if fixed_nt and trump != NO_TRUMP:
            raise InvalidRecord(
                Code.INVALID_TRUMP,
                f"trump {trump}: this hand is played without trumps",
                field="summary.trump",
            )
        if trump == NO_TRUMP and not _nt_possible(rules, n, h, rnd):
            raise InvalidRecord(
                Code.INVALID_TRUMP,
                "no trumps cannot happen in this hand under these rules",
                field="summary.trump",
            )
        may_choose = rnd is None and bool(rules["dealer_chooses_rounds"])  # a designated round, perhaps
        if (
            trump != NO_TRUMP
            and trump_mode(rules, rnd) in TURNED_MODES
            and n * h >= DECK_SIZE
            and not may_choose
        ):
            raise InvalidRecord(
                Code.INVALID_TRUMP,
                f"trump {trump}: {n} hands of {h} use the whole deck, so no card is left to turn "
                "and the hand has no trumps",
                field="summary.trump",
            )
    elif fixed_nt:
        trump = NO_TRUMP
    return ScoredHand(rnd, dealer, h, trump, bids, tricks)


def _nt_possible(rules: Rules, n: int, h: int, rnd: int | None) -> bool:
    mode = trump_mode(rules, rnd)
    if fixed_no_trump(rules, h, rnd) or mode == DEALER_TURNS_OR_NT:
        return True
    if mode in TURNED_MODES:
        return n * h >= DECK_SIZE or rnd is None  # a record without its round may be a designated NT round
    return bool(rules["no_trump_call"])


def _score_json(rules: Rules, h: int, bids: Sequence[int], tricks: Sequence[int]) -> Json:
    method = rules["scoring"]
    bd = breakdown(method, bids, tricks)
    return {
        "rules": rules.echo(),
        "method": method,
        "hand_size": h,
        "scores": [e["score"] for e in bd],
        "breakdown": bd,
    }


def _for_seat(error: RuleError, rules: Rules, record: Mapping[str, Any], seat: object) -> RuleError:
    """The error as `seat` may read it (unchanged without a seat): a detail that names another
    seat's cards, a hidden bid, the stock or a card not turned up is replaced (RuleError.for_viewer).
    Conservative where the record is too broken to know: a turned card that the dealer may still
    decline to turn counts as hidden, and so does a seat's own card on a blind 1-card round."""
    if not is_int(seat):
        return error
    hands = record.get("hands")
    size = len(hands[0]) if isinstance(hands, list) and hands and isinstance(hands[0], list) else 0
    own_visible = not (rules["blind_one_card"] and size == 1)
    turned_public = bool(rules["trumps"] != DEALER_TURNS_OR_NT)
    bids_public = not bool(rules["hidden_bids"])

    def sees(place: str) -> bool:
        if place == f"hands.{seat}":
            return own_visible
        if place == "turned":
            return turned_public
        if place.startswith("bids."):
            return bids_public or place == f"bids.{seat}"
        return False

    return error.for_viewer(sees, f"seat {seat}")


def _in_hand(i: int, e: RuleError) -> RuleError:
    return e.moved(f"hands[{i}]: {e.detail or e.title}", f"hands.{i}")


# --------------------------------------------------------------------- the game


class OhHellGame(Game):
    family = "ohhell"
    action_types = ("bid", "trump", "turn", "play")

    def __init__(self, id: str, name: str, summary: str, max_players: int, rulebook: RuleBook) -> None:
        self.id = id
        self.name = name
        self.summary = summary
        self.min_players = 3
        self.max_players = max_players
        self.rulebook = rulebook

    def start(self, rules: Rules, record: HandRecord) -> HandState:
        return start(rules, record)

    def deal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        n = rules["players"]
        sizes = schedule(rules)
        rnd = body.get("round", 1)
        if not is_int(rnd) or not 1 <= rnd <= len(sizes):
            raise InvalidRecord(
                Code.INVALID_ROUND,
                f"round {rnd!r}: the schedule has rounds 1 to {len(sizes)}",
                field="round",
                params={"round": scalar(rnd), "rounds": len(sizes)},
                case="schedule",
            )
        dealer = body.get("dealer")
        dealer = (rnd - 1) % n if dealer is None else read_seat(dealer, n, "dealer")
        seed = read_seed(body.get("seed"))
        hands, turned = deal_cards(rules, dealer, seed, rnd)
        record = HandRecord(dealer, hands, (), turned, (), rnd).to_json()
        echo = rules.echo()
        return {
            "rules": echo,
            "seed": seed,
            "hand": {"rules": {"profile": echo["profile"], **echo["options"]}, **record},
        }

    def for_seat(self, error: RuleError, rules: Rules, body: Mapping[str, Any], seat: int) -> RuleError:
        hand = body.get("hand", body)
        return _for_seat(error, rules, hand if isinstance(hand, Mapping) else {}, seat)

    def state(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        return build(rules, parse_record(body)).view(body.get("seat"))

    def play(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        record = parse_record(body.get("hand"))
        canonical = self._canonical
        return play_on(body, record, build(rules, record), rules["players"], canonical)

    def _canonical(self, action: Action) -> Action:
        return _canonical(action) if action.type in self.action_types else action

    def score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        if body.get("hand") is not None:
            st = build(rules, parse_record(body["hand"]))
            return st.result()
        if body.get("summary") is None:
            raise InvalidRecord(Code.INVALID_SUMMARY, "give 'hand' (a complete record) or 'summary'")
        s = read_summary(rules, body["summary"])
        return _score_json(rules, s.hand_size, s.bids, s.tricks)

    def trick_winner(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        n = rules["players"]
        trump = read_strain(body.get("trump"), "trump")
        leader, played = read_played(body, n, DECK)
        return winner_answer(rules, leader, played, winning_index_of(played, trump), 0, n)

    def trick_legal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        n = rules["players"]
        trump = read_strain(body.get("trump"), "trump")
        hand, trick = read_hand_and_trick(body, n, DECK, DECK_SIZE // n)
        return legal_answer(rules, hand, judge(hand, trick, suit_of(trump)), trick, suit_of(trump))

    def match_score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        n = rules["players"]
        sizes = schedule(rules)
        first = body.get("first_dealer")
        first = 0 if first is None else read_seat(first, n, "first_dealer")
        entries = body.get("hands")
        if not isinstance(entries, list):
            raise InvalidRecord(Code.INVALID_SUMMARY, "'hands' lists the hands so far", field="hands")
        totals = [0] * n
        blobs = [0] * n
        rounds: list[Json] = []
        for i, entry in enumerate(entries):
            try:
                scored = self._match_hand(rules, i, dealer_of(first, i, n), entry, sizes)
            except RuleError as e:
                raise _in_hand(i, e) from None
            bd = breakdown(rules["scoring"], scored.bids, scored.tricks)
            for line in bd:
                totals[line["seat"]] += line["score"]
                blobs[line["seat"]] += 0 if line["made"] else 1
            rounds.append(
                {
                    "round": i + 1,
                    "dealer": dealer_of(first, i, n),
                    "hand_size": scored.hand_size,
                    "trump": scored.trump,
                    "bids": list(scored.bids),
                    "tricks": list(scored.tricks),
                    "made": [line["made"] for line in bd],
                    "scores": [line["score"] for line in bd],
                    "totals": list(totals),
                }
            )
        finished = len(entries) == len(sizes)
        order, leader = ranking(rules["scoring"], totals, blobs)
        return {
            "rules": rules.echo(),
            "rounds": rounds,
            "totals": totals,
            "blobs": blobs,
            "finished": finished,
            "winner": leader if finished else None,
            "standings": order,
            "next_dealer": None if finished else dealer_of(first, len(entries), n),
            "next_round": None if finished else len(entries) + 1,
        }

    def _match_hand(
        self, rules: Rules, i: int, dealer: int, entry: object, sizes: Sequence[int]
    ) -> ScoredHand:
        rnd = i + 1
        if rnd > len(sizes):
            raise InvalidRecord(
                Code.INVALID_ROUND, f"the schedule has {len(sizes)} rounds; this is hand {rnd}"
            )
        if not isinstance(entry, Mapping) or (entry.get("hand") is None) == (entry.get("summary") is None):
            raise InvalidRecord(Code.INVALID_SUMMARY, "each hand is {'hand': record} or {'summary': summary}")
        if entry.get("summary") is not None:
            s = read_summary(rules, entry["summary"], rnd)
            if s.dealer is not None and s.dealer != dealer:
                raise InvalidRecord(
                    Code.WRONG_DEALER,
                    f"round {rnd} is dealt by seat {dealer}, the summary says seat {s.dealer}",
                    params={"dealer": dealer, "given": s.dealer},
                )
            return s
        record = parse_record(entry["hand"])
        if record.round is not None and record.round != rnd:
            raise InvalidRecord(
                Code.INVALID_ROUND, f"the record says round {record.round} but is hand {rnd} of the match"
            )
        if record.dealer != dealer:
            raise InvalidRecord(
                Code.WRONG_DEALER,
                f"round {rnd} is dealt by seat {dealer}, the record says seat {record.dealer}",
                params={"dealer": dealer, "given": record.dealer},
            )
        record = HandRecord(record.dealer, record.hands, record.actions, record.turned, record.stock, rnd)
        st = build(rules, record)
        if st.phase != COMPLETE:
            st.result()  # raises hand_incomplete
        return ScoredHand(rnd, dealer, st.table.hand_size, st.trump, tuple(st.seat_bids()), st.won)


def winning_index_of(played: Sequence[Card], trump: str) -> int:
    return winning_index(played, suit_of(trump))


BLOB_SUMMARY = (
    "Blob: call your tricks exactly; the highest caller names trumps or no trumps; 10 down to 1 and back up"
)
NOMINATION_SUMMARY = (
    "Nomination Whist: a turned card sets trumps; 10 + your bid if you make it exactly; "
    "7 down to 1 and back up"
)
OH_HELL_SUMMARY = (
    "Oh Hell: a turned card sets trumps; 1 point a trick plus 10 for an exact bid; the dealer may not make "
    "the bids total the hand size"
)

GAMES: tuple[Game, ...] = (
    OhHellGame("blob", "Blob", BLOB_SUMMARY, BLOB_MAX_PLAYERS, BLOB_BOOK),
    OhHellGame(
        "nomination-whist", "Nomination Whist", NOMINATION_SUMMARY, WHIST_MAX_PLAYERS, NOMINATION_BOOK
    ),
    OhHellGame("oh-hell", "Oh Hell", OH_HELL_SUMMARY, WHIST_MAX_PLAYERS, OH_HELL_BOOK),
)
