"""What the front learns of a request once, for the code that answers it: its id, its language and,
when the answer is a problem, the problem's code.

Context variables rather than Flask's `g`: the game operations are answered outside Flask
(service/api/dispatch.py), and the log lines, problems and metrics of both sides read the same
values. The front sets them when a request comes in and resets them when its answer is written.
"""

from __future__ import annotations

from contextvars import ContextVar

REQUEST_ID: ContextVar[str | None] = ContextVar("trickref_request_id", default=None)
LANGUAGE: ContextVar[str | None] = ContextVar("trickref_language", default=None)
# the code of the problem the answer carries, for the metrics' `code` label
PROBLEM: ContextVar[str | None] = ContextVar("trickref_problem", default=None)
# the `Trickref-Table-Key` the request sent, as sent (service/api/dispatch.py `table_key` checks it)
TABLE_KEY: ContextVar[str | None] = ContextVar("trickref_table_key", default=None)
