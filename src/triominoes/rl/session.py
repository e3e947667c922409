"""What both environments share: a game on the fast path, its observation
buffers, the action ids of the seat to move, rewards and rendering.

Per step the work is one :meth:`Round.legal_moves
<triominoes.core.round.Round.legal_moves>`, one :meth:`Round.play
<triominoes.core.round.Round.play>`, the slots of the twelve cells around
a new tile, a few entries of the public part of the observation, and a copy
of that part with the observer's own entries written in. Nothing builds a
view unless a bot moves or the "cannot hold" hints are asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt

from triominoes.core.actions import Draw, Place, parse_action
from triominoes.core.errors import IllegalAction, InvalidRules, TriominoesError
from triominoes.core.knowledge import Knowledge
from triominoes.core.lattice import in_range, to_id
from triominoes.core.moves import DRAW, Move, unpack
from triominoes.core.phases import FINAL_CYCLE, OPENING, OVER, PLAYING
from triominoes.core.record import Record
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from triominoes.core.tiles import tile_set
from triominoes.rl.actions import ActionSpace
from triominoes.rl.buffers import byte_view, float_view
from triominoes.rl.observation import (
    SCORE_CLIP,
    SEAT_FEATURES,
    Layout,
    hint_rows,
    player_count_features,
    rules_features,
    score_scale,
)
from triominoes.rl.render import board_text, draw_board
from triominoes.rl.slots import Slots
from triominoes.rl.table import Table

Floats = npt.NDArray[np.float32]
Observation = dict[str, Any]

Episode = Literal["game", "round"]
Reward = Literal["points", "round", "game"]
Illegal = Literal["end", "raise"]
EPISODES = ("game", "round")
REWARDS = ("points", "round", "game")
ILLEGAL = ("end", "raise")
MAX_ROUNDS = 200
"""Rounds per 400 points of target: an episode's default bound. House rules
can make a game endless (penalties above what a round can earn), and an
agent learning must still see its episodes end."""


class BadOption(TriominoesError):
    """An environment option that cannot be used."""

    code = "bad-option"


class IllegalActionId(IllegalAction):
    """An action id that the mask does not allow now."""

    code = "illegal-action-id"


def read_rules(rules: RuleSet | str | dict[str, Any]) -> RuleSet:
    """A rule set, a preset name or a record's rules object."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RuleSet.from_json(rules)
    except InvalidRules as exc:
        raise BadOption("rules: {reason}", reason=str(exc)) from None


