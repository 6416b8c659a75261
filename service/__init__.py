"""Trickref: a stateless referee for trick-taking card games.

`create_app()` is the only factory (gunicorn "service:create_app()").
"""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("trickref")
except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    __version__ = "0.0.0"

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(overrides: Any = None) -> Flask:
    """Build the app (imported lazily so that the rules core and the schemas import on their own)."""
    from .api.app import create_app as factory

    return factory(overrides)


__all__ = ["__version__", "create_app"]
