"""flask-smorest, subclassed once: problem+json everywhere, in the responses and in the spec."""

from __future__ import annotations

import copy
import gzip
import hashlib
import http
import threading
from dataclasses import dataclass
from typing import Any

import flask
import flask_smorest
from marshmallow import Schema

from schemas import spec as contract_spec
from schemas.problem import ProblemSchema

from . import errors, i18n, replay_cache
from .headers import SPEC_ENDPOINT

PROBLEM = errors.PROBLEM_MIMETYPE
REQUEST_ID = {
    "description": "The request's id: a client's `X-Request-ID` of 1 to 128 characters from "
    "[A-Za-z0-9._-] is echoed; any other value is replaced with a fresh id.",
    "schema": {"type": "string"},
}
_HELD = ", ".join(f"`{lang}`" for lang in i18n.LANGUAGES)
ACCEPT_LANGUAGE = {
    "description": f"The languages the client prefers, with quality values (RFC 9110). Held: {_HELD}; "
    "a region picks its language (`ar-SA` is `ar`), and anything else is English. It decides the "
    "language of every text an answer carries: a problem's `title` and `detail`, an illegal card's "
    "`reason`, the catalog's descriptions and the glossary (docs/languages.md).",
    "schema": {"type": "string"},
}
TABLE_KEY = {
    "description": "Optional: a secret the front end picks for one table (16 to 64 characters from "
    "[A-Za-z0-9_-], e.g. 128 random bits in base64url) and sends with every request of that table. "
    "The service then keeps the hand it replayed, under a keyed hash of the record, so that the "
    "table's next request (the same record, or one action more) replays one step instead of the "
    "whole hand. Only requests with the same key can find what it kept, so a client without it "
    "learns nothing from how fast it is answered; give each table its own key and never show it to "
    "players. It never changes an answer; without it nothing is kept, and a malformed one is refused "
    "(422 `validation_failed`, so a front end learns its key is wrong rather than losing the cache).",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
}
# the operations that replay a hand record (service/api/replay_cache.py): where the table key helps
REPLAYING = ("/hands/state", "/hands/play", "/hands/score", "/matches/score", "/hands/suggest")
CONTENT_LANGUAGE = {
    "description": f"The language the answer was written in: one of {_HELD}, as negotiated from "
    "`Accept-Language` (the answer also says `Vary: Accept-Language`).",
    "schema": {"type": "string"},
}


