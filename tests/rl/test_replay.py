"""Random play through the environment gives the scores ``triominoes replay``
gives for the game's record."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.rl.play import random_game
from triominoes import rl
from triominoes.cli.main import app
from triominoes.core.record import loads, replay, replay_json
from triominoes.core.rules import PLAYER_COUNTS, PRESETS

CASES = [(name, players) for name in PRESETS for players in PLAYER_COUNTS]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_random_games_replay_to_the_same_scores(preset: str, players: int) -> None:
    env = rl.env(preset, players)
    for seed in (players, players + 10):
        returns = random_game(env, seed)
        table = env.session.game
        assert table.finished
        text = json.dumps(env.record().to_json())
        game = replay(loads(text))  # also checks the record's result against the replay
        assert game.finished
        assert game.totals == table.totals
        assert game.winners == table.winners
        assert len(game.rounds) == table.number
        # Points rewards are the scores, divided by the documented scale.
        scale = preset_scale(env)
        for seat, agent in enumerate(env.possible_agents):
            assert returns[agent] * scale == pytest.approx(game.totals[seat])


def preset_scale(env: rl.TriominoesEnv) -> float:
    return env.session.scale


def test_the_cli_replays_the_record(tmp_path: object) -> None:
    env = rl.env("standard", 3)
    random_game(env, 5)
    path = f"{tmp_path}/game.json"
    with open(path, "w", encoding="utf-8") as out:
        json.dump(env.record().to_json(), out)
    result = CliRunner().invoke(app, ["replay", path, "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["totals"] == env.session.game.totals
    assert report["finished"]
    # Round by round, as the engine's own report gives them.
    game = replay(env.record())
    assert report == json.loads(json.dumps(replay_json(game)))


@pytest.mark.parametrize("preset", ["standard", "spanish"])
def test_round_episodes_follow_on_within_a_game(preset: str) -> None:
    env = rl.env(preset, 2, episode="round", reward="round")
    env.reset(seed=3)
    rounds = 0
    while True:
        returns = random_game(env, rounds, reset=False)
        rounds += 1
        assert sum(returns.values()) == pytest.approx(0.0)  # zero-sum result
        assert sorted(returns.values()) in ([-1.0, 1.0], [0.0, 0.0])
        if env.session.game.finished:
            break
        env.reset()
        assert env.session.game.number == rounds + 1
    game = replay(env.record())
    assert game.finished and game.totals == env.session.game.totals
    assert len(game.rounds) == rounds
    env.reset()  # the game is over: a new one
    assert env.session.game.number == 1
