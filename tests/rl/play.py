"""Random play through the environments, for the tests."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from triominoes.rl import TriominoesEnv

Check = Callable[[TriominoesEnv, dict[str, np.ndarray]], None]


def random_game(
    env: TriominoesEnv, seed: int, check: Check | None = None, reset: bool = True
) -> dict[str, float]:
    """Play a whole episode (from a reset with ``seed``, or from where the
    environment is) with uniformly random masked actions; return each
    agent's summed reward (as ``last()`` reports it)."""
    pick = random.Random(seed)
    if reset:
        env.reset(seed=seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if check is not None:
            check(env, observation)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
    return returns
