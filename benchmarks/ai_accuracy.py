"""Does the analysis rank the levels as they play? Accuracy per level.

Each level plays games against itself (standard rules, two seats); the
analysis (``triominoes analyze``'s, ``--worlds``) judges every decision of
both seats; a player's accuracy is the share of its decisions within the
tolerance, and its points left on the table are summed over its rounds.
Per level: the mean over players (two per game) with a 95 % interval
(1.96 standard errors over those players), the decisions judged and the
seconds spent playing and analysing. Beside it, the same accuracy over the
decisions the endgame solver valued exactly (``exact``: a two-player
round with the pool empty), where the judge is the truth and no level can
outplay it: the mean over the players who had any. ``--exact-only``
judges only the decisions in its reach (cheap, so many games fit); the
other columns then count those, the few the solver's budget did not
suffice for (sampled) among them. ``--rounds 0`` (the default) plays
whole games to 400; ``--rounds 1`` plays and judges each game's first
round only, where CPU is short. ``--finish`` judges as ``analyze
--finish`` does (play-outs ending by best play once the pool is empty).
The expert searches a fixed number of worlds (no time bound), so a seed
gives the same table on any machine:

    nice -n 10 python benchmarks/ai_accuracy.py --games 40 --worlds 20 --jobs 2

``--jobs`` plays and judges games side by side (each game has its own
seeds, so the table is the same for any number of jobs). ``--against
LEVEL`` plays each level against that one instead of itself, the seats
alternating from game to game, and gives a row for each side: the two
judged in the same games, so in the same positions. ``--spec
easy=heuristic:blunder=0.25`` plays a level as another player (how
docs/ai.md's "Levels" tried ladders before choosing one).

The figures in docs/ai.md ("Analysis") come from this script.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine_speed import random_rounds
from triominoes.ai.analysis import judge_step, steps_to_judge, summarize
from triominoes.ai.registry import make_player
from triominoes.ai.rollout import ENDGAME_TILES
from triominoes.core.game import Game
from triominoes.core.record import Record, record_of
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView

LEVELS = {
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "expert": "expert:seconds=0",
}


def play(spec: str, seed: int, rounds: int, other: str | None = None) -> Record:
    """A game of ``spec`` against itself, or against ``other`` (``spec``
    in the first seat): its first ``rounds`` rounds (0: all)."""
    specs = [spec, other or spec]
    game = Game(preset("standard"), players=2, seed=seed, auto_deal=False)
    bots = [make_player(specs[seat], seed=seed * 2 + seat) for seat in range(2)]
    while not game.finished:
        if game.needs_deal:
            if rounds and len(game.rounds) >= rounds:
                break
            game.next_round()
        seat = game.round.seat
        game.apply(seat, bots[seat].choose(game.view(seat)))
    return record_of(game, specs)


@dataclass(frozen=True)
class Judged:
    """One game's players as the analysis judged them, and its costs."""

    levels: tuple[str, ...]
    accuracy: tuple[float, ...]
    left_per_round: tuple[float, ...]
    decisions: tuple[int, ...]
    exact: tuple[tuple[int, int], ...]
    """Per player, of the decisions the endgame solver valued exactly (no
    judge plays better there): how many were accurate, and how many."""
    play_seconds: float
    judge_seconds: float


def in_reach(view: PlayerView) -> bool:
    """Whether the endgame solver is tried on the view with the pool empty
    (within its node budget it gives exact values; past it the search
    judges, and the decision is not counted as exact)."""
    tiles = sum(view.hand_sizes)
    return len(view.hand_sizes) == 2 and view.pool == 0 and tiles <= ENDGAME_TILES


