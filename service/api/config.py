"""Configuration from environment variables (documented in README.md, section Configuration).

Read once at app creation: a stateless service has no other configuration source, which keeps a
container's behaviour a pure function of its environment.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

DEFAULT_MAX_BODY = 256 * 1024
DEFAULT_BODY_TIMEOUT = 5.0  # seconds the whole request body may take to arrive before a 408
DEFAULT_REPLAY_CACHE_BYTES = 16 * 1024 * 1024  # per worker process (service/api/replay_cache.py)
DEFAULT_METRICS_MAX_AGE = 1.0  # seconds a worker serves the /metrics text it rendered


def _read(env: Mapping[str, str], name: str, parse: Callable[[str], float], what: str) -> float | None:
    """The variable's value as `parse` reads it, None when it is unset or blank."""
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return None
    try:
        return parse(raw)
    except ValueError as e:
        raise ValueError(f"{name} must be {what}, got {raw!r}") from e


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    value = _read(env, name, int, "an integer")
    if value is None:
        return default
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return int(value)


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    value = _read(env, name, float, "a number of seconds")
    if value is None:
        return default
    if not 0 < value <= 300:
        raise ValueError(f"{name} must be above 0 and at most 300 seconds, got {value}")
    return value


def _seconds(env: Mapping[str, str], name: str, default: float, most: float) -> float:
    value = _read(env, name, float, "a number of seconds")
    if value is None:
        return default
    if not 0 <= value <= most:
        raise ValueError(f"{name} must be from 0 to {most:g} seconds, got {value}")
    return value


def _list(env: Mapping[str, str], name: str) -> list[str]:
    return [item.strip() for item in env.get(name, "").split(",") if item.strip()]


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    env = os.environ if env is None else env
    return {
        "MAX_CONTENT_LENGTH": _int(env, "TRICKREF_MAX_BODY_BYTES", DEFAULT_MAX_BODY),
        "TRICKREF_LOG_LEVEL": env.get("TRICKREF_LOG_LEVEL", "INFO").upper(),
        "TRICKREF_CORS_ORIGINS": _list(env, "TRICKREF_CORS_ORIGINS"),
        "TRICKREF_BODY_TIMEOUT": _float(env, "TRICKREF_BODY_TIMEOUT", DEFAULT_BODY_TIMEOUT),
        # gunicorn's threads per worker (deploy/gunicorn.conf.py reads the same variable): the body
        # guard keeps one of them free of clients that stall
        "TRICKREF_THREADS": _int(env, "TRICKREF_THREADS", 4),
        "TRICKREF_DOCS": env.get("TRICKREF_DOCS", "1") not in ("0", "false", "no"),
        # the replay cache: on unless turned off; used only by requests that send a table key
        "TRICKREF_REPLAY_CACHE": env.get("TRICKREF_REPLAY_CACHE", "1") not in ("0", "false", "no"),
        "TRICKREF_REPLAY_CACHE_BYTES": _int(env, "TRICKREF_REPLAY_CACHE_BYTES", DEFAULT_REPLAY_CACHE_BYTES),
        # how long a worker serves the /metrics text it rendered (service/api/observability.py); 0: never
        "TRICKREF_METRICS_MAX_AGE": _seconds(env, "TRICKREF_METRICS_MAX_AGE", DEFAULT_METRICS_MAX_AGE, 60.0),
        # off in the rules pool's pods: hands/suggest is the bots pool's (deploy/kubernetes)
        "TRICKREF_BOTS": env.get("TRICKREF_BOTS", "1") not in ("0", "false", "no"),
    }
