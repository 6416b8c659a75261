"""The Belote family's shape, read from the tree: one table, one trick-play core and one strength
encoding under `service/rules/belote/`, and in each game's package only what differs (its calling
phase, its scoring, its profile), as CONTRIBUTING's "A fourth Belote game" lists it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from service.rules import registry
from service.rules.baloot.game import BalootGame
from service.rules.baloot.state import HandState
from service.rules.belote.game import BeloteGame
from service.rules.belote.table import BeloteState
from service.rules.blot.game import BazarBlotGame, BlotDuelGame
from service.rules.blot.state import BazarState, DuelState

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "service" / "rules"
GAMES = ("blot", "baloot")  # the Belote family's game packages

# What the core owns: a game package that defines one of these writes its own trick play.
CORE_NAMES = {
    "PlayedTrick",  # the played trick
    "STRENGTH",
    "STRENGTHS",
    "strengths",  # the strength encoding
    "trick_winner",
    "winning_card",
    "winning_index",  # who wins a trick
    "playable",
    "follow",
    "locked_lead",  # the duties and the lead
    "make_state",  # building a position
}
# The rank orders the one strength encoding is made from: reading one is making another encoding.
ORDERS = {"PLAIN_LOW_TO_HIGH", "TRUMP_LOW_TO_HIGH", "BELOTE_ORDER"}


def modules(package: str) -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text())) for p in sorted((RULES / package).glob("*.py"))]


def top_level_names(tree: ast.Module) -> set[str]:
    """Names a module defines itself (functions, classes, assignments), not those it imports."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        names.add(n.id)
    return names


def imported(tree: ast.Module) -> set[str]:
    """The modules a module imports from, as written (`..belote.table`)."""
    return {"." * n.level + (n.module or "") for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


@pytest.mark.parametrize("package", GAMES)
def test_a_game_package_defines_no_trick_play_or_strength_of_its_own(package: str) -> None:
    for path, tree in modules(package):
        own = top_level_names(tree) & CORE_NAMES
        assert not own, f"{path.relative_to(ROOT)} defines {sorted(own)}: the Belote core's (belote/)"
        read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & ORDERS
        assert not read, f"{path.relative_to(ROOT)} reads {sorted(read)}: a strength of its own"


@pytest.mark.parametrize("package", GAMES)
def test_a_game_package_plays_on_the_belote_table_and_core(package: str) -> None:
    sources = set().union(*(imported(tree) for _, tree in modules(package)))
    assert "..belote.table" in sources
    assert "..belote.trickplay" in sources
    assert "..belote.duties" in sources


@pytest.mark.parametrize("state", [BazarState, DuelState, HandState])
def test_every_game_state_is_the_belote_state_with_its_calling_and_the_same_card_step(state: type) -> None:
    assert issubclass(state, BeloteState)
    own = [c for c in state.__mro__[: state.__mro__.index(BeloteState)]]
    assert all("apply" not in c.__dict__ for c in own), "a card is played by BeloteState.apply only"
    assert any("_call" in c.__dict__ for c in own), "a game brings its calling phase"


@pytest.mark.parametrize("game", [BazarBlotGame, BlotDuelGame, BalootGame])
def test_every_game_answers_the_trick_operations_from_the_belote_game(game: type) -> None:
    assert issubclass(game, BeloteGame)
    own = [c for c in game.__mro__[: game.__mro__.index(BeloteGame)]]
    for operation in ("trick_winner", "trick_legal"):
        assert all(operation not in c.__dict__ for c in own), f"{game.__name__} answers {operation} itself"


def fourth_game_list() -> list[str]:
    """The items of CONTRIBUTING's "A fourth Belote game" list, by their lead words."""
    text = (ROOT / "CONTRIBUTING.md").read_text()
    section = text.split("### A fourth Belote game", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\d+\. \*\*([^*]+)\*\*", section, flags=re.M)


def test_contributing_lists_what_a_fourth_belote_game_touches() -> None:
    assert fourth_game_list() == [
        "A calling phase",
        "A scoring module",
        "A profile",
        "A schema module",
        "One registry line",
    ]


@pytest.mark.parametrize(("package", "calling"), [("blot", "auction.py"), ("baloot", "calling.py")])
def test_each_belote_game_has_exactly_the_listed_parts(package: str, calling: str) -> None:
    folder = RULES / package
    assert (folder / calling).is_file()  # its calling phase
    assert (folder / "scoring.py").is_file()  # its scoring module
    assert (folder / "options.py").is_file()  # its profile
    assert (ROOT / "schemas" / f"{package}.py").is_file()  # its schema module
    assert package in {m.__name__.rsplit(".", 1)[1] for m in registry.FAMILIES}  # its registry line
