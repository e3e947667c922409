"""Bot games: an endless game is stopped by the work it took, whatever its target."""

from __future__ import annotations

import pytest

import triominoes.sim.match
from triominoes.ai.registry import make_player
from triominoes.core.events import ActionTaken, Event
from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.sim.match import EndlessGame, play_game


@pytest.mark.parametrize("target", [400, 1_000_000])
def test_a_game_that_cannot_end_is_stopped_after_the_same_work_whatever_its_target(
    target: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(triominoes.sim.match, "MAX_ACTIONS", 2_000)
    rules = preset("standard").with_overrides(draw_penalty=1_000_000, target_score=target)
    game = Game(rules, 2, seed=1)
    played = 0

    def count(_: Game, event: Event) -> None:
        nonlocal played
        if isinstance(event, ActionTaken):
            played += 1
        assert played < 3_000, "still playing: the bound grew with the target"

    bots = [make_player("random", seed=1), make_player("random", seed=2)]
    with pytest.raises(EndlessGame) as caught:
        play_game(game, bots, count)
    assert 2_000 <= played < 2_000 + 200  # the round that crossed the bound ends
    message = str(caught.value)
    finished = sum(r.state.over for r in game.rounds)  # the next may be dealt already
    assert message.startswith(f"stopped after {finished} rounds ({played:,} actions")
    assert f"no one reached target_score {target:,}" in message


def test_an_ordinary_game_is_far_below_the_bound() -> None:
    game = Game(preset("standard").with_overrides(target_score=2_000), 2, seed=3)
    play_game(game, [make_player("greedy", seed=1), make_player("greedy", seed=2)])
    assert game.finished
    assert sum(len(r.outcomes) for r in game.rounds) < triominoes.sim.match.MAX_ACTIONS / 10
