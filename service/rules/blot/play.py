"""The play as transitions of a `state.BlotState`: the hand once the trump is fixed, the duties, and
the combinations announced and shown.

`Playing` is a mixin of `BlotState` (whose `apply` plays a card on the hot path, with `playable`
below); `_start_play` fixes what the trump decides once (`table.Play`). The duties are the Belote
family's (`belote/duties.py`) with the rule book's options.
"""

from __future__ import annotations

from typing import Any, Self

from ..belote.duties import judge
from ..belote.table import COMPLETE, PLAY
from ..belote.trickplay import trick_winner
from ..cards import Card, suit_of
from ..errors import Code, IllegalAction, card_params, scalar
from ..record import Action
from .combinations import BLOT, RUN, Declaration, run_name, score_combinations
from .table import (
    BAZAR_FIELDS,
    CARD_OF,
    REDEAL,
    STRENGTHS_BY_STRAIN,
    VALUES_BY_STRAIN,
    Auction,
    Play,
    Position,
    Table,
    check_carried_fields,
)


class Playing(Position):
    """The play, as methods of the state."""

    __slots__ = ()

    def _dealt_out(self, taker: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """The hands the play starts from and the cards left undealt: the bazar deals all 32 before
        the auction (the duel deals on once the trump is taken)."""
        return self.hands, ()

    def _quartets(self) -> str | None:
        """The quartets' value table (`quartet_values`), or None where four of a kind never count."""
        return str(self.table.rules["quartet_values"])

    def _start_play(self, auction: Auction) -> Self:
        t = self.table
        c = auction.contract
        assert c is not None
        trump = suit_of(c.strain)
        hands, undealt = self._dealt_out(c.seat)
        values = VALUES_BY_STRAIN[c.strain]
        rules = t.rules
        quartets = self._quartets()
        combos = score_combinations(
            hands,
            trump,
            t.first,
            "rule-book" if quartets is None else quartets,
            rules["combination_ties"],
            quartets is not None,
        )
        play = Play(
            trump=trump,
            strength=STRENGTHS_BY_STRAIN[c.strain],
            values=values,
            duties=t.duties,
            locked=False,
            hands=hands,
            undealt=undealt,
            combinations=combos,
        )
        return self._opening(auction, hands, play)

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play (the hot path: no reasons; kept on the state)."""
        assert self.to_act is not None and self.play is not None
        return self.playable

    def _refuse_card(self, action: Action) -> IllegalAction:
        """Why a play may not be made: out of turn or phase, a play naming no card or carrying other
        fields, a card the seat does not hold, or one a duty forbids."""
        seat = action.seat
        if self.phase != PLAY or seat != self.to_act:
            return self._refuse_play(action)
        c = action.card
        if c is None or action.value is not None or action.strain is not None or action.capot:
            check_carried_fields(action, BAZAR_FIELDS["play"])
            return IllegalAction(Code.CARD_NOT_IN_HAND, f"seat {seat} plays no card: a play names its card")
        if c not in self.hands[seat]:  # about the seat's own hand: that seat may read it (`reveals`)
            return IllegalAction(
                Code.CARD_NOT_IN_HAND,
                f"seat {seat} does not hold {c}",
                reveals=(f"hands.{seat}",),
                params={"seat": seat, "card": c.text},
                case="held",
            )
        return self._illegal(c)

    def _refuse_play(self, action: Action) -> IllegalAction:
        if self.phase in (COMPLETE, REDEAL):
            return self._over(action)
        seat = action.seat
        n = self.table.players
        if type(seat) is not int or not 0 <= seat < n:
            return IllegalAction(
                Code.INVALID_SEAT,
                f"seat {seat!r} is not a seat of a {n}-player table",
                params={"seat": scalar(seat), "players": n},
                case="table",
            )
        if self.phase != PLAY:
            return self._wrong_phase(action)
        return IllegalAction(
            Code.NOT_YOUR_TURN,
            f"seat {seat} played but seat {self.to_act} is to play",
            params={"seat": seat, "to_act": self.to_act},
        )

    def partner_winning(self) -> bool:
        if self.table.players != 4 or not self.trick or self.to_act is None or self.play is None:
            return False
        w = (self.leader + trick_winner(self.trick, self.play.trump)) % 4
        return w == (self.to_act + 2) % 4

    def _illegal(self, c: Card) -> IllegalAction:
        assert self.to_act is not None and self.play is not None
        play = self.play
        verdict = judge(
            self.hands[self.to_act],
            self.trick,
            play.trump,
            self.table.duties,
            self.partner_winning(),
            play.strength,
        )
        code = verdict.reasons.get(c, Code.MUST_FOLLOW_SUIT)
        led = self.trick[0].suit.value
        why = {
            Code.MUST_FOLLOW_SUIT: f"follow the {led} led",
            Code.MUST_TRUMP: "void in the suit led, play a trump",
            Code.MUST_OVERTRUMP: "play a trump higher than the highest in the trick",
        }.get(code, "")
        trump = play.trump.value if play.trump is not None else None
        return IllegalAction(
            code,
            f"seat {self.to_act} may not play {c.text}: {why}",
            reveals=(f"hands.{self.to_act}",),
            params={"seat": self.to_act, **card_params(code, c.text, led, trump)},
        )

    def declarations(self) -> list[dict[str, Any]]:
        """The scoring side's combinations once the first trick is complete, as the rule book's table
        shows them; the blot once both its cards are played."""
        play = self.play
        if play is None or not self.tricks:
            return []
        n = self.table.players
        out = [d.to_json(n) for d in play.combinations.scoring]
        blot = play.combinations.blot_seat
        if blot is not None and play.trump is not None:
            king = CARD_OF[("K", play.trump)]
            queen = CARD_OF[("Q", play.trump)]
            held = self.hands[blot]
            if king not in held and queen not in held:
                out.append(Declaration(blot, BLOT, (king.text, queen.text), 20, (0, 0, 0, 0)).to_json(n))
        return out

    def announcements(self) -> list[dict[str, Any]]:
        """Each seat's combinations, kind and points without their cards, from the moment it plays its
        first card (rule book, How to play: "announced automatically with each player's first card"),
        in the order the seats played it; scoring or not, since who scores is known only once all
        have announced. The blot is not among them: it is shown when its two cards are played."""
        play = self.play
        if play is None:
            return []
        n = self.table.players
        first = self.tricks[0].leader if self.tricks else self.leader
        played = n if self.tricks else len(self.trick)
        out: list[dict[str, Any]] = []
        for i in range(played):
            seat = (first + i) % n
            team = seat % 2 if n == 4 else seat
            for d in play.combinations.declared[seat]:
                name = run_name(len(d.cards)) if d.kind == RUN else None
                out.append({"seat": seat, "team": team, "kind": d.kind, "name": name, "points": d.points})
        return out


def complete_duel(t: Table, taker: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The duel's deal completed once the trump is fixed: from the top of the stock, the non-dealer's
    cards first, then the dealer's; the taker gets the turned card and two, the other player three;
    the last eight stay undealt."""
    assert t.turned is not None
    stock = t.stock
    first = t.first
    hands: list[tuple[Card, ...]] = list(t.dealt)
    i = 0
    for seat in (first, 1 - first):
        if seat == taker:
            hands[seat] = (*hands[seat], t.turned, *stock[i : i + 2])
            i += 2
        else:
            hands[seat] = (*hands[seat], *stock[i : i + 3])
            i += 3
    return tuple(hands), stock[i:]
