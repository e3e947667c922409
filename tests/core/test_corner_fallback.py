"""The spanish corner placement (docs/rules.md §3, ``corner_fallback``)."""

from __future__ import annotations

import pytest

from tests.builders import position, rules
from triominoes.core.actions import Place
from triominoes.core.errors import IllegalAction
from triominoes.core.lattice import corners, neighbours, ring
from triominoes.core.tiles import tile_set

ALL = [t.name for t in tile_set("standard56").tiles]
ZERO = [((0, 0), (0, 0, 0))]


def zero_position(preset: str, hand: list[str], pool: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    taken = {"0-0-0", *hand, *pool}
    rest = [n for n in ALL if n not in taken]
    return position(rules(preset), ZERO, [hand, rest], list(pool), rest_to_pool=False)


def corner_cells() -> set[tuple[int, int]]:
    near = set(neighbours((0, 0)))
    return {c for v in corners((0, 0)) for c in ring(v)} - near - {(0, 0)}


def test_without_a_placement_a_corner_placement_must_be_made() -> None:
    state = zero_position("spanish", ["0-1-2"], ["3-4-5"])
    moves = [state.decode(m) for m in state.legal_moves()]
    assert len(moves) == 9  # one rotation in each of the nine corner-only cells
    assert all(isinstance(m, Place) for m in moves)
    assert {m.cell for m in moves if isinstance(m, Place)} == corner_cells()
    with pytest.raises(IllegalAction, match="may not draw"):
        state.apply(state.decode(-1))
    move = Place((0, -1), (1, 2, 0))
    outcome = state.apply(move)
    assert outcome.points == 3
    assert outcome.score is not None
    assert outcome.score.corner
    assert outcome.score.shape_bonus == 0


def test_a_corner_placement_earns_no_shape_bonus_even_where_it_would_bridge() -> None:
    # Geometry gives a corner-only contact its own code, which pays nothing.
    state = zero_position("spanish", ["0-1-2"])
    for move in state.placement_moves():
        assert state.score_of(move).shape_bonus == 0


def test_corner_placements_are_not_allowed_with_a_regular_placement() -> None:
    state = zero_position("spanish", ["0-0-1", "0-1-2"])
    with pytest.raises(IllegalAction, match="only at a corner, which is allowed only without"):
        state.apply(Place((0, -1), (1, 2, 0)))


def test_other_rules_have_no_corner_placements() -> None:
    state = zero_position("standard", ["0-1-2"], ["3-4-5"])
    assert [str(state.decode(m)) for m in state.legal_moves()] == ["draw"]
    with pytest.raises(IllegalAction, match=r"cell \(0,-1\) shares no edge with the layout"):
        state.apply(Place((0, -1), (1, 2, 0)))


def test_a_cell_far_away_is_rejected_under_spanish_too() -> None:
    state = zero_position("spanish", ["0-1-2"])
    with pytest.raises(IllegalAction, match=r"cell \(6,6\) does not touch the layout"):
        state.apply(Place((6, 6), (0, 1, 2)))


def test_corner_placements_obey_the_vertex_rule() -> None:
    state = zero_position("spanish", ["1-2-3"], ["3-4-5"])
    # No 0 on the tile: nothing fits at any corner; the player draws.
    assert [str(state.decode(m)) for m in state.legal_moves()] == ["draw"]
    with pytest.raises(IllegalAction, match=r"corner \(1,0\) must be 0, tile has 3"):
        state.apply(Place((0, -1), (1, 2, 3)))
