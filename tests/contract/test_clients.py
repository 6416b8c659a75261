"""The shape of `make clients` (clients/check), checked without Node or Java.

The tools themselves run only under `make clients`; these tests keep its inputs honest: redocly.yaml
turns no rule off without saying why, and clients/typescript/usage.ts still carries the cases the
generated TypeScript types must refuse.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
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
    assert re.search(r"^clients:\n\tPYTHON=\$\(PYTHON\) STRICT=\$\(STRICT\) clients/check$", makefile, re.M)
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


# ------------------------------------------------------------ what a generated Java client needs
# (openapi-generator 7, `java`; `make clients` builds one and plays every game with it)

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
SCHEMAS = SPEC["components"]["schemas"]
SCALARS = {"integer", "number", "string", "boolean"}


def _walk(node: object, where: str = ""):
    """Every schema-like mapping of the spec with where it stands."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{where}/{i}")


def _resolved(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _is_generic(schema: dict) -> bool:
    """A list or a map: its Java type is generic (`List<Integer>`), which has no class literal."""
    s = _resolved(schema)
    return s.get("type") == "array" or (
        s.get("type") == "object"
        and "properties" not in s
        and isinstance(s.get("additionalProperties"), dict)
    )


def _unions():
    for where, node in _walk(SPEC):
        for key in ("oneOf", "anyOf"):
            if isinstance(node.get(key), list):
                yield where, key, node[key]


def test_every_seed_is_an_int64_integer_up_to_2_53():
    """A server-chosen seed has 53 random bits: a client reading it as a 32-bit int overflows."""
    seeds = [
        (where, node["properties"]["seed"])
        for where, node in _walk(SCHEMAS)
        if isinstance(node.get("properties"), dict) and "seed" in node["properties"]
    ]
    assert len(seeds) >= 12  # every game's deal request and deal
    for where, seed in seeds:
        assert (seed["type"], seed.get("format")) == ("integer", "int64"), where
        assert seed["minimum"] == 0 and seed["maximum"] == 2**53 - 1, where


def test_no_union_has_a_list_or_map_variant():
    """openapi-generator's Java oneOf/anyOf classes name each variant's class (`List<Integer>.class`
    does not compile): Option.default was one such union."""
    bad = [f"{where}/{key}" for where, key, variants in _unions() if any(map(_is_generic, variants))]
    assert bad == []


def test_every_union_of_scalars_is_an_anyOf_that_a_coercing_parser_reads_right():
    """A Java client (Jackson) coerces any scalar into a String and tries every variant of a
    `oneOf`: `oneOf [integer, string]` finds two matches for 2 and fails. So scalars meet only in an
    `anyOf` (the first variant that parses wins) with the string last, and a `oneOf` is of objects."""
    for where, key, variants in _unions():
        kinds = [_resolved(v).get("type") for v in variants]
        if key == "oneOf":
            assert all(_resolved(v).get("type") == "object" or "allOf" in _resolved(v) for v in variants), (
                where
            )
        elif "string" in kinds and len(set(kinds) & SCALARS) > 1:
            assert kinds.index("string") == max(i for i, k in enumerate(kinds) if k in SCALARS), where


def test_baloot_double_is_an_integer_first_then_gahwa():
    for name in ("Contract", "SummaryContract"):
        double = SCHEMAS[name]["properties"]["double"]
        assert "oneOf" not in double
        assert double["anyOf"] == [
            {"type": "integer", "minimum": 1, "maximum": 4},
            {"type": "string", "enum": ["gahwa"]},
        ]


def test_option_values_are_any_json_value_said_in_words():
    for where, value in (
        ("Option.default", SCHEMAS["Option"]["properties"]["default"]),
        ("Profile.overrides", SCHEMAS["Profile"]["properties"]["overrides"]["additionalProperties"]),
    ):
        assert set(value) == {"description"}, where
        assert "list of integers" in value["description"], where


def _reachable(node: object, seen: set[str]) -> set[str]:
    """The components `node` refers to, transitively."""
    for _, sub in _walk(node):
        ref = sub.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[1]
            if name not in seen:
                seen.add(name)
                _reachable(SCHEMAS[name], seen)
    return seen


def test_every_oneOf_a_client_parses_has_a_discriminator():
    """A client parses the answers: a `oneOf` of objects without a discriminator is ambiguous to one
    that tries each variant and ignores unknown fields (Java's Jackson by default), so every `oneOf`
    in a response is discriminated (a bid in a view was oneOf a bid and a hidden bid: now one
    object). Requests may keep them: a client only writes those."""
    answered = set()
    for path in SPEC["paths"].values():
        for operation in path.values():
            for response in operation.get("responses", {}).values():
                _reachable(response, answered)
    undiscriminated = [
        (name, where)
        for name in sorted(answered)
        for where, node in _walk(SCHEMAS[name], name)
        if "oneOf" in node and "discriminator" not in node
    ]
    assert answered and undiscriminated == []


def test_the_java_player_expects_every_registered_game_and_the_check_runs_it():
    from service.rules.registry import GAMES

    player = (ROOT / "clients" / "java" / "PlayEveryGame.java").read_text()
    expected = re.search(r"String\[\] expected = \{([^}]*)\};", player)
    assert expected and sorted(re.findall(r'"([^"]+)"', expected.group(1))) == sorted(GAMES)
    check = (ROOT / "clients" / "check").read_text()
    assert "clients/java/PlayEveryGame.java" in check
    assert re.search(r"^\s+java -cp .* PlayEveryGame", check, re.M)
    packages = re.search(r'^JAVA_PACKAGES="([^"]+)"$', check, re.M)
    assert packages, "clients/check names the Debian packages it needs"
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    assert f"apt-get install {packages.group(1)}" in contributing.replace("\n", " ")


def test_every_make_target_the_check_runs_exists() -> None:
    """clients/check builds the server's venv with `make <stamp>`; a renamed stamp failed the Java
    step only when someone ran `make clients` (it is not part of make test)."""
    script = (ROOT / "clients" / "check").read_text()
    targets = re.findall(r"\bmake -s --no-print-directory (\S+)", script)
    assert targets
    for target in targets:
        dry = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=False)
        assert "No rule to make target" not in dry.stderr, (target, dry.stderr)


