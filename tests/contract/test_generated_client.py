"""A Python client generated from the committed openapi.yaml plays every game: the contract gate.

openapi-python-client must generate it without a single warning (--fail-on-warning); the code that
uses it must pass mypy --strict; and through it a whole hand of every game and profile is dealt,
played, scored, and a rule error comes back typed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from service import create_app
from service.rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
pytestmark = pytest.mark.xdist_group("client")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("client")
    config = out / "config.yaml"
    config.write_text("post_hooks: []\npackage_name_override: trickref_client\n")
    subprocess.run(
        [
            BIN / "openapi-python-client",
            "generate",
            "--path",
            ROOT / "openapi.yaml",
            "--fail-on-warning",
            "--meta",
            "none",
            "--config",
            config,
            "--output-path",
            out / "trickref_client",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    sys.path.insert(0, str(out))
    yield out
    sys.path.remove(str(out))
    for name in [m for m in sys.modules if m.startswith("trickref_client")]:
        del sys.modules[name]


@pytest.fixture(scope="module")
def client(generated: Path):  # type: ignore[no-untyped-def]
    from trickref_client import Client

    transport = httpx.WSGITransport(app=create_app())
    return Client(base_url="http://trickref", httpx_args={"transport": transport})


def test_client_code_is_strictly_typed(generated: Path) -> None:
    result = subprocess.run(
        [
            BIN / "mypy",
            "--strict",
            "--follow-imports=silent",
            "--no-incremental",
            ROOT / "tests/contract/client_play.py",
        ],
        env={"MYPYPATH": str(generated), "PATH": str(BIN)},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("game", "profile"), [(g.id, p) for g in GAMES.values() for p in g.rulebook.profiles]
)
def test_every_game_and_profile_plays_through_the_client(client, game: str, profile: str) -> None:
    from tests.contract.client_play import play_hand

    played, scores = play_hand(client, game, profile, seed=5)
    assert played > 0 and len(scores) >= 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_glossary_parses_into_its_generated_type(client, game: str) -> None:
    """A code as a property name made a clashing identifier (the suit `D` became a local `d` that
    shadowed the generated parser's dict): every glossary must parse, in every language."""
    from tests.contract.client_play import glossary

    for lang in ("en", "ar", "hy", "ru"):
        words = glossary(client, game, lang)
        assert words.language == lang and words.game == game
        assert set(words.suits.additional_properties) == {"S", "H", "D", "C"}
        assert words.cards.additional_properties


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_operation_of_every_game_answers_into_its_generated_type(client, game: str) -> None:
    """Describe, glossary, deal, state, suggest, play, score, the match's score, a trick's winner
    and the legal cards: each operation of the game's tag, called once and its answer parsed."""
    import yaml

    from tests.contract import client_play

    client_play.describe(client, game)
    client_play.glossary(client, game, "en")
    client_play.play_hand(client, game, GAMES[game].rulebook.default_profile, seed=3)
    winner, legal = client_play.trick_operations(client, game)
    assert winner.isdigit() and legal
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    operations = {
        op["operationId"]
        for path, item in spec["paths"].items()
        for op in item.values()
        if path.startswith(f"/v1/games/{game}")
    }
    prefix = game.replace("-", "_")
    called = {
        "".join(w.capitalize() for w in f"{prefix}_{verb}".split("_"))
        for g, verb in client_play.CALLED
        if g == game
    }
    assert {o[0].upper() + o[1:] for o in operations} <= called, sorted(operations)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rule_error_comes_back_typed(client, game: str) -> None:
    from tests.contract.client_play import rule_error

    problem = rule_error(client, game)
    assert problem.status == 422 and problem.code == "not_your_turn"
    assert problem.action_index == 0


def test_an_unknown_problem_code_still_parses(generated: Path) -> None:
    """Forward compatibility: codes, game ids and option types are open strings in answers."""
    from trickref_client.models.game_list import GameList
    from trickref_client.models.problem import Problem

    problem = Problem.from_dict(
        {"type": "urn:x", "title": "t", "status": 422, "detail": "d", "code": "a_code_from_the_future"}
    )
    assert problem.code == "a_code_from_the_future"
    games = GameList.from_dict({"games": []})
    assert games.games == []
