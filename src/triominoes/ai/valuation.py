"""One valuation of a decision, read by hints, the analysis and the web page.

Every legal action of a view gets a value by one method: the expected
*round margin* of the seat to move, in points — what it scores from here
to the round's end, round-end awards included, less what the best other
seat scores. In a two-player round's last turns the endgame solver gives
it (:mod:`triominoes.ai.endgame`: exact once the pool is empty); else the
rollout search (:mod:`triominoes.ai.rollout`): the unseen tiles dealt at
random as the view allows, every action played out by the heuristic in
the same deals (common random numbers).

The *top* action is the one of highest value. The *recommended* one is,
of the accurate actions (within the noise, below, and :data:`TOLERANCE`
points of the top), a placement before a draw or pass, then the highest
value: a draw costs 5 points for sure, and a draw that the play-outs value
a few points above the only tile that fits, for +12, is a coin's toss,
not advice. (A draw's value holds the placement the seat makes after
it, in the same turn: drawing the pool's last tile can be worth it.)
So by the valuation's own numbers no action is significantly better than
the recommended one, and a hint, an analysis and the page never disagree
(but where the analysis charges a decision: its advice is then confirmed
in fresh deals, :func:`second_opinion`, and may be the first deals' rival).

A value from sampled deals has noise. Two actions are compared deal by
deal, and :meth:`Valuation.noise` is :data:`SURE` standard errors of that
paired difference: what *points left on the table* discounts
(:meth:`Valuation.loss`: the most by which another action is worth more,
beyond that noise), so that a seat playing as well as the search does is
not charged the search's own luck (over a hundred decisions that luck
added up to hundreds of points).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.ai.registry import make_player
from triominoes.ai.rollout import RolloutPlayer, solved_endgame
from triominoes.core.actions import Action, Place
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import Move
from triominoes.core.round import Round
from triominoes.core.view import LegalAction, PlayerView

HINT_LEVEL = "expert"
"""The level whose search values actions (its play-outs, its time bound)."""

TOLERANCE = 5.0
"""Points left on the table within which an action counts as accurate: as
good as the top, for advice and for the analysis's accuracy."""

SURE = 2.0
"""Standard errors of a paired difference the analysis discounts as noise
(about 98 % one-sided: a difference beyond it is no fluke of the deals)."""


