"""Post-game analysis: every decision of a finished game, judged by search
from the deciding seat's view alone.

A record hides nothing, but a player deciding could not see the others'
tiles or the pool, and the analysis must not either: each decision is
valued from the view the seat had then (:meth:`Game.view`), never from
the record's deals, by the one valuation hints use too
(:mod:`triominoes.ai.valuation`): every legal action's expected round
margin (the points the seat scores from there to the round's end less the
best other seat's), all in the same sampled deals. For each decision with
a choice it gives the value of the action played, of its *rival* (the
action that beats it most surely), the noise of their difference, and

    points left on the table = max(0, rival - played - noise)

(0 when no action beats the action played beyond the noise; where that
leaves more than :data:`TOLERANCE`, every figure of the decision comes from
a second opinion, the action played, its rival and the advice valued again
in fresh deals: :func:`~triominoes.ai.valuation.second_opinion`), the
best action (the action played where it was accurate, at most
:data:`TOLERANCE` points left; else the valuation's recommendation, never
worth less than the action played) and marks:

* ``missed-hexagon`` / ``missed-bridge`` — a placement completing one (or
  more hexagons than the action played) was there and the action played
  did not take it;
* ``needless-draw`` — a draw by choice where the search would place;
* ``costly-pass`` — a pass by choice where the search would do otherwise;

each only on a decision that left more than :data:`TOLERANCE` points on
the table.

Per player: the points left on the table per round (the sum of the
round's decisions' figures as shown, to 0.1) and in the game (the sum of
the rounds'), and accuracy, the share of decisions within
:data:`TOLERANCE` points left.

A bound: a decision's figure is at most the top value less the value of the
action played, each an expected margin over the rest of the round; and a
decision no action beats beyond the noise counts 0, so a seat
playing as the valuation would is charged nothing for the search's noise
(summing that noise over a game's decisions once charged a winner with
hundreds of points). What a figure may still hold is a real difference
between two actions, as the valuation sees it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from triominoes.ai.valuation import TOLERANCE, Valuation, second_opinion, value_actions
from triominoes.core.actions import Action, Draw, Pass
from triominoes.core.game import Game
from triominoes.core.record import Record, replay
from triominoes.core.view import LegalAction, PlayerView
from triominoes.processes import die_with_parent

MARKS = ("missed-hexagon", "missed-bridge", "needless-draw", "costly-pass")

Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions to do)."""


