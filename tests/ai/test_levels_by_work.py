"""Levels are defined by work (worlds, iterations); time is only a safety
cap that a move practically never reaches, far below the server's deadline."""

from __future__ import annotations

from unittest.mock import patch

import pytest

from triominoes.ai.endgame import POOL_LIMIT
from triominoes.ai.heuristic import Context, HeuristicPlayer
from triominoes.ai.ismcts import ISMCTSPlayer
from triominoes.ai.registry import LEVELS, make_player
from triominoes.ai.rollout import ENDGAME_TILES, RolloutPlayer
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.phases import OPENING
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


def test_a_late_search_plays_the_heuristic_until_the_pool_is_empty() -> None:
    """``search_from``: with more tiles in the pool the heuristic's own
    choice, at no search cost; from there on the play-outs decide."""
    late = make_player("rollout:worlds=3,search_from=0", seed=2)
    assert isinstance(late, RolloutPlayer)
    heuristic = HeuristicPlayer()
    searched = 0
    for seed in range(6):
        game = Game(preset("standard"), players=2, seed=seed)
        while not game.finished and len(game.rounds) < 2:
            if game.needs_deal:
                game.next_round()
            seat = game.round.seat
            view = game.view(seat)
            choice = late.choose(view)
            endgame = view.pool <= POOL_LIMIT and sum(view.hand_sizes) + view.pool <= ENDGAME_TILES
            if view.pool > 0 and not endgame and len(view.legal) > 1:
                # The heuristic's choice, or one it values as highly.
                knowledge = Knowledge(view)
                state = knowledge.public_round()
                context = Context.of_view(knowledge)
                worth = {m: heuristic.evaluate(state, m, context) for m in state.placement_moves()}
                move = state.encode(choice)
                if move < 0:
                    assert heuristic.choose(view) == choice
                else:
                    assert worth[move] == max(worth.values())
            elif len(view.legal) > 1:
                searched += 1
            game.apply(seat, choice)
    assert searched > 0
    with pytest.raises(ValueError, match="search_from"):
        make_player("rollout:search_from=-1")


def test_with_more_players_the_late_search_searches_every_turn() -> None:
    game = Game(preset("standard"), players=3, seed=1)
    greedy = make_player("greedy")
    while game.round.phase == OPENING or len(game.view(game.round.seat).legal) < 3:
        game.apply(game.round.seat, greedy.choose(game.view(game.round.seat)))
    view = game.view(game.round.seat)
    assert view.pool > 0
    late = make_player("rollout:worlds=1,search_from=0", seed=1)
    assert isinstance(late, RolloutPlayer)
    with patch.object(late, "search", wraps=late.search) as search:
        late.choose(view)
    assert search.called
