"""The rack's choice comes from the view's legal list, nothing else."""

from __future__ import annotations

from triominoes.core.actions import Place
from triominoes.tui.selection import Selection, placements_by_tile

from .games import with_placements


def test_every_legal_placement_belongs_to_exactly_one_hand_tile() -> None:
    game = with_placements()
    view = game.view(game.to_move)
    groups = placements_by_tile(view)
    grouped = [legal for options in groups.values() for legal in options]
    placements = [legal for legal in view.legal if isinstance(legal.action, Place)]
    assert sorted(map(str, (g.action for g in grouped))) == sorted(
        map(str, (p.action for p in placements))
    )
    for tile_id, options in groups.items():
        for legal in options:
            assert isinstance(legal.action, Place)
            assert view.tile_set.find(legal.action.corners).id == tile_id  # type: ignore[union-attr]
        assert [o.points for o in options] == sorted((o.points for o in options), reverse=True)


def test_cycling_visits_every_cell_and_rotation_of_the_tile() -> None:
    game = with_placements()
    view = game.view(game.to_move)
    selection = Selection.of(view)
    assert selection.fits  # the first tile chosen is one that fits
    seen = set()
    for _ in selection.cells():
        for _ in selection.at_cell(selection.cells()[selection.cell]):
            assert selection.current is not None
            seen.add(str(selection.current.action))
            selection.next_rotation()
        selection.next_cell()
    assert seen == {str(a.action) for a in selection.tile_options()}
    assert selection.cell == 0  # round the cycle


def test_choosing_a_cell_or_a_hint_and_keeping_the_tile_across_views() -> None:
    game = with_placements()
    seat = game.to_move
    view = game.view(seat)
    selection = Selection.of(view)
    target = view.legal[-1]
    while not isinstance(target.action, Place):
        target = view.legal[view.legal.index(target) - 1]
    assert selection.choose(target)
    assert selection.current == target
    assert not selection.choose_cell((99, 99))
    tile = selection.current_tile
    again = Selection.of(game.view(seat), selection)
    assert again.current_tile == tile
