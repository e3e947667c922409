"""The PettingZoo AEC environment: every seat an agent, ``player_0`` .. ``player_5``."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from triominoes.core.record import Record
from triominoes.core.rules import RuleSet
from triominoes.rl.actions import ActionSpace
from triominoes.rl.observation import Layout
from triominoes.rl.session import BadOption, IllegalActionId, Observation, Options, Session

RENDER_MODES = ("ansi", "human", "rgb_array")


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise BadOption(
            "render_mode must be one of {modes} or None, not {mode!r}",
            modes=", ".join(RENDER_MODES),
            mode=render_mode,
        )


def observation_space(session: Session) -> spaces.Dict:
    low, high = session.layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (session.space.size,), dtype=np.int8),
        }
    )


class TriominoesEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """Triominoes for 2-6 agents; see docs/rl.md for the spaces and rewards."""

    metadata = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "triominoes_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleSet | str | dict[str, Any] = "standard",
        players: int = 2,
        *,
        episode: str = "game",
        reward: str = "points",
        hints: bool | str = False,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        max_rounds: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.session = Session(
            Options.of(rules, players, episode, reward, hints, illegal, illegal_reward, max_rounds)
        )
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = observation_space(self.session)
        self._action_space = spaces.Discrete(self.session.space.size)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._np_random: np.random.Generator | None = None

    # --- the spaces --------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    @property
    def layout(self) -> Layout:
        """Where each block of the observation lies."""
        return self.session.layout

    @property
    def space(self) -> ActionSpace:
        """The action space's sizes and tile readings."""
        return self.session.space

    @property
    def rules(self) -> RuleSet:
        return self.session.rules

    # --- the loop ----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``episode='game'``). With ``episode='round'`` the
        game's next round, or a new game when ``seed`` is given or the game
        is over."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        session = self.session
        if (
            session.options.episode == "round"
            and seed is None
            and session.table is not None
            and not session.game.finished
            and session.done
        ):
            session.next_round()
        else:
            session.new_game(int(self._np_random.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[session.to_move]

    def observe(self, agent: str) -> Observation:
        return self.session.observe(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session = self.session
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        value = action if type(action) is int else session.check_action(action)
        try:
            move = session.move_of(value)
        except IllegalActionId:
            session.check_action(value)  # out of the space: an error in any mode
            if session.options.illegal == "raise":
                raise
            warnings.warn(
                f"{agent} took action {value}, which the mask does not allow: the game ends",
                stacklevel=2,
            )
            rewards = session.illegal(seat)
            self.infos[agent] = {"illegal": True}
        else:
            rewards = session.apply(move)
        agents = self.possible_agents
        own = self.rewards
        for index, reward in enumerate(rewards):
            own[agents[index]] = reward
        if session.done:
            for name in agents:
                self.terminations[name] = session.terminated
                self.truncations[name] = session.truncated
        else:
            self.agent_selection = agents[session.to_move]
        cumulative = self._cumulative_rewards
        for name, reward in own.items():
            cumulative[name] += reward

    # --- what else the table tells -------------------------------------------

    def legal_actions(self) -> list[int]:
        """The action ids the agent to move may take (the mask's ones)."""
        return list(self.session.legal_ids())

    def action_to_token(self, action: int) -> str:
        """The record token (``545@1,0``, ``draw``, ``pass``) of an action id now."""
        return self.session.action_to_token(action)

    def token_to_action(self, token: str) -> int:
        """The action id of a record token now."""
        return self.session.token_to_action(token)

    def record(self) -> Record:
        """The game so far as a record (``triominoes replay`` reads its JSON)."""
        return self.session.record(self.possible_agents)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            warnings.warn("render() without a render_mode does nothing", stacklevel=2)
            return None
        if self.session.table is None:
            raise RuntimeError("reset() the environment before render()")
        if self.render_mode == "rgb_array":
            return self.session.picture()
        text = self.session.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
