"""The score pad's layout: the board and its scoring without a deal."""

from __future__ import annotations

import random

import pytest

from triominoes.core.actions import Place
from triominoes.core.errors import IllegalPlacement
from triominoes.core.game import Game
from triominoes.core.layout import Layout
from triominoes.core.rules import PRESETS, preset


@pytest.mark.parametrize("name", list(PRESETS))
def test_layout_scores_equal_the_games_scores(name: str) -> None:
    placements = 0
    for seed in range(25):
        rng = random.Random(seed)
        rules = PRESETS[name]
        if seed % 2:
            rules = rules.with_overrides(tile_set="extended76")
        game = Game(rules, players=2 + seed % 5, seed=seed, auto_deal=False)
        game.next_round()
        state = game.round
        layout = Layout(rules)
        while not state.over:
            moves = state.legal_moves()
            action = state.decode(rng.choice(moves))
            game.apply(state.seat, action)
            outcome = game.rounds[-1].outcomes[-1]
            if isinstance(action, Place):
                expected = layout.score(action.cell, action.corners)
                assert layout.place(action.cell, action.corners) == expected
                assert expected == outcome.score
                assert expected.points == outcome.points
                placements += 1
        assert [(c, n) for c, n, _ in layout.placed()] == [
            (c, n) for c, n, _ in state.board.placements()
        ]
    assert placements > 300


def test_layout_checks_placements_like_a_round() -> None:
    layout = Layout(preset("standard"))
    with pytest.raises(IllegalPlacement, match=r"first tile goes into cell \(0,0\)"):
        layout.place((1, 0), (5, 5, 5))
    first = layout.place((0, 0), (5, 5, 5))
    assert first.points == 25 and first.opening_bonus == 10
    with pytest.raises(IllegalPlacement, match="already on the board"):
        layout.score((1, 0), (5, 5, 5))
    with pytest.raises(IllegalPlacement, match=r"corner \(2,1\) must be 5, tile has 4"):
        layout.score((1, 0), (5, 4, 4))
    with pytest.raises(IllegalPlacement, match="shares no edge"):
        layout.score((4, 0), (1, 2, 3))
    with pytest.raises(IllegalPlacement, match="no tile of the standard56 set"):
        layout.score((1, 0), (5, 2, 1))  # a mirror image
    assert layout.score((1, 0), (5, 3, 5)).points == 13
    assert len(layout) == 1  # scoring changed nothing
    assert (1, 0) in layout.open_cells()
