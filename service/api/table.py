"""The reference table (`/table`): a static page that plays every game on the public API alone.

It is a client of the service like any other (docs/table.md): plain ES modules, a stylesheet and
the page's own few UI strings, served from `service/static/table/` with no build step. It is not
part of the API contract (like `/docs`), so its routes sit outside every blueprint: the API's
Accept check (406 for a client that wants no JSON) does not apply to an HTML page.

Only the files that exist when the app starts are served (a fixed allowlist, no path from the
request reaches the file system), each with a Content-Security-Policy that allows nothing but this
origin: no inline script or style, no third party, no frame.
"""

from __future__ import annotations

from importlib import resources
from pathlib import PurePosixPath

from flask import Flask, Response, abort

ROOT = resources.files("service") / "static" / "table"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json"}
TABLE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


# The page's icon (a card with a spade), drawn here so that no binary file is shipped: the page
# links it, and /favicon.ico answers it too (browsers ask for it on pages that link none).
ICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    b'<rect x="5" y="2" width="22" height="28" rx="3" fill="#fffdf7" stroke="#1f5f3a" stroke-width="2"/>'
    b'<path d="M16 7c-4 5-8 7-8 11a4 4 0 0 0 7 2l-1 5h4l-1-5a4 4 0 0 0 7-2c0-4-4-6-8-11z" fill="#1b1b1b"/>'
    b"</svg>"
)


def _files() -> dict[str, bytes]:
    """Every asset of the page, by its path under /table/, read once."""
    found: dict[str, bytes] = {}
    pending = [(ROOT, PurePosixPath())]
    while pending:
        directory, prefix = pending.pop()
        for entry in directory.iterdir():
            name = prefix / entry.name
            if entry.is_dir():
                pending.append((entry, name))
            elif PurePosixPath(entry.name).suffix in TYPES:
                found[str(name)] = entry.read_bytes()
    return found


def init_app(app: Flask) -> None:
    files = _files()

    def page(name: str) -> Response:
        body = files.get(name)
        if body is None:
            abort(404)
        response = Response(body, mimetype=TYPES[PurePosixPath(name).suffix])
        response.headers["Content-Security-Policy"] = TABLE_CSP
        response.headers["Cache-Control"] = "no-cache"  # they change with a deploy
        return response

    def icon() -> Response:
        response = Response(ICON, mimetype="image/svg+xml")
        response.headers["Content-Security-Policy"] = TABLE_CSP
        response.headers["Cache-Control"] = "max-age=86400"
        return response

    app.add_url_rule("/table/icon.svg", "table_icon", icon, methods=["GET"])
    app.add_url_rule("/favicon.ico", "favicon", icon, methods=["GET"])
    app.add_url_rule("/table", "table_page", lambda: page("index.html"), methods=["GET"])

    # a relative Location, never built from the request's Host, and no HTML body
    def slash() -> Response:
        return Response(status=308, headers={"Location": "/table"})

    app.add_url_rule("/table/", "table_slash", slash, methods=["GET"])
    app.add_url_rule("/table/<path:name>", "table_asset", page, methods=["GET"])
