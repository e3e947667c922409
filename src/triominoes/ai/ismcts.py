"""``ismcts``: Information-Set Monte Carlo Tree Search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each
iteration deals the tiles this player cannot see — the other hands, with
their known sizes, and the pool — at random (a *determinization*, see
:meth:`~triominoes.core.knowledge.Knowledge.sample`), walks one shared tree
of action sequences, choosing among the actions legal in that deal by UCB
with availability counts, adds one node, plays the round out with a fast
default policy and backs up each seat's reward. The move played is the
root's most visited action.

Rewards are per seat (:mod:`triominoes.ai.rewards`): the round's win and
score margin, or with ``game`` set the chance of winning the *game* that
the totals after the round give. With ``bias`` set the root's actions start
from the heuristic's judgement of them (progressive bias): the search then
spends its first iterations where the heuristic looks, and the statistics
take over as visits grow.
"""

from __future__ import annotations

import math
import random
import time

from triominoes.ai.heuristic import Context, HeuristicPlayer
from triominoes.ai.lines import Line
from triominoes.ai.player import Player
from triominoes.ai.rewards import Rewards
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, PASS, Move, move_tile
from triominoes.core.round import Round

PRIOR_SCALE = 25.0
"""Points of heuristic judgement per e-fold of prior (the softmax temperature)."""


class Node:
    __slots__ = ("avail", "children", "margin", "points", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose action led here (whose reward this node keeps)."""
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.points = 0.0
        """At the root's children: the searcher's round points from here, summed."""
        self.margin = 0.0
        """... and its round points from here less the best other seat's."""
        self.children: dict[int, Node] = {}


def rollout(state: Round, rng: random.Random, greedy: float) -> None:
    """Play to the end of the round: with probability ``greedy`` the
    placement scoring most now, else a random one; draw only without one."""
    points_of = state.points_of
    values = state.t.values
    while not state.over:
        moves = state.placement_moves()
        if not moves:
            state.play(DRAW if state.can_draw() else PASS)
        elif len(moves) == 1 or rng.random() >= greedy:
            state.play(moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0])
        else:
            state.play(max(moves, key=lambda m: points_of(m) * 64 + values[move_tile(m)]))


def priors(state: Round, knowledge: Knowledge, moves: list[Move]) -> dict[Move, float]:
    """The heuristic's judgement of each root action, as a softmax in (0, 1]
    (1 for its favourite). A draw or pass is judged at the heuristic's own
    threshold for drawing by choice."""
    judge = HeuristicPlayer()
    context = Context.of_view(knowledge)
    values = {m: judge.evaluate(state, m, context) if m >= 0 else judge.draw_below for m in moves}
    best = max(values.values())
    return {m: math.exp((v - best) / PRIOR_SCALE) for m, v in values.items()}


class ISMCTSPlayer(Player):
    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 2000,
        seconds: float = 0.0,
        exploration: float = 0.7,
        greedy: float = 0.0,
        margin: float = 0.2,
        infer: int = 1,
        game: float = 0.0,
        bias: float = 0.0,
    ) -> None:
        """``iterations`` bounds the search (deterministic for a seed);
        ``seconds``, if set, bounds it by time instead. ``infer``: 0 deals
        unseen tiles uniformly; 1 uses what the opening and forced draws
        reveal (core/knowledge.py); 2 also takes draws under voluntary drawing as
        forced. ``game`` weighs the game's outcome against the round's in the
        reward; ``bias`` weighs the heuristic's priors at the root."""
        super().__init__(seed)
        if iterations != int(iterations) or iterations < 1:
            raise ValueError("iterations must be a whole number of at least 1")
        if seconds < 0 or exploration < 0 or bias < 0:
            raise ValueError("seconds, exploration and bias must not be negative")
        if not (0 <= greedy <= 1 and 0 <= margin <= 1 and 0 <= game <= 1):
            raise ValueError("greedy, margin and game must be between 0 and 1")
        if infer not in (0, 1, 2):
            raise ValueError("infer must be 0, 1 or 2")
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.exploration = exploration
        self.greedy = greedy
        self.margin = margin
        self.infer = int(infer)
        self.game = game
        self.bias = bias

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.search(state, knowledge)[0].move

    def search(self, state: Round, knowledge: Knowledge) -> list[Line]:
        """Every legal root action with its statistics, the one to play first
        (most visited)."""
        moves = state.legal_moves()
        root = Node(-1)
        rng = self.rng
        deadline = time.perf_counter() + self.seconds if self.seconds else 0.0
        constraints = knowledge.constraints(assume_stuck=self.infer == 2) if self.infer else []
        judge = Rewards(knowledge, self.margin, self.game)
        bias = priors(state, knowledge, moves) if self.bias else {}
        order = sorted(moves, key=lambda m: -bias.get(m, 0.0))
        done = 0
        while True:
            self._iterate(root, knowledge.sample(rng, constraints), rng, judge, bias, order)
            done += 1
            if deadline:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        lines = [
            Line(m, n.visits, n.reward / n.visits, n.points / n.visits, n.margin / n.visits)
            for m, n in root.children.items()
            if m in moves and n.visits
        ]
        lines.sort(key=lambda line: (-line.visits, -line.value, line.move))
        return lines

    def _iterate(
        self,
        root: Node,
        state: Round,
        rng: random.Random,
        judge: Rewards,
        bias: dict[Move, float],
        order: list[Move],
    ) -> None:
        node = root
        path = []
        c = self.exploration
        weight = self.bias
        start = state.points.copy()
        while not state.over:
            moves = state.legal_moves()
            children = node.children
            untried = [m for m in moves if m not in children]
            for m in moves:
                child = children.get(m)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is root and bias:
                    move = next(m for m in order if m not in children)
                else:
                    move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(state.seat)
                child.avail = 1
                children[move] = child
                state.play(move)
                path.append(child)
                break
            best_score = -math.inf
            move = moves[0]
            at_root = node is root and bool(bias)
            for m in moves:
                child = children[m]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if at_root:
                    score += weight * bias[m] / (child.visits + 1)
                if score > best_score:
                    best_score, move = score, m
            node = children[move]
            state.play(move)
            path.append(node)
        if not state.over:
            rollout(state, rng, self.greedy)
        reward = judge(state)
        for child in path:
            child.visits += 1
            child.reward += reward[child.seat]
        if path:
            end = state.end
            assert end is not None
            gains = [p + e - s for p, e, s in zip(state.points, end.points, start, strict=True)]
            me = path[0].seat
            mine = gains[me]
            path[0].points += mine
            path[0].margin += mine - max(g for s, g in enumerate(gains) if s != me)
