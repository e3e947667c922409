"""``ismcts``: Information-Set Monte Carlo Tree Search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each
iteration deals the tiles this player cannot see — the other hands, with
their known sizes, and the pool — at random (a *determinization*, see
:meth:`~triominoes.core.knowledge.Knowledge.sample`), walks one shared tree
of action sequences, choosing among the actions legal in that deal by UCB
with availability counts,
adds one node, plays the round out with a fast default policy and backs up
each seat's reward. The move played is the root's most visited action.

Rewards are per seat: the round's win (shared wins split) plus a small
term for the score margin, so that among winning lines the search prefers
the richer one and among losing lines the cheaper one.
"""

from __future__ import annotations

import math
import random
import time

from triominoes.ai.player import Player
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, PASS, Move, move_tile
from triominoes.core.round import Round


class Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose action led here (whose reward this node keeps)."""
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
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


def rewards(state: Round, margin_weight: float) -> list[float]:
    end = state.end
    assert end is not None
    totals = [p + e for p, e in zip(state.points, end.points, strict=True)]
    out = []
    for seat, total in enumerate(totals):
        won = 1.0 / len(end.winners) if seat in end.winners else 0.0
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        margin = math.tanh((total - best_other) / 100.0)
        out.append((1 - margin_weight) * won + margin_weight * (margin + 1) / 2)
    return out


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
    ) -> None:
        """``iterations`` bounds the search (deterministic for a seed);
        ``seconds``, if set, bounds it by time instead. ``infer``: 0 deals
        unseen tiles uniformly; 1 uses what the opening and forced draws
        reveal (core/knowledge.py); 2 also takes draws under voluntary drawing as
        forced."""
        super().__init__(seed)
        if iterations != int(iterations) or iterations < 1:
            raise ValueError("iterations must be a whole number of at least 1")
        if seconds < 0 or exploration < 0:
            raise ValueError("seconds and exploration must not be negative")
        if not (0 <= greedy <= 1 and 0 <= margin <= 1):
            raise ValueError("greedy and margin must be between 0 and 1")
        if infer not in (0, 1, 2):
            raise ValueError("infer must be 0, 1 or 2")
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.exploration = exploration
        self.greedy = greedy
        self.margin = margin
        self.infer = int(infer)

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = Node(-1)
        rng = self.rng
        deadline = time.perf_counter() + self.seconds if self.seconds else 0.0
        constraints = knowledge.constraints(assume_stuck=self.infer == 2) if self.infer else []
        done = 0
        while True:
            self._iterate(root, knowledge.sample(rng, constraints), rng)
            done += 1
            if deadline:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        legal = set(moves)
        best = max(
            (item for item in root.children.items() if item[0] in legal),
            key=lambda item: (item[1].visits, item[1].reward, -item[0]),
        )
        return best[0]

    def _iterate(self, root: Node, state: Round, rng: random.Random) -> None:
        node = root
        path = []
        c = self.exploration
        while not state.over:
            moves = state.legal_moves()
            children = node.children
            untried = [m for m in moves if m not in children]
            for m in moves:
                child = children.get(m)
                if child is not None:
                    child.avail += 1
            if untried:
                move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(state.seat)
                child.avail = 1
                children[move] = child
                state.play(move)
                path.append(child)
                break
            best_score = -1.0
            move = moves[0]
            for m in moves:
                child = children[m]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, move = score, m
            node = children[move]
            state.play(move)
            path.append(node)
        if not state.over:
            rollout(state, rng, self.greedy)
        reward = rewards(state, self.margin)
        for child in path:
            child.visits += 1
            child.reward += reward[child.seat]
