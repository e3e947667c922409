"""The layout drawn as text: numbers at the corners, cells under the mouse."""

from __future__ import annotations

from triominoes.core.lattice import corners, is_up
from triominoes.core.view import PlacedTile
from triominoes.tui.board import SCALE, Mark, board_text, cell_at_point, draw

from .games import played


def test_every_vertex_shows_its_number_where_the_lattice_puts_it() -> None:
    view = played(30).view(0)
    picture = draw(view.board)
    lines = picture.lines()
    for tile in view.board:
        for (x, y), number in zip(corners(tile.cell), tile.corners, strict=True):
            column, row = SCALE * x - picture.left, SCALE * y - picture.top
            assert lines[row][column] == str(number)


def test_a_single_tile_is_a_triangle() -> None:
    tile = PlacedTile((0, 0), (5, 3, 4), played(0).view(0).tile_set.parse("3-4-5"))
    assert board_text([tile]).splitlines()[1:] == [
        "     5",
        "    ╱ ╲",
        "   ╱   ╲",
        "  4─────3",
    ]


def test_a_down_cell_points_down_and_shares_the_edge() -> None:
    tiles = played(0).view(0).tile_set
    up = PlacedTile((0, 0), (2, 2, 2), tiles.parse("2-2-2"))
    down = PlacedTile((1, 0), (2, 4, 2), tiles.parse("2-2-4"))
    assert board_text([up, down]).splitlines()[1:] == [
        "     2─────4",
        "    ╱ ╲   ╱",
        "   ╱   ╲ ╱",
        "  2─────2",
    ]


def test_each_character_inside_a_cell_maps_back_to_that_cell() -> None:
    view = played(30).view(0)
    picture = draw(view.board, [Mark((9, 9), "12")])
    for tile in [*view.board, PlacedTile((9, 9), (0, 0, 0), view.board[0].tile)]:
        x, y, _, _ = picture.region_of(tile.cell)
        inside = [(x + 3, y + 1), (x + 3, y + 2)]
        inside += [(x + 2, y + 2), (x + 4, y + 2)] if is_up(tile.cell) else [(x + 2, y + 1)]
        for column, row in inside:
            assert picture.cell_at(column, row) == tile.cell


def test_point_lookup_agrees_with_cell_shapes() -> None:
    assert cell_at_point(1.0, 0.9) == (0, 0)  # the bottom middle of up cell (0, 0)
    assert cell_at_point(2.0, 0.1) == (1, 0)  # the top middle of down cell (1, 0)
    assert cell_at_point(3.0, 0.9) == (2, 0)
    assert cell_at_point(-1.0, 0.5) == (-2, 0)


def test_marks_show_their_points_and_the_chosen_numbers() -> None:
    view = played(1).view(1)  # one tile on the board
    first = view.board[0]
    mark = Mark((1, 0), "54", bonus=True, selected=True, corners=(7, 8, 9))
    picture = draw(view.board, [mark, Mark((-1, 0), "3")])
    text = "\n".join(picture.lines())
    assert "54" in text and " 3 " in text
    assert "8" in text  # the new corner of the chosen placement
    # A corner shared with the layout keeps the layout's number.
    x, y = corners((1, 0))[0]
    assert picture.lines()[SCALE * y - picture.top][SCALE * x - picture.left] == str(
        first.corners[corners(first.cell).index((x, y))]
    )