def test_no_schema_property_has_a_default_keyword_but_says_it_in_words():
    """openapi-typescript's default settings make a component property with a `default` required;
    the defaulted fields are the ones a request may leave out, so the default is in the description
    (schemas/spec.py `_default_in_words`), and usage.ts compiles a deal and a suggestion without
    them under `make clients`."""
    defaulted = [
        (where, node)
        for where, node in _walk(SCHEMAS)
        if isinstance(node.get("properties"), dict)
        for name, prop in node["properties"].items()
        if isinstance(prop, dict) and "default" in prop
    ]
    assert defaulted == []
    level = SCHEMAS["BalootSuggestRequest"]["properties"]["level"]
    assert level["description"].endswith('Default: `"normal"`.')
    assert SCHEMAS["BalootRules"]["properties"]["profile"]["description"].endswith(
        'Default: `"high-card-club"`.'
    )
    check = (ROOT / "clients" / "check").read_text()
    assert "--default-non-nullable" not in check
    usage = USAGE.read_text()
    assert 'const balootDeal: BalootDealBody = { rules: { profile: "high-card-club" } };' in usage
    assert "const balootSuggest: BalootSuggestBody = { hand: balootHand, seat: 1 };" in usage


def test_the_check_says_what_it_skipped_and_strict_fails_on_a_skip() -> None:
    check = (ROOT / "clients" / "check").read_text()
    tail = check[check.index("node_checks\njava_checks") :]
    assert "skipped" in tail.splitlines()[-1] or "nothing skipped" in tail
    assert re.search(r'if \[ "\$\{STRICT:-0\}" = 1 \]; then\n.*\n\s+exit 1', tail)
    assert "SKIPPED" in tail
    for doc in ("README.md", "CONTRIBUTING.md"):
        text = (ROOT / doc).read_text().replace("\n", " ")
        assert "STRICT=1" in text and "JAVA_JARS" in text, doc
    assert "libjackson2-databind-java libjakarta-annotation-api-java" in (ROOT / "README.md").read_text()


def test_every_client_of_the_check_calls_every_operation() -> None:
    """The Java and TypeScript players count the operations they called per game and fail when
    one is missing; the Python one is tests/contract/test_generated_client.py."""
    check = (ROOT / "clients" / "check").read_text()
    assert re.search(r'^\s+node "\$WORK/ts/play\.js" "\$BASE"', check, re.M)
    play = (ROOT / "clients" / "typescript" / "play.ts").read_text()
    for tail in (
        "glossary",
        "deals",
        "hands/state",
        "hands/suggest",
        "hands/play",
        "hands/score",
        "matches/score",
        "tricks/winner",
        "tricks/legal",
    ):
        assert f'path(game, "{tail}")' in play, tail
    assert "const operations = 10;" in play
    player = (ROOT / "clients" / "java" / "PlayEveryGame.java").read_text()
    assert "operations not called" in player


def test_each_game_of_a_family_documents_only_its_own_actions():
    """A client of the bazar never meets the duel's take or name, nor a duel client a bid."""

    def types(union: str) -> set[str]:
        return {
            ref["$ref"].rsplit("/", 1)[1].removesuffix("Action").removeprefix("Blot").lower()
            for ref in SCHEMAS[union]["oneOf"]
        }

    assert types("BazarBlotAction") == {"bid", "pass", "keep", "contra", "recontra", "play"}
    assert types("BlotDuelAction") == {"take", "pass", "name", "play"}
    for game in ("bazar-blot", "blot-duel"):
        union = "".join(p.capitalize() for p in game.split("-")) + "Action"
        play = SPEC["paths"][f"/v1/games/{game}/hands/play"]["post"]["requestBody"]["content"]
        body = SCHEMAS[play["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]]
        assert body["properties"]["action"]["$ref"].endswith(union)
