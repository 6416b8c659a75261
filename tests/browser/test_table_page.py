"""The reference table's files, without a browser: how they are served, what they may reach, and
that every string the page shows exists in each of its languages."""

from __future__ import annotations

import json
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "service" / "static" / "table"
LANGS = ("en", "ar", "hy", "ru")


def strings(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text())
    return data


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return loaded


def test_the_page_and_its_assets_are_served_with_a_self_only_policy(client) -> None:
    page = client.get("/table", headers={"Accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 200 and page.mimetype == "text/html"
    csp = page.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "connect-src 'self'" in csp
    assert "unsafe" not in csp and "http" not in csp and "frame-ancestors 'none'" in csp
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    for name, mimetype in (("app.js", "text/javascript"), ("table.css", "text/css"), ("i18n/ar.json", None)):
        asset = client.get(f"/table/{name}")
        assert asset.status_code == 200, name
        assert asset.mimetype == (mimetype or "application/json")
        assert asset.headers["Content-Security-Policy"] == csp


def test_the_icon_is_served_so_favicon_is_not_a_404(client) -> None:
    for path in ("/table/icon.svg", "/favicon.ico"):
        icon = client.get(path)
        assert icon.status_code == 200 and icon.mimetype == "image/svg+xml", path
        assert icon.data.startswith(b"<svg") and b"http://www.w3.org/2000/svg" in icon.data


@pytest.mark.parametrize(
    "path", ["/table/nope.js", "/table/../app.py", "/table/%2e%2e/table.py", "/table/i18n"]
)
def test_only_the_pages_own_files_are_served(client, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_page_loads_nothing_from_elsewhere_and_has_no_inline_code() -> None:
    html = (STATIC / "index.html").read_text()
    assert "<script>" not in html and "<style" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"
    for path in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert path.startswith("/table/"), path
        assert path == "/table/icon.svg" or (STATIC / path.removeprefix("/table/")).is_file(), path
    for module in STATIC.glob("*.js"):
        text = module.read_text()
        assert "http://" not in text and "https://" not in text, module.name


def test_the_client_calls_only_documented_operations(spec: dict[str, Any]) -> None:
    """No private route: every operation api.js sends is in the contract, for every game."""
    text = (STATIC / "api.js").read_text()
    ops = set(re.findall(r'post\(game, "([a-z/]+)"', text))
    assert {"deals", "hands/state", "hands/play", "hands/score", "matches/score", "hands/suggest"} <= ops
    declared = re.search(r"@typedef \{([^}]*)\} GameId", text)
    assert declared
    games = re.findall(r'"([a-z-]+)"', declared.group(1))
    assert len(games) == 6
    for game in games:
        for op in ops:
            assert f"/v1/games/{game}/{op}" in spec["paths"], f"{game} {op}"
    assert "/v1/games" in spec["paths"]
    assert re.search(r'send\("GET", `/v1/games/\$\{game\}/glossary`', text)
    for game in games:
        assert f"/v1/games/{game}/glossary" in spec["paths"], game


def test_every_language_has_every_string() -> None:
    english = strings("en")
    for lang in LANGS[1:]:
        assert set(strings(lang)) == set(english), lang
        for key, text in strings(lang).items():
            assert set(re.findall(r"{\w+}", text)) == set(re.findall(r"{\w+}", english[key])), (lang, key)
    used = set(re.findall(r'\bt\("([a-z_.0-9-]+)"', (STATIC / "app.js").read_text()))
    used |= set(re.findall(r'data-t="([a-z_.0-9-]+)"', (STATIC / "index.html").read_text()))
    assert used and not used - set(english), used - set(english)


def test_every_call_and_score_line_of_the_contract_has_a_label(spec: dict[str, Any]) -> None:
    """The panels and the sheet are built from what the API answers; each action type and each line
    of a score's breakdown the contract can send has its words in the page's strings."""
    english = strings("en")
    schemas = spec["components"]["schemas"]
    for union in ("OhHellAction", "BazarBlotAction", "BlotDuelAction", "BalootAction"):
        for kind in schemas[union]["discriminator"]["mapping"]:
            assert f"type.{kind}" in english, kind
    for name, schema in schemas.items():
        if name.endswith("Score") and "breakdown" in schema.get("properties", {}):
            items = schema["properties"]["breakdown"]["items"]
            row = schemas[items["$ref"].rsplit("/", 1)[1]] if "$ref" in items else items
            for key in set(row["properties"]) - {"team", "seat"}:
                assert f"col.{key}" in english, (name, key)
    for union in ("BlotDeclaration", "BalootDeclaration"):
        field = "kind" if "kind" in schemas[union]["properties"] else "name"
        for kind in schemas[union]["properties"][field]["enum"]:
            assert f"combo.{kind}" in english, kind


def test_the_wheel_carries_every_file_of_the_page() -> None:
    """service/api/table.py serves what it finds in the installed package: each file must be package
    data, or an image built from the wheel would serve a table with missing parts."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    for path in STATIC.rglob("*"):
        if path.is_file():
            relative = path.relative_to(ROOT / "service").as_posix()
            assert any(fnmatch(relative, p) and p.count("/") == relative.count("/") for p in patterns), (
                relative
            )
