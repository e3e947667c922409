"""Bonus shapes (docs/rules.md §4) in up and down cells, at every corner.

The board decides shapes from occupancy alone, so these cases are built on
a free-form board (any numbers, tiles may repeat): the geometry is what is
tested. Points per rule set follow at the end.
"""

from __future__ import annotations

import itertools

import pytest

from tests.builders import board_of, lay, numbers_at, rules
from triominoes.core.board import BRIDGE, CORNER, PLAIN, TWO_SIDED, Board
from triominoes.core.lattice import Cell, Vertex, corners, neighbours, ring, to_id
from triominoes.core.scoring import Score, shape_bonus_table

CELLS = {"up": (0, 0), "down": (1, 0)}


def number(v: Vertex) -> int:
    return (v[0] * 7 + v[1] * 3) % 6


def shape(cells: list[Cell], target: Cell) -> int:
    board = board_of(cells, number)
    code = board.shape_at(to_id(target))
    assert lay(board, target, numbers_at(target, number)) == code
    return code


def ring_without(vertex: Vertex, cell: Cell) -> list[Cell]:
    return [c for c in ring(vertex) if c != cell]


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("corner", [0, 1, 2])
def test_one_hexagon_at_each_corner(kind: str, corner: int) -> None:
    cell = CELLS[kind]
    assert shape(ring_without(corners(cell)[corner], cell), cell) == 1 * 4


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("pair", list(itertools.combinations([0, 1, 2], 2)))
def test_two_hexagons_at_once(kind: str, pair: tuple[int, int]) -> None:
    cell = CELLS[kind]
    around = {c for i in pair for c in ring_without(corners(cell)[i], cell)}
    assert shape(sorted(around), cell) == 2 * 4


@pytest.mark.parametrize("kind", CELLS)
def test_three_hexagons_at_once(kind: str) -> None:
    cell = CELLS[kind]
    around = {c for v in corners(cell) for c in ring_without(v, cell)}
    assert len(around) == 12
    assert shape(sorted(around), cell) == 3 * 4


def _others(cell: Cell, corner: int) -> list[Cell]:
    """ring(corner) cells other than the cell and its neighbours at that corner."""
    near = neighbours(cell)
    skip = {cell, near[corner], near[(corner + 2) % 3]}
    return [c for c in ring(corners(cell)[corner]) if c not in skip]


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("corner", [0, 1, 2])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_bridge_at_each_corner(kind: str, corner: int, which: int) -> None:
    cell = CELLS[kind]
    # The edge opposite the corner is edge corner+1; the far side touches
    # the corner through any one of the three cells beyond.
    across = neighbours(cell)[(corner + 1) % 3]
    assert shape([across, _others(cell, corner)[which]], cell) == BRIDGE


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("edge", [0, 1, 2])
def test_one_edge_without_a_far_contact_is_no_bridge(kind: str, edge: int) -> None:
    cell = CELLS[kind]
    assert shape([neighbours(cell)[edge]], cell) == PLAIN


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("edge", [0, 1, 2])
def test_one_edge_with_contacts_on_its_own_corners_is_no_bridge(kind: str, edge: int) -> None:
    # A tile touching one of the shared edge's own corners from beyond is
    # not across empty space from the opposite point: no bridge.
    cell = CELLS[kind]
    shared = [edge, (edge + 1) % 3]
    extra = [c for i in shared for c in _others(cell, i)]
    assert shape([neighbours(cell)[edge], *extra], cell) == PLAIN


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("pair", list(itertools.combinations([0, 1, 2], 2)))
def test_two_sided_on_any_two_edges(kind: str, pair: tuple[int, int]) -> None:
    cell = CELLS[kind]
    near = neighbours(cell)
    assert shape([near[i] for i in pair], cell) == TWO_SIDED


@pytest.mark.parametrize("kind", CELLS)
def test_three_sides_without_a_hexagon_is_two_sided(kind: str) -> None:
    cell = CELLS[kind]
    assert shape(list(neighbours(cell)), cell) == TWO_SIDED


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("corner", [0, 1, 2])
def test_hexagon_excludes_two_sided(kind: str, corner: int) -> None:
    # Completing a hexagon always shares two edges; it scores only the hexagon.
    cell = CELLS[kind]
    code = shape(ring_without(corners(cell)[corner], cell), cell)
    for preset in ("standard", "czech"):
        assert shape_bonus_table(rules(preset))[code] == 50


@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("corner", [0, 1, 2])
def test_corner_only_contact(kind: str, corner: int) -> None:
    cell = CELLS[kind]
    assert shape([_others(cell, corner)[1]], cell) == CORNER


def test_first_tile_is_plain() -> None:
    assert Board(board_of([], number).fits).shape_at(to_id((0, 0))) == PLAIN


def test_a_bridge_never_completes_a_hexagon() -> None:
    # Exhaustive over every occupancy of the 12 cells around an up and a down cell.
    for cell in CELLS.values():
        around = sorted({c for v in corners(cell) for c in ring_without(v, cell)})
        for bits in range(1 << len(around)):
            chosen = [c for i, c in enumerate(around) if bits >> i & 1]
            code = board_of(chosen, number).shape_at(to_id(cell))
            hexagons, kind = divmod(code, 4)
            assert not (hexagons and kind == BRIDGE)
            edges = sum(n in chosen for n in neighbours(cell))
            if hexagons:
                assert edges >= 2
            elif edges >= 2:
                assert kind == TWO_SIDED
            elif edges == 1:
                assert kind in (BRIDGE, PLAIN)


# --- points per rule set ---------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "hexagons", "bridge", "two_sided"),
    [
        ("standard", (50, 100, 150), 40, 40),
        ("czech", (50, 100, 150), 40, 40),
        ("pressman", (50, 60, 70), 40, 0),
        ("german", (50, 60, 70), 40, 0),
        ("spanish", (50, 100, 150), 40, 0),
    ],
)
def test_bonus_points_per_preset(
    preset: str, hexagons: tuple[int, int, int], bridge: int, two_sided: int
) -> None:
    table = shape_bonus_table(rules(preset))
    assert [table[h * 4] for h in (1, 2, 3)] == list(hexagons)
    assert [table[h * 4 + TWO_SIDED] for h in (1, 2, 3)] == list(hexagons)
    assert table[BRIDGE] == bridge
    assert table[TWO_SIDED] == two_sided
    assert table[CORNER] == 0
    assert table[PLAIN] == 0
    score = Score.of(rules(preset), 9, TWO_SIDED)
    assert score.points == 9 + two_sided
    assert score.two_sided == (two_sided > 0)


def test_score_breakdown_describes_the_move() -> None:
    score = Score.of(rules(), 10, 4)
    assert score.points == 60
    assert score.shape == "hexagon"
    assert score.describe() == "60: tile 10 + hexagon 50"
    assert Score.of(rules(), 9, 8).describe() == "109: tile 9 + double hexagon 100"
    assert Score.of(rules("pressman"), 9, 12).points == 79
