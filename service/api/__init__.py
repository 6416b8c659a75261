"""The HTTP layer: thin, generic over games; one blueprint per resource."""

from __future__ import annotations

from . import games, hands, matches, ops, tricks
from .smorest import Api

BLUEPRINTS = (games.blp, hands.blp, tricks.blp, matches.blp, ops.blp)


def register(api: Api) -> None:
    for blp in BLUEPRINTS:
        api.register_blueprint(blp)
