"""``rollout``: the heuristic, improved by playing its candidates out.

The heuristic judges a placement by the position it leaves, one move deep.
This player takes the heuristic's few best candidates (and the draw or
pass, where the rules allow one), deals the tiles it cannot see at random,
consistent with what the view reveals (:meth:`Knowledge.sample`), and plays
each candidate out to the round's end with the heuristic playing every
seat. The candidate whose play-outs are worth most to it is played.
Every candidate is played out in the same sampled deals (common random
numbers), so the comparison is not lost in the luck of the deal.

This is policy improvement by rollouts (Bertsekas' rollout algorithm;
Tesauro and Galperin's backgammon rollouts): one step of lookahead over a
base policy plays at least as well as the base policy, in expectation,
wherever the sampled deals stand in for the real one. A heuristic play-out
of a whole round costs some 4 ms, so a second buys a few hundred of them,
where a tree search of random play-outs (``ismcts``) spends the same second
on lines nobody would play.

What a play-out is worth is :class:`~triominoes.ai.rewards.Rewards`: the
round's score margin, or with ``game`` set the chance of winning the game
that the totals after the round give.

In a two-player round's last turns (an empty pool, or one of at most
:data:`~triominoes.ai.endgame.POOL_LIMIT` tiles) the player solves the rest
of the round exactly instead (:mod:`~triominoes.ai.endgame`) when that takes
at most :data:`ENDGAME_NODES` positions, and falls back to its play-outs
when it would take more. ``endgame=0`` turns that off, to measure what it
adds.

Nothing here reads a hidden tile: the one input is the view.
"""

from __future__ import annotations

import math
import random
import time

from triominoes.ai.endgame import endgame_values, play_best
from triominoes.ai.heuristic import Context, HeuristicPlayer, heuristic_move, varied_move
from triominoes.ai.lines import Line
from triominoes.ai.player import Player
from triominoes.ai.rewards import Rewards
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import Move
from triominoes.core.round import Round

ENDGAME_NODES = 20_000
"""The positions an exact endgame may take before the player falls back
to play-outs (docs/ai.md, "Exact endgame")."""
ENDGAME_TILES = 16
"""The most tiles in hands and pool for which the exact endgame is tried:
with more, :data:`ENDGAME_NODES` practically never suffices
(benchmarks/endgame.py), and trying would only cost time."""
FINISH_TILES = 10
"""The most tiles in the hands for which a play-out with ``finish`` ends by
best play: every endgame of that size is solved within 20,000 positions,
nearly every one within :data:`FINISH_NODES` (a play-out makes one try,
and a failed one costs its whole budget)."""
FINISH_NODES = 5_000
"""The positions a play-out's best-play ending may take (past it the
heuristic plays on): a quarter of :data:`ENDGAME_NODES`, as a failed try
costs all of it, in every play-out that makes one."""


LATE_TOP = 3
"""How many of the heuristic's best placements a play-out's late move
(``late``) tries, beside the pass: as many as a varied play-out varies
among, and in the last turns a hand seldom has more that differ."""


def late_move(state: Round) -> Move:
    """A heads-up play-out's move once the pool is empty, with ``late``:
    of the heuristic's own move, its next best placements (:data:`LATE_TOP`
    in all) and the pass (where the rules allow one), the one whose
    heuristic play-out to the round's end leaves the seat to move the best
    margin. The play-out's deal is known to both seats then, so one
    play-out of each is its value. The heuristic alone plays these turns
    badly (a search of just them beats it in 85% of games, docs/ai.md,
    "Levels"), and a judge whose play-outs leave them to it charges a
    player for what the heuristic would make of a move, not for the move
    (docs/ai.md, "Analysis")."""
    moves = state.legal_moves()
    ranked = _LATE.ranked(state, [m for m in moves if m >= 0], Context.of_world(state))
    # The heuristic's own move first (ranked breaks ties otherwise): the
    # late move is then never worse than it, by these play-outs.
    candidates = list(dict.fromkeys([heuristic_move(state), *(m for m, _ in ranked)]))[:LATE_TOP]
    if moves[-1] < 0 and moves[-1] not in candidates:
        candidates.append(moves[-1])
    if len(candidates) == 1:
        return candidates[0]
    me = state.seat
    best, best_margin = candidates[0], -math.inf
    for move in candidates:
        line = state.copy()
        line.play(move)
        while not line.over:
            line.play(heuristic_move(line))
        end = line.end
        assert end is not None
        totals = [p + e for p, e in zip(line.points, end.points, strict=True)]
        margin = totals[me] - max(t for seat, t in enumerate(totals) if seat != me)
        if margin > best_margin:  # ties to the heuristic's order
            best, best_margin = move, margin
    return best


