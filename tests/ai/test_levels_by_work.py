"""Levels are defined by work (worlds, iterations); time is only a safety
cap that a move practically never reaches, far below the server's deadline."""

from __future__ import annotations

from triominoes.ai.ismcts import ISMCTSPlayer
from triominoes.ai.registry import LEVELS, make_player
from triominoes.ai.rollout import RolloutPlayer
from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.server.bots import DEADLINE


def test_every_level_is_bounded_by_work_and_capped_well_below_the_deadline() -> None:
    for level in LEVELS:
        player = make_player(level)
        if isinstance(player, RolloutPlayer):
            assert player.worlds >= 1
            # A cap, not the budget: generous, and well inside the deadline.
            assert 2.0 <= player.seconds <= DEADLINE / 2
        if isinstance(player, ISMCTSPlayer):
            assert player.seconds == 0  # seconds would replace the iterations
            assert player.iterations >= 1


def test_the_cap_counts_the_decisions_it_cut_short() -> None:
    game = Game(preset("standard"), players=2, seed=4)
    view = game.view(game.round.seat)
    assert len(view.legal_actions) > 1
    capped = make_player("rollout:worlds=30,seconds=0.000001,endgame=0", seed=1)
    capped.choose(view)
    assert isinstance(capped, RolloutPlayer) and capped.cut_short == 1
    uncapped = make_player("rollout:worlds=3,endgame=0", seed=1)
    uncapped.choose(view)
    assert isinstance(uncapped, RolloutPlayer) and uncapped.cut_short == 0
