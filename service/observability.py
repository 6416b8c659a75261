"""Request ids, structured logs, metrics and CORS (filled in by the production-readiness work)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Wire observability into the app; a no-op until issue 4 lands."""
