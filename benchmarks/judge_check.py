"""Are the analysis's charges real? Each charged decision checked twice.

Each level plays games against itself (standard rules, two seats, the first
round of each game), and every decision with a choice is valued as the
analysis values it (``--worlds`` sampled deals). Where the action played is
charged (more than the tolerance left on the table), its rival, the action
that led it by most in those deals, is checked:

* **fresh deals**: the two valued again in twice as many other deals, the
  analysis's second opinion (:func:`~triominoes.ai.valuation.second_opinion`).
  The rival was picked for its lead in the first deals, so that lead is
  overstated (the winner's curse); in deals that took no part in picking
  it, the lead is an honest estimate of what the valuation believes.
* **the true deal**: the two played out in the deal as it was (the record
  knows every hand and the pool's order), bots of ``--then`` playing both
  seats to the round's end from their own views: by default the
  heuristic, as in the valuation's play-outs. What the seat could not see
  is no longer guessed, so this checks the sampled deals against the real
  ones: over many decisions the mean lead here is what the valuation's
  lead should be, if its deals stand in for the real one. With ``--then
  expert`` it asks instead whether the charge holds when the rest of the
  round is played as the strongest level plays it.

Per level: the decisions, the share with at most 10 tiles in the pool (the
turns where the heuristic plays worst and the search best), the decisions
charged in the first deals, the rival's mean lead in the first deals, in
fresh ones and in the true deal (95 % intervals), and the accuracy (share
of decisions within the tolerance) by the first deals alone and with the
second opinion (as the analysis reports it):

    python benchmarks/judge_check.py --games 10 --worlds 20 --jobs 2
    python benchmarks/judge_check.py --games 10 --worlds 20 --jobs 2 --levels hard --then expert

The figures in docs/ai.md ("Analysis") come from this script.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai_accuracy import LEVELS, interval, play
from engine_speed import random_rounds
from triominoes.ai.analysis import decision_seed, settled
from triominoes.ai.registry import make_player
from triominoes.ai.valuation import TOLERANCE, value_actions
from triominoes.core.actions import Action
from triominoes.core.game import Game
from triominoes.core.record import Record

LATE_POOL = 10


@dataclass(frozen=True)
class Checked:
    pool: int
    accurate_first: bool
    accurate: bool
    leads: tuple[float, float, float] | None
    """Where charged: the rival's lead in the first deals, in fresh ones
    and in the true deal."""


def margin_in_deal(record: Record, turns: int, action: Action, then: str, seed: int) -> float:
    """The round margin of the seat to move after the first round's first
    ``turns`` actions, when it plays ``action`` and bots of ``then`` play
    every seat to the round's end in the record's deal."""
    game = Game(record.rules, len(record.players), auto_deal=False)
    game.next_round(record.rounds[0].deal)
    state = game.round
    for token in record.rounds[0].actions[:turns]:
        game.apply(state.seat, token)
    me = state.seat
    start = list(state.points)
    game.apply(me, action)
    bots = [make_player(then, seed=seed + seat) for seat in range(len(record.players))]
    while not state.over:
        game.apply(state.seat, bots[state.seat].choose(game.view(state.seat)))
    end = state.end
    assert end is not None
    gains = [p + e - s for p, e, s in zip(state.points, end.points, start, strict=True)]
    return gains[me] - max(g for seat, g in enumerate(gains) if seat != me)


def checked_game(level: str, seed: int, game_number: int, worlds: int, then: str) -> list[Checked]:
    """The decisions of the first round of game ``game_number``, checked."""
    record = play(LEVELS[level], seed * 1000 + game_number, 1)
    game = Game(record.rules, len(record.players), auto_deal=False)
    game.next_round(record.rounds[0].deal)
    state = game.round
    out = []
    for turn, token in enumerate(record.rounds[0].actions, 1):
        view = game.view(state.seat)
        game.apply(state.seat, token)
        played = game.rounds[-1].outcomes[-1].action
        if len(view.legal) < 2:
            continue
        # The seeds analyze(record, worlds=worlds, seed=game_number) uses.
        seed_here = decision_seed(game_number, (1, turn))
        first = value_actions(view, worlds=worlds, seed=seed_here)
        second = settled(view, first, played, worlds=worlds, seed=seed_here)
        accurate = round(second.loss(played), 1) <= TOLERANCE
        if second is first:  # not charged
            out.append(Checked(view.pool, accurate, accurate, None))
            continue
        rival = first.rival(played).legal.action
        in_deal = [
            margin_in_deal(record, turn - 1, a, LEVELS.get(then, then), seed_here)
            for a in (rival, played)
        ]
        leads = (
            first.of(rival).value - first.of(played).value,
            second.of(rival).value - second.of(played).value,
            in_deal[0] - in_deal[1],
        )
        out.append(Checked(view.pool, False, accurate, leads))
    return out


def report(level: str, checked: list[Checked]) -> None:
    n = len(checked)
    late = sum(c.pool <= LATE_POOL for c in checked)
    charged = [c.leads for c in checked if c.leads is not None]
    columns = [
        interval([lead[i] for lead in charged]) if charged else (math.nan,) * 2 for i in range(3)
    ]
    print(
        f"{level:<8}{n:>10}{100 * late / n:>7.0f}{len(charged):>9}"
        + "".join(f"{m:>9.1f} ±{h:>5.1f}" for m, h in columns)
        + f"{100 * sum(c.accurate_first for c in checked) / n:>9.1f}"
        + f"{100 * sum(c.accurate for c in checked) / n:>9.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per level")
    parser.add_argument("--worlds", type=int, default=20, help="the analysis's sampled deals")
    parser.add_argument("--seed", type=int, default=86238)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument(
        "--then", default="heuristic", help="who plays the true deal on (a level or a spec)"
    )
    args = parser.parse_args()
    print(
        f"{args.games} games per level against itself, first round, "
        f"worlds={args.worlds}, seed {args.seed}, the true deal played on by {args.then}",
        flush=True,
    )
    seconds, actions = random_rounds(2, 200, args.seed)
    print(f"engine: {actions / seconds:,.0f} random 2-player actions a second", flush=True)
    print(
        f"{'level':<8}{'decisions':>10}{'late %':>7}{'charged':>9}{'lead, first':>16}"
        f"{'lead, fresh':>16}{'lead, true deal':>16}{'acc. 1st':>9}{'acc. %':>9}",
        flush=True,
    )
    levels = args.levels.split(",")
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {
            level: [
                pool.submit(checked_game, level, args.seed, game, args.worlds, args.then)
                for game in range(args.games)
            ]
            for level in levels
        }
        for level in levels:
            report(level, [c for future in futures[level] for c in future.result()])


if __name__ == "__main__":
    main()