def contract(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec as flask-smorest builds it, plus what applies to the whole of it: errors as
    problem+json, the `X-Request-ID` header, accepted on every request and returned on every
    response, the language (`Accept-Language` on every request, `Content-Language` on every
    response), the table key on the operations that replay a hand, and the requests that extend
    another written as such (schemas/spec.py `compose`)."""
    spec = copy.deepcopy(spec)  # apispec hands out its own dicts
    components = spec.setdefault("components", {})
    contract_spec.compose(spec)
    for response in components.get("responses", {}).values():
        content = response.get("content")
        if content and "application/json" in content:  # flask-smorest's error responses
            response["content"] = {PROBLEM: content["application/json"]}
    _drop_unused(components)
    components.setdefault("parameters", {})["RequestId"] = {
        "in": "header",
        "name": "X-Request-ID",
        **REQUEST_ID,
    }
    components["parameters"]["AcceptLanguage"] = {
        "in": "header",
        "name": "Accept-Language",
        **ACCEPT_LANGUAGE,
    }
    components["parameters"]["TableKey"] = {"in": "header", "name": replay_cache.HEADER, **TABLE_KEY}
    components.setdefault("headers", {})["RequestId"] = REQUEST_ID
    components["headers"]["ContentLanguage"] = CONTENT_LANGUAGE
    header = {
        "X-Request-ID": {"$ref": "#/components/headers/RequestId"},
        "Content-Language": {"$ref": "#/components/headers/ContentLanguage"},
    }
    for response in components.get("responses", {}).values():
        response["headers"] = header
    for path, item in spec.get("paths", {}).items():
        for op in item.values():
            op.setdefault("parameters", []).extend(
                (
                    {"$ref": "#/components/parameters/RequestId"},
                    {"$ref": "#/components/parameters/AcceptLanguage"},
                )
            )
            if path.endswith(REPLAYING):
                op["parameters"].append({"$ref": "#/components/parameters/TableKey"})
            for response in op["responses"].values():
                if "$ref" not in response:
                    response["headers"] = header
    return spec


# What flask-smorest registers for features no operation uses (ETags, pagination): left out.
_UNUSED = {
    "headers": ("ETAG", "PAGINATION"),
    "parameters": ("IF_NONE_MATCH", "IF_MATCH"),
    "schemas": ("PaginationMetadata",),
}


def _drop_unused(components: dict[str, Any]) -> None:
    for kind, names in _UNUSED.items():
        section = components.get(kind, {})
        for name in names:
            section.pop(name, None)
        if kind in components and not section:
            del components[kind]


@dataclass(frozen=True)
class SpecDocument:
    """`/openapi.json` built once: the JSON, its gzip and an ETag for each.

    Building the spec costs about 60 ms of CPU (832 KB of JSON); flask-smorest rebuilt it on every
    call, so two clients polling it halved the service's throughput. It depends on the code only,
    so it is built on the first call (gunicorn.conf.py's `when_ready` makes that call in the master,
    before the workers fork) and served from memory, compressed and revalidated by ETag.
    """

    body: bytes
    gzipped: bytes
    etag: str

    @classmethod
    def build(cls, spec: dict[str, Any]) -> SpecDocument:
        body = flask.json.dumps(spec, sort_keys=False, separators=(",", ":")).encode()
        digest = hashlib.sha256(body).hexdigest()[:32]
        return cls(body, gzip.compress(body, compresslevel=9, mtime=0), digest)

    def response(self, request: flask.Request) -> flask.Response:
        gzip_ok = request.accept_encodings["gzip"] > 0
        etag = f"{self.etag}-gzip" if gzip_ok else self.etag
        if request.if_none_match.contains(self.etag) or request.if_none_match.contains(f"{self.etag}-gzip"):
            response = flask.current_app.response_class(status=304)
        elif gzip_ok:
            response = flask.current_app.response_class(self.gzipped, mimetype="application/json")
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = flask.current_app.response_class(self.body, mimetype="application/json")
        response.set_etag(etag)
        response.vary.add("Accept-Encoding")
        return response


class Api(flask_smorest.Api):
    """flask-smorest's Api with problem+json errors, the contract's own additions (`contract`) and
    the document built once (`spec_document`); the app keeps it as `extensions["trickref_api"]`."""

    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app: flask.Flask) -> None:
        super().__init__(app)
        contract_spec.install(self.spec, self.ma_plugin.converter)
        self._document: SpecDocument | None = None
        self._document_lock = threading.Lock()
        app.extensions["trickref_api"] = self
        if SPEC_ENDPOINT in app.view_functions:
            app.view_functions[SPEC_ENDPOINT] = self.serve_document

    def contract(self) -> dict[str, Any]:
        """The contract: what `/openapi.json` serves and openapi.yaml holds."""
        return contract(self.spec.to_dict())

    def spec_document(self) -> SpecDocument:
        if self._document is None:
            with self._document_lock:
                if self._document is None:
                    self._document = SpecDocument.build(self.contract())
        return self._document

    def serve_document(self) -> flask.Response:
        return self.spec_document().response(flask.request)

    def document_union(self, schema: Schema, variants: tuple[Schema, ...]) -> None:
        contract_spec.document_union(self.spec, self.ma_plugin.converter, schema, variants)

    def handle_http_exception(self, error: Any) -> Any:
        return errors.from_http_exception(error)


class Blueprint(flask_smorest.Blueprint):
    def errors(self, *statuses: int, problems: dict[str, Any] | None = None) -> Any:
        """Document the error responses an operation can give: a reference to the shared
        component, or inline with a real problem example where one was generated."""

        def decorator(func: Any) -> Any:
            for status in statuses:
                example = (problems or {}).get(str(status))
                if example is None:
                    doc = self.alt_response(status, response=http.HTTPStatus(status).name)
                else:
                    doc = self.alt_response(
                        status,
                        schema=ProblemSchema,
                        content_type=PROBLEM,
                        description=http.HTTPStatus(status).phrase,
                        example=example,
                    )
                func = doc(func)
            return func

        return decorator
