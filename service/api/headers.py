"""Response headers every answer carries, CORS kept honest, and docs pages that need no CDN script.

- Every response: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and a
  `Cache-Control` that fits it: `no-store` for the API, the probes, metrics and errors (every
  answer is computed from the request; nothing is worth keeping in a shared cache), `no-cache` for
  the contract and the docs pages (they change with a deploy), a day for the versioned docs assets.
- Content-Security-Policy: `default-src 'none'; frame-ancestors 'none'` on everything but the two
  docs pages, which get a policy listing exactly what they load.
- `/docs` (Swagger UI) is served from the `flask-swagger-ui` package's copy of swagger-ui-dist,
  under `/docs/assets/`, with no inline script (so its CSP needs no 'unsafe-inline' script). There
  is no `/redoc`: it loaded ReDoc from a CDN (no Python package ships ReDoc without Django), and a
  page of the service must not depend on a third party's script (issue 17.11).
- Language (docs/languages.md): every answer says the language it was written in,
  `Content-Language`, negotiated from `Accept-Language` (service/api/i18n.py), and `Vary:
  Accept-Language` (merged with any other `Vary`), so no cache hands an Arabic problem to a
  Russian client. The docs pages, the spec and their assets exist in English only and do not
  depend on the header: they say `Content-Language: en` and do not vary.
- CORS (when `TRICKREF_CORS_ORIGINS` lists origins): flask-cors answers, and this module makes
  sure that no `Access-Control-Allow-Origin` goes out unless the request's `Origin` is listed, and
  that every answer on a CORS path says `Vary: Origin` (it depends on the Origin whether or not the
  request had one), so no cache hands one origin's answer to another.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from flask import Flask, Response, request, send_file, url_for

from . import i18n

SWAGGER_UI_ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png")
API_CSP = "default-src 'none'; frame-ancestors 'none'"
# The headers of every API answer (JSON, no caching), given when the answer is built
# (service/api/dispatch.json_response): `finish` then has nothing to add to the hot path's answers.
API_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", API_CSP),
    ("Cache-Control", "no-store"),
    ("Vary", "Accept-Language"),  # Content-Language is the request's: `finish` adds it
)
# Accept headers that certainly admit JSON, as clients send them: decided without parsing
# (service/api/__init__.py's 406 check and the express lane)
ACCEPT_ANY = frozenset({"", "*/*", "application/json", "application/json, */*", "application/*"})
SECURED = "trickref_secured"  # the attribute that marks a response built with API_HEADERS
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


def _cors_paths(app: Flask) -> re.Pattern[str]:
    from .observability import CORS_RESOURCES

    return re.compile("|".join(p.replace("*", ".*") for p in CORS_RESOURCES))


def init_app(app: Flask) -> None:
    if app.config.get("OPENAPI_SWAGGER_UI_PATH") and SWAGGER_UI_ENDPOINT in app.view_functions:
        app.view_functions[SWAGGER_UI_ENDPOINT] = _swagger_page
        app.add_url_rule("/docs/assets/<name>", "docs_asset", _docs_asset, methods=["GET"])

    origins = frozenset(app.config.get("TRICKREF_CORS_ORIGINS") or ())
    cors_paths = _cors_paths(app)

    def finish(response: Response) -> Response:
        headers = response.headers
        secured = getattr(response, SECURED, False)
        if secured:  # an API answer: its Vary is set, the language is the request's
            headers["Content-Language"] = i18n.negotiate(request.headers.get("Accept-Language"))
        elif request.endpoint in ENGLISH_ONLY and response.status_code < 400:
            headers["Content-Language"] = i18n.DEFAULT
        else:
            headers["Content-Language"] = i18n.negotiate(request.headers.get("Accept-Language"))
            response.vary.add("Accept-Language")
        if not secured:  # an API answer has them from its start
            headers.setdefault("X-Content-Type-Options", "nosniff")
            headers.setdefault("Referrer-Policy", "no-referrer")
            headers.setdefault("Content-Security-Policy", API_CSP)
            if "Cache-Control" not in headers:
                docs = request.endpoint in (SWAGGER_UI_ENDPOINT, SPEC_ENDPOINT)
                fresh = response.status_code in (200, 304)
                headers["Cache-Control"] = "no-cache" if docs and fresh else "no-store"
        if origins and cors_paths.fullmatch(request.path):
            if request.headers.get("Origin") not in origins:
                for name in [k for k, _ in headers.items() if k.lower().startswith("access-control-")]:
                    del headers[name]
            response.vary.add("Origin")
        return response

    # after_request functions run last-registered first: this one goes first in the list so it runs
    # after every other (flask-cors's included) and sees the final headers.
    app.after_request_funcs.setdefault(None, []).insert(0, finish)
