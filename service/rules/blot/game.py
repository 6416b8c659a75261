"""Bazar Blot and the duel behind the generic `Game` interface.

This module only translates between the contract's JSON and the engine (`state`, `scoring`). Every
input that passed the wire schema either gets an answer or a `RuleError` with a code; a rule error in
a record's actions is pinned to the action's index.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from ..belote.cards import DECK_24, DECK_32
from ..belote.duties import BeloteDuties
from ..belote.game import BeloteGame
from ..cards import NO_TRUMP, Card, Suit
from ..errors import Code, IllegalAction, InvalidRecord, RuleError, scalar
from ..game import Game, Json
from ..parse import check_fields, first_field_fault, is_int, parse_record, read_seat, read_seed, read_strain
from ..play import play_on
from ..profile import RuleBook, Rules
from ..record import Action, HandRecord, dealer_of, replay_record
from .options import BAZAR_BOOK, DUEL_BOOK, MAX_BID, MIN_BID, capot_value
from .scoring import DEAL_POINTS, DOUBLES, NONE, TRICKS, Contract, Tally, bazar_score, duel_score
from .state import BlotState, initial_bazar, initial_duel, start_bazar, start_duel
from .summary import card_point_values, check_card_points, check_combinations, read_declarations
from .table import BAZAR, BAZAR_FIELDS, DUEL, DUEL_FIELDS, POINTS, duties

__all__ = ["GAMES", "BazarBlotGame", "BlotDuelGame", "deal_state"]


def _canonical(action: Action) -> Action:
    """The action as the record stores it: only the fields its type uses."""
    kind = action.type
    if kind == "play":
        return Action(action.seat, "play", card=action.card)
    if kind == "bid":
        if action.capot:
            return Action(action.seat, "bid", strain=action.strain, capot=True)
        return Action(action.seat, "bid", action.value, action.strain)
    if kind == "name":
        return Action(action.seat, "name", strain=action.strain)
    return Action(action.seat, kind)


def _bazar_hands(dealer: int, seed: int) -> tuple[tuple[Card, ...], ...]:
    pack = random.Random(seed).sample(DECK_32, 32)
    return tuple(tuple(pack[(s - dealer - 1) % 4 :: 4]) for s in range(4))


def deal_state(rules: Rules, dealer: int, seed: int) -> BlotState:
    """A fresh deal as an engine state (the benchmark's and the simulations' entry point)."""
    return VARIANTS[rules.game].deal_state(rules, dealer, seed)


def _in_hand(i: int, e: RuleError) -> RuleError:
    return e.moved(f"hands[{i}]: {e.detail or e.title}", f"hands.{i}")


def _combinations(summary: Mapping[str, Any]) -> tuple[int, int]:
    """The combination points by team; none when the summary leaves them out (as Baloot's projects)."""
    return (0, 0) if summary.get("combinations") is None else _pair(summary, "combinations")


def _pair(summary: Mapping[str, Any], key: str) -> tuple[int, int]:
    v = summary.get(key)
    if not isinstance(v, list) or len(v) != 2 or not all(is_int(x) and x >= 0 for x in v):
        raise InvalidRecord(
            Code.INVALID_SUMMARY,
            f"'{key}' needs two integers, one per team, none negative",
            field=f"summary.{key}",
        )
    return (v[0], v[1])


class BlotGame(BeloteGame):
    """What the bazar and the duel share; each subclass fixes its deck, seats and scoring."""

    family = "blot"
    players: int
    deck: tuple[Card, ...]
    fields: Mapping[str, frozenset[str]]
    all_dealt = True  # every card of the deck is dealt, so a deal's card points are all taken
    undealt_note = ""  # what a summary's card points total misses, in its message

    def __init__(self, rulebook: RuleBook) -> None:
        self.rulebook = rulebook
        self.action_types = tuple(self.fields)

    # --- records

    @abstractmethod
    def start(self, rules: Rules, record: HandRecord) -> BlotState: ...

    @abstractmethod
    def deal_cards(self, dealer: int, seed: int) -> HandRecord:
        """Shuffle with `seed` and deal from the dealer's left, as the variant deals."""

    @abstractmethod
    def deal_state(self, rules: Rules, dealer: int, seed: int) -> BlotState:
        """A fresh deal as an engine state, without a record in between."""

    def replay(self, rules: Rules, body: Mapping[str, Any]) -> tuple[HandRecord, BlotState]:
        """Validate a record and replay it; the first bad action raises, pinned to its index."""
        record = parse_record(body)
        raw = body.get("actions") or ()
        fault = first_field_fault(raw, self.fields)

        def check(i: int) -> None:
            if i == fault:  # the one action whose fields are refused: its error, at its turn
                check_fields(raw[i], self.fields)

        return record, replay_record(
            rules.hash, record, lambda: self.start(rules, record), None if fault is None else check
        )

    # --- operations

    def deal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        dealer = body.get("dealer")
        dealer = 0 if dealer is None else read_seat(dealer, self.players, "dealer")
        seed = read_seed(body.get("seed"))
        record = self.deal_cards(dealer, seed).to_json()
        echo = rules.echo()
        return {
            "rules": echo,
            "seed": seed,
            "hand": {"rules": {"profile": echo["profile"], **echo["options"]}, **record},
        }

    def state(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        _, st = self.replay(rules, body)
        return st.view(body.get("seat"))

    def play(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        hand = body.get("hand")
        if not isinstance(hand, Mapping):
            raise InvalidRecord(
                Code.WRONG_PLAYER_COUNT, "'hand' is the hand record", field="hand", case="record"
            )
        record, st = self.replay(rules, hand)
        fields = self.fields

        def canonical(action: Action) -> Action:
            return _canonical(action) if action.type in fields else action

        def check(raw: object, index: int) -> None:
            check_fields(raw, fields, index)
            # refused here as in a record (state.check_carried_fields), before the canonical form drops it
            if (
                isinstance(raw, Mapping)
                and raw.get("type") == "bid"
                and raw.get("capot") is True
                and raw.get("value") is not None
            ):
                why = "a capot bid carries no value: capot is the highest bid"
                raise IllegalAction(Code.ACTION_FIELD_NOT_ALLOWED, why, index, case="capot_value")

        return play_on(body, record, st, self.players, canonical, check)

    def score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        if body.get("hand") is not None:
            _, st = self.replay(rules, body["hand"])
            return st.result()
        if body.get("summary") is None:
            raise InvalidRecord(Code.INVALID_SUMMARY, "give 'hand' (a complete record) or 'summary'")
        return {"rules": rules.echo(), **self.score_tally(rules, self.read_summary(rules, body["summary"]))}

    @abstractmethod
    def score_tally(self, rules: Rules, tally: Tally) -> Json:
        """A deal's score from its tally."""

    def trick_points(self, trump: Suit | None) -> Mapping[Card, int]:
        return POINTS[trump]

    def trick_duties(self, rules: Rules) -> BeloteDuties:
        return duties(rules["undertrump"])

    # --- the match

    def match_score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        n = self.players
        first = body.get("first_dealer")
        first = 0 if first is None else read_seat(first, n, "first_dealer")
        entries = body.get("hands")
        if not isinstance(entries, list):
            raise InvalidRecord(Code.INVALID_SUMMARY, "'hands' lists the deals so far", field="hands")
        target = rules["target"]
        totals = [0, 0]
        deals: list[Json] = []
        finished = False
        winner: int | None = None
        for i, entry in enumerate(entries):
            dealer = dealer_of(first, i, n)
            try:
                if finished:
                    raise InvalidRecord(
                        Code.MATCH_OVER, f"the match ended with deal {i}: no deal can follow it"
                    )
                answer = self._match_deal(rules, entry, dealer)
            except RuleError as e:
                raise _in_hand(i, e) from None
            totals = [totals[0] + answer["scores"][0], totals[1] + answer["scores"][1]]
            ending = answer["match_ending"]
            if ending is not None:
                finished, winner = True, ending["winner"]
            elif max(totals) >= target and totals[0] != totals[1]:
                finished, winner = True, 0 if totals[0] > totals[1] else 1
            deals.append(
                {
                    "deal": i + 1,
                    "dealer": dealer,
                    "contract": answer["contract"],
                    "made": answer["made"],
                    "scores": answer["scores"],
                    "totals": list(totals),
                    "match_ending": ending,
                }
            )
        return {
            "rules": rules.echo(),
            "target": target,
            "deals": deals,
            "totals": totals,
            "finished": finished,
            "winner": winner,
            "next_dealer": None if finished else dealer_of(first, len(entries), n),
        }

    def _match_deal(self, rules: Rules, entry: object, dealer: int) -> Json:
        if not isinstance(entry, Mapping) or (entry.get("hand") is None) == (entry.get("summary") is None):
            raise InvalidRecord(Code.INVALID_SUMMARY, "each deal is {'hand': record} or {'summary': summary}")
        if entry.get("summary") is not None:
            return self.score_tally(rules, self.read_summary(rules, entry["summary"], dealer))
        record, st = self.replay(rules, entry["hand"])
        if record.dealer != dealer:
            raise InvalidRecord(
                Code.WRONG_DEALER,
                f"this deal is dealt by seat {dealer}, the record says seat {record.dealer}",
                params={"dealer": dealer, "given": record.dealer},
            )
        return st.result()

    # --- summaries

    def quartet_values(self, rules: Rules) -> str | None:
        """The table of four-of-a-kind values a summary's combinations are checked against (none:
        the variant's fixed values)."""
        return None

    def read_summary(self, rules: Rules, summary: object, dealer: int | None = None) -> Tally:
        """A scorepad summary checked against the rules and against what a deal can produce; its
        combinations as two totals or as each seat's declarations (`dealer`: the match's rotation)."""
        if not isinstance(summary, Mapping):
            raise InvalidRecord(
                Code.INVALID_SUMMARY, "a summary is an object: contract, card_points, tricks…"
            )
        contract = self._read_contract(rules, summary.get("contract"))
        cp = _pair(summary, "card_points")
        tricks = _pair(summary, "tricks")
        given = summary.get("dealer")
        if given is not None:
            given = read_seat(given, self.players, "summary.dealer")
            if dealer is not None and given != dealer:
                raise InvalidRecord(
                    Code.WRONG_DEALER,
                    f"this deal is dealt by seat {dealer}, the summary says seat {given}",
                    params={"dealer": dealer, "given": given},
                )
            dealer = given
        declared = summary.get("declarations")
        if summary.get("combinations") is not None and declared is not None:
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                "give the combinations as 'combinations' (the points each team scores) or as "
                "'declarations' (what each seat declared), not both",
                field="summary.combinations",
            )
        blot = summary.get("blot")
        if contract is None:
            some = bool(declared) if declared is not None else _combinations(summary) != (0, 0)
            if cp != (0, 0) or tricks != (0, 0) or blot is not None or some:
                raise InvalidRecord(
                    Code.INVALID_SUMMARY,
                    "a deal without a contract (four passes) is void: no points, tricks or combinations",
                    field="summary.contract",
                )
            return Tally(None, cp, tricks, (0, 0), None)
        if sum(tricks) != TRICKS:
            raise InvalidRecord(Code.INVALID_SUMMARY, "the tricks total 8", field="summary.tricks")
        total = sum(cp)
        if (self.all_dealt and total != DEAL_POINTS) or not LAST_MIN <= total <= DEAL_POINTS:
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                f"card points total {total}: a deal holds {DEAL_POINTS} with the last trick"
                + self.undealt_note,
                field="summary.card_points",
            )
        for team in (0, 1):
            if tricks[team] == 0 and cp[team] != 0:
                raise InvalidRecord(
                    Code.INVALID_SUMMARY,
                    f"team {team} took no trick but has {cp[team]} card points",
                    field="summary.card_points",
                )
        check_card_points(cp, tricks, card_point_values(contract.strain, self.players), self.players)
        table = self.quartet_values(rules)
        trump = contract.strain != NO_TRUMP
        if declared is not None:
            combos = read_declarations(
                declared, self.players, contract.strain, table, rules["combination_ties"], dealer
            )
        else:
            combos = _combinations(summary)
            check_combinations(combos, table, trump, self.players)
        if blot is not None:
            blot = read_seat(blot, 2, "summary.blot")
            if not trump:
                raise InvalidRecord(
                    Code.INVALID_SUMMARY,
                    "no trump has no blot (king and queen of trumps)",
                    field="summary.blot",
                )
        return Tally(contract, cp, tricks, combos, blot)

    def _read_contract(self, rules: Rules, data: object) -> Contract | None:
        if data is None:
            return self.no_contract()
        if not isinstance(data, Mapping):
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                "the contract is {seat, value, strain, capot, double}",
                field="summary.contract",
            )
        seat = read_seat(data.get("seat"), self.players, "summary.contract.seat")
        strain = read_strain(data.get("strain"), "summary.contract.strain")
        capot = data.get("capot", False)
        value = data.get("value")
        double = data.get("double", NONE)
        if not isinstance(capot, bool) or double not in DOUBLES:
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                "capot is true or false, double one of none, contra, recontra",
                field="summary.contract",
            )
        return self.contract(rules, seat, strain, value, capot, double)

    def no_contract(self) -> Contract | None:
        """A summary without a contract: a deal passed out (four passes)."""
        return None

    @abstractmethod
    def contract(
        self, rules: Rules, seat: int, strain: str, value: object, capot: bool, double: str
    ) -> Contract:
        """The summary's contract, checked against what the variant's calling can make."""


