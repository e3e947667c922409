"""Does the analysis rank the levels as they play? Accuracy per level.

Each level plays games against itself (standard rules, two seats); the
analysis (``triominoes analyze``'s, ``--worlds``) judges every decision of
both seats; a player's accuracy is the share of its decisions within the
tolerance, and its points left on the table are summed over its rounds.
Per level: the mean over players (two per game) with a 95 % interval
(1.96 standard errors over those players), the decisions judged and the
seconds spent playing and analysing. ``--rounds 0`` (the default) plays
whole games to 400; ``--rounds 1`` plays and judges each game's first
round only, where CPU is short. The expert searches a fixed number of worlds
(no time bound), so a seed gives the same table on any machine:

    nice -n 10 python benchmarks/ai_accuracy.py --games 2 --worlds 20

The figures in docs/ai.md ("Analysis") come from this script.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from triominoes.ai.analysis import analyze
from triominoes.ai.registry import make_player
from triominoes.core.game import Game
from triominoes.core.record import Record, record_of
from triominoes.core.rules import preset

LEVELS = {
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert:seconds=0",
}


def play(spec: str, seed: int, rounds: int) -> Record:
    """A game of ``spec`` against itself: its first ``rounds`` rounds (0: all)."""
    game = Game(preset("standard"), players=2, seed=seed, auto_deal=False)
    bots = [make_player(spec, seed=seed * 2 + seat) for seat in range(2)]
    while not game.finished:
        if game.needs_deal:
            if rounds and len(game.rounds) >= rounds:
                break
            game.next_round()
        seat = game.round.seat
        game.apply(seat, bots[seat].choose(game.view(seat)))
    return record_of(game, [spec, spec])


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per level")
    parser.add_argument("--rounds", type=int, default=0, help="rounds per game (0: whole games)")
    parser.add_argument("--worlds", type=int, default=40, help="the analysis's sampled deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    print(
        f"{args.games} games per level against itself, "
        f"{'whole games' if not args.rounds else f'first {args.rounds} round(s)'}, "
        f"analysis worlds={args.worlds}, seed {args.seed}",
        flush=True,
    )
    print(
        f"{'level':<8}{'players':>8}{'decisions':>10}{'accuracy %':>16}"
        f"{'left/round':>16}{'play s':>8}{'judge s':>8}",
        flush=True,
    )
    for level in args.levels.split(","):
        accuracy: list[float] = []
        left: list[float] = []
        decisions = 0
        played = judged = 0.0
        for game in range(args.games):
            start = time.perf_counter()
            record = play(LEVELS[level], args.seed * 1000 + game, args.rounds)
            played += time.perf_counter() - start
            start = time.perf_counter()
            report = analyze(record, worlds=args.worlds, seed=game)
            judged += time.perf_counter() - start
            for player in report.players:
                accuracy.append(player.accuracy)
                left.append(player.lost / len(record.rounds))
                decisions += player.decisions
        acc, acc_half = interval(accuracy)
        lost, lost_half = interval(left)
        print(
            f"{level:<8}{len(accuracy):>8}{decisions:>10}{acc:>9.1f} ±{acc_half:>4.1f}"
            f"{lost:>9.1f} ±{lost_half:>4.1f}{played:>8.0f}{judged:>8.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
