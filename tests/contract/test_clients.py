"""The shape of `make clients` (clients/check), checked without Node or Java.

The tools themselves run only under `make clients`; these tests keep its inputs honest: redocly.yaml
turns no rule off without saying why, and clients/typescript/usage.ts still carries the cases the
generated TypeScript types must refuse.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
USAGE = ROOT / "clients" / "typescript" / "usage.ts"
DIRECTIVE = re.compile(r"^\s*// @ts-expect-error (TS\d+) \S")


def unexplained_offs(config: str) -> list[str]:
    """The rules a redocly.yaml turns off with no comment on the line above or at the end of it."""
    root = yaml.compose(config)
    if root is None:
        return []
    lines = config.splitlines()
    rules = next((v for k, v in root.value if k.value == "rules"), None)
    if not isinstance(rules, yaml.MappingNode):
        return []
    bad = []
    for key, value in rules.value:
        severity = value.value if isinstance(value, yaml.ScalarNode) else None
        if isinstance(value, yaml.MappingNode):
            severity = next((v.value for k, v in value.value if k.value == "severity"), None)
        if severity != "off":
            continue
        line = key.start_mark.line
        above = lines[line - 1].strip() if line > 0 else ""
        inline = lines[line].partition(" #")[2].strip()
        if not (above.startswith("#") and above.lstrip("#").strip()) and not inline:
            bad.append(key.value)
    return bad


def test_unexplained_offs_finds_a_rule_off_without_a_reason() -> None:
    config = (
        "extends: [recommended]\nrules:\n"
        "  # a public API: nothing to authenticate\n  security-defined: off\n"
        "  info-license-strict: off\n"
        "  tag-description: {severity: off}\n"
        "  operation-summary: off  # summaries are in the description\n"
        "  no-empty-servers: warn\n"
    )
    assert unexplained_offs(config) == ["info-license-strict", "tag-description"]


def test_redocly_config_extends_recommended_and_explains_every_rule_it_turns_off() -> None:
    config = (ROOT / "redocly.yaml").read_text()
    assert "recommended" in yaml.safe_load(config)["extends"]
    assert unexplained_offs(config) == []
    assert not (ROOT / ".redocly.lint-ignore.yaml").exists(), "problems are fixed, not ignored"


def expected_errors() -> list[tuple[str, str]]:
    """(error code, the line it must fail on) for every @ts-expect-error of usage.ts."""
    lines = USAGE.read_text().splitlines()
    return [(m.group(1), lines[i + 1]) for i, line in enumerate(lines) if (m := DIRECTIVE.match(line))]


def test_usage_builds_both_play_bodies_from_the_generated_paths() -> None:
    text = USAGE.read_text()
    assert re.search(r'^import type \{ paths \} from "\.\./\.\./\.clients/schema";$', text, re.M)
    for game in ("blob", "baloot"):
        assert (
            f'paths["/v1/games/{game}/hands/play"]["post"]["requestBody"]["content"]'
            '["application/json"]' in text
        )


def test_usage_expects_the_errors_a_client_must_not_compile() -> None:
    cases = expected_errors()
    directives = [ln for ln in USAGE.read_text().splitlines() if "// @ts-expect-error" in ln]
    assert len(directives) == len(cases), "every directive names its error code and a reason"
    bid_with_card = [
        line for code, line in cases if code == "TS2353" and 'type: "bid"' in line and "card:" in line
    ]
    hokum_as_blob = [
        line
        for code, line in cases
        if code == "TS2322" and 'type: "hokum"' in line and ": BlobAction =" in line
    ]
    baloot_into_blob = [
        line for code, line in cases if ": BlobPlayBody =" in line and "action: hokum" in line
    ]
    assert bid_with_card and hokum_as_blob and baloot_into_blob


def test_clients_target_runs_the_check_outside_make_test() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^clients:\n\tPYTHON=\$\(PYTHON\) clients/check$", makefile, re.M)
    test_target = re.search(r"^test:.*$", makefile, re.M)
    assert test_target and "clients" not in test_target.group(0)
    check = ROOT / "clients" / "check"
    assert os.access(check, os.X_OK)
    assert "set -euo pipefail" in check.read_text()


def test_node_tools_are_pinned_exactly() -> None:
    package = json.loads((ROOT / "clients" / "package.json").read_text())
    lock = json.loads((ROOT / "clients" / "package-lock.json").read_text())
    pins = package["devDependencies"]
    assert set(pins) == {"@redocly/cli", "openapi-typescript", "typescript"}
    for name, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} {version} is a range"
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert pins["@redocly/cli"].startswith("2.")
    requirements = (ROOT / "clients" / "requirements.txt").read_text()
    assert re.search(r"^openapi-generator-cli==[\d.]+ --hash=sha256:[0-9a-f]{64}$", requirements, re.M)
