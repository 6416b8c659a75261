"""Response headers every answer carries, and docs pages that need no CDN script.

The front (service/api/front.py `finish`) gives every answer these, whoever wrote it:

- Every response: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and a
  `Cache-Control` that fits it: `no-store` for the API, the probes, metrics and errors (every
  answer is computed from the request; nothing is worth keeping in a shared cache), `no-cache` for
  the contract and the docs pages (they change with a deploy), a day for the versioned docs assets.
- Content-Security-Policy: `default-src 'none'; frame-ancestors 'none'` on everything but the two
  docs pages, which get a policy listing exactly what they load.
- `/docs` (Swagger UI) is served from the `flask-swagger-ui` package's copy of swagger-ui-dist,
  under `/docs/assets/`, with no inline script (so its CSP needs no 'unsafe-inline' script). There
  is no `/redoc`: it loaded ReDoc from a CDN (no Python package ships ReDoc without Django), and a
  page of the service must not depend on a third party's script.
- Language (docs/languages.md): every answer says the language it was written in,
  `Content-Language`, negotiated from `Accept-Language` (service/api/i18n.py), and `Vary:
  Accept-Language` (merged with any other `Vary`), so no cache hands an Arabic problem to a
  Russian client. The docs pages, the spec and their assets exist in English only and do not
  depend on the header: they say `Content-Language: en` and do not vary.
- CORS (when `TRICKREF_CORS_ORIGINS` lists origins): no `Access-Control-Allow-Origin` goes out
  unless the request's `Origin` is listed, and every answer on a CORS path says `Vary: Origin` (it
  depends on the Origin whether or not the request had one), so no cache hands one origin's answer
  to another.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from flask import Flask, Response, send_file, url_for

SWAGGER_UI_ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png")
API_CSP = "default-src 'none'; frame-ancestors 'none'"
# The headers of every API answer (JSON, no caching), given when the answer is built
# (service/api/dispatch.py, the catalog and the probes): the front's `finish` then has nothing to
# add to them but the request's id and language.
API_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", API_CSP),
    ("Cache-Control", "no-store"),
    ("Vary", "Accept-Language"),  # Content-Language is the request's: `finish` adds it
)
# Accept headers that certainly admit JSON, as clients send them: decided without parsing
# (the front's 406 check, service/api/front.py)
ACCEPT_ANY = frozenset({"", "*/*", "application/json", "application/json, */*", "application/*"})
_DOCS_COMMON = (
    "default-src 'none'; connect-src 'self'; img-src 'self' data:; font-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SWAGGER_UI_CSP = f"{_DOCS_COMMON}; script-src 'self'"
ASSET_MAX_AGE = 86400

SWAGGER_UI_ENDPOINT = "api-docs.openapi_swagger_ui"
SPEC_ENDPOINT = "api-docs.openapi_json"
ENGLISH_ONLY = frozenset((SWAGGER_UI_ENDPOINT, SPEC_ENDPOINT, "docs_asset"))  # no Accept-Language

DOCS_JS = """\
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({ url: root.dataset.specUrl, dom_id: "#swagger-ui", deepLinking: true });
});
"""

SWAGGER_PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title}</title>
  <link rel="icon" type="image/png" href="{assets}favicon-32x32.png">
  <link rel="stylesheet" href="{assets}swagger-ui.css">
</head>
<body>
  <div id="swagger-ui" data-spec-url="{spec}"></div>
  <script src="{assets}swagger-ui-bundle.js"></script>
  <script src="{assets}trickref-docs.js"></script>
</body>
</html>
"""


def swagger_ui_dist() -> Any:
    """The swagger-ui-dist files shipped inside the flask-swagger-ui package."""
    return resources.files("flask_swagger_ui") / "dist"


def _html(text: str, csp: str) -> Response:
    response = Response(text, mimetype="text/html")
    response.headers["Content-Security-Policy"] = csp
    return response


def _swagger_page() -> Response:
    page = SWAGGER_PAGE.format(
        title="Trickref API", assets=url_for("docs_asset", name=""), spec=url_for(SPEC_ENDPOINT)
    )
    return _html(page, SWAGGER_UI_CSP)


def _docs_asset(name: str) -> Response:
    if name == "trickref-docs.js":
        response = Response(DOCS_JS, mimetype="text/javascript")
    elif name in SWAGGER_UI_ASSETS:
        path = swagger_ui_dist() / name
        response = send_file(path.open("rb"), download_name=name, max_age=ASSET_MAX_AGE)  # type: ignore[arg-type]
    else:
        from flask import abort

        abort(404)
    response.headers["Cache-Control"] = f"public, max-age={ASSET_MAX_AGE}"
    return response


def init_app(app: Flask) -> None:
    if app.config.get("OPENAPI_SWAGGER_UI_PATH") and SWAGGER_UI_ENDPOINT in app.view_functions:
        app.view_functions[SWAGGER_UI_ENDPOINT] = _swagger_page
        app.add_url_rule("/docs/assets/<name>", "docs_asset", _docs_asset, methods=["GET"])
