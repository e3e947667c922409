"""Per-player views: own hand, board, scores, sizes of the hidden parts."""

from __future__ import annotations

import pytest

from triominoes.core.actions import Draw
from triominoes.core.errors import IllegalAction
from triominoes.core.game import Game
from triominoes.core.round import DRAW
from triominoes.core.rules import preset
from triominoes.core.view import UNSEEN


def game_after_a_draw() -> Game:
    """A standard game where seat 1 (after the opener) drew a tile."""
    for seed in range(100):
        game = Game(preset("standard"), players=3, seed=seed)
        state = game.start_round()
        game.apply(state.decode(state.placement_moves()[0]))
        if DRAW in state.legal_moves():
            game.apply(Draw())
            return game
    raise AssertionError("no seed found")


def test_own_draw_shows_the_tile_others_see_only_that_a_tile_was_drawn() -> None:
    game = game_after_a_draw()
    drawer = game.round.seat
    mine = game.view(drawer).actions[-1]
    assert isinstance(mine.action, Draw)
    assert mine.drawn is not None
    assert mine.drawn in game.view(drawer).hand
    for other in [None, *(s for s in range(3) if s != drawer)]:
        seen = game.view(other).actions[-1]
        assert isinstance(seen.action, Draw)
        assert seen.drawn is None
        assert seen.points == -5


def test_view_holds_own_hand_and_only_sizes_of_the_rest() -> None:
    game = game_after_a_draw()
    state = game.round
    for seat in range(3):
        view = game.view(seat)
        assert {t.id for t in view.hand} == {
            t for t in range(state.tiles.size) if state.hands[seat] >> t & 1
        }
        assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert view.pool_size == len(state.pool)
        assert view.public_round.pool == [UNSEEN] * len(state.pool)
        assert all(h == 0 for s, h in enumerate(view.public_round.hands) if s != seat)
        assert len(view.board) == 1
        assert view.totals == tuple(game.totals)
        # Legal actions only for the seat to move.
        assert bool(view.legal_actions) == (seat == state.seat)


def test_spectators_see_no_hand() -> None:
    game = game_after_a_draw()
    view = game.view(None)
    assert view.hand == ()
    assert view.legal_actions == ()
    assert all(h == 0 for h in view.public_round.hands)


def test_the_public_round_cannot_draw_hidden_tiles() -> None:
    game = game_after_a_draw()
    public = game.view(game.round.seat).public_round
    if public.pool:
        with pytest.raises(ValueError):
            public.play(DRAW)


def test_views_are_copies() -> None:
    game = game_after_a_draw()
    view = game.view(0)
    view.public_round.board.tiles.clear()
    assert game.round.board.tiles


def test_no_such_seat() -> None:
    game = game_after_a_draw()
    with pytest.raises(IllegalAction):
        game.view(3)


def test_unseen_tiles_are_other_hands_and_the_pool() -> None:
    game = game_after_a_draw()
    state = game.round
    view = game.view(1)
    hidden = state.hands[0] | state.hands[2] | sum(1 << t for t in state.pool)
    assert view.unseen_tiles == hidden


def test_legal_actions_come_with_their_scores() -> None:
    from tests.builders import position, rules
    from triominoes.core.game import Game as _Game

    game = _Game(preset("standard"), players=2, seed=1)
    state = game.start_round()
    view = game.view(state.seat)
    assert len(view.legal_scores) == len(view.legal_actions)
    for action, score in zip(view.legal_actions, view.legal_scores, strict=True):
        assert score is not None
        assert score.opening_bonus >= 0
        assert score.points == state.copy().apply(action).points
    # A worked example: the hexagon move says so.
    hexagon = position(
        rules(),
        [
            ((0, 0), (5, 5, 5)),
            ((1, 0), (5, 3, 5)),
            ((1, -1), (2, 3, 5)),
            ((0, -1), (1, 2, 5)),
            ((-1, -1), (1, 5, 0)),
        ],
        [["0-5-5"], ["4-4-4"]],
    )
    (move,) = [m for m in hexagon.placement_moves() if str(hexagon.decode(m)) == "055@-1,0"]
    assert hexagon.score_of(move).describe() == "60: tile 10 + hexagon 50"
