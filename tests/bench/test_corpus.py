"""The replay corpus holds every kind of answer, repeats itself, and sees a changed byte."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bench.corpus import Exchange, differences, is_suggestion, read, record, write


@pytest.fixture(scope="module")
def corpus() -> list[Exchange]:
    return record(tables=1, hands=1, games=["blot-duel"])


def test_the_corpus_holds_tables_examples_errors_and_bots_in_every_language(corpus: list[Exchange]) -> None:
    statuses = {ex.status for ex in corpus}
    assert {200, 400, 405, 406, 415, 422, 404} <= statuses
    languages = {v for ex in corpus for k, v in ex.answer_headers if k == "Content-Language"}
    assert languages == {"en", "ar", "hy", "ru"}
    paths = {ex.path.rsplit("/v1/games/blot-duel/", 1)[-1] for ex in corpus}
    for operation in ("deals", "hands/play", "hands/state", "hands/score", "hands/suggest", "glossary"):
        assert operation in paths
    codes = {json.loads(ex.answer).get("code") for ex in corpus if ex.status == 422}
    assert len(codes) >= 3  # schema errors and rule errors, not one kind
    ids = [v for ex in corpus for k, v in ex.headers if k == "X-Request-ID"]
    assert len(ids) == len(set(ids)) == len(corpus)


def test_a_replay_is_identical_and_a_changed_answer_is_found(corpus: list[Exchange], tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl.gz"
    write(path, corpus)
    again = list(read(path))
    assert again == corpus
    assert list(differences(again)) == []
    i = next(i for i, ex in enumerate(again) if ex.status == 422)
    changed = again[i]
    again[i] = Exchange(
        changed.name,
        changed.method,
        changed.path,
        changed.headers,
        changed.body,
        changed.status,
        changed.answer_headers,
        changed.answer.replace(b"}", b" }", 1),
    )
    assert [ex.name for ex, _ in differences(again)] == [changed.name]


def test_a_suggestion_cut_by_the_clock_is_counted_apart_not_compared(corpus: list[Exchange]) -> None:
    ex = next(ex for ex in corpus if is_suggestion(ex))
    body = json.loads(ex.answer)
    cut_short = {**body, "worlds": body["worlds"] + 1, "cut": True}  # as a busy machine may answer
    cut: list[str] = []
    assert list(differences([dataclasses.replace(ex, answer=json.dumps(cut_short).encode())], cut)) == []
    assert cut == [ex.name]
