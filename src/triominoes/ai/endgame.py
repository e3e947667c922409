"""The exact endgame: two players, an empty pool, perfect information.

Once the pool is empty in a two-player round, the unseen tiles are the
opponent's hand: both sides know everything, nothing is left to chance,
and the rest of the round is a finite game that can be solved. This module
solves it exactly: a negamax alpha-beta search on the score margin (the
points the seat to move still scores, round-end awards included, less the
other seat's), with a transposition table, over the remaining placements
and passes. It plays every move on the engine's own :class:`Round`
(``copy`` and ``play``), so the rule set alone decides what is legal, what
a placement scores, when the round ends and what its end awards.

A few tiles before that (a pool of at most :data:`POOL_LIMIT`) the
opponent's hand is one of a few splits of the unseen tiles into hand and
pool. :func:`endgame_values` then averages over every split that agrees
with what public play revealed (:meth:`Knowledge.constraints`), each solved
exactly with every draw enumerated as a chance node: a tile drawn is any
of the pool's, each as likely. Within a split both sides are taken to know
the split (each world is solved as if clairvoyant, the usual price of
averaging over worlds), so the pre-endgame value is an estimate, where the
empty-pool value is exact.

The search stops after ``node_budget`` positions and answers None: a
caller falls back to its sampling search rather than wait.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, Move
from triominoes.core.round import Round
from triominoes.core.tiles import ids_in

POOL_LIMIT = 2
"""The largest pool whose splits :func:`endgame_values` enumerates: with
the opponent's hand 5 tiles, a pool of 2 is 21 worlds, each with its
draws enumerated; a pool of 3 would be 56, each with deeper chance
nodes."""

DEFAULT_BUDGET = 200_000

_INF = math.inf


class _OutOfBudget(Exception):
    """The search visited more positions than it may."""


class _Solver:
    """One search's transposition table and position count.

    A position is keyed by the placements made since the root (one bit
    each, so the same tiles in the same cells by any order meet), both
    hands, the pool's tiles, the seat to move, the passes in a row, the
    draws this turn and the phase: everything the rest of the round
    depends on, points so far apart (values are what is still to come).
    """

    def __init__(self, budget: int, chance: bool) -> None:
        self.budget = budget
        self.chance = chance
        """Draws take a random tile of the pool (a world of the
        pre-endgame) rather than the pool's known next one."""
        self.nodes = 0
        self.bits: dict[Move, int] = {}
        self.table: dict[tuple[int, ...], tuple[float, float, Move]] = {}

    def bit(self, move: Move) -> int:
        bit = self.bits.get(move)
        if bit is None:
            bit = self.bits[move] = 1 << len(self.bits)
        return bit

    def key(self, state: Round, placed: int) -> tuple[int, ...]:
        pool = 0
        for tile in state.pool:
            pool |= 1 << tile
        return (
            placed,
            *state.hands,
            pool,
            state.seat,
            state.passes,
            state.draws,
            state.phase,
            state.final_turns,
        )

    def child(self, state: Round, placed: int, move: Move, alpha: float, beta: float) -> float:
        """The value of ``move`` for the seat to move, within the window."""
        seat = state.seat
        if move == DRAW and self.chance and len(state.pool) > 1:
            return self.draw_value(state, placed)
        after = state.copy()
        points = after.play(move)
        bits = placed | self.bit(move) if move >= 0 else placed
        if after.seat == seat:
            return points + self.value(after, bits, alpha - points, beta - points)
        return points - self.value(after, bits, points - beta, points - alpha)

    def draw_value(self, state: Round, placed: int) -> float:
        """A draw from a pool of unknown order: the mean over its tiles."""
        total = 0.0
        pool = state.pool
        for index, tile in enumerate(pool):
            after = state.copy()
            after.pool = [*pool[:index], *pool[index + 1 :], tile]
            points = after.play(DRAW)
            # The drawer moves again: its value continues.
            total += points + self.value(after, placed, -_INF, _INF)
        return total / len(pool)

    def value(self, state: Round, placed: int, alpha: float, beta: float) -> float:
        """Fail-soft negamax: the margin still to come for ``state.seat``."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if state.over:
            end = state.end
            assert end is not None
            mine = end.points[state.seat]
            return mine - max(p for s, p in enumerate(end.points) if s != state.seat)
        key = self.key(state, placed)
        entry = self.table.get(key)
        first: Move | None = None
        low, high = -_INF, _INF
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        start = alpha
        best = -_INF
        best_move = 0
        for move in ordered(state, first):
            value = self.child(state, placed, move, alpha, beta)
            if value > best:
                best, best_move = value, move
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        if best <= start:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_move)
        return best

    def root(self, state: Round, placed: int = 0) -> dict[Move, float]:
        """Every legal move's exact value (a full window for each), in the
        order they were searched; ``placed``: the placements since the
        search's first root (a line that goes on keeps its table)."""
        out: dict[Move, float] = {}
        for move in ordered(state, None):
            out[move] = self.child(state, placed, move, -_INF, _INF)
        return out


