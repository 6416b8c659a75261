"""What the front learns of a request once, for the code that answers it: its id, its language, the
table key it sent and, when the answer is a problem, the problem's code.

One context variable rather than Flask's `g`: the game operations are answered outside Flask
(service/api/dispatch.py), and the log lines, problems and metrics of both sides read the same
values. The front sets it when a request comes in and resets it when its answer is written.
"""

from __future__ import annotations

from contextvars import ContextVar


class Call:
    """The request being answered (mutable only in `problem`, which the answer's writer sets)."""

    __slots__ = ("language", "problem", "request_id", "started", "table_key")

    def __init__(
        self, request_id: str, language: str, table_key: str | None, started: float | None = None
    ) -> None:
        self.request_id = request_id
        self.language = language
        self.table_key = table_key  # as sent (service/api/dispatch.py `table_key` checks it)
        # when the front took the request (time.perf_counter): a bot's budget runs from here
        self.started = started
        self.problem: str | None = None  # the code of the problem answered, for the metrics


CALL: ContextVar[Call | None] = ContextVar("trickref_call", default=None)


def current() -> Call | None:
    return CALL.get()
