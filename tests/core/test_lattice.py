"""Geometry checked against tables worked out by hand from the picture of
the lattice, and against brute-force geometric facts."""

from __future__ import annotations

import itertools

import pytest

from triominoes.core.lattice import (
    corners,
    from_id,
    is_up,
    is_vertex,
    neighbours,
    ring,
    to_id,
)

# Hand-computed from the drawing: an up cell (q, r) spans x q..q+2 on row
# strip r..r+1, apex on top; a down cell has its flat side on top.
CORNERS = {
    (0, 0): [(1, 0), (2, 1), (0, 1)],  # up: apex, bottom-right, bottom-left
    (1, 0): [(1, 0), (3, 0), (2, 1)],  # down: top-left, top-right, bottom
    (-1, 0): [(-1, 0), (1, 0), (0, 1)],
    (0, 1): [(0, 1), (2, 1), (1, 2)],
    (2, 0): [(3, 0), (4, 1), (2, 1)],
    (-3, -2): [(-3, -2), (-1, -2), (-2, -1)],
}
NEIGHBOURS = {
    (0, 0): [(1, 0), (0, 1), (-1, 0)],  # right, below, left
    (1, 0): [(1, -1), (2, 0), (0, 0)],  # above, right, left
    (-1, 0): [(-1, -1), (0, 0), (-2, 0)],
    (0, 1): [(0, 0), (1, 1), (-1, 1)],
    (2, 0): [(3, 0), (2, 1), (1, 0)],
}
RINGS = {
    # Around vertex (1, 0): the up cell above-left, clockwise.
    (1, 0): [(-1, -1), (0, -1), (1, -1), (1, 0), (0, 0), (-1, 0)],
    (2, 1): [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)],
}


@pytest.mark.parametrize("cell", list(CORNERS))
def test_corners_match_the_hand_table(cell: tuple[int, int]) -> None:
    assert list(corners(cell)) == CORNERS[cell]


@pytest.mark.parametrize("cell", list(NEIGHBOURS))
def test_neighbours_match_the_hand_table(cell: tuple[int, int]) -> None:
    assert list(neighbours(cell)) == NEIGHBOURS[cell]


@pytest.mark.parametrize("vertex", list(RINGS))
def test_rings_match_the_hand_table(vertex: tuple[int, int]) -> None:
    assert list(ring(vertex)) == RINGS[vertex]


def test_up_and_down() -> None:
    assert is_up((0, 0))
    assert not is_up((1, 0))
    assert not is_up((0, 1))
    assert is_up((-1, 1))


AREA = [(q, r) for q in range(-6, 7) for r in range(-5, 6)]


def _clockwise(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
    # Half-unit x and row y with y pointing down: positive cross is clockwise.
    ax, ay = a[0], a[1] * 2
    bx, by = b[0], b[1] * 2
    cx, cy = c[0], c[1] * 2
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0


def test_corners_are_vertices_in_clockwise_order() -> None:
    for cell in AREA:
        cs = corners(cell)
        assert all(is_vertex(v) for v in cs)
        assert _clockwise(*cs)


def test_edge_i_is_shared_with_neighbour_i() -> None:
    # Brute force: two cells share an edge exactly when they share two corners.
    for cell in AREA:
        cs = corners(cell)
        for i, other in enumerate(neighbours(cell)):
            edge = {cs[i], cs[(i + 1) % 3]}
            assert set(corners(other)) & set(cs) == edge
        sharing_two = {o for o in AREA if o != cell and len(set(corners(o)) & set(cs)) == 2}
        inside = [n for n in neighbours(cell) if n in AREA]
        assert sharing_two == set(inside)


def test_ring_is_every_cell_with_that_corner_clockwise() -> None:
    for x, y in itertools.product(range(-5, 6), range(-4, 5)):
        if not is_vertex((x, y)):
            continue
        cells = ring((x, y))
        assert all((x, y) in corners(c) for c in cells)
        assert len(set(cells)) == 6
        assert [is_up(c) for c in cells] == [True, False, True, False, True, False]
        for a, b in itertools.pairwise([*cells, cells[0]]):
            assert b in neighbours(a)
        # Clockwise around the vertex: centroids turn clockwise.
        centroids = [
            (sum(v[0] for v in corners(c)) / 3, sum(v[1] for v in corners(c)) / 3) for c in cells
        ]
        for p, s in itertools.pairwise([*centroids, centroids[0]]):
            cross = (p[0] - x) * (s[1] - y) * 2 - (p[1] - y) * 2 * (s[0] - x)
            assert cross > 0


def test_ids_round_trip_and_parity_is_orientation() -> None:
    for cell in [*AREA, (-100, 77), (120, -120)]:
        assert from_id(to_id(cell)) == cell
        assert (to_id(cell) % 2 == 0) == is_up(cell)
