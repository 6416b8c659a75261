"""flask-smorest, subclassed once: problem+json everywhere, in the responses and in the spec."""

from __future__ import annotations

import http
from typing import Any

import flask_smorest
from flask_smorest.utils import prepare_response

from schemas.responses import ProblemSchema
from service import errors

PROBLEM = errors.PROBLEM_MIMETYPE


class Api(flask_smorest.Api):
    ERROR_SCHEMA = ProblemSchema

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


class Blueprint(flask_smorest.Blueprint):
    def errors(self, *statuses: int) -> Any:
        """Document the error responses an operation can give, as references to the components."""

        def decorator(func: Any) -> Any:
            for status in statuses:
                func = self.alt_response(status, response=http.HTTPStatus(status).name)(func)
            return func

        return decorator
