"""End of round (docs/rules.md §5): out, blocked both ways, scoring, the german cycle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.builders import position, rules
from triominoes.core.actions import Pass, Place
from triominoes.core.errors import IllegalAction
from triominoes.core.lattice import from_id
from triominoes.core.phases import FINAL_CYCLE
from triominoes.core.record import read, replay
from triominoes.core.tiles import tile_set

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
ALL = [t.name for t in tile_set("standard56").tiles]
ZERO = [((0, 0), (0, 0, 0))]


def value(names: list[str]) -> int:
    tiles = tile_set("standard56")
    return sum(tiles.parse(n).value for n in names)


def stuck_position(preset: str, hands: list[list[str]], **overrides: object):  # type: ignore[no-untyped-def]
    """0-0-0 on the board, an empty pool; the last seat holds every other tile."""
    taken = {"0-0-0", *(n for h in hands for n in h)}
    rest = [n for n in ALL if n not in taken]
    return position(rules(preset, **overrides), ZERO, [*hands, rest], [], rest_to_pool=False)


def test_a_full_cycle_of_passes_blocks_the_round() -> None:
    state = stuck_position("standard", [["1-2-3"]])
    state.apply(Pass())
    assert not state.over
    state.apply(Pass())  # seat 1 could place but may pass: it cannot draw
    assert state.over
    assert state.end is not None
    rest = value([n for n in ALL if n not in ("0-0-0", "1-2-3")])
    assert state.end.reason == "blocked"
    assert state.end.winners == (0,)
    assert state.end.points == (rest - 6, 0)
    with pytest.raises(IllegalAction, match="the round is over"):
        state.apply(Pass())


def test_a_placement_restarts_the_count_of_passes() -> None:
    state = stuck_position("standard", [["1-2-3"]])
    state.apply(Pass())
    state.apply(state.decode(state.placement_moves()[0]))
    state.apply(Pass())
    assert not state.over
    assert state.passes == 1


def test_tied_lowest_hands_all_score() -> None:
    rest = value([n for n in ALL if n not in ("0-0-0", "1-2-3", "0-2-4")])
    # Both 1-2-3 and 0-2-4 are worth 6; the last seat holds the rest.
    for scoring, expected in [
        ("differences", (6 - 6) + (rest - 6)),
        ("others-minus-own", 6 + rest - 6),
        ("none", 0),
    ]:
        state = stuck_position("standard", [["1-2-3"], ["0-2-4"]], blocked_scoring=scoring)
        for _ in range(3):
            state.apply(Pass())
        assert state.end is not None
        assert state.end.winners == (0, 1)
        assert state.end.points == (expected, expected, 0)


def _golden_round(name: str, index: int) -> tuple[dict[str, Any], list[str]]:
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    return data, data["rounds"][index]["actions"]


def test_blocked_when_no_tile_can_be_placed_anywhere() -> None:
    # The first round of the standard golden game ends right after a placement.
    data, actions = _golden_round("standard-2p", 0)
    game = replay(read({**data, "rounds": data["rounds"][:1]}))
    state = game.round
    assert state.end is not None
    assert state.end.reason == "blocked"
    assert str(game.rounds[0].outcomes[-1].action) == actions[-1]
    # Independent check: no tile in any hand or the pool fits any free cell
    # that shares an edge with the layout.
    tiles = state.tiles
    board = {from_id(c): state.board.numbers_at(c) for c in state.board.tiles}
    from triominoes.core.lattice import corners, neighbours

    vertex = {v: n[i] for cell, n in board.items() for i, v in enumerate(corners(cell))}
    live = [t for t in tiles.tiles if state.live >> t.id & 1]
    assert live
    frontier = {n for cell in board for n in neighbours(cell) if n not in board}
    for cell in frontier:
        for tile in live:
            for k in range(3):
                numbers = tile.numbers[k:] + tile.numbers[:k]
                fits = all(
                    vertex.get(v, n) == n for v, n in zip(corners(cell), numbers, strict=True)
                )
                assert not fits, (cell, tile)


def test_without_blocked_when_no_moves_the_same_round_goes_on() -> None:
    data, _ = _golden_round("standard-2p", 0)
    house = {**data, "rules": {"preset": "standard", "blocked_when_no_moves": False}}
    game = replay(read({**house, "rounds": data["rounds"][:1]}))
    state = game.round
    assert not state.over
    assert state.legal_moves()  # draws or passes remain


def test_going_out_collects_hands_under_standard_only() -> None:
    for preset, collect in [("standard", True), ("spanish", False)]:
        state = stuck_position(preset, [["0-0-1"]])
        other = state.hand_values()[1]
        state.apply(state.decode(state.placement_moves()[0]))
        assert state.end is not None
        assert state.end.reason == "out"
        assert state.end.winners == (0,)
        assert state.end.points == ((25 + other) if collect else 25, 0)
        assert state.points[0] == 1


def test_going_out_wins_over_a_blocked_layout() -> None:
    # Seat 0's last tile empties its hand: "out", whatever else could move.
    state = stuck_position("standard", [["0-0-5"]])
    state.apply(state.decode(state.placement_moves()[0]))
    assert state.end is not None
    assert state.end.reason == "out"


def test_german_final_cycle() -> None:
    # Seat 0 goes out; seats 1 and 2 each take one more turn. Seat 1 empties
    # its hand too but gets no bonus; the hands are counted after the cycle.
    state = stuck_position("german", [["0-0-1"], ["0-0-2"], ["1-2-3", "2-3-4"]])
    state.apply(state.decode(state.placement_moves()[0]))
    assert state.phase == FINAL_CYCLE
    assert not state.over
    assert state.seat == 1
    move = state.placement_moves()[0]
    state.apply(state.decode(move))
    assert state.hands[1] == 0
    assert not state.over
    assert state.seat == 2
    state.apply(Pass())
    assert state.seat == 3
    move = state.placement_moves()[0]
    state.apply(state.decode(move))
    assert state.end is not None
    assert state.end.reason == "out"
    assert state.end.winners == (0,)
    hands = state.hand_values()
    assert hands[1] == 0
    assert state.end.points == (25 + hands[1] + hands[2] + hands[3], 0, 0, 0)


def test_german_cycle_placing_the_last_tile_gives_nothing_extra() -> None:
    state = stuck_position("german", [["0-0-1"], ["0-0-2"]])
    state.apply(state.decode(state.placement_moves()[0]))
    state.apply(state.decode(state.placement_moves()[0]))
    assert state.points[1] == 2  # the tile's value, no going-out bonus
    assert state.apply(Pass()).points == -10  # seat 2, the last of the cycle
    assert state.end is not None
    assert state.end.points == (25 + 0 + state.hand_values()[2], 0, 0)


def test_no_cycle_without_the_flag() -> None:
    state = stuck_position("standard", [["0-0-1"], ["0-0-2"]])
    state.apply(state.decode(state.placement_moves()[0]))
    assert state.over
    with pytest.raises(IllegalAction, match="the round is over"):
        state.apply(Place((0, 1), (0, 0, 2)))
