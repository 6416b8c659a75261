"""The ceiling: a bare Flask app doing the least a JSON endpoint can do (parse the body, answer).

bench/throughput.py serves it with the same gunicorn config as the real app and drives both with the same
requests in the same run, so real/ceiling is the share of the HTTP stack's best case that Trickref
keeps once it validates, replays the hand and serialises the answer.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request


def create_app() -> Flask:
    app = Flask("ceiling")

    @app.get("/healthz")
    def healthz() -> Any:
        return {"status": "ok"}

    @app.post("/<path:anything>")
    def echo_size(anything: str) -> Response | Any:
        body = request.get_json()
        return {"ok": True, "keys": len(body) if isinstance(body, dict) else 0}

    return app