LAST_MIN = 10  # whoever takes the last trick has at least its 10


class BazarBlotGame(BlotGame):
    id = BAZAR
    name = "Bazar Blot"
    summary = (
        "Armenian Bazar Blot: two teams of two, 32 cards; the bazar auction in tens with contra, "
        "recontra and capot; combinations and the blot count toward the bid"
    )
    min_players = 4
    max_players = 4
    players = 4
    deck = DECK_32
    fields = BAZAR_FIELDS

    def start(self, rules: Rules, record: HandRecord) -> BlotState:
        return start_bazar(rules, record)

    def deal_cards(self, dealer: int, seed: int) -> HandRecord:
        """Eight cards each, one at a time."""
        return HandRecord(dealer, _bazar_hands(dealer, seed))

    def deal_state(self, rules: Rules, dealer: int, seed: int) -> BlotState:
        return initial_bazar(rules, dealer, _bazar_hands(dealer, seed))

    def score_tally(self, rules: Rules, tally: Tally) -> Json:
        return bazar_score(tally, capot_value(rules), rules["rounding"])

    def quartet_values(self, rules: Rules) -> str | None:
        return rules["quartet_values"]  # type: ignore[no-any-return]

    def contract(
        self, rules: Rules, seat: int, strain: str, value: object, capot: bool, double: str
    ) -> Contract:
        ceiling = rules["bid_ceiling"] or MAX_BID
        if capot:
            if value is not None:
                raise InvalidRecord(
                    Code.INVALID_SUMMARY, "a capot contract has no value", field="summary.contract.value"
                )
        elif type(value) is not int or not MIN_BID <= value <= ceiling:
            raise InvalidRecord(
                Code.BID_OUT_OF_RANGE,
                f"a contract of {value!r}: bids run from {MIN_BID} to {ceiling}",
                field="summary.contract.value",
                params={"value": scalar(value), "min": MIN_BID, "max": ceiling},
                case="range",
            )
        return Contract(seat, value, strain, capot, double)


