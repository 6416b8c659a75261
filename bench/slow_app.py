"""The product with one route added for the harness: `GET /_test/slow?seconds=S` sleeps S seconds
(at most 10) and answers `{"slept": S}`.

Requests that stay in flight for a known time are what a graceful shutdown or a killed worker is
judged by (tests/deploy/test_gunicorn.py, the fault phase of bench/load.py). gunicorn serves it as
`bench.slow_app:create_app()`, with deploy/gunicorn.conf.py like the real app; the product itself
has no such route.
"""

from __future__ import annotations

import json
import time

from flask import Flask, Response, request

from service import create_app as product

APP = "bench.slow_app:create_app()"
SLOW_ROUTE = "/_test/slow"
MAX_SECONDS = 10.0


def create_app() -> Flask:
    app = product()

    def slow() -> Response:
        seconds = min(max(request.args.get("seconds", 1.0, type=float), 0.0), MAX_SECONDS)
        time.sleep(seconds)
        return Response(json.dumps({"slept": seconds}), mimetype="application/json")

    app.add_url_rule(SLOW_ROUTE, "test_slow", slow, methods=["GET"])
    return app