@dataclass(frozen=True, slots=True)
class Decision:
    round: int
    """The round, from 1."""
    turn: int
    """The action's place in the round, from 1."""
    seat: int
    played: LegalAction
    best: LegalAction
    """The advice: the action played where it was accurate, else the
    valuation's recommendation (never worth less than the action played)."""
    expected_played: float
    """The round margin the valuation expects after the action played
    (points, to 0.1: the report's figures are the ones it sums)."""
    expected_best: float
    """... after the best action (the advice, see :meth:`Valuation.advice`)."""
    rival: LegalAction
    """The action that beats the action played most surely (the action
    played where none beats it beyond the noise); of a charged decision,
    of the actions its second opinion valued again."""
    expected_rival: float
    noise: float
    """What the valuation's noise may account for of rival less played."""
    choices: int
    marks: tuple[str, ...] = ()
    exact: bool = False
    """Whether the values are exact: the endgame solver's in a two-player
    round with the pool empty (every hand known). With a tile or two in the
    pool the solver's mean over the splits is no sampling, but an estimate
    (within a split each side is solved as if it knew the split)."""

    def __post_init__(self) -> None:
        # The report's figures, rounded once here, are the ones every sum
        # adds up, so a reader can check each sum from the figures shown.
        for name in ("expected_played", "expected_best", "expected_rival", "noise"):
            object.__setattr__(self, name, round(getattr(self, name), 1))

    @property
    def loss(self) -> float:
        """Points left on the table: rival less played less noise, never
        below 0 (see :meth:`Valuation.loss`), from the figures shown."""
        return round(max(0.0, self.expected_rival - self.expected_played - self.noise), 1)

    @property
    def accurate(self) -> bool:
        return self.loss <= TOLERANCE

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "turn": self.turn,
            "seat": self.seat,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "expected_played": self.expected_played,
            "expected_best": self.expected_best,
            "rival": self.rival.to_json(),
            "expected_rival": self.expected_rival,
            "noise": self.noise,
            "loss": self.loss,
            "choices": self.choices,
            "marks": list(self.marks),
            "exact": self.exact,
        }


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    seat: int
    name: str
    decisions: int
    accurate: int
    lost_per_round: tuple[float, ...]
    """Points left on the table in each round: the sum of its decisions'."""
    marks: dict[str, int] = field(default_factory=dict)

    @property
    def lost(self) -> float:
        """Points left on the table in the game: the sum of the rounds'."""
        return round(sum(self.lost_per_round), 1)

    @property
    def accuracy(self) -> float:
        """Per cent of decisions within the tolerance (100 with none)."""
        return 100.0 * self.accurate / self.decisions if self.decisions else 100.0

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "accuracy": round(self.accuracy, 1),
            "lost_per_round": list(self.lost_per_round),
            "lost": self.lost,
            "marks": dict(self.marks),
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    decisions: tuple[Decision, ...]
    players: tuple[PlayerSummary, ...]
    worlds: int
    """Sampled deals per decision (and twice as many more for a charged
    decision's second opinion)."""
    finish: bool = False
    """Whether the play-outs ended by best play (``analyze --finish``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "worlds": self.worlds,
            "finish": self.finish,
            "tolerance": TOLERANCE,
            "players": [p.to_json() for p in self.players],
            "decisions": [d.to_json() for d in self.decisions],
        }


def judge(
    view: PlayerView,
    played: Action,
    *,
    worlds: int,
    seed: int,
    where: tuple[int, int],
    finish: bool = False,
) -> Decision | None:
    """One decision, from the deciding seat's view alone (None when the seat
    had no choice). ``where`` is (round, turn), for the report; ``finish``:
    the play-outs end by best play (:func:`~triominoes.ai.valuation.searcher`)."""
    if len(view.legal) < 2 or view.seat is None:
        return None
    first = value_actions(view, worlds=worlds, seed=seed, finish=finish)
    valued = settled(view, first, played, worlds=worlds, seed=seed, finish=finish)
    mine = valued.of(played)
    # Accuracy is judged on the figures shown (to 0.1), so the advice is too.
    accurate = round(valued.loss(played), 1) <= TOLERANCE
    best = mine if accurate else valued.advice(played)
    rival = valued.rival(played)
    decision = Decision(
        round=where[0],
        turn=where[1],
        seat=view.seat,
        played=mine.legal,
        best=best.legal,
        expected_played=mine.value,
        expected_best=best.value,
        rival=rival.legal,
        expected_rival=rival.value,
        noise=valued.noise(rival, mine),
        choices=len(view.legal),
        exact=valued.solved and view.pool == 0,
    )
    return replace(decision, marks=marks(view.legal, decision))


def settled(
    view: PlayerView,
    first: Valuation,
    played: Action,
    *,
    worlds: int,
    seed: int,
    finish: bool = False,
) -> Valuation:
    """The valuation a decision's figures come from: ``first`` (valued with
    ``seed``), or where it charges the action played (more than
    :data:`TOLERANCE` left, as shown: to 0.1), the second opinion, in fresh
    deals (:func:`~triominoes.ai.valuation.second_opinion`)."""
    if first.solved or round(first.loss(played), 1) <= TOLERANCE:
        return first
    return second_opinion(view, first, played, worlds=worlds, seed=seed + 1, finish=finish)


def marks(legal: Sequence[LegalAction], decision: Decision) -> tuple[str, ...]:
    """What a costly decision passed by. A mark is a judgement, so an
    accurate decision has none: a hexagon left for a good reason (it would
    have opened a richer one to the next seat) is no mistake."""
    if decision.accurate:
        return ()
    played, best = decision.played, decision.best
    out = []
    hexagons = max((a.score.hexagons for a in legal if a.score is not None), default=0)
    taken = played.score.hexagons if played.score is not None else 0
    if taken < hexagons:
        out.append("missed-hexagon")
    bridge = any(a.score is not None and a.score.bridge for a in legal)
    if bridge and not (played.score is not None and (played.score.bridge or taken)):
        out.append("missed-bridge")
    if isinstance(played.action, Draw) and best.score is not None:
        out.append("needless-draw")
    if isinstance(played.action, Pass) and best.action != played.action:
        out.append("costly-pass")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a record, with the view its seat had when choosing it."""

    view: PlayerView
    played: Action
    where: tuple[int, int]
    """(round, turn), from 1."""


