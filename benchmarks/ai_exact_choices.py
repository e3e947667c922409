"""Each level's choices where the truth is known.

The analysis's accuracy is only as good as its judge, and over most of a
round the judge (the rollout search) is no stronger than the levels it
grades (docs/ai.md, "Does accuracy rank the levels?"). In a two-player
round's last turns it is: the endgame solver values every action exactly
(once the pool is empty; with a pool of one or two, the exact mean over the
splits of the unseen tiles). So here every level is asked for its move in
the same such positions and graded by the solver: accuracy (the share of
choices within the analysis's tolerance of the best) and the points left
(the best value less the value of the choice), with 95 % intervals over
the positions.

The positions come from rounds of ``hard`` against itself (the levels that
never draw by choice seldom empty the pool): every decision with a choice
that the solver values, at most ``--per-round`` of a round, picked at
random. Every level sees the same positions, from the deciding seat's view.

    python benchmarks/ai_exact_choices.py --positions 300 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from engine_speed import random_rounds
from triominoes.ai.registry import make_player
from triominoes.ai.valuation import TOLERANCE, Valuation, value_actions
from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView

LEVELS = {
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert:seconds=0",
}
SOURCE = "hard"
"""The level whose rounds give the positions."""


def positions(count: int, per_round: int, seed: int) -> list[tuple[PlayerView, Valuation]]:
    """Views the endgame solver values, with its values, from ``SOURCE``'s rounds."""
    rng = random.Random(seed)
    found: list[tuple[PlayerView, Valuation]] = []
    deal = 0
    while len(found) < count:
        deal += 1
        game = Game(preset("standard"), players=2, seed=seed * 100_000 + deal)
        state = game.round
        bots = [make_player(SOURCE, seed=deal * 2 + seat) for seat in range(2)]
        solved = []
        while not state.over:
            view = game.view(state.seat)
            if len(view.legal) > 1 and view.pool <= 2:
                valued = value_actions(view, worlds=1, seed=0)
                if valued.solved:
                    solved.append((view, valued))
            game.apply(state.seat, bots[state.seat].choose(view))
        found += rng.sample(solved, min(per_round, len(solved)))
    return found[:count]


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--per-round", type=int, default=3, help="positions taken from a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    seconds, actions = random_rounds(2, 200, args.seed)
    print(f"engine: {actions / seconds:,.0f} random 2-player actions a second", flush=True)
    start = time.perf_counter()
    found = positions(args.positions, args.per_round, args.seed)
    print(
        f"{len(found)} positions solved exactly, from {SOURCE}'s rounds, seed {args.seed} "
        f"({time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    print(f"{'level':<8}{'accuracy %':>16}{'points left':>16}{'seconds':>9}", flush=True)
    for level in args.levels.split(","):
        start = time.perf_counter()
        right, left = [], []
        for index, (view, valued) in enumerate(found):
            chosen = make_player(LEVELS[level], seed=args.seed * 7919 + index).choose(view)
            loss = valued.loss(chosen)
            right.append(100.0 if loss <= TOLERANCE else 0.0)
            left.append(loss)
        acc, acc_half = interval(right)
        lost, lost_half = interval(left)
        print(
            f"{level:<8}{acc:>9.1f} ±{acc_half:>4.1f}{lost:>9.1f} ±{lost_half:>4.1f}"
            f"{time.perf_counter() - start:>9.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
