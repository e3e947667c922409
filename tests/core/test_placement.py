"""Legal placement (docs/rules.md §2-3): rotations, mirrors, the vertex rule."""

from __future__ import annotations

import pytest

from tests.builders import EXTENDED, free_form, ids, make_round, number_of, position, rules
from triominoes.core.actions import Place
from triominoes.core.errors import IllegalAction
from triominoes.core.lattice import Cell, Vertex, corners, is_up, to_id
from triominoes.core.moves import move_cell
from triominoes.core.tiles import rotations

EXT = rules("standard", tile_set="extended76")

# Two layouts and the free cell next to them: one down target, one up target.
TARGETS: list[tuple[list[Cell], Cell]] = [
    ([(0, 0)], (1, 0)),
    ([(0, 0), (1, 0)], (2, 0)),
    ([(0, 0)], (-1, 0)),
    ([(0, 0), (0, 1)], (-1, 1)),
]


@pytest.mark.parametrize(("layout", "target"), TARGETS)
@pytest.mark.parametrize("k", [0, 1, 2])
def test_each_rotation_fits_where_the_corners_say(layout: list[Cell], target: Cell, k: int) -> None:
    tile = (1, 2, 4)
    want = rotations(tile)[k]
    fixed = dict(zip(corners(target), want, strict=True))

    def number(v: Vertex) -> int:
        return fixed.get(v, 0)

    placements = [
        (c, (number(a), number(b), number(d))) for c in layout for a, b, d in [corners(c)]
    ]
    state = position(EXT, placements, [["1-2-4", "5-5-5"], ["3-3-3", "4-4-4"]])
    legal = {state.decode(m) for m in state.placement_moves()}
    assert Place(target, want) in legal
    others = [r for r in rotations(tile) if r != want]
    for numbers in others:
        assert Place(target, numbers) not in legal
        with pytest.raises(IllegalAction, match=r"corner \(-?\d+,-?\d+\) must be"):
            state.copy().apply(Place(target, numbers))
    outcome = state.apply(Place(target, want))
    assert outcome.points == 7
    assert is_up(target) == (target in ((2, 0), (-1, 1)))


def test_opening_tile_may_take_any_rotation() -> None:
    state = make_round(
        rules(),
        [
            ["0-1-2", "0-0-1", "0-0-2", "0-1-1", "0-1-3", "0-2-2", "1-1-2", "1-1-3", "2-3-4"],
            ["0-0-3", "0-0-4", "0-0-5", "0-1-4", "0-1-5", "0-2-3", "0-2-4", "0-2-5", "0-3-3"],
        ],
    )
    # No triple dealt: seat 0's 2-3-4 (9) beats seat 1's 0-3-3... check below.
    assert state.opener == 0
    opening = {state.decode(m) for m in state.placement_moves()}
    assert opening == {Place((0, 0), r) for r in rotations((2, 3, 4))}


def test_a_triple_opens_once_not_thrice() -> None:
    state = make_round(
        rules(),
        [
            ["5-5-5", "0-0-1", "0-0-2", "0-1-1", "0-1-3", "0-2-2", "1-1-2", "1-1-3", "2-3-4"],
            ["0-0-3", "0-0-4", "0-0-5", "0-1-4", "0-1-5", "0-2-3", "0-2-4", "0-2-5", "0-3-3"],
        ],
    )
    assert [state.decode(m) for m in state.placement_moves()] == [Place((0, 0), (5, 5, 5))]


def test_mirror_images_are_rejected_in_the_standard_set() -> None:
    # 1-2-5 at (0,0) fixes cell (1,0)'s corners to 1, ?, 2. A tile with three
    # different numbers fits there only read anticlockwise: 1-2-3 would have
    # to show 1, 3, 2, which is its mirror image.
    state = position(rules(), [((0, 0), (1, 2, 5))], [["1-2-3", "1-1-2"], ["5-5-5"]])
    with pytest.raises(IllegalAction, match="1-3-2 clockwise is no tile of the standard56 set"):
        state.apply(Place((1, 0), (1, 3, 2)))
    assert Place((1, 0), (1, 1, 2)) in {state.decode(m) for m in state.legal_moves()}
    # In the extended set the mirror image is a tile of its own.
    ext = position(EXT, [((0, 0), (1, 2, 5))], [["1-3-2", "1-1-2"], ["5-5-5"]])
    assert ext.apply(Place((1, 0), (1, 3, 2))).points == 6


def test_the_vertex_rule_binds_corner_only_contacts() -> None:
    # A bridge position: (2,0) shares an edge with (1,0) only, and its corner
    # (4,1) touches the tile at (4,0) across empty cells. That corner binds too.
    cells = [(0, 0), (1, 0), (1, -1), (2, -1), (3, -1), (4, -1), (5, -1), (5, 0), (4, 0)]
    placements = free_form(cells, lambda v: (v[0] * 2 + v[1] * 5 + v[0] * v[1]) % 6)
    want = number_of((4, 1), placements)
    wrong = (want + 1) % 6
    a, _, c = (number_of(v, placements) for v in corners((2, 0)))
    right_tile, wrong_tile = (EXTENDED.tiles.find((a, n, c)) for n in (want, wrong))
    assert right_tile and wrong_tile
    state = position(EXT, placements, [[right_tile.name, wrong_tile.name], ["5-5-5"]])
    moves = [state.decode(m) for m in state.placement_moves() if move_cell(m) == to_id((2, 0))]
    assert moves == [Place((2, 0), (a, want, c))]
    error = state.why_illegal(state.encode(Place((2, 0), (a, wrong, c))))
    assert str(error) == f"corner (4,1) must be {want}, tile has {wrong}"
    assert error is not None and error.code == "illegal-placement"


def test_cells_must_touch_and_be_empty() -> None:
    state = position(rules(), [((0, 0), (4, 4, 4))], [["3-4-4", "1-2-3"], ["5-5-5"]])
    with pytest.raises(IllegalAction, match=r"cell \(0,0\) is occupied"):
        state.apply(Place((0, 0), (3, 4, 4)))
    with pytest.raises(IllegalAction, match=r"cell \(5,5\) shares no edge with the layout"):
        state.apply(Place((5, 5), (1, 2, 3)))
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        state.apply(Place((-1, 0), (5, 4, 4)))
    with pytest.raises(IllegalAction, match="not next to the layout"):
        state.apply(Place((999, 0), (1, 2, 3)))


def test_placement_leaves_the_state_unchanged_when_illegal() -> None:
    state = position(rules(), [((0, 0), (4, 4, 4))], [["3-4-4", "1-2-3"], ["5-5-5"]])
    before = (state.hands.copy(), dict(state.board.tiles), state.points.copy(), state.seat)
    with pytest.raises(IllegalAction):
        state.apply(Place((-1, 0), (1, 2, 3)))
    assert before == (state.hands, dict(state.board.tiles), state.points, state.seat)


def test_hand_ids_helper_matches_names() -> None:
    assert len(ids(rules(), ["0-0-0", "5-5-5"])) == 2
