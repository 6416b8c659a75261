"""Saudi Baloot behind the generic `Game` interface: the translation between the JSON and the engine.

`options` holds the rule options, `state` the hand state machine (its calling and doubling in
`calling`, its card play's rules in `cardplay`), `projects` the combinations, `scoring` the
arithmetic, `summary` the reading of a scorepad summary. Every input that passed the wire schema gets
an answer or a `RuleError` with a code (an action's with its index). docs/rules/baloot.md gives every
shape.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..belote.duties import BeloteDuties
from ..belote.game import BeloteGame
from ..cards import Card, Suit
from ..errors import Code, InvalidRecord, RuleError
from ..game import Game, Json
from ..parse import check_fields, first_field_fault, parse_record, read_seat, read_seed
from ..play import play_on
from ..profile import Rules
from ..record import Action, HandRecord, dealer_of
from .cardplay import DECK, POINTS, duties
from .options import FIXED, GAHWA_152, LEFT, MATCH_CAP, OVER_ANY, PLAYERS, RULEBOOK, TARGET
from .scoring import passed_score, score_summary
from .state import ACTION_TYPES, COMPLETE, FIELDS, REDEAL, HandState, build, initial, start
from .summary import read_summary

__all__ = ["GAMES", "BalootGame", "deal_state", "read_record"]

# --------------------------------------------------------------------- actions and records


# type -> the fields it uses besides seat and type (an unknown type is refused by the state)
_USES: dict[str, frozenset[str]] = {kind: frozenset(FIELDS.get(kind, ())) for kind in ACTION_TYPES}


def check_action_fields(data: object, index: int) -> None:
    check_fields(data, _USES, index)


def canonical(action: Action) -> Action:
    """The action as the record stores it: only the fields its type uses."""
    if action.type == "hokum":
        return Action(action.seat, "hokum", strain=action.strain)
    if action.type == "play":
        return Action(action.seat, "play", card=action.card)
    return Action(action.seat, action.type)


def read_record(data: object) -> HandRecord:
    """A hand record's JSON as values, every action's fields checked first."""
    if isinstance(data, Mapping):  # one pass finds the first refused action, if any (every
        actions = data.get("actions")  # request reads its whole record)
        fault = first_field_fault(actions, _USES)
        if fault is not None:
            check_action_fields(actions[fault], fault)  # type: ignore[index]
    return parse_record(data)


def deal_cards(dealer: int, seed: int) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """Shuffle with `seed`; from the dealer's right, three cards a seat then two; turn the 21st card;
    the other eleven are the stock, in the order the deal will complete from it."""
    pack = random.Random(seed).sample(DECK, len(DECK))
    first = (dealer + 1) % PLAYERS
    hands = []
    for seat in range(PLAYERS):
        k = (seat - first) % PLAYERS
        hands.append(tuple(pack[3 * k : 3 * k + 3] + pack[12 + 2 * k : 14 + 2 * k]))
    return tuple(hands), pack[20], tuple(pack[21:])


def deal_state(rules: Rules, dealer: int, seed: int) -> HandState:
    """A fresh hand as an engine state (the benchmark's and the simulations' entry point)."""
    hands, turned, stock = deal_cards(dealer, seed)
    return initial(rules, dealer, hands, turned, stock)


# --------------------------------------------------------------------- summaries


def score_of_summary(rules: Rules, summary: object, dealer: int | None = None) -> Json:
    """A scorepad summary's score (without `rules`); with declarations, the projects as from a record."""
    s, declared, team = read_summary(rules, summary, dealer)
    if s is None:
        return {**passed_score(), "summary": None}
    out = {**score_summary(rules.values, s), "summary": s.to_json()}
    if declared is not None:
        out["projects"] = [
            {
                "seat": p.seat,
                "name": p.name,
                "points": p.points,
                "cards": [c.text for c in p.cards] if p.cards else None,
                "counts": p.team == team and s.projects[p.team] > 0,
            }
            for p in declared
        ]
    return out


def _in_hand(i: int, e: RuleError) -> RuleError:
    return e.moved(f"hands[{i}]: {e.detail or e.title}", f"hands.{i}")


# --------------------------------------------------------------------- the game


