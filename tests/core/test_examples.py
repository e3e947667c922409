"""The worked examples of docs/rules.md §8, each as a replayed record."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import record
from triominoes.core.awards import RoundEnd, blocked_end
from triominoes.core.record import read, replay, replay_json
from triominoes.core.rules import preset


def report(data: dict[str, Any]) -> dict[str, Any]:
    return replay_json(replay(read(data)))


def points(data: dict[str, Any], round_index: int = 0) -> list[int]:
    return [a["points"] for a in report(data)["rounds"][round_index]["actions"]]


@pytest.mark.parametrize(
    ("preset", "opener", "expected"),
    [
        ("standard", "4-4-4", 22),
        ("standard", "0-0-0", 40),
        ("german", "4-4-4", 12),
        ("german", "0-0-0", 40),
        ("spanish", "5-5-5", 55),
        ("spanish", "0-0-0", 10),
    ],
)
def test_opening_triples(preset: str, opener: str, expected: int) -> None:
    numbers = opener.replace("-", "")
    data = record(preset, [([[opener], []], [], [f"{numbers}@0,0"])])
    assert points(data) == [expected]


def test_opening_without_a_triple_scores_the_tile() -> None:
    data = record("standard", [([["2-4-5"], ["2-3-4"]], [], ["245@0,0"])])
    rep = report(data)
    assert rep["rounds"][0]["opener"] == 0
    assert points(data) == [11]


def test_tiles_next_to_the_opening_score_their_value() -> None:
    data = record("standard", [([["4-4-4"], ["3-4-4"]], [], ["444@0,0", "344@-1,0"])])
    assert points(data) == [22, 11]
    data = record("standard", [([["5-5-5"], ["2-5-5"]], [], ["555@0,0", "525@1,0"])])
    assert points(data) == [25, 12]


HEXAGON = ["555@0,0", "535@1,0", "235@1,-1", "125@0,-1", "150@-1,-1", "055@-1,0"]


def test_completing_a_hexagon_with_0_5_5_scores_60() -> None:
    data = record(
        "standard", [([["5-5-5", "2-3-5", "0-1-5"], ["3-5-5", "1-2-5", "0-5-5"]], [], HEXAGON)]
    )
    rep = report(data)
    last = rep["rounds"][0]["actions"][-1]
    assert last["points"] == 60
    assert last["bonus"]["hexagons"] == 1


BRIDGE = [
    "111@0,0",
    "141@1,0",
    "401@2,0",
    "440@3,0",
    "544@3,-1",
    "534@4,-1",
    "135@4,-2",
    "515@3,-2",
    "554@2,-2",
    "441@1,-1",
]


def test_a_bridge_with_1_4_4_scores_49() -> None:
    hands = [
        ["1-1-1", "0-1-4", "4-4-5", "1-3-5", "4-5-5"],
        ["1-1-4", "0-4-4", "3-4-5", "1-5-5", "1-4-4"],
    ]
    rep = report(record("standard", [(hands, [], BRIDGE)]))
    last = rep["rounds"][0]["actions"][-1]
    assert last["action"] == "441@1,-1"
    assert last["points"] == 49
    assert last["bonus"]["bridge"] is True
    assert last["bonus"]["shape"] == "bridge"


def test_three_draws_and_no_placement_cost_25() -> None:
    data = record(
        "standard",
        [([["3-3-3"], ["3-3-5"]], [], ["333@0,0", "draw", "draw", "draw", "pass"])],
    )
    assert points(data) == [19, -5, -5, -5, -10]
    assert sum(points(data)[1:]) == -25


def test_two_draws_then_1_3_5_scores_minus_1() -> None:
    data = record(
        "standard",
        [([["3-3-3", "1-3-5"], ["3-3-5"]], [], ["333@0,0", "353@1,0", "draw", "draw", "513@2,0"])],
    )
    assert points(data)[2:] == [-5, -5, 9]
    assert sum(points(data)[2:]) == -1


BLOCKED_RULES: dict[str, Any] = {
    "preset": "standard",
    "hand_size": {"2": 9, "3": 3, "4": 7, "5": 6, "6": 6},
}


@pytest.mark.parametrize(("scoring", "expected"), [("differences", 20), ("others-minus-own", 35)])
def test_blocked_round_a23_b15_c27(scoring: str, expected: int) -> None:
    # A (seat 0) opens 1-1-1; then B, C and A each draw three and pass: a
    # full cycle of passes blocks the round. Hands then: A 23, B 15, C 27.
    hands = [["1-1-1", "0-0-5", "0-2-2"], ["0-0-1", "0-0-2", "0-1-1"], ["0-2-3", "0-1-4", "0-0-0"]]
    pool = ["0-1-2", "0-0-3", "0-1-3", "1-1-3", "0-2-4", "0-3-3", "0-0-4", "1-1-2", "0-1-5"]
    turn = ["draw", "draw", "draw", "pass"]
    rules = {**BLOCKED_RULES, "blocked_scoring": scoring}
    rep = report(record(rules, [(hands, pool, ["111@0,0", *turn, *turn, *turn])]))
    end = rep["rounds"][0]["end"]
    assert end["reason"] == "blocked"
    assert end["winners"] == [1]
    assert end["points"] == [0, expected, 0]


def test_blocked_awards_directly() -> None:
    hands = [23, 15, 27]
    assert blocked_end(preset("standard"), hands) == RoundEnd("blocked", (1,), (0, 20, 0))
    assert blocked_end(preset("pressman"), hands) == RoundEnd("blocked", (1,), (0, 35, 0))
    assert blocked_end(preset("spanish"), hands) == RoundEnd("blocked", (1,), (0, 0, 0))


def test_going_out_while_opponents_hold_12_and_7_scores_44() -> None:
    rules = {**BLOCKED_RULES, "hand_size": {"2": 9, "3": 2, "4": 7, "5": 6, "6": 6}}
    hands = [["3-3-3", "1-3-3"], ["3-3-5", "2-5-5"], ["2-3-3", "0-2-5"]]
    rep = report(record(rules, [(hands, [], ["333@0,0", "353@1,0", "233@-1,0", "331@0,1"])]))
    end = rep["rounds"][0]["end"]
    assert end == {"reason": "out", "winners": [0], "points": [44, 0, 0]}