SECOND_WORLDS = 2
"""A second opinion's sampled deals, as a multiple of the first's."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    legal: LegalAction
    move: Move
    value: float
    """The expected round margin of the seat after this action, in points."""
    points: float | None
    """The expected points the seat scores from here to the round's end
    (None from the endgame solver, which values the margin alone)."""
    margins: tuple[float, ...] = ()
    """The margin in each sampled deal (empty for an exact value)."""


@dataclass(frozen=True, slots=True)
class Valuation:
    actions: tuple[ActionValue, ...]
    """The actions valued, the highest value first: every legal action of
    the view (a second opinion's: the two or three it values again)."""
    worlds: int
    """Sampled deals per action (0: solved by the endgame solver)."""

    @property
    def top(self) -> ActionValue:
        """The action of highest value."""
        return self.actions[0]

    @property
    def best(self) -> ActionValue:
        """The recommended action: of the accurate ones (at most
        :data:`TOLERANCE` points left on the table), a placement before a
        draw or pass, then the highest value."""
        even = [a for a in self.actions if self.loss(a.legal.action) <= TOLERANCE]
        return max(even, key=lambda a: (isinstance(a.legal.action, Place), a.value))

    @property
    def solved(self) -> bool:
        """Whether the endgame solver gave the values (no sampling noise)."""
        return self.worlds == 0

    def of(self, action: Action) -> ActionValue:
        """The value of one legal action (KeyError for another)."""
        for found in self.actions:
            if found.legal.action == action:
                return found
        raise KeyError(f"{action} is not a legal action of this decision")

    def advice(self, played: Action) -> ActionValue:
        """What the analysis holds up against an action played: the action
        itself where it was accurate; else the recommended action, or the
        top where the recommended is worth less than the action played (the
        advice is never worth less than the action played)."""
        mine = self.of(played)
        if self.loss(played) <= TOLERANCE:
            return mine
        best = self.best
        return best if best.value >= mine.value else self.top

    def noise(self, first: ActionValue, second: ActionValue) -> float:
        """:data:`SURE` standard errors of the deal-by-deal difference
        between two actions' margins (0 for exact values or one action)."""
        a, b = first.margins, second.margins
        n = len(a)
        if first.move == second.move or n < 2 or len(b) != n:
            return 0.0
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return SURE * math.sqrt(variance / n)

    def rival(self, action: Action) -> ActionValue:
        """The action that beats ``action`` most surely: of the largest
        value less the noise of its difference (the action itself where
        none beats it beyond the noise)."""
        played = self.of(action)
        return max(
            self.actions,
            key=lambda a: (a.value - played.value - self.noise(a, played), a is played),
        )

    def loss(self, action: Action) -> float:
        """Points left on the table by ``action``: the most by which another
        action is worth more beyond the noise of the difference (its value
        less this one's less the noise), never below 0. At most the top
        value less this action's: the noise only ever takes away."""
        played = self.of(action)
        rival = self.rival(action)
        return max(0.0, rival.value - played.value - self.noise(rival, played))


def searcher(
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    finish: bool = False,
    late: bool = False,
) -> RolloutPlayer:
    """The hint level's search, with its own budget if one is given: a
    number of ``worlds`` alone is searched to the end, whatever the time,
    so that a seed gives the same result on any machine. ``finish``: its
    heads-up play-outs end by best play once the pool is empty
    (``rollout``'s ``finish``: a stronger judge, at about three times the
    CPU). ``late``: their moves once the pool is empty are searched
    (``rollout``'s ``late``, :func:`~triominoes.ai.rollout.late_move`)."""
    if worlds is not None and seconds is None:
        seconds = 0
    budget = {
        "worlds": worlds,
        "seconds": seconds,
        "finish": 1 if finish else None,
        "late": 1 if late else None,
    }
    settings = ",".join(f"{key}={value}" for key, value in budget.items() if value is not None)
    player = make_player(f"{HINT_LEVEL}:{settings}", seed=seed)
    if not isinstance(player, RolloutPlayer):  # pragma: no cover - the level table says so
        raise TypeError(f"the hint level {HINT_LEVEL!r} is not the rollout search")
    return player


def rank(actions: Sequence[ActionValue]) -> tuple[ActionValue, ...]:
    """Highest value first; ties to the more points now, then the action's text."""
    return tuple(sorted(actions, key=lambda a: (-a.value, -a.legal.points, str(a.legal.action))))


def value_actions(
    view: PlayerView,
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    finish: bool = False,
) -> Valuation:
    """Every legal action of the view (the seat to move's) valued. In a
    two-player round's last turns (a pool of at most
    :data:`~triominoes.ai.endgame.POOL_LIMIT`) by the endgame solver, where
    it finishes within the expert's node budget: exact with an empty pool,
    averaged over the splits of the unseen tiles before. Else by the
    search; budget as for hints: with neither, the hint level's own;
    ``worlds`` alone is searched to the end, so that a view and a seed give
    the same values. ``finish``: the search's play-outs end by best play
    (see :func:`searcher`)."""
    if not view.legal or view.seat is None:
        raise ValueError("the view has no decision to value (not the viewer's move)")
    knowledge = Knowledge(view)
    state = knowledge.public_round()
    solved = solved_endgame(state, knowledge)  # as the expert tries it
    if solved is not None:
        found = [
            ActionValue(a, m, solved[m], None) for a in view.legal for m in [state.encode(a.action)]
        ]
        return Valuation(rank(found), 0)
    return search_values(
        state, knowledge, view.legal, worlds=worlds, seconds=seconds, seed=seed, finish=finish
    )


def second_opinion(
    view: PlayerView,
    first: Valuation,
    played: Action,
    *,
    worlds: int,
    seed: int,
    finish: bool = False,
) -> Valuation:
    """The action played, its rival and the advice as ``first`` picked
    them, valued again in fresh deals (``seed`` other than ``first``'s):
    :data:`SECOND_WORLDS` times ``worlds`` of them, as only these two or
    three actions are played out there, so that a mistake the first deals
    found is confirmed with about 1.4 times (the root of two) less noise.

    Why: the rival is the action that beat the one played by most in
    ``first``'s deals, so its lead there is the largest of several noisy
    leads, larger than its worth (the winner's curse: in the deals that
    chose them, the rivals of the charged decisions in ``hard``'s own games
    led by 66 points on average; in fresh deals, by 42; docs/ai.md,
    "Analysis"). In deals that took no part in choosing it, the rival's
    lead is an honest measure, and the noise discount
    (:meth:`Valuation.noise`) then means what it says.
    The same for the advice, so that what the report holds up against an
    action played is measured beside it in the same fresh deals.

    And played on better: in these play-outs the heads-up turns after the
    pool is empty are searched (``late``), as the strong levels play them,
    where the first valuation's are the heuristic's, which blunders them. A
    charge that held only for a round the heuristic finishes is dropped
    (in ``hard``'s own games, two of three of those before the pool's last
    tile; docs/ai.md, "Analysis"). Only these few play-outs pay for it:
    searched, they cost about six times as much."""
    knowledge = Knowledge(view)
    state = knowledge.public_round()
    chosen = {a.legal: None for a in (first.of(played), first.rival(played), first.advice(played))}
    deals = SECOND_WORLDS * worlds
    return search_values(
        state,
        knowledge,
        list(chosen),
        worlds=deals,
        seconds=None,
        seed=seed,
        finish=finish,
        late=True,
    )


def search_values(
    state: Round,
    knowledge: Knowledge,
    legal: Sequence[LegalAction],
    *,
    worlds: int | None,
    seconds: float | None,
    seed: int,
    finish: bool = False,
    late: bool = False,
) -> Valuation:
    """The rollout search over every legal action, one sampled deal at a
    time so that each deal's margins are kept for the noise."""
    budget = searcher(worlds, seconds, seed)
    one = searcher(1, None, seed, finish, late)  # plays out one deal per call, from the same rng
    moves = [state.encode(a.action) for a in legal]
    margins: list[list[float]] = [[] for _ in moves]
    points = [0.0] * len(moves)
    deadline = time.perf_counter() + budget.seconds if budget.seconds else 0.0
    done = 0
    while done < budget.worlds:
        for index, line in enumerate(one.play_out(state, knowledge, moves)):
            margins[index].append(line.margin)
            points[index] += line.points
        done += 1
        if deadline and time.perf_counter() >= deadline:
            break
    values = [
        ActionValue(a, m, sum(ms) / done, p / done, tuple(ms))
        for a, m, ms, p in zip(legal, moves, margins, points, strict=True)
    ]
    return Valuation(rank(values), done)