class BalootGame(BeloteGame):
    id = "baloot"
    family = "baloot"
    name = "Baloot"
    summary = (
        "Saudi Baloot: four players in two teams, Hokum or Sun, doubling up to gahwa, projects, first "
        "to 152 wins"
    )
    min_players = PLAYERS
    max_players = PLAYERS
    players = PLAYERS
    deck = DECK
    action_types = ACTION_TYPES
    rulebook = RULEBOOK

    def start(self, rules: Rules, record: HandRecord) -> HandState:
        return start(rules, record)

    def deal(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        dealer = body.get("dealer")
        dealer = 0 if dealer is None else read_seat(dealer, PLAYERS, "dealer")
        seed = read_seed(body.get("seed"))
        hands, turned, stock = deal_cards(dealer, seed)
        record = HandRecord(dealer, hands, (), turned, stock).to_json()
        echo = rules.echo()
        return {
            "rules": echo,
            "seed": seed,
            "hand": {"rules": {"profile": echo["profile"], **echo["options"]}, **record},
        }

    def state(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        st = build(rules, read_record(body))
        return st.view(body.get("seat"))

    def play(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        record = read_record(body.get("hand"))

        def stored(action: Action) -> Action:
            return canonical(action) if action.type in ACTION_TYPES else action

        return play_on(body, record, build(rules, record), PLAYERS, stored, check_action_fields)

    def score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        if body.get("hand") is not None:
            return build(rules, read_record(body["hand"])).result()
        if body.get("summary") is None:
            raise InvalidRecord(Code.INVALID_SUMMARY, "give 'hand' (a complete record) or 'summary'")
        return {"rules": rules.echo(), **score_of_summary(rules, body["summary"])}

    def trick_points(self, trump: Suit | None) -> Mapping[Card, int]:
        return POINTS[trump]

    def trick_duties(self, rules: Rules) -> BeloteDuties:
        return duties(rules["trump_lead"] == OVER_ANY)

    def match_score(self, rules: Rules, body: Mapping[str, Any]) -> Json:
        first = body.get("first_dealer")
        first = 0 if first is None else read_seat(first, PLAYERS, "first_dealer")
        entries = body.get("hands")
        if not isinstance(entries, list):
            raise InvalidRecord(Code.INVALID_SUMMARY, "'hands' lists the hands so far", field="hands")
        step = -1 if rules["deal_rotation"] == LEFT else 1
        totals = [0, 0]
        deals: list[Json] = []
        played = 0  # hands called and scored (a deal passed out is not a hand of a fixed-length match)
        finished = False
        winner: int | None = None
        for i, entry in enumerate(entries):
            dealer = dealer_of(first, i, PLAYERS, step)
            if finished:
                raise _in_hand(i, InvalidRecord(Code.MATCH_OVER, "the match was decided by an earlier hand"))
            try:
                scored = self._match_hand(rules, dealer, entry)
            except RuleError as e:
                raise _in_hand(i, e) from None
            for t in (0, 1):
                totals[t] += scored["scores"][t]
            if scored["contract"] is not None:
                played += 1
            deals.append(
                {
                    "deal": i + 1,
                    "dealer": dealer,
                    "contract": scored["contract"],
                    "passed": scored["contract"] is None,
                    "made": scored["made"],
                    "kaboot": scored["kaboot"],
                    "scores": scored["scores"],
                    "totals": list(totals),
                    "summary": scored["summary"],
                }
            )
            gahwa = scored.get("gahwa")
            if gahwa is not None and rules["gahwa"] != GAHWA_152:
                finished, winner = True, gahwa["team"]
                continue
            level = totals[0] == totals[1]
            if rules["match"] == FIXED:
                done = played >= rules["match_hands"] and not level
            else:
                done = max(totals) >= TARGET and not level
            if done:
                finished, winner = True, 0 if totals[0] > totals[1] else 1
            elif i + 1 >= MATCH_CAP:
                finished, winner = True, None if level else (0 if totals[0] > totals[1] else 1)
        return {
            "rules": rules.echo(),
            "deals": deals,
            "totals": totals,
            "finished": finished,
            "winner": winner,
            "next_dealer": None if finished else dealer_of(first, len(entries), PLAYERS, step),
        }

    def _match_hand(self, rules: Rules, dealer: int, entry: object) -> Json:
        if not isinstance(entry, Mapping) or ("hand" in entry) == ("summary" in entry):
            raise InvalidRecord(Code.INVALID_SUMMARY, "each hand is {'hand': record} or {'summary': summary}")
        if "summary" in entry:
            summary = entry["summary"]
            if isinstance(summary, Mapping) and summary.get("dealer") is not None:
                given = read_seat(summary["dealer"], PLAYERS, "summary.dealer")
                if given != dealer:
                    raise InvalidRecord(
                        Code.WRONG_DEALER,
                        f"this deal is dealt by seat {dealer}, the summary says seat {given}",
                        params={"dealer": dealer, "given": given},
                    )
            return score_of_summary(rules, summary, dealer)
        record = read_record(entry["hand"])
        if record.dealer != dealer:
            raise InvalidRecord(
                Code.WRONG_DEALER,
                f"this deal is dealt by seat {dealer}, the record says seat {record.dealer}",
                params={"dealer": dealer, "given": record.dealer},
            )
        st = build(rules, record)
        if st.phase not in (COMPLETE, REDEAL):
            st.result()  # raises hand_incomplete
        return st.result()


GAMES: tuple[Game, ...] = (BalootGame(),)
