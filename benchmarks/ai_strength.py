"""Bot strength: fixed-seed matches, win rates with 95% confidence intervals.

Standard rules, seats rotated (every deal is played from every seat).

* ``rounds``: rounds counted by round winner, for ``ismcts`` at its defaults;
* ``games``: each level against the one below, in whole games to 400;
* ``goals``: the search goals of issue 12 — ``expert`` against ``hard`` in
  whole two-player games, ``expert`` against three ``hard`` in four-player
  games, ``ismcts`` against ``greedy`` in two-player rounds;
* ``times``: the seconds per decision of every level on this core.

    python benchmarks/ai_strength.py [--part all|rounds|games|goals|times]
        [--rounds-fast 4000] [--rounds-search 400] [--games 40]
        [--goal-games 200] [--goal-games-4p 200] [--goal-rounds 200]
        [--expert SPEC] [--jobs N]

``--expert`` stands a spec in for the level in ``goals`` (a smaller budget,
to fit a run into a short time).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time

from triominoes.ai.registry import LEVELS, make_player
from triominoes.core.game import Game
from triominoes.core.rules import STANDARD
from triominoes.sim.backends import local_processes
from triominoes.sim.tournament import TournamentConfig, run_tournament

SEARCH = "ismcts"
"""The search bot at its defaults."""


def match(
    entrants: tuple[str, ...], units: int, seed: int, jobs: int | None, unit: str = "round"
) -> None:
    config = TournamentConfig(entrants=entrants, units=units, unit=unit, seed=seed)
    start = time.perf_counter()
    result = run_tournament(config, backend=local_processes(jobs))
    seconds = time.perf_counter() - start
    first = result.stats[0]
    against = " + ".join(entrants[1:])
    print(
        f"{first.name:>8} vs {against:<24} {units:>5} {unit}s: wins {100 * first.win_rate:5.1f}%"
        f"  95% CI {100 * first.ci_low:5.1f}-{100 * first.ci_high:5.1f}%"
        f"  margin {first.mean_margin:+6.1f}  ({seconds:.0f} s)",
        flush=True,
    )


def move_times(spec: str, rounds: int, seed: int, players: int = 2) -> None:
    """Seconds per decision of ``spec`` (seat 0) against ``hard``, on this core."""
    bot = make_player(spec, seed=seed)
    opponent = make_player("hard")
    times = []
    for index in range(rounds):
        game = Game(STANDARD, players, seed=seed * 1000 + index)
        state = game.round
        while not state.over:
            view = game.view(state.seat)
            if state.seat == 0 and len(view.legal_actions) > 1:
                start = time.perf_counter()
                action = bot.choose(view)
                times.append(time.perf_counter() - start)
            else:
                action = (bot if state.seat == 0 else opponent).choose(view)
            game.apply(state.seat, action)
    print(
        f"{spec} ({LEVELS.get(spec, spec)}), {players} players, seconds per decision: "
        f"mean {statistics.mean(times):.3f}, median {statistics.median(times):.3f}, "
        f"95th percentile {sorted(times)[int(0.95 * len(times))]:.3f}, max {max(times):.3f} "
        f"({len(times)} decisions)",
        flush=True,
    )


def level_times(rounds: int, seed: int) -> None:
    for level in LEVELS:
        move_times(level, rounds, seed)
    move_times("expert", rounds, seed, players=4)


def goals(args: argparse.Namespace) -> None:
    expert = args.expert
    print(f"goals ({expert} = {LEVELS.get(expert, expert)}):", flush=True)
    if args.goal_games:
        match((expert, "hard"), args.goal_games, args.seed, args.jobs, unit="game")
    if args.goal_games_4p:
        match((expert, "hard", "hard", "hard"), args.goal_games_4p, args.seed, args.jobs, "game")
    if args.goal_rounds:
        match((SEARCH, "greedy"), args.goal_rounds, args.seed, args.jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds-fast", type=int, default=4000)
    parser.add_argument("--rounds-search", type=int, default=400)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--goal-games", type=int, default=200)
    parser.add_argument("--goal-games-4p", type=int, default=200)
    parser.add_argument("--goal-rounds", type=int, default=200)
    parser.add_argument("--time-rounds", type=int, default=4, help="rounds per level timed")
    parser.add_argument("--expert", default="expert", help="the spec to test as expert")
    parts = ("all", "rounds", "games", "goals", "times")
    parser.add_argument("--part", choices=parts, default="all")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; standard rules", flush=True)
    if args.part in ("all", "rounds"):
        print("the first goals (issue 3), rounds counted by round winner:", flush=True)
        move_times(SEARCH, 4, args.seed)
        match(("heuristic", "greedy"), args.rounds_fast, args.seed, args.jobs)
        match((SEARCH, "greedy"), args.rounds_search, args.seed, args.jobs)
        match((SEARCH, "heuristic"), args.rounds_search, args.seed, args.jobs)
        match((SEARCH, "greedy", "greedy", "greedy"), args.rounds_search, args.seed, args.jobs)
    if args.part in ("all", "games"):
        print("levels, whole games to 400:", flush=True)
        levels = list(LEVELS)
        for below, level in itertools.pairwise(levels):
            match((level, below), args.games, args.seed, args.jobs, unit="game")
    if args.part in ("all", "goals"):
        goals(args)
    if args.part in ("all", "times"):
        level_times(args.time_rounds, args.seed)


if __name__ == "__main__":
    main()