def judged_game(
    levels: tuple[str, str],
    specs: dict[str, str],
    seed: int,
    game: int,
    rounds: int,
    worlds: int,
    exact_only: bool,
    finish: bool,
) -> Judged:
    """Game number ``game`` of the two levels (the same twice: against
    itself), each played by its spec in ``specs``, judged."""
    start = time.perf_counter()
    record = play(specs[levels[0]], seed * 1000 + game, rounds, specs[levels[1]])
    played = time.perf_counter() - start
    start = time.perf_counter()
    steps = steps_to_judge(record)
    if exact_only:  # the solver's reach (it may still find one too big)
        steps = [s for s in steps if in_reach(s.view)]
    # What analyze(record, worlds=worlds, seed=game) does, for these steps.
    found = [d for step in steps if (d := judge_step(step, worlds, game, finish)) is not None]
    report = summarize(record, None, found, worlds, finish)
    return Judged(
        levels,
        tuple(p.accuracy for p in report.players),
        tuple(p.lost / len(record.rounds) for p in report.players),
        tuple(p.decisions for p in report.players),
        tuple(
            (
                sum(d.accurate for d in report.decisions if d.seat == p.seat and d.exact),
                sum(d.exact for d in report.decisions if d.seat == p.seat),
            )
            for p in report.players
        ),
        played,
        time.perf_counter() - start,
    )


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
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument(
        "--exact-only",
        action="store_true",
        help="judge only the decisions in the endgame solver's reach (cheap: many games)",
    )
    parser.add_argument(
        "--finish", action="store_true", help="play-outs end by best play (analyze --finish)"
    )
    parser.add_argument(
        "--against",
        choices=list(LEVELS),
        help="each level plays this one instead of itself (the seats alternate by game)",
    )
    parser.add_argument(
        "--spec",
        action="append",
        default=[],
        metavar="LEVEL=SPEC",
        help="play a level as this player spec instead (repeatable): another ladder, same table",
    )
    args = parser.parse_args()
    specs = dict(LEVELS)
    for given in args.spec:
        level, _, spec = given.partition("=")
        if level not in LEVELS or not spec:
            parser.error(f"--spec {given!r}: LEVEL=SPEC, LEVEL one of {', '.join(LEVELS)}")
        specs[level] = spec
    levels = args.levels.split(",")
    for level in levels:
        if level not in specs:
            parser.error(f"--levels: no level {level!r} (levels: {', '.join(LEVELS)})")
        try:  # here, not in a worker after the pool has started
            make_player(specs[level])
        except ValueError as exc:
            parser.error(str(exc))
    print(
        f"{args.games} games per level against {args.against or 'itself'}, "
        f"{'whole games' if not args.rounds else f'first {args.rounds} round(s)'}, "
        f"analysis worlds={args.worlds}{', finish' if args.finish else ''}, seed {args.seed}; "
        + ", ".join(f"{level}={specs[level]}" for level in levels),
        flush=True,
    )
    print(
        f"{'level':<18}{'players':>8}{'decisions':>10}{'accuracy %':>16}"
        f"{'left/round':>16}{'exact':>7}{'exact acc. %':>16}{'play s':>8}{'judge s':>8}",
        flush=True,
    )
    seconds, actions = random_rounds(2, 200, args.seed)
    print(f"engine: {actions / seconds:,.0f} random 2-player actions a second", flush=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {
            level: [
                pool.submit(
                    judged_game,
                    pairing(level, args.against, game),
                    specs,
                    args.seed,
                    game,
                    args.rounds,
                    args.worlds,
                    args.exact_only,
                    args.finish,
                )
                for game in range(args.games)
            ]
            for level in levels
        }
        for level in levels:
            games = [future.result() for future in futures[level]]
            report(level, level, games)
            if args.against and args.against != level:
                report(args.against, f"{args.against} v {level}", games)


def pairing(level: str, against: str | None, game: int) -> tuple[str, str]:
    """The levels in the game's seats: the level against itself, or against
    ``against`` with the seats alternating from game to game."""
    if against is None:
        return level, level
    return (level, against) if game % 2 == 0 else (against, level)


def report(level: str, label: str, games: list[Judged]) -> None:
    """A row for the players of ``level`` in ``games``."""
    seats = [(g, seat) for g in games for seat, name in enumerate(g.levels) if name == level]
    accuracy = [g.accuracy[seat] for g, seat in seats]
    left = [g.left_per_round[seat] for g, seat in seats]
    decisions = sum(g.decisions[seat] for g, seat in seats)
    played = sum(g.play_seconds for g in games)
    judged = sum(g.judge_seconds for g in games)
    exact = [100.0 * right / n for g, seat in seats for right, n in [g.exact[seat]] if n]
    acc, acc_half = interval(accuracy)
    lost, lost_half = interval(left)
    sure, sure_half = interval(exact) if exact else (math.nan, math.nan)
    print(
        f"{label:<18}{len(accuracy):>8}{decisions:>10}{acc:>9.1f} ±{acc_half:>4.1f}"
        f"{lost:>9.1f} ±{lost_half:>4.1f}{sum(g.exact[seat][1] for g, seat in seats):>7}"
        f"{sure:>9.1f} ±{sure_half:>4.1f}{played:>8.0f}{judged:>8.0f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
