"""A seat's view as the bots read it: parsed once from what `view(seat)` answers, typed per family.

The wire format (JSON keys, cards as text) stops here: `suggest` parses the view it is given into
`OhHellView` or `BeloteView`, and everything below reads typed fields. The view as received stays
beside it (`json`) for the one comparison made at the wire's level: an imagined deal is kept only
if the engine's view of it for the seat is the view given (`deals.world`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Card, card
from ..rules.record import Action

Json = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Played:
    """A card played to a trick, and its seat."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Declared:
    """A combination announced or shown: its seat, its kind or name, its points, and its cards when
    the view shows them."""

    seat: int
    kind: str | None
    name: str | None
    points: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """What every family's view holds."""

    json: Json = field(repr=False, compare=False)
    seat: int
    phase: str
    dealer: int
    players: int
    mine: tuple[Card, ...] | None  # the seat's own hand (None: hidden from it, a blind round)
    hand_counts: tuple[int, ...]
    tricks: tuple[tuple[Played, ...], ...]  # the tricks complete
    current: tuple[Played, ...]  # the trick being played (empty between tricks)
    declarations: tuple[Declared, ...] = ()

    def every_trick(self) -> tuple[tuple[Played, ...], ...]:
        """The tricks complete, and the current one last if begun."""
        return (*self.tricks, self.current) if self.current else self.tricks

    def plays(self) -> list[Played]:
        """Every card played so far, in order."""
        return [p for t in self.every_trick() for p in t]

    def actions(self) -> int:
        """The calls and cards the view holds (what an imagined deal replays)."""
        return sum(len(t) for t in self.every_trick())

    def held(self) -> int:
        """The cards a seat holds once the deal is complete, where the view says (0: it does not)."""
        return 0


@dataclass(frozen=True, kw_only=True)
class Bid:
    """An Oh Hell family call; `value` None where the view hides it."""

    seat: int
    value: int | None


@dataclass(frozen=True, kw_only=True)
class OhHellView(SeatView):
    hand_size: int
    round: int | None
    trump: str | None  # the strain, once known
    turned: Card | None
    bids: tuple[Bid, ...]

    def actions(self) -> int:
        return len(self.bids) + super().actions()

    def held(self) -> int:
        return self.hand_size if self.hand_size > 0 else 0


@dataclass(frozen=True, kw_only=True)
class Contract:
    """The Belote family's contract as the view shows it."""

    seat: int
    strain: str  # S, H, D, C or NT
    mode: str | None  # Baloot's hokum or sun


@dataclass(frozen=True, kw_only=True)
class BeloteView(SeatView):
    calls: tuple[Action, ...]
    contract: Contract | None
    turned: Card | None
    stock_count: int
    # the combinations announced with a seat's first card (Bazar Blot and the duel); None where the
    # game's view has none (Baloot)
    announcements: tuple[Declared, ...] | None

    def actions(self) -> int:
        return len(self.calls) + super().actions()


def _trick(trick: Json | None) -> tuple[Played, ...]:
    return tuple(Played(p["seat"], card(p["card"])) for p in trick["cards"]) if trick else ()


def _declared(items: Sequence[Json] | None) -> tuple[Declared, ...]:
    out = []
    for d in items or ():
        cs = d.get("cards")
        out.append(
            Declared(
                d["seat"],
                d.get("kind"),
                d.get("name"),
                d["points"],
                tuple(card(c) for c in cs) if isinstance(cs, list) else None,
            )
        )
    return tuple(out)


def _common(view: Json, seat: int) -> dict[str, Any]:
    own = view["hands"][seat]
    return {
        "json": view,
        "seat": seat,
        "phase": view["phase"],
        "dealer": view["dealer"],
        "players": view["players"],
        "mine": tuple(card(c) for c in own) if own is not None else None,
        "hand_counts": tuple(view["hand_counts"]),
        "tricks": tuple(_trick(t) for t in view.get("tricks") or ()),
        "current": _trick(view.get("current_trick")),
        "declarations": _declared(view.get("declarations")),
    }


def _card(text: str | None) -> Card | None:
    return card(text) if text is not None else None


def ohhell_view(view: Json, seat: int) -> OhHellView:
    return OhHellView(
        **_common(view, seat),
        hand_size=view["hand_size"],
        round=view.get("round"),
        trump=view.get("trump"),
        turned=_card(view.get("turned")),
        bids=tuple(Bid(seat=b["seat"], value=b.get("value")) for b in view.get("bids") or ()),
    )


def belote_view(view: Json, seat: int) -> BeloteView:
    c = view.get("contract")
    return BeloteView(
        **_common(view, seat),
        calls=tuple(Action.from_json(b) for b in view.get("bids") or ()),
        contract=Contract(seat=c["seat"], strain=c["strain"], mode=c.get("mode")) if c else None,
        turned=_card(view.get("turned")),
        stock_count=int(view.get("stock_count") or 0),
        announcements=_declared(view["announcements"]) if "announcements" in view else None,
    )
