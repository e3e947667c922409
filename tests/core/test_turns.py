"""A turn (docs/rules.md §5): place, draw with its limits, pass with its penalty."""

from __future__ import annotations

import pytest

from tests.builders import position, rules
from triominoes.core.actions import Draw, Pass, Place
from triominoes.core.errors import IllegalAction
from triominoes.core.moves import DRAW, PASS, is_placement
from triominoes.core.tiles import tile_set

ALL = [t.name for t in tile_set("standard56").tiles]
ZERO = [((0, 0), (0, 0, 0))]
STUCK = ["1-2-3", "2-3-4", "3-4-5", "1-3-4", "1-2-4", "2-3-5"]  # nothing fits beside 0-0-0


def position_with_pool(preset: str, mover: list[str], pool: list[str], **overrides: object):  # type: ignore[no-untyped-def]
    """Seat 0 holds ``mover``; the pool holds ``pool``; seat 1 the rest."""
    taken = {"0-0-0", *mover, *pool}
    other = [n for n in ALL if n not in taken]
    return position(rules(preset, **overrides), ZERO, [mover, other], pool, rest_to_pool=False)


def legal(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {str(state.decode(m)) for m in state.legal_moves()}


def test_at_most_three_draws_then_pass_costs_25() -> None:
    state = position_with_pool("standard", ["1-2-3"], STUCK[1:])
    assert legal(state) == {"draw"}
    total = sum(state.apply(Draw()).points for _ in range(3))
    error = state.why_illegal(DRAW)
    assert str(error) == "already drew 3 tiles this turn (max_draws)"
    assert error is not None and error.code == "cannot-draw"
    assert error.template.format(**error.params) == str(error)
    assert legal(state) == {"pass"}
    total += state.apply(Pass()).points
    assert total == -25
    assert state.seat == 1


def test_unlimited_draws_under_czech() -> None:
    state = position_with_pool("czech", ["1-2-3"], STUCK[1:])
    for _ in range(4):
        state.apply(Draw())
    assert state.draws == 4
    assert legal(state) == {"draw"}
    assert state.seat == 0
    with pytest.raises(IllegalAction, match="may not pass while a tile can be drawn"):
        state.apply(Pass())


def test_two_last_tiles_drawn_and_no_placement_cost_10_plus_10() -> None:
    state = position_with_pool("standard", ["1-2-3"], ["2-3-4", "3-4-5"])
    points = [state.apply(a).points for a in (Draw(), Draw())]
    assert str(state.why_illegal(DRAW)) == "the pool is empty"
    points.append(state.apply(Pass()).points)
    assert points == [-5, -5, -10]
    assert sum(points) == -20


def test_an_empty_pool_and_no_placement_cost_10() -> None:
    state = position_with_pool("standard", ["1-2-3"], [])
    assert legal(state) == {"pass"}
    assert state.apply(Pass()).points == -10


def test_spanish_pass_is_free() -> None:
    state = position_with_pool("spanish", ["1-2-3"], [])
    assert state.apply(Pass()).points == 0


def test_voluntary_draw_allows_drawing_with_a_placement() -> None:
    state = position_with_pool("standard", ["0-0-1", "1-2-3"], ["2-3-4"])
    assert legal(state) == {"010@1,0", "001@0,1", "100@-1,0", "draw"}
    state.apply(Draw())
    # Unable to draw (empty pool) the player may pass even with a placement.
    assert state.can_place()
    assert "pass" in legal(state)
    assert state.apply(Pass()).points == -10


def test_no_voluntary_draw_forces_the_placement() -> None:
    state = position_with_pool("pressman", ["0-0-1", "1-2-3"], ["2-3-4"])
    assert "draw" not in legal(state)
    assert "pass" not in legal(state)
    with pytest.raises(IllegalAction, match="may not draw: a tile can be placed"):
        state.apply(Draw())
    with pytest.raises(IllegalAction, match="may not pass: a tile can be placed"):
        state.apply(Pass())


def test_no_voluntary_draw_still_draws_without_a_placement_then_must_play_the_draw() -> None:
    state = position_with_pool("pressman", ["1-2-3"], ["0-0-4", "2-3-4"])
    assert legal(state) == {"draw"}
    assert state.apply(Draw()).points == -5
    # The drawn 0-0-4 fits: it must now be placed.
    assert legal(state) and all("@" in m for m in legal(state))
    move = state.placement_moves()[0]
    outcome = state.apply(state.decode(move))
    assert outcome.points == 4
    assert state.seat == 1
    assert state.draws == 0


def test_after_a_draw_any_tile_in_hand_may_be_placed() -> None:
    state = position_with_pool("standard", ["0-0-1", "1-2-3"], ["2-3-4"])
    state.apply(Draw())
    moves = {state.decode(m) for m in state.placement_moves()}
    assert any(isinstance(m, Place) and sorted(m.corners) == [0, 0, 1] for m in moves)


def test_the_turn_passes_on_after_a_placement_and_the_draw_count_resets() -> None:
    state = position_with_pool("standard", ["0-0-1", "1-2-3"], ["2-3-4", "3-4-5"])
    state.apply(Draw())
    state.apply(state.decode(state.placement_moves()[0]))
    assert state.seat == 1
    assert state.draws == 0
    assert state.points[0] == -5 + 1


def test_draw_is_hidden_in_the_outcome_only_from_others() -> None:
    state = position_with_pool("standard", ["1-2-3"], ["2-3-4"])
    outcome = state.apply(Draw())
    assert outcome.drawn is not None
    assert outcome.drawn.name == "2-3-4"
    assert state.hands[0] >> outcome.drawn.id & 1


def test_move_constants_are_distinct_from_placements() -> None:
    assert not is_placement(DRAW)
    assert not is_placement(PASS)
    assert len({DRAW, PASS}) == 2
