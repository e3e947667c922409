"""Per-player views: own hand, board, scores, sizes of the hidden parts; as data."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tests.builders import position, rules
from triominoes.core.actions import Draw
from triominoes.core.errors import NoSuchSeat
from triominoes.core.game import Game
from triominoes.core.moves import DRAW
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView, view_schema


def game_after_a_draw() -> Game:
    """A standard game where seat 1 (after the opener) drew a tile."""
    for seed in range(100):
        game = Game(preset("standard"), players=3, seed=seed)
        state = game.round
        game.apply(state.seat, state.decode(state.placement_moves()[0]))
        if DRAW in state.legal_moves():
            game.apply(state.seat, Draw())
            return game
    raise AssertionError("no seed found")


def test_own_draw_shows_the_tile_others_see_only_that_a_tile_was_drawn() -> None:
    game = game_after_a_draw()
    drawer = game.round.seat
    mine = game.view(drawer).log[-1]
    assert isinstance(mine.action, Draw)
    assert mine.drawn is not None
    assert mine.drawn in game.view(drawer).hand
    assert game.view(drawer).to_json()["log"][-1]["tile"] == mine.drawn.name
    for other in [None, *(s for s in range(3) if s != drawer)]:
        seen = game.view(other).log[-1]
        assert isinstance(seen.action, Draw)
        assert seen.drawn is None
        assert seen.points == -5
        assert "tile" not in game.view(other).to_json()["log"][-1]


def test_view_holds_own_hand_and_only_sizes_of_the_rest() -> None:
    game = game_after_a_draw()
    state = game.round
    for seat in range(3):
        view = game.view(seat)
        assert {t.id for t in view.hand} == {
            t for t in range(state.tiles.size) if state.hands[seat] >> t & 1
        }
        assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert view.pool == len(state.pool)
        assert len(view.board) == 1
        assert view.totals == tuple(game.totals)
        assert view.draws == 1  # the draws of the turn in progress, shown to all
        # Legal actions only for the seat to move.
        assert bool(view.legal) == (seat == state.seat)


def test_spectators_see_no_hand() -> None:
    game = game_after_a_draw()
    view = game.view(None)
    assert view.hand == ()
    assert view.legal == ()
    assert view.seat is None


def test_no_such_seat() -> None:
    game = game_after_a_draw()
    with pytest.raises(NoSuchSeat) as caught:
        game.view(3)
    assert caught.value.code == "no-such-seat"


def test_views_round_trip_through_json() -> None:
    game = game_after_a_draw()
    for seat in [None, 0, 1, 2]:
        view = game.view(seat)
        jsonschema.validate(view.to_json(), view_schema())
        text = json.dumps(view.to_json())
        again = PlayerView.from_json(json.loads(text))
        assert again == view
        assert again.to_json() == view.to_json()


def test_the_view_json_has_the_servers_keys() -> None:
    view = game_after_a_draw().view(1).to_json()
    for key in (
        "seat",
        "hand",
        "hand_sizes",
        "pool",
        "to_move",
        "legal",
        "board",
        "log",
        "round",
        "totals",
        "finished",
        "winners",
    ):
        assert key in view
    assert "round_end" not in view
    assert view["board"][0].keys() >= {"cell", "corners"}
    assert all(isinstance(a["action"], str) and isinstance(a["points"], int) for a in view["legal"])


def test_legal_actions_come_with_their_scores() -> None:
    game = Game(preset("standard"), players=2, seed=1)
    state = game.round
    view = game.view(state.seat)
    assert view.legal
    for legal in view.legal:
        assert legal.score is not None
        assert legal.score.opening_bonus >= 0
        assert legal.points == legal.score.points == state.copy().apply(legal.action).points
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


def test_a_draw_and_a_pass_are_offered_with_their_penalties() -> None:
    game = game_after_a_draw()
    view = game.view(game.round.seat)
    (draw,) = [a for a in view.legal if isinstance(a.action, Draw)]
    assert draw.points == -5
    assert draw.score is None
    assert draw.to_json() == {"action": "draw", "points": -5}


def test_a_finished_round_shows_every_hand_until_the_next_deal() -> None:
    game = Game(preset("standard"), players=2, seed=3, auto_deal=False)
    game.next_round()
    state = game.round
    while not state.over:
        game.apply(state.seat, state.decode(state.legal_moves()[0]))
    for seat in [None, 0, 1]:
        view = game.view(seat)
        assert view.to_move is None
        assert view.legal == ()
        assert view.round_end is not None
        assert [len(h) for h in view.round_end.hands] == [h.bit_count() for h in state.hands]
        assert view.to_json()["round_end"]["reason"] in ("out", "blocked")
    if not game.finished:
        game.next_round()
        assert game.view(0).round_end is None
        assert game.view(0).round == 2
