"""The reference docs name only what exists: every file or folder of the repository that
docs/architecture.md, docs/bots.md and docs/performance.md cite (in backquotes, or as a relative
link), and every study they link to in bench/results/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("architecture.md", "bots.md", "performance.md")
TOP = r"(?:service|schemas|tools|tests|bench|deploy|docs|clients)"
CITED = re.compile(rf"(?<![\w/.-])({TOP}/[\w./-]*)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def exists(name: str) -> bool:
    """A path, or a module's attribute written `service/api/dispatch.encode`."""
    return (ROOT / name).exists() or (ROOT / (name.rsplit(".", 1)[0] + ".py")).is_file()


def cited(text: str) -> set[str]:
    names = {m.rstrip(".,:;") for m in CITED.findall(text)}
    return {n for n in names if "<" not in n and "*" not in n}


@pytest.mark.parametrize("doc", DOCS)
def test_every_cited_path_exists(doc: str):
    path = ROOT / "docs" / doc
    text = path.read_text()
    missing = sorted(n for n in cited(text) if not exists(n))
    links = [link for link in LINK.findall(text) if "://" not in link]
    missing += sorted(link for link in links if not (path.parent / link).exists())
    assert missing == []
    assert len(cited(text)) + len(links) >= 5  # the pattern still finds what the page cites


def test_every_study_is_linked_once_from_a_doc():
    """bench/results/ holds the dated studies; each is linked from exactly one place in the docs."""
    studies = sorted(p.name for p in (ROOT / "bench" / "results").glob("*.md"))
    assert studies
    text = "".join((ROOT / "docs" / d).read_text() for d in DOCS)
    text += (ROOT / "CHANGELOG.md").read_text()
    counts = {name: text.count(f"bench/results/{name})") for name in studies}
    assert {name: n for name, n in counts.items() if n != 1} == {}


def test_a_missing_path_is_caught():
    assert cited("see `service/api/nowhere.py` and service/rules/game.py.") == {
        "service/api/nowhere.py",
        "service/rules/game.py",
    }
    assert not exists("service/api/nowhere.py") and exists("service/api/dispatch.encode")
