"""An answer as the front writes it: a status, the answer's own headers, the body's bytes.

The game operations build it without Flask (service/api/dispatch.py), the front builds its
refusals with it (service/api/front.py), and both hand it to the one place that adds what every
answer carries (service/api/front.py `finish`).
"""

from __future__ import annotations

from typing import NamedTuple

from werkzeug.http import HTTP_STATUS_CODES


class Answer(NamedTuple):
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    @classmethod
    def of(
        cls, status: int, mimetype: str, body: bytes, headers: list[tuple[str, str]] | None = None
    ) -> Answer:
        """The headers as werkzeug orders a Response's: those given, then the type and the length."""
        return cls(
            status, [*(headers or ()), ("Content-Type", mimetype), ("Content-Length", str(len(body)))], body
        )


def status_line(status: int) -> str:
    """The status line werkzeug writes (`422 UNPROCESSABLE ENTITY`), so both sides say the same."""
    line = _LINES.get(status)
    if line is None:
        line = f"{status} {HTTP_STATUS_CODES.get(status, 'UNKNOWN').upper()}"
    return line


_LINES = {status: f"{status} {phrase.upper()}" for status, phrase in HTTP_STATUS_CODES.items()}