def ordered(state: Round, first: Move | None) -> list[Move]:
    """The legal moves, likely best first: the table's best, then the
    placements by what they score now, then the draw or pass."""
    moves = state.legal_moves()
    points: Callable[[Move], int] = state.points_of
    moves.sort(key=lambda m: -points(m) if m >= 0 else _BIG)
    if first is not None and first in moves and moves[0] != first:
        moves.remove(first)
        moves.insert(0, first)
    return moves


_BIG = 1 << 30


def exact_values(state: Round, *, node_budget: int = DEFAULT_BUDGET) -> dict[Move, float] | None:
    """Perfect information (every hand and the pool known, as in a Round
    with real hands). Only for 2-player rounds with an EMPTY pool.
    The value of every legal move of ``state`` for the seat to move:
    (points that seat still scores in this round, round-end awards
    included) minus (points the other seat still scores), under best play
    by both. None when not applicable or the budget ran out."""
    return exact_search(state, node_budget=node_budget)[0]


def exact_search(
    state: Round, *, node_budget: int = DEFAULT_BUDGET
) -> tuple[dict[Move, float] | None, int]:
    """:func:`exact_values` and the positions the search visited (for
    benchmarks/endgame.py)."""
    if state.players != 2 or state.pool or state.over:
        return None, 0
    solver = _Solver(node_budget, chance=False)
    try:
        return solver.root(state), solver.nodes
    except _OutOfBudget:
        return None, solver.nodes


def play_best(state: Round, *, node_budget: int = DEFAULT_BUDGET) -> bool:
    """Plays ``state`` (real hands, two players, an empty pool) to the
    round's end, both seats by best play, in place: the line whose margin
    is :func:`exact_values`' best value. One search's table serves every
    turn of the line, so the turns after the first are mostly read from it.
    False when not applicable or the budget ran out (``state`` is then left
    as far as it was played: a position of the same round, still valid)."""
    if state.players != 2 or state.pool or state.over:
        return False
    solver = _Solver(node_budget, chance=False)
    placed = 0
    try:
        while not state.over:
            # Every move valued, as at the root: a table entry's move is
            # the best only where its bounds met.
            values = solver.root(state, placed)
            move = max(values, key=values.__getitem__)
            if move >= 0:
                placed |= solver.bit(move)
            state.play(move)
    except _OutOfBudget:
        return False
    return True


def endgame_values(
    state: Round, knowledge: Knowledge, *, node_budget: int = DEFAULT_BUDGET
) -> dict[Move, float] | None:
    """From a player's view (``state`` = knowledge.public_round(), hidden
    tiles removed): 2 players and a pool of at most POOL_LIMIT tiles.
    Pool empty: the opponent's hand is known exactly -> exact_values.
    Pool small: the expected value over every split of the unseen tiles
    into (opponent's hand, pool) consistent with knowledge's constraints
    (pre-endgame), each solved exactly with draws enumerated.
    None when not applicable or too big."""
    view = knowledge.view
    me = view.seat
    if state.players != 2 or me is None or state.over or state.seat != me:
        return None
    pool_size = len(state.pool)
    if pool_size > POOL_LIMIT:
        return None
    other = 1 - me
    unseen = ids_in(knowledge.unseen)
    if pool_size == 0:
        world = state.copy()
        world.hands[other] = knowledge.unseen
        return exact_values(world, node_budget=node_budget)
    constraints = [c for c in knowledge.constraints() if c.seat == other]
    solver = _Solver(node_budget, chance=True)
    totals: dict[Move, float] = {}
    worlds = 0
    try:
        for pool in itertools.combinations(unseen, pool_size):
            hand = knowledge.unseen
            for tile in pool:
                hand &= ~(1 << tile)
            if any((hand & c.mask).bit_count() < c.count for c in constraints):
                continue
            world = state.copy()
            world.hands[other] = hand
            world.pool = list(pool)
            for move, value in solver.root(world).items():
                totals[move] = totals.get(move, 0.0) + value
            worlds += 1
    except _OutOfBudget:
        return None
    if not worlds:  # no split fits what play revealed: nothing to say
        return None
    return {move: total / worlds for move, total in totals.items()}
