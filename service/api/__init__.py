"""The HTTP layer, all of it: the app factory (`app.py`), what every request meets before and after
the game (the body guard, request ids, metrics and logs, headers, language, problem+json), the
routes (the catalog, one blueprint per registered game, the probes, the table's files) and the one
place where they reach the rules and the bots (`dispatch.py`).

The package imports nothing when loaded, so that one of its modules (the guard, the
observability that gunicorn's master reads) loads without the others; docs/architecture.md draws
the layers.
"""
