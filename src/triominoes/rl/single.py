"""The Gymnasium environment: one seat is the agent, the project's bots play the others.

The bots are :func:`triominoes.ai.make_player` specs (``random``,
``greedy``, ``heuristic``, ``ismcts:iterations=300``, or a level such as
``hard``); each decides from its own view, as in a tournament. A step is
the agent's action and then the bots' actions up to the agent's next turn
(or the end); its reward is the agent's reward over all of them.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from triominoes.ai import Player, make_player
from triominoes.core.record import Record
from triominoes.core.rules import RuleSet
from triominoes.rl.actions import ActionSpace
from triominoes.rl.aec import RENDER_MODES, check_render_mode, observation_space
from triominoes.rl.observation import Layout
from triominoes.rl.session import BadOption, IllegalActionId, Observation, Options, Session


class TriominoesGymEnv(gymnasium.Env[Observation, np.int64]):
    """One agent against bots; see docs/rl.md for the spaces and rewards."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleSet | str | dict[str, Any] = "standard",
        players: int = 2,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        episode: str = "game",
        reward: str = "points",
        hints: bool | str = False,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        max_rounds: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.session = Session(
            Options.of(rules, players, episode, reward, hints, illegal, illegal_reward, max_rounds)
        )
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise BadOption(
                "{count} opponents for {players} players (give one spec, or one per other seat)",
                count=len(specs),
                players=players,
            )
        for spec in specs:
            try:
                make_player(spec)
            except ValueError as exc:
                raise BadOption("opponents: {reason}", reason=str(exc)) from None
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise BadOption("seat must be None or 0 to {last}", last=players - 1)
        self.specs = specs
        self.fixed_seat = seat
        self.seat = seat or 0
        self.bots: dict[int, Player] = {}
        self.observation_space = observation_space(self.session)
        self.action_space: spaces.Discrete = spaces.Discrete(self.session.space.size)

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

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game (``episode='game'``). With ``episode='round'`` the
        game's next round, or a new game when ``seed`` is given or the game
        is over."""
        super().reset(seed=seed)
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
            rng = self.np_random
            session.new_game(int(rng.integers(2**63)))
            if self.fixed_seat is None:
                self.seat = int(rng.integers(session.players))
            others = [s for s in range(session.players) if s != self.seat]
            self.bots = {
                s: make_player(spec, seed=int(rng.integers(2**63)))
                for s, spec in zip(others, self.specs, strict=True)
            }
        self._play_others()
        return session.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        session = self.session
        if session.done:
            raise RuntimeError("the episode is over: reset() the environment")
        value = session.check_action(action)
        info: dict[str, Any] = {}
        try:
            move = session.move_of(value)
        except IllegalActionId:
            if session.options.illegal == "raise":
                raise
            warnings.warn(
                f"action {value} is not allowed now (see the mask): the episode ends",
                stacklevel=2,
            )
            reward = session.illegal(self.seat)[self.seat]
            info["illegal"] = True
        else:
            reward = session.apply(move)[self.seat] + self._play_others()
        observation = session.observe(self.seat)
        return observation, reward, session.terminated, session.truncated, self._info() | info

    def _play_others(self) -> float:
        """The bots' turns up to the agent's; the agent's reward over them."""
        session = self.session
        total = 0.0
        while not session.done and session.to_move != self.seat:
            seat = session.to_move
            table = session.game
            action = self.bots[seat].choose(table.view(seat))
            state = table.round
            move = state.encode(action)
            error = state.why_illegal(move)
            if error is not None:  # pragma: no cover - the bots choose from their legal actions
                raise error
            total += session.apply(move)[self.seat]
        return total

    def _info(self) -> dict[str, Any]:
        table = self.session.game
        return {"seat": self.seat, "round": table.number, "totals": list(table.totals)}

    # --- what else the table tells -------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The mask alone (the method MaskablePPO of sb3-contrib calls)."""
        mask = np.zeros(self.session.space.size, dtype=bool)
        if self.session.to_move == self.seat:
            mask[self.session.legal_ids()] = True
        return mask

    def legal_actions(self) -> list[int]:
        return list(self.session.legal_ids())

    def action_to_token(self, action: int) -> str:
        return self.session.action_to_token(action)

    def token_to_action(self, token: str) -> int:
        return self.session.token_to_action(token)

    def record(self) -> Record:
        names = [
            "agent" if s == self.seat else self.specs[s - (s > self.seat)]
            for s in range(self.session.players)
        ]
        return self.session.record(names)

    def render(self) -> Any:
        if self.render_mode is None:
            warnings.warn("render() without a render_mode does nothing", stacklevel=2)
            return None
        if self.render_mode == "rgb_array":
            return self.session.picture()
        text = self.session.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
