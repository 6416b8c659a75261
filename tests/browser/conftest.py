"""A real gunicorn on 127.0.0.1 and Debian's headless Chromium driven by Playwright.

The browser tests skip, saying why, where Playwright or Chromium is missing (`apt-get install -y
chromium`; .ci/run installs it when it runs as root) or Chromium cannot start. Playwright's own
browser download is not used: it drives the system's Chromium through `executable_path`.
Screenshots go to build/artifacts/table/ (git-ignored); their paths are printed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.conftest import Gunicorn

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "artifacts" / "table"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    wanted = os.environ.get("TRICKREF_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    workdir = tmp_path_factory.mktemp("table-gunicorn")
    (workdir / "metrics").mkdir()
    gunicorn = Gunicorn(workdir).start()
    try:
        yield gunicorn
    finally:
        gunicorn.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        pytest.skip("browser tests: playwright is not installed (pip install '.[dev]')")
    executable = chromium_path()
    if executable is None:
        pytest.skip(
            "browser tests: no Chromium (Debian: apt-get install -y chromium, or set TRICKREF_CHROMIUM)"
        )
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        except Error as error:
            pytest.skip(f"browser tests: {executable} does not start headless: {str(error)[:300]}")
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Tab:
    """One browser page on the table, with the server's address and the page's uncaught errors."""

    page: Any
    base: str
    errors: list[str] = field(default_factory=list)


def open_tab(browser: Any, server: Gunicorn, **context: Any) -> Iterator[Tab]:
    """A fresh browser context (its own localStorage) with `context`'s settings; after the test, no
    uncaught error in the page."""
    ctx = browser.new_context(**context)
    opened = Tab(ctx.new_page(), server.url)
    opened.page.on("pageerror", lambda error: opened.errors.append(str(error)))
    opened.page.set_default_timeout(30000)
    try:
        yield opened
    finally:
        ctx.close()
    assert not opened.errors, f"uncaught errors in the page: {opened.errors}"


@pytest.fixture()
def tab(browser: Any, server: Gunicorn) -> Iterator[Tab]:
    """A fresh browser context per test; no uncaught error allowed."""
    yield from open_tab(browser, server, viewport={"width": 1024, "height": 800}, locale="en-US")


def screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path}")
    return path
