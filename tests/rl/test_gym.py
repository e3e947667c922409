"""The Gymnasium environment: one agent against the project's bots."""

from __future__ import annotations

import random

import numpy as np
import pytest

from triominoes import rl
from triominoes.core.record import replay


def play(env: rl.TriominoesGymEnv, seed: int) -> tuple[float, int]:
    """A random masked policy to the end; (summed reward, steps)."""
    pick = random.Random(seed)
    observation, _ = env.reset(seed=seed)
    total = 0.0
    steps = 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert np.array_equal(legal, np.flatnonzero(env.action_masks()))
        observation, reward, terminated, truncated, _ = env.step(
            int(legal[pick.randrange(len(legal))])
        )
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


@pytest.mark.parametrize("opponents", ["random", "easy", "hard", "ismcts:iterations=20"])
def test_a_game_against_bots_replays_to_its_scores(opponents: str) -> None:
    env = rl.gym_env("standard", 3, opponents=opponents, seat=1)
    total, _ = play(env, 4)
    table = env.session.game
    assert table.finished
    game = replay(env.record())
    assert game.totals == table.totals
    assert total * 400 == pytest.approx(table.totals[1])
    assert env.record().players == [opponents, "agent", opponents]


def test_seeds_reproduce_games_and_seat_none_varies_the_seat() -> None:
    first = rl.gym_env("pressman", 4, opponents=["random", "greedy", "heuristic"], seat=None)
    second = rl.gym_env("pressman", 4, opponents=["random", "greedy", "heuristic"], seat=None)
    assert play(first, 11) == play(second, 11)
    assert first.record().to_json() == second.record().to_json()
    seats = set()
    for seed in range(12):
        first.reset(seed=seed)
        seats.add(first.seat)
        assert first.session.to_move == first.seat
    assert len(seats) > 1


def test_result_rewards() -> None:
    env = rl.gym_env("standard", 2, reward="game")
    total, _ = play(env, 2)
    assert total in (-1.0, 0.0, 1.0)
    won = env.session.game.winners == [env.seat]
    assert (total == 1.0) == won
    env = rl.gym_env("standard", 4, reward="round", episode="round")
    total, _ = play(env, 3)
    winners = env.session.game.round.end.winners  # type: ignore[union-attr]
    expected = rl.session.result_rewards(4, winners)[env.seat]
    assert total == pytest.approx(expected)


def test_illegal_actions_end_the_episode_or_raise() -> None:
    env = rl.gym_env("standard", 2)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="not allowed"):
        _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env = rl.gym_env("standard", 2, illegal="raise")
    observation, _ = env.reset(seed=1)
    before = env.record().to_json()
    with pytest.raises(rl.IllegalActionId) as caught:
        env.step(illegal)
    assert caught.value.code == "illegal-action-id"
    assert env.record().to_json() == before  # nothing changed
    with pytest.raises(rl.IllegalActionId):
        env.step(env.action_space.n)  # outside the space


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 7}, "players must be"),
        ({"rules": "chess"}, "unknown rule set"),
        ({"episode": "forever"}, "episode must be"),
        ({"reward": "glory"}, "reward must be"),
        ({"episode": "round", "reward": "game"}, "needs episode"),
        ({"opponents": "nobody"}, "unknown player"),
        ({"opponents": ["random"], "players": 3}, "1 opponents for 3 players"),
        ({"seat": 5}, "seat must be"),
        ({"render_mode": "video"}, "render_mode"),
        ({"hints": "maybe"}, "hints must be"),
        ({"max_rounds": 0}, "max_rounds"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(rl.BadOption, match=message) as caught:
        rl.gym_env(**options)  # type: ignore[arg-type]
    assert caught.value.code == "bad-option"
    assert isinstance(caught.value, ValueError)
