"""Play through a client generated from openapi.yaml, as an integrator would: nothing but the
generated package (`trickref_client`) and its models. Type-checked with mypy --strict by
test_generated_client.py, so the generated types are exercised as well as the answers."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from trickref_client import Client
from trickref_client.models.problem import Problem

EXAMPLES = Path(__file__).resolve().parents[2] / "schemas" / "examples.json"
# (game, verb) of every operation called through the generated client: tests/contract checks that
# every operation of every game is among them.
CALLED: set[tuple[str, str]] = set()


def _op(game: str, verb: str) -> Any:
    """The generated module of one operation: trickref_client.api.<game>.<game>_<verb>."""
    pkg = game.replace("-", "_")
    CALLED.add((game, verb))
    return importlib.import_module(f"trickref_client.api.{pkg}.{pkg}_{verb}")


def _model(game: str, name: str) -> Any:
    prefix = "".join(part.capitalize() for part in game.split("-"))
    module = "".join("_" + c.lower() if c.isupper() else c for c in prefix + name).lstrip("_")
    return getattr(importlib.import_module(f"trickref_client.models.{module}"), prefix + name)


def _deal(client: Client, game: str, profile: str, seed: int) -> Any:
    rules = _model(game, "Rules").from_dict({"profile": profile})
    dealt = _op(game, "deal_hand").sync(
        client=client, body=_model(game, "DealRequest")(rules=rules, seed=seed)
    )
    assert not isinstance(dealt, Problem) and dealt is not None, dealt
    return dealt.hand


def _state(client: Client, game: str, hand: Any) -> Any:
    return _op(game, "get_hand_state").sync(
        client=client, body=_model(game, "StateRequest").from_dict(hand.to_dict())
    )


def _choose(state: Any) -> Any:
    """The first action the view offers; while calling, the first that is not a pass (a pass comes
    first where a game offers one, and four passes twice over deal again)."""
    legal = list(state.legal_actions)
    if state.phase.value == "calling":
        return next((a for a in legal if a.to_dict()["type"] != "pass"), legal[0])
    return legal[0]


def _suggest(client: Client, game: str, hand: Any, seat: int) -> Any:
    """A bot's action for `seat` (level and seed left to their defaults), of the game's own union."""
    body = _model(game, "SuggestRequest")(
        hand=_model(game, "HandRecord").from_dict(hand.to_dict()), seat=seat
    )
    suggestion = _op(game, "suggest_action").sync(client=client, body=body)
    assert isinstance(suggestion, _model(game, "Suggestion")), suggestion
    return suggestion.action


def play_hand(client: Client, game: str, profile: str, seed: int) -> tuple[int, list[int]]:
    """Deal, play every action the view offers first (the first action a bot's suggestion), score:
    (actions played, the scores). A deal passed out (phase `redeal`) is dealt again with the next
    seed."""
    hand = _deal(client, game, profile, seed)
    record = _model(game, "HandRecord")
    state = _state(client, game, hand)
    played = 0
    while state.phase.value != "complete":
        if state.phase.value == "redeal":
            seed += 1
            hand = _deal(client, game, profile, seed)
            state = _state(client, game, hand)
            continue
        action = _suggest(client, game, hand, state.to_act) if played == 0 else _choose(state)
        body = _model(game, "PlayRequest")(hand=record.from_dict(hand.to_dict()), action=action)
        result = _op(game, "play_action").sync(client=client, body=body)
        assert not isinstance(result, Problem), result
        hand, state = result.hand, result.state
        played += 1
    score = _op(game, "score_hand").sync(
        client=client, body=_model(game, "ScoreHandRequest")(hand=record.from_dict(hand.to_dict()))
    )
    assert not isinstance(score, Problem), score
    scores: list[int] = list(score.scores)
    entry = _model(game, "HandEntry")(hand=record.from_dict(hand.to_dict()))
    match = _op(game, "score_match").sync(client=client, body=_model(game, "MatchRequest")(hands=[entry]))
    assert isinstance(match, _model(game, "Match")) and len(match.totals) == len(scores), match
    return played, scores


def trick_operations(client: Client, game: str) -> tuple[str, list[str]]:
    """The trick's winner and the legal cards, with the requests of the contract's examples."""
    ops = json.loads(EXAMPLES.read_text())["games"][game]
    won = ops["tricks_winner"]["request"]
    winner = _op(game, "find_trick_winner").sync(
        client=client, body=_model(game, "TrickWinnerRequest").from_dict(won)
    )
    assert isinstance(winner, _model(game, "TrickWinner")), winner
    asked = ops["tricks_legal"]["request"]
    legal = _op(game, "list_legal_cards").sync(
        client=client, body=_model(game, "TrickLegalRequest").from_dict(asked)
    )
    assert isinstance(legal, _model(game, "LegalCards")), legal
    return str(winner.winner), [str(c) for c in legal.legal]


def describe(client: Client, game: str) -> str:
    """The catalog's entry of the game, through the game's own operation."""
    from trickref_client.models.game import Game

    entry = _op(game, "describe_game").sync(client=client)
    assert isinstance(entry, Game) and entry.id == game, entry
    return entry.name


def rule_error(client: Client, game: str) -> Problem:
    """An action out of turn: the generated client hands back the typed problem."""
    dealt = _op(game, "deal_hand").sync(client=client, body=_model(game, "DealRequest")(seed=1))
    state = _op(game, "get_hand_state").sync(
        client=client, body=_model(game, "StateRequest").from_dict(dealt.hand.to_dict())
    )
    wrong = state.legal_actions[0].to_dict()
    wrong["seat"] = (wrong["seat"] + 1) % state.players
    action = type(state.legal_actions[0]).from_dict(wrong)
    body = _model(game, "PlayRequest")(
        hand=_model(game, "HandRecord").from_dict(dealt.hand.to_dict()), action=action
    )
    problem = _op(game, "play_action").sync(client=client, body=body)
    assert isinstance(problem, Problem), problem
    return problem


def glossary(client: Client, game: str, lang: str) -> Any:
    """The game's words in `lang`, parsed into its generated `<Game>Glossary`."""
    words = _op(game, "get_glossary").sync(client=client, accept_language=lang)
    assert isinstance(words, _model(game, "Glossary")), words
    return words