@dataclass(frozen=True)
class Options:
    rules: RuleSet
    players: int
    episode: Episode
    reward: Reward
    hints: bool
    assume_stuck: bool
    illegal: Illegal
    illegal_reward: float
    max_rounds: int

    @staticmethod
    def of(
        rules: RuleSet | str | dict[str, Any],
        players: int,
        episode: str,
        reward: str,
        hints: bool | str,
        illegal: str,
        illegal_reward: float,
        max_rounds: int | None,
    ) -> Options:
        ruleset = read_rules(rules)
        if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise BadOption(
                "players must be {low} to {high}, not {players}",
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                players=players,
            )
        try:
            ruleset.hand_size_for(players)
        except InvalidRules as exc:
            raise BadOption("{reason}", reason=str(exc)) from None
        for name, value, allowed in (
            ("episode", episode, EPISODES),
            ("reward", reward, REWARDS),
            ("illegal", illegal, ILLEGAL),
        ):
            if value not in allowed:
                raise BadOption(
                    "{name} must be one of {allowed}, not {value!r}",
                    name=name,
                    allowed=", ".join(allowed),
                    value=value,
                )
        if episode == "round" and reward == "game":
            raise BadOption("reward 'game' needs episode 'game' (a round ends no game)")
        if hints not in (False, True, "assume-stuck"):
            raise BadOption(
                "hints must be False, True or 'assume-stuck', not {value!r}", value=hints
            )
        if max_rounds is None:
            max_rounds = MAX_ROUNDS * max(1, -(-(ruleset.target_score or 0) // 400))
        if not (isinstance(max_rounds, int) and max_rounds >= 1):
            raise BadOption("max_rounds must be a whole number of at least 1")
        return Options(
            ruleset,
            players,
            episode,  # type: ignore[arg-type]
            reward,  # type: ignore[arg-type]
            bool(hints),
            hints == "assume-stuck",
            illegal,  # type: ignore[arg-type]
            float(illegal_reward),
            max_rounds,
        )


def result_rewards(players: int, winners: tuple[int, ...] | list[int]) -> list[float]:
    """Zero-sum result: a sole winner +1, a loser -1/(players-1); shared wins split."""
    share = 1.0 / len(winners)
    factor = players / (players - 1)
    return [factor * ((share if s in winners else 0.0) - 1.0 / players) for s in range(players)]


class Session:
    """One environment's game, buffers and action ids (see the module docstring)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        rules = options.rules
        self.rules = rules
        self.players = options.players
        self.space = ActionSpace(rules)
        self.tiles = tile_set(rules.tile_set).size
        layout = self.layout = Layout(self.tiles, self.space.slots, options.hints)
        self.scale = float(score_scale(rules))
        self.public = np.zeros(layout.size, dtype=np.float32)
        self.public[layout.rules] = rules_features(rules)
        state = layout.state
        self.public[state.start + 10 : state.stop] = player_count_features(self.players)
        # Single entries are written through memoryviews: a third of the
        # cost of NumPy's item assignment, and these writes are most of a step.
        self.view = float_view(self.public)
        self.board_at = layout.board.start
        self.state_at = state.start
        self.slots = Slots(rules, self.public, self.space.slots)
        self.seat_rows = np.zeros(self.players * SEAT_FEATURES, dtype=np.float32)
        self.seat_rows[::SEAT_FEATURES] = 1.0
        self.seat_view = float_view(self.seat_rows)
        self.hand_at = layout.hand.start
        self.seats_at = layout.seats.start
        self.hints_at = layout.hint_block
        self.mask_size = self.space.size
        self.hands = np.zeros(self.players * self.tiles, dtype=np.float32)
        self.hand_view = float_view(self.hands)
        self.table: Table | None = None
        self.truncated = False
        self.terminated = False
        self._legal_at = -1
        self._legal: dict[int, Move] = {}
        self._legal_ids: list[int] = []
        self._steps = 0
        self._marked = 0
        """The seat whose "to move" entry is set."""
        self._phase = (OPENING, False)
        """The phase and last-round flag the ``state`` block shows."""

    # --- the game --------------------------------------------------------

    @property
    def game(self) -> Table:
        if self.table is None:
            raise RuntimeError("reset() the environment first")
        return self.table

    def new_game(self, seed: int) -> None:
        self.table = Table(self.rules, self.players, seed)
        self.terminated = self.truncated = False
        self._fill_round()

    def next_round(self) -> None:
        """Deal the game's next round (episode ``round``: the next episode)."""
        self.game.next_round()
        self.terminated = self.truncated = False
        self._fill_round()

    @property
    def to_move(self) -> int:
        table = self.table
        if table is None:
            raise RuntimeError("reset() the environment first")
        return table.round.seat

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated

    # --- observations ----------------------------------------------------

    def _fill_round(self) -> None:
        """Every round-dependent entry from scratch (a new round)."""
        state = self.game.round
        self.slots.reset()
        self.public[self.board_at : self.board_at + self.tiles] = 0.0
        self.hands[:] = 0.0
        for seat, hand in enumerate(state.hands):
            bits = hand
            while bits:
                low = bits & -bits
                self.hand_view[seat * self.tiles + low.bit_length() - 1] = 1.0
                bits ^= low
        rows = self.seat_view
        for seat in range(self.players):
            at = seat * SEAT_FEATURES
            rows[at + 1] = state.hands[seat].bit_count() / self.tiles
            rows[at + 4] = rows[at + 5] = 0.0
            self._score_row(seat)
        self._write_state()
        self._steps += 1

    def _score_row(self, seat: int) -> None:
        table = self.table
        assert table is not None
        at = seat * SEAT_FEATURES
        rows = self.seat_view
        scale = self.scale
        total = table.totals[seat] / scale
        points = table.round.points[seat] / scale
        rows[at + 2] = SCORE_CLIP if total > SCORE_CLIP else max(total, -SCORE_CLIP)
        rows[at + 3] = SCORE_CLIP if points > SCORE_CLIP else max(points, -SCORE_CLIP)

    def _write_state(self) -> None:
        """The ``state`` block and the seats' marks, all of it."""
        table = self.table
        assert table is not None
        state = table.round
        self._write_phase(table.number, state.phase, state.final_turns, state.out_seat)
        self._phase = (state.phase, table.last_round)
        self._write_turn(state.pool, state.draws, state.passes, state.seat, state.phase)

    def _write_phase(self, number: int, phase: int, final_turns: int, out_seat: int) -> None:
        """What changes from phase to phase of a round."""
        table = self.table
        assert table is not None
        view = self.view
        at = self.state_at
        view[at] = 1.0 if phase == OPENING else 0.0
        view[at + 1] = 1.0 if phase == PLAYING else 0.0
        view[at + 2] = 1.0 if phase == FINAL_CYCLE else 0.0
        view[at + 3] = 1.0 if phase == OVER else 0.0
        view[at + 7] = final_turns / MAX_PLAYERS if phase == FINAL_CYCLE else 0.0
        view[at + 8] = min(number, 100) / 100
        view[at + 9] = 1.0 if table.last_round else 0.0
        if phase == FINAL_CYCLE:
            self.seat_view[out_seat * SEAT_FEATURES + 5] = 1.0

    def _write_turn(self, pool: list[int], draws: int, passes: int, seat: int, phase: int) -> None:
        """What changes from action to action."""
        view = self.view
        at = self.state_at
        view[at + 4] = len(pool) / self.tiles
        view[at + 5] = draws / self.tiles
        view[at + 6] = passes / MAX_PLAYERS
        rows = self.seat_view
        rows[self._marked * SEAT_FEATURES + 4] = 0.0
        if phase != OVER:
            self._marked = seat
            rows[seat * SEAT_FEATURES + 4] = 1.0

    def observe(self, seat: int) -> Observation:
        """The observation of ``seat`` now: its own entries written into a
        copy of the public part; the mask is all zeros unless it is to move."""
        table = self.game
        legal: list[int] = []
        if seat == table.round.seat and not (self.terminated or self.truncated):
            # The legal actions first: corner-only cells get their slots then.
            if self._legal_at != self._steps:
                self._compute_legal()
            legal = self._legal_ids
        out = self.public.copy()
        view = float_view(out)
        tiles = self.tiles
        at = self.hand_at
        view[at : at + tiles] = self.hand_view[seat * tiles : (seat + 1) * tiles]
        # The seats from the observer on: its row and those after it, then
        # the rows before it.
        rows = self.seat_view
        at = self.seats_at
        split = seat * SEAT_FEATURES
        after = len(rows) - split
        view[at : at + after] = rows[split:]
        view[at + after : at + len(rows)] = rows[:split]
        if self.options.hints:
            knowledge = Knowledge(table.view(seat))
            hints = hint_rows(knowledge, seat, self.players, self.options.assume_stuck)
            out[self.hints_at] = hints.ravel()
        mask = np.zeros(self.mask_size, dtype=np.int8)
        bits = byte_view(mask)
        for action in legal:
            bits[action] = 1
        return {"observation": out, "action_mask": mask}

    # --- actions ---------------------------------------------------------

    def _compute_legal(self) -> None:
        if self._legal_at == self._steps:
            return
        table = self.table
        assert table is not None
        state = table.round
        slot_of = self.slots.slot_of
        choice_of = self.space.readings.choice_of
        choices = self.space.choices
        legal: dict[int, Move] = {}
        for move in state.legal_moves():
            if move >= 0:
                cell, tile, rotation = unpack(move)
                slot = slot_of.get(cell)
                if slot is None:  # a corner-only placement (corner_fallback)
                    slot = self.slots.corner_cell(state.board, cell)
                legal[slot * choices + choice_of[tile * 3 + rotation]] = move
            else:
                legal[self.space.draw if move == DRAW else self.space.pass_] = move
        self._legal = legal
        self._legal_ids = list(legal)
        self._legal_at = self._steps

    def legal_ids(self) -> list[int]:
        """The action ids the seat to move may take (the mask's ones)."""
        if self.done:
            return []
        self._compute_legal()
        return self._legal_ids

    def move_of(self, action: int) -> Move:
        """The engine move of a legal action id; raises IllegalActionId."""
        self._compute_legal()
        move = self._legal.get(action)
        if move is None:
            raise IllegalActionId(
                "action {action} is not allowed now (see the action mask)", action=action
            )
        return move

    def check_action(self, action: object) -> int:
        """An action id within the space (NumPy integers welcome)."""
        try:
            value = int(cast(Any, action))
        except (TypeError, ValueError):
            raise IllegalActionId("{action!r} is not an action id", action=action) from None
        if value != action or not 0 <= value < self.space.size:
            raise IllegalActionId(
                "{action!r} is not an action id (0 to {last})",
                action=action,
                last=self.space.size - 1,
            )
        return value

    def apply(self, move: Move) -> list[float]:
        """Play a legal move; return each seat's reward for it. Deals the
        next round when one ended and the episode goes on."""
        table = self.table
        assert table is not None
        state = table.round
        seat = state.seat
        slots = self.slots
        if slots.temporary:
            slots.release_temporary()
        points = [0] * self.players
        ended = table.play(move, points)
        self._steps += 1
        if move >= 0:
            cell, tile, _ = unpack(move)
            self.hand_view[seat * self.tiles + tile] = 0.0
            self.view[self.board_at + tile] = 1.0
            if not ended:
                slots.placed(state.board, cell)
        elif move == DRAW:
            self.hand_view[seat * self.tiles + table.log[-1][-1][3]] = 1.0
        rows = self.seat_view
        at = seat * SEAT_FEATURES
        rows[at + 1] = state.hands[seat].bit_count() / self.tiles
        rewards = self._rewards(points, ended)
        if ended:
            if table.finished or self.options.episode == "round":
                self.terminated = True
            elif table.number >= self.options.max_rounds:
                self.truncated = True
            else:
                table.next_round()
                self._fill_round()
                return rewards
            for other in range(self.players):
                self._score_row(other)
            self._write_state()
            return rewards
        scale = self.scale
        total = table.totals[seat] / scale
        rows[at + 2] = SCORE_CLIP if total > SCORE_CLIP else max(total, -SCORE_CLIP)
        total = state.points[seat] / scale
        rows[at + 3] = SCORE_CLIP if total > SCORE_CLIP else max(total, -SCORE_CLIP)
        phase = state.phase
        if phase == FINAL_CYCLE or self._phase != (phase, table.last_round):
            self._write_phase(table.number, phase, state.final_turns, state.out_seat)
            self._phase = (phase, table.last_round)
        self._write_turn(state.pool, state.draws, state.passes, state.seat, phase)
        return rewards

    def _rewards(self, points: list[int], ended: bool) -> list[float]:
        mode = self.options.reward
        if mode == "points":
            scale = self.scale
            return [p / scale for p in points]
        table = self.game
        if mode == "round" and ended:
            end = table.round.end
            assert end is not None
            return result_rewards(self.players, end.winners)
        if mode == "game" and table.finished:
            return result_rewards(self.players, table.winners)
        return [0.0] * self.players

    def illegal(self, seat: int) -> list[float]:
        """An action outside the mask under ``illegal='end'``: the episode ends."""
        self.terminated = True
        rewards = [0.0] * self.players
        rewards[seat] = self.options.illegal_reward
        return rewards

    # --- action ids and record tokens ------------------------------------

    def action_to_token(self, action: int) -> str:
        """The record token (``545@1,0``, ``draw``, ``pass``) of an action id now."""
        value = self.check_action(action)
        space = self.space
        if space.is_special(value):
            return "draw" if value == space.draw else "pass"
        slot = value // space.choices
        self._compute_legal()
        cell = self.slots.cell_of[slot]
        if cell < 0:
            raise IllegalActionId("slot {slot} holds no cell now", slot=slot)
        return str(self.game.round.decode(space.move(value, cell)))

    def token_to_action(self, token: str) -> int:
        """The action id of a record token now (its cell must hold a slot)."""
        action = parse_action(token)
        space = self.space
        if not isinstance(action, Place):
            return space.draw if isinstance(action, Draw) else space.pass_
        self._compute_legal()
        choice = space.readings.of_numbers.get(action.corners)
        if choice is None:
            raise IllegalActionId("{token} shows no tile of the set", token=token)
        slot = self.slots.slot_of.get(to_id(action.cell)) if in_range(action.cell) else None
        if slot is None:
            raise IllegalActionId("cell of {token} holds no slot now", token=token)
        return space.placement(slot, choice)

    # --- records and pictures --------------------------------------------

    def record(self, names: list[str] | None = None) -> Record:
        return self.game.record(names or [f"player_{s}" for s in range(self.players)])

    def _shown_slots(self) -> dict[int, int]:
        """The slots to draw: none once the round is over (they are not kept then)."""
        return {} if self.game.round.over else self.slots.slot_of

    def text(self) -> str:
        return board_text(self.game, self._shown_slots())

    def picture(self) -> npt.NDArray[np.uint8]:
        return draw_board(self.game.round, self._shown_slots())
