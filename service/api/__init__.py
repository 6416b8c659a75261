"""The HTTP layer, all of it: the app factory (`app.py`), what every request meets before and after
the game (the body guard, then the front: request ids, checks, headers, language, metrics,
problem+json), the game operations' dispatcher, the one place where requests reach the rules and
the bots (`dispatch.py`), and what Flask serves (the catalog, the contract and its docs, the
probes, the table's files).

The package imports nothing when loaded, so that one of its modules (the guard, the
observability that gunicorn's master reads) loads without the others; docs/architecture.md draws
the layers.
"""
