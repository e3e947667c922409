"""Each level's choices in the same positions, graded by one judge.

The analysis's accuracy over each level's games against itself compares
players in different positions: a level whose rounds run long (drawing by
choice, blocking) meets harder decisions than one whose rounds end fast.
Here every level is asked for its move in the same positions, taken from
rounds of ``--source`` against itself (at most ``--per-round`` of a round,
picked at random, from the deciding seat's view), and graded by:

- ``--judge exact`` (the default): positions with the pool empty, where
  every hand is known and the endgame solver values every action exactly
  (the judge is the truth; no level can outplay it there);
- ``--judge search``: any decision with a choice, valued as the analysis
  values it (``--worlds`` sampled deals), every level's choice in the same
  deals (without the analysis's second opinion of a charge, which would
  give each level's choice deals of its own).

Accuracy: the share of choices within the analysis's tolerance (on the
loss to 0.1, as the analysis rounds it); points left: the loss, as the
analysis reckons it (beyond the search's noise). 95 % intervals over the
positions (up to ``--per-round`` come from one round, so they are
somewhat narrower than they should be).

    python benchmarks/ai_choices.py --positions 800 --seed 3141
    python benchmarks/ai_choices.py --judge search --worlds 20 --positions 300 --seed 2718
"""

from __future__ import annotations

import argparse
import random
import time

from ai_accuracy import interval
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


def positions(
    source: str, judge: str, count: int, per_round: int, worlds: int, seed: int
) -> list[tuple[PlayerView, Valuation]]:
    """Views from ``source``'s rounds with the judge's values of every action."""
    rng = random.Random(seed)
    found: list[tuple[PlayerView, Valuation]] = []
    deal = 0
    while len(found) < count:
        deal += 1
        game = Game(preset("standard"), players=2, seed=seed * 100_000 + deal)
        state = game.round
        bots = [make_player(LEVELS.get(source, source), seed=deal * 2 + s) for s in range(2)]
        views = []
        while not state.over:
            view = game.view(state.seat)
            if len(view.legal) > 1 and (judge == "search" or view.pool == 0):
                views.append(view)
            game.apply(state.seat, bots[state.seat].choose(view))
        if judge == "exact":  # the solver is cheap: keep the views it solves
            valued = [(v, value_actions(v, worlds=1, seed=0)) for v in views]
            solved = [(v, values) for v, values in valued if values.solved]
            found += rng.sample(solved, min(per_round, len(solved)))
        else:
            for view in rng.sample(views, min(per_round, len(views))):
                found.append((view, value_actions(view, worlds=worlds, seed=len(found))))
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", choices=["exact", "search"], default="exact")
    parser.add_argument("--worlds", type=int, default=20, help="the search judge's sampled deals")
    parser.add_argument("--source", default="hard", help="the level whose rounds give positions")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--per-round", type=int, default=3, help="positions taken from a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    seconds, actions = random_rounds(2, 200, args.seed)
    print(f"engine: {actions / seconds:,.0f} random 2-player actions a second", flush=True)
    start = time.perf_counter()
    found = positions(
        args.source, args.judge, args.positions, args.per_round, args.worlds, args.seed
    )
    judged = "solved exactly" if args.judge == "exact" else f"valued at {args.worlds} worlds"
    print(
        f"{len(found)} positions {judged}, from {args.source}'s rounds, seed {args.seed} "
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
            right.append(100.0 if round(loss, 1) <= TOLERANCE else 0.0)
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