def decisions_of(record: Record) -> Iterator[Step]:
    """Each action of the record with the view its seat had when choosing it."""
    game = Game(record.rules, len(record.players), auto_deal=False)
    for number, round_record in enumerate(record.rounds, 1):
        game.next_round(round_record.deal)
        state = game.round
        for turn, token in enumerate(round_record.actions, 1):
            seat = state.seat
            view = game.view(seat)
            game.apply(seat, token)
            yield Step(view, game.rounds[-1].outcomes[-1].action, (number, turn))


def decision_seed(seed: int, where: tuple[int, int]) -> int:
    """A decision's own seed: the same whichever seats are analysed."""
    digest = hashlib.sha256(f"{seed}:{where[0]}:{where[1]}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def steps_to_judge(record: Record, seats: Sequence[int] | None = None) -> list[Step]:
    """The steps of these seats (all by default) that had a choice; raises
    RecordError for a broken record (the whole record is checked first)."""
    replay(record)
    wanted = set(range(len(record.players)) if seats is None else seats)
    return [
        step
        for step in decisions_of(record)
        if step.view.seat in wanted and len(step.view.legal) > 1
    ]


def judge_step(step: Step, worlds: int, seed: int, finish: bool = False) -> Decision | None:
    """One step judged with its own seed (runs in a worker process too:
    a step pickles, and its view is all the worker gets)."""
    return judge(
        step.view,
        step.played,
        worlds=worlds,
        seed=decision_seed(seed, step.where),
        where=step.where,
        finish=finish,
    )


def summarize(
    record: Record,
    seats: Sequence[int] | None,
    found: Sequence[Decision],
    worlds: int,
    finish: bool = False,
) -> Analysis:
    """The report: the decisions in the game's order and a summary per player."""
    found = sorted(found, key=lambda d: (d.round, d.turn))
    rounds = len(record.rounds)
    summaries = []
    for seat in sorted(set(range(len(record.players)) if seats is None else seats)):
        own = [d for d in found if d.seat == seat]
        lost = [0.0] * rounds
        for d in own:
            lost[d.round - 1] += d.loss
        summaries.append(
            PlayerSummary(
                seat=seat,
                name=record.players[seat],
                decisions=len(own),
                accurate=sum(d.accurate for d in own),
                lost_per_round=tuple(round(x, 1) for x in lost),
                marks={m: n for m in MARKS if (n := sum(m in d.marks for d in own))},
            )
        )
    return Analysis(tuple(found), tuple(summaries), worlds, finish)


def analyze(
    record: Record,
    *,
    seats: Sequence[int] | None = None,
    worlds: int = 40,
    seed: int = 0,
    progress: Progress | None = None,
    jobs: int = 1,
    finish: bool = False,
) -> Analysis:
    """Analyse a game record (raises RecordError for a broken one).
    ``jobs``: worker processes judging decisions side by side (the figures
    are the same: each decision has a seed of its own). ``finish``: the
    search's play-outs end by best play once the pool is empty (a stronger
    judge of a two-player game's earlier turns, at about three times the
    CPU)."""
    steps = steps_to_judge(record, seats)
    if jobs <= 1 or len(steps) < 2:
        judged = (judge_step(step, worlds, seed, finish) for step in steps)
        return summarize(record, seats, _counted(judged, len(steps), progress), worlds, finish)
    with ProcessPoolExecutor(
        min(jobs, len(steps)), initializer=die_with_parent, initargs=(os.getpid(),)
    ) as pool:
        futures = [pool.submit(judge_step, step, worlds, seed, finish) for step in steps]
        judged = (future.result() for future in as_completed(futures))
        return summarize(record, seats, _counted(judged, len(steps), progress), worlds, finish)


def _counted(
    judged: Iterable[Decision | None], total: int, progress: Progress | None
) -> list[Decision]:
    found = []
    for done, decision in enumerate(judged, 1):
        if decision is not None:
            found.append(decision)
        if progress is not None:
            progress(done, total)
    return found