class BlotDuelGame(BlotGame):
    id = DUEL
    name = "Blot duel"
    summary = (
        "The Armenian Blot duel: two players, 24 cards, five each and a turned card; take or name the "
        "trump, and the taker must score more than the other player"
    )
    min_players = 2
    max_players = 2
    players = 2
    deck = DECK_24
    fields = DUEL_FIELDS

    all_dealt = False
    undealt_note = " (in the duel, less the undealt cards)"

    def start(self, rules: Rules, record: HandRecord) -> BlotState:
        return start_duel(rules, record)

    def deal_cards(self, dealer: int, seed: int) -> HandRecord:
        """Five cards each, one at a time; the next card turned; the 13 left are the stock."""
        pack = random.Random(seed).sample(DECK_24, 24)
        hands = tuple(tuple(pack[(s - dealer - 1) % 2 : 10 : 2]) for s in range(2))
        return HandRecord(dealer, hands, (), pack[10], tuple(pack[11:]))

    def deal_state(self, rules: Rules, dealer: int, seed: int) -> BlotState:
        record = self.deal_cards(dealer, seed)
        assert record.turned is not None
        return initial_duel(rules, dealer, record.hands, record.turned, record.stock)

    def score_tally(self, rules: Rules, tally: Tally) -> Json:
        return duel_score(tally, rules["rounding"])

    def read_trump(self, value: object) -> str:
        trump = super().read_trump(value)
        if trump == NO_TRUMP:
            raise InvalidRecord(
                Code.INVALID_TRUMP, "the duel is always played with a trump suit", field="trump", case="duel"
            )
        return trump

    def no_contract(self) -> Contract | None:
        raise InvalidRecord(
            Code.INVALID_SUMMARY,
            "every duel has a taker: give its contract",
            field="summary.contract",
        )

    def contract(
        self, rules: Rules, seat: int, strain: str, value: object, capot: bool, double: str
    ) -> Contract:
        if strain == NO_TRUMP or value is not None or capot or double != NONE:
            raise InvalidRecord(
                Code.INVALID_SUMMARY,
                "a duel's contract is its taker and a trump suit: no value, capot or double",
                field="summary.contract",
            )
        return Contract(seat, None, strain)


VARIANTS: dict[str, BlotGame] = {
    game.id: game for game in (BazarBlotGame(BAZAR_BOOK), BlotDuelGame(DUEL_BOOK))
}
GAMES: tuple[Game, ...] = tuple(VARIANTS.values())
