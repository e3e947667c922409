"""``heuristic``: greedy plus judgement.

Each placement is tried on a copy of the public round and the position it
leaves is judged, in points, on what wins rounds rather than what scores now:

* **flexibility** — how many of the tiles kept in hand can still be placed
  (a hand that fits nowhere draws, and every draw is a turn further from
  going out);
* **the opponents' chances** — the share of the unseen tiles that fit some
  open cell (fewer means the next players draw more), and the bonus points
  left for them: cells where a hexagon or bridge is ready, weighted by the
  chance that the next player holds a tile for it;
* **hand weight** — heavy tiles played early count for less when someone
  else goes out (their value is collected) or the round blocks (the lowest
  hand wins), more so once an opponent is close to going out.

Heads-up, it draws voluntarily (when the rules allow) when even the best
placement leaves a poor position (judged below ``draw_below``): open boards
and bonuses handed to the only opponent cost more than the draw. Against
greedy play this defensive drawing wins rounds; with more players it loses
them (the others keep playing), so there it never draws by choice
(docs/benchmarks.md).

With ``blunder=P`` it is careless at a share ``P`` of its decisions with a
choice of placements, and lays the tile it judges worst: the ``easy`` and
``medium`` levels. A weaker level is the same player erring more often, so
whole games and the analysis rank the levels alike (docs/ai.md, "Levels").
The careless move is its worst rather than a random one: a random
placement mostly costs a few points, less than the analysis charges (more
than 5 points left, beyond its noise), so a level of random slips plays
weaker without being judged less accurate; its worst placement was
charged several times as often a mistake (docs/ai.md, "Levels").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from triominoes.ai.player import Player, draw_or_pass
from triominoes.core.board import Board
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, Move, unpack
from triominoes.core.phases import OPENING
from triominoes.core.round import Round, RoundTables

GOING_OUT = 1000.0


class HeuristicPlayer(Player):
    name = "heuristic"
    reads_log = False

    def __init__(
        self,
        seed: int | None = None,
        flex: float = 6.0,
        block: float = 200.0,
        threat: float = 1.0,
        weight: float = 0.5,
        endgame_weight: float = 2.0,
        draw_below: float = -40.0,
        blunder: float = 0.0,
    ) -> None:
        super().__init__(seed)
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"blunder is a share of decisions, 0 to 1: {blunder}")
        self.blunder = blunder
        self.flex = flex
        self.block = block
        self.threat = threat
        self.weight = weight
        self.endgame_weight = endgame_weight
        self.draw_below = draw_below

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        context = Context.of_view(knowledge)
        if self.blunder:
            moves = state.placement_moves()
            # The die is cast only where a blunder is possible, so the
            # seed's sequence of them does not depend on forced turns.
            if len(moves) > 1 and self.rng.random() < self.blunder:
                return min(moves, key=lambda m: (self.evaluate(state, m, context), m))
        return self.move(state, context)

    def move(self, state: Round, context: Context) -> Move:
        """The heuristic's choice for the seat to move, from ``context``."""
        moves = state.placement_moves()
        if not moves:
            return draw_or_pass(state)
        value, _, best = max((self.evaluate(state, m, context), -m, m) for m in moves)
        return DRAW if self.draws_instead(state, value) else best

    def ranked(
        self, state: Round, placements: Sequence[Move], context: Context
    ) -> list[tuple[Move, float]]:
        """The placements with their worth, best first; ties to the larger
        move (as the rollout player's candidates have always broken them)."""
        worth = [(m, self.evaluate(state, m, context)) for m in placements]
        return sorted(worth, key=lambda item: (-item[1], -item[0]))

    def draws_instead(self, state: Round, best: float) -> bool:
        """Whether to draw by choice when the best placement is worth ``best``.

        Every placement would leave a poor position (an open board, bonuses
        for the next player): keep the layout as it is. Only heads-up, where
        the next player is the only opponent.
        """
        return (
            state.players == 2
            and best < self.draw_below
            and state.t.rules.voluntary_draw
            and state.phase != OPENING
            and state.can_draw()
        )

    def evaluate(self, state: Round, move: Move, context: Context) -> float:
        """The placement's points now plus the judged worth of what it leaves."""
        points = float(state.points_of(move))
        cell, tile, rotation = unpack(move)
        bit = 1 << tile
        hand = state.hands[state.seat] & ~bit
        if not hand:
            return GOING_OUT + points
        # What is judged is the layout after the placement and what fits it:
        # the board alone is copied and the tile laid as Round.play lays it
        # (a whole round's copy and turn cost a fifth of a play-out).
        live = state.live & ~bit
        board = state.board.copy()
        board.place(cell, tile, rotation, live)
        value_weight = self.endgame_weight if context.shortest <= 2 else self.weight
        return (
            points
            + value_weight * state.t.values[tile]
            + self.judge_layout(state.t, board, board.fitting(live), hand, context)
        )

    def judge(self, position: Round, hand: int, context: Context) -> float:
        """The worth, in points, of a layout for the holder of ``hand``."""
        return self.judge_layout(position.t, position.board, position.avail, hand, context)

    def judge_layout(
        self, t: RoundTables, board: Board, avail: int, hand: int, context: Context
    ) -> float:
        """:meth:`judge` from the parts: the layout and the tiles in play
        that fit it."""
        flexibility = (avail & hand).bit_count() / hand.bit_count()
        unseen = context.unseen
        unseen_count = unseen.bit_count()
        fitting_unseen = (avail & unseen).bit_count()
        open_share = fitting_unseen / unseen_count if unseen_count else 0.0
        danger = _bonus_left(t, board, unseen, unseen_count, context.next_hand)
        return self.flex * flexibility * 10 - self.block * open_share - self.threat * danger


