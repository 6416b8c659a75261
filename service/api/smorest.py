"""flask-smorest, subclassed once: problem+json everywhere, in the responses and in the spec."""

from __future__ import annotations

import copy
import gzip
import hashlib
import http
import threading
from dataclasses import dataclass
from typing import Any

import apispec
import flask
import flask_smorest
from flask_smorest.utils import prepare_response
from marshmallow import Schema

from schemas import spec as contract_spec
from schemas.problem import ProblemSchema

from . import errors, i18n, replay_cache

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


class ContractSpec(apispec.APISpec):
    """The spec as flask-smorest builds it, plus what applies to the whole of it: the
    `X-Request-ID` header, accepted on every request and returned on every response, the language
    (`Accept-Language` on every request, `Content-Language` on every response), and the
    requests that extend another written as such (schemas/spec.py `compose`)."""

    def to_dict(self) -> dict[str, Any]:
        spec: dict[str, Any] = copy.deepcopy(super().to_dict())  # apispec hands out its own dicts
        components = spec.setdefault("components", {})
        contract_spec.compose(spec)
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
    ERROR_SCHEMA = ProblemSchema
    _document: SpecDocument | None = None
    _document_lock = threading.Lock()

    def spec_document(self) -> SpecDocument:
        if self._document is None:
            with self._document_lock:
                if self._document is None:
                    self._document = SpecDocument.build(self.spec.to_dict())
        return self._document

    def _openapi_json(self) -> flask.Response:
        return self.spec_document().response(flask.request)

    def _init_spec(self, **kwargs: Any) -> None:
        super()._init_spec(**kwargs)
        self.spec.__class__ = ContractSpec
        contract_spec.install(self.spec, self.ma_plugin.converter)

    def document_union(self, schema: Schema, variants: tuple[Schema, ...]) -> None:
        contract_spec.document_union(self.spec, self.ma_plugin.converter, schema, variants)

    def _register_etag_headers(self) -> None:
        pass  # no operation uses ETags

    def _register_pagination_header(self) -> None:
        pass  # nor pagination: without this an unused PaginationMetadata lands in the contract

    def handle_http_exception(self, error: Any) -> Any:
        return errors.from_http_exception(error)

    def _register_responses(self) -> None:
        # The stock method documents errors as application/json; ours are problem+json.
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


def documented(decorator: Any) -> Any:
    """A flask-smorest decorator that only documents (doc, alt_response), applied without the
    wrapper it puts around the view: each such wrapper costs every request a call through
    Flask's ensure_sync, and an operation documents seven error statuses."""

    def apply(func: Any) -> Any:
        func._apidoc = decorator(func)._apidoc
        return func

    return apply


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
                func = documented(doc)(func)
            return func

        return decorator
