"""Every shipped puzzle re-verified with the engine and the search (the
answer is the one best action by the check's margin), in chunks so that
parallel test runs share the work; and docs/puzzles.md counts them right."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from triominoes.puzzles import THEMES, shipped
from triominoes.puzzles.checking import check
from triominoes.puzzles.model import dumps, loads

CHUNK = 40
COUNT = len(shipped())
DOCS = Path(__file__).parent.parent.parent / "docs" / "puzzles.md"


@pytest.mark.parametrize("start", range(0, COUNT, CHUNK))
def test_every_shipped_puzzle_holds(start: int) -> None:
    failed = {p.id: check(p) for p in shipped()[start : start + CHUNK]}
    assert {ident: problems for ident, problems in failed.items() if problems} == {}


def test_a_few_hundred_puzzles_ship_and_the_docs_count_them() -> None:
    puzzles = shipped()
    assert COUNT >= 200
    assert loads(dumps(puzzles)) == list(puzzles)
    counts = Counter(p.theme for p in puzzles)
    table = dict(re.findall(r"^\| `([a-z-]+)` \| (\d+) \|", DOCS.read_text(), re.M))
    assert {theme: int(n) for theme, n in table.items()} == {t: counts[t] for t in THEMES}
    assert f"{COUNT} puzzles" in DOCS.read_text()
    assert all(600 <= p.difficulty <= 2500 for p in puzzles)


def test_a_broken_puzzle_fails_the_check() -> None:
    puzzle = shipped()[0]
    wrong = next(t for t in puzzle.values if t != puzzle.solution[0])
    assert check(replace(puzzle, solution=(wrong,)))
    assert check(replace(puzzle, seat=1 - puzzle.seat))