@dataclass(frozen=True, slots=True)
class Context:
    """What the evaluation needs of the seat's knowledge, computed once per
    decision: the tiles it cannot see, the next hand's size, the shortest
    other hand's."""

    unseen: int
    next_hand: int
    shortest: int

    @classmethod
    def of_view(cls, knowledge: Knowledge) -> Context:
        me = knowledge.seat if knowledge.seat is not None else 0
        return cls._of(me, knowledge.unseen, knowledge.hand_sizes)

    @classmethod
    def of_world(cls, state: Round) -> Context:
        """The seat to move's context in a whole round (a sampled deal): what
        it cannot see is every tile in play but its own hand."""
        me = state.seat
        sizes = [hand.bit_count() for hand in state.hands]
        return cls._of(me, state.live & ~state.hands[me], sizes)

    @classmethod
    def _of(cls, me: int, unseen: int, sizes: Sequence[int]) -> Context:
        shortest = min(size for seat, size in enumerate(sizes) if seat != me)
        return cls(unseen, sizes[(me + 1) % len(sizes)], shortest)


_PLAY_OUT = HeuristicPlayer()


def heuristic_move(state: Round) -> Move:
    """The heuristic's move for the seat to move in a whole round: how every
    seat plays in the rollout player's play-outs (the same choice as the
    ``heuristic`` bot's from that seat's view)."""
    return _PLAY_OUT.move(state, Context.of_world(state))


VARY = 0.2
"""In a varied play-out, the chance that a move is one of the heuristic's
:data:`VARIED_TOP` best placements at random instead of its favourite."""
VARIED_TOP = 3


def varied_move(
    state: Round, rng: random.Random, favourite: Callable[[Round], Move] = heuristic_move
) -> Move:
    """The ``favourite`` move (the heuristic's), now and then (:data:`VARY`)
    one of the heuristic's few best placements instead: where the deal is
    known, a play-out of the heuristic alone is the same line every time,
    one sample however often it is repeated; varied, repeated play-outs are
    samples of what may follow, and their spread measures how sure a
    comparison is."""
    if rng.random() >= VARY:
        return favourite(state)
    moves = state.placement_moves()
    if not moves:
        return draw_or_pass(state)
    best = _PLAY_OUT.ranked(state, moves, Context.of_world(state))[:VARIED_TOP]
    return rng.choice(best)[0]


def _bonus_left(
    t: RoundTables, board: Board, unseen: int, unseen_count: int, next_hand: int
) -> float:
    """Bonus points the next player may take: per open bonus cell, its bonus
    times the chance that a hand of ``next_hand`` unseen tiles holds at
    least one tile that fits it."""
    if not unseen_count:
        return 0.0
    mask = t.fits.mask
    bonus = t.bonus
    total = 0.0
    for cell, pattern in board.open.items():
        fit = mask[pattern] & unseen
        if not fit:
            continue
        worth = bonus[board.shape_at(cell)]
        if worth:
            share = fit.bit_count() / unseen_count
            total += worth * (1 - (1 - share) ** next_hand)
    return total
