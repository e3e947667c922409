"""Reinforcement-learning environments on the one engine (``pip install 'triominoes[rl]'``).

* :func:`env` — a PettingZoo AEC environment, every seat an agent;
* :func:`gym_env` — a Gymnasium environment, one seat the agent and the
  project's bots in the others.

Observations are ``{"observation": float32 vector, "action_mask": int8
vector}``; the action space is ``K`` cell slots x ``C`` tile readings +
draw + pass. docs/rl.md describes the spaces, rewards and figures.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"triominoes.rl needs the [rl] extra: pip install 'triominoes[rl]' ({exc})"
    ) from exc

from triominoes.core.rules import RuleSet
from triominoes.rl.actions import ActionSpace, slot_bound
from triominoes.rl.aec import TriominoesEnv
from triominoes.rl.observation import Layout
from triominoes.rl.session import BadOption, IllegalActionId
from triominoes.rl.single import TriominoesGymEnv
from triominoes.rl.slots import FEATURES as SLOT_FEATURES


def env(
    rules: RuleSet | str | dict[str, Any] = "standard", players: int = 2, **options: Any
) -> TriominoesEnv:
    """The PettingZoo AEC environment (options: see :class:`TriominoesEnv`)."""
    return TriominoesEnv(rules, players, **options)


raw_env = env


def gym_env(
    rules: RuleSet | str | dict[str, Any] = "standard", players: int = 2, **options: Any
) -> TriominoesGymEnv:
    """The Gymnasium environment against bots (options: see :class:`TriominoesGymEnv`)."""
    return TriominoesGymEnv(rules, players, **options)


__all__ = [
    "SLOT_FEATURES",
    "ActionSpace",
    "BadOption",
    "IllegalActionId",
    "Layout",
    "TriominoesEnv",
    "TriominoesGymEnv",
    "env",
    "gym_env",
    "raw_env",
    "slot_bound",
]