_LATE = HeuristicPlayer()


def _in_finishing_reach(state: Round) -> bool:
    """At most :data:`FINISH_TILES` tiles in the hands and the pool."""
    return sum(hand.bit_count() for hand in state.hands) + len(state.pool) <= FINISH_TILES


def solved_endgame(state: Round, knowledge: Knowledge) -> dict[Move, float] | None:
    """The endgame solver's values where the expert asks for them: at most
    :data:`ENDGAME_TILES` tiles in hands and pool, within
    :data:`ENDGAME_NODES` positions; None elsewhere (the search decides)."""
    if sum(knowledge.view.hand_sizes) + len(state.pool) > ENDGAME_TILES:
        return None
    return endgame_values(state, knowledge, node_budget=ENDGAME_NODES)


class RolloutPlayer(Player):
    name = "rollout"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 40,
        seconds: float = 0.0,
        top: int = 8,
        margin: float = 1.0,
        game: float = 0.0,
        endgame: int = 1,
        search_from: int = 99,
        vary: int = 1,
        finish: int = 0,
        late: int = 0,
    ) -> None:
        """``worlds``: sampled deals per decision; ``seconds``, if set,
        stops sampling once that much time has passed (without it the play
        is the same for a seed). ``top``: how many of the heuristic's best
        placements are played out. ``margin`` and ``game`` weigh the reward
        as in ismcts. ``endgame``: 1 to solve the last turns of a
        two-player round exactly where that is cheap, 0 never to.
        ``search_from``: heads-up, the pool size from which on the player
        searches; with more tiles in the pool it plays the heuristic's own
        choice (a level that searches only the round's last turns). With
        more players it searches every turn: the heuristic draws by choice
        only heads-up, and there the search of the earlier turns, valuing
        those draws by play-outs, won no more games than the heuristic's
        own choices (docs/ai.md, "Levels"). ``vary``: 1
        to vary the play-outs where the deal is known (every sampled deal
        is the same deal: see :func:`~triominoes.ai.heuristic.varied_move`),
        0 to repeat the heuristic's one line (how the shipped puzzles were
        judged). ``finish``: 1 to end every heads-up play-out, once its pool
        is empty and the exact endgame is in reach, by best play for both
        seats (:func:`~triominoes.ai.endgame.play_best`: the sampled deal is
        then known to both) instead of the heuristic's: the analysis's
        judge, whose play-outs' last turns should be no weaker than the
        levels it judges (docs/ai.md, "Analysis"). ``late``: 1 to play every
        heads-up play-out's moves once its pool is empty by
        :func:`late_move` (about six times the CPU of a play-out): the
        analysis's second opinion."""
        super().__init__(seed)
        if worlds != int(worlds) or worlds < 1 or top != int(top) or top < 1:
            raise ValueError("worlds and top must be whole numbers of at least 1")
        if seconds < 0:
            raise ValueError("seconds must not be negative")
        if not (0 <= margin <= 1 and 0 <= game <= 1):
            raise ValueError("margin and game must be between 0 and 1")
        if endgame not in (0, 1):
            raise ValueError("endgame must be 0 or 1")
        self.worlds = int(worlds)
        self.seconds = float(seconds)
        self.top = int(top)
        self.margin = margin
        self.game = game
        self.endgame = bool(endgame)
        if search_from != int(search_from) or search_from < 0:
            raise ValueError("search_from must be a whole number of at least 0")
        self.search_from = int(search_from)
        if vary not in (0, 1):
            raise ValueError("vary must be 0 or 1")
        self.vary = bool(vary)
        if finish not in (0, 1):
            raise ValueError("finish must be 0 or 1")
        self.finish = bool(finish)
        if late not in (0, 1):
            raise ValueError("late must be 0 or 1")
        self.late = bool(late)
        self.cut_short = 0
        """Decisions whose sampling ``seconds`` stopped before ``worlds``
        (the safety cap triggering: benchmarks/expert_times.py counts it)."""
        self.judge = HeuristicPlayer()

    def within(self, seconds: float) -> None:
        self.seconds = min(self.seconds, seconds) if self.seconds else seconds

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if self.endgame and not self.game:
            # Exact values are score margins: the right goal unless the
            # player weighs the game's chances (``game``).
            exact = solved_endgame(state, knowledge)
            if exact is not None:
                return max(sorted(exact, reverse=True), key=exact.__getitem__)
        if state.players == 2 and len(state.pool) > self.search_from:
            return self.candidates(state, knowledge, moves)[0]
        return self.search(state, knowledge)[0].move

    def search(self, state: Round, knowledge: Knowledge, also: Move | None = None) -> list[Line]:
        """The candidates with what their play-outs gave, the one to play
        first (the best mean reward; ties go to the heuristic's favourite).
        ``also``: a legal move to play out too (analysis: the action a
        player chose)."""
        moves = state.legal_moves()
        favourite, candidates = self.candidates(state, knowledge, moves)
        if also is not None and also not in candidates:
            candidates.append(also)
        lines = self.play_out(state, knowledge, candidates)
        lines.sort(key=lambda line: (-line.value, line.move != favourite, line.move))
        return lines

    def candidates(
        self, state: Round, knowledge: Knowledge, moves: list[Move]
    ) -> tuple[Move, list[Move]]:
        """The heuristic's own choice and the moves worth playing out: its
        ``top`` placements and the draw or pass."""
        judge = self.judge
        ranked = judge.ranked(state, [m for m in moves if m >= 0], Context.of_view(knowledge))
        chosen = [m for m, _ in ranked[: self.top]]
        favourite = ranked[0][0] if ranked else moves[-1]
        if moves[-1] < 0:  # a draw or pass, by choice or not
            chosen.append(moves[-1])
            if ranked and judge.draws_instead(state, ranked[0][1]):
                favourite = moves[-1]
        return favourite, chosen

    def play_out(self, state: Round, knowledge: Knowledge, candidates: list[Move]) -> list[Line]:
        """Each candidate played out by the heuristic in the same sampled
        deals, until ``worlds`` deals or ``seconds``."""
        rng = self.rng
        constraints = knowledge.constraints()
        reward = Rewards(knowledge, self.margin, self.game)
        me = state.seat
        start = state.points
        count = len(candidates)
        values = [0.0] * count
        points = [0.0] * count
        margins = [0.0] * count
        deadline = time.perf_counter() + self.seconds if self.seconds else 0.0
        # A known deal is one world: its samples are the play-outs' own
        # variations instead (see varied_move), each candidate's in the
        # same order of chances.
        varied = self.vary and knowledge.deal_known
        heads_up = state.players == 2
        late = self.late and heads_up
        worlds = 0
        while worlds < self.worlds:
            world = knowledge.sample(rng, constraints)
            seed = rng.getrandbits(32) if varied else 0
            for index, move in enumerate(candidates):
                line = world.copy()
                line.play(move)
                chances = random.Random(seed) if varied else None
                ending = self.finish and heads_up
                while not line.over:
                    if ending and not line.pool and _in_finishing_reach(line):
                        ending = False  # one try: a failed one costs the budget
                        if play_best(line, node_budget=FINISH_NODES):
                            break
                    favourite = late_move if late and not line.pool else heuristic_move
                    line.play(varied_move(line, chances, favourite) if chances else favourite(line))
                values[index] += reward(line)[me]
                end = line.end
                assert end is not None
                gains = [p + e - s for p, e, s in zip(line.points, end.points, start, strict=True)]
                mine = gains[me]
                points[index] += mine
                margins[index] += mine - max(g for s, g in enumerate(gains) if s != me)
            worlds += 1
            if deadline and worlds < self.worlds and time.perf_counter() >= deadline:
                self.cut_short += 1
                break
        return [
            Line(move, worlds, values[i] / worlds, points[i] / worlds, margins[i] / worlds)
            for i, move in enumerate(candidates)
        ]
