"""The baseline bots: ``random`` and ``greedy``."""

from __future__ import annotations

from triominoes.ai.player import Player, draw_or_pass
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import Move, move_tile
from triominoes.core.round import Round


class RandomPlayer(Player):
    """A uniformly random placement; draws (then passes) only without one."""

    name = "random"
    reads_log = False

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.placement_moves()
        if moves:
            return moves[self.rng.randrange(len(moves))]
        return draw_or_pass(state)


def greedy_key(state: Round, move: int) -> tuple[int, int, int]:
    """Rank placements by points now, then by the tile's value (shed the
    heavy tile), then by the move itself so the choice is deterministic."""
    return (state.points_of(move), state.t.values[move_tile(move)], -move)


class GreedyPlayer(Player):
    """The highest-scoring placement now; draws only when it must."""

    name = "greedy"
    reads_log = False

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.placement_moves()
        if not moves:
            return draw_or_pass(state)
        return max(moves, key=lambda m: greedy_key(state, m))
