"""Bot strength: fixed-seed matches, win rates with 95% confidence intervals.

Standard rules, seats rotated (every deal is played from every seat).

* ``rounds``: rounds counted by round winner, for ``ismcts`` at its defaults;
* ``games``: each level against the one below, in whole games to 400;
* ``goals``: the search goals of issue 12 — ``expert`` against ``hard`` in
  whole two-player games, ``expert`` against three ``hard`` in four-player
  games, ``ismcts`` against ``greedy`` in two-player rounds;
* ``times``: the seconds per decision of every level on this core;
* ``table``: the strength table of docs/ai.md, with duplicate deals (every
  deal played from every seat, counted by deal): each level against the
  one below in 2 and 4 players, ``expert`` against ``hard`` (the
  headline) and what the exact endgame adds (``expert`` against
  ``expert:endgame=0``). It prints the machine's load as it goes: the
  levels are defined by work, not time, so load changes how long a run
  takes, not its results.

    python benchmarks/ai_strength.py [--part all|rounds|games|goals|times]
        [--rounds-fast 4000] [--rounds-search 400] [--games 40]
        [--goal-games 200] [--goal-games-4p 200] [--goal-rounds 200]
        [--expert SPEC] [--jobs N]
    python benchmarks/ai_strength.py --part table --seed N
        [--rows levels2,levels4,expert4,headline,endgame]
        [--cheap-games 200] [--cheap-games-4p 40] [--expert-games 100]
        [--expert-games-4p 40] [--expert-spec expert]
        [--endgame-games 40] [--out-dir FOLDER] [--jobs 1]

``--out-dir`` keeps each row's results file there: the same command again
continues a row (or extends it, with more games) instead of starting over.

``--expert`` stands a spec in for the level in ``goals`` (a smaller budget,
to fit a run into a short time).
"""

from __future__ import annotations

import argparse
import itertools
import os
import shlex
import statistics
import sys
import time
from pathlib import Path

from triominoes.ai.registry import LEVELS, make_player
from triominoes.core.game import Game
from triominoes.core.rules import STANDARD
from triominoes.sim.backends import local_processes
from triominoes.sim.stats import by_deal
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


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def duplicate_match(
    entrants: tuple[str, ...], games: int, seed: int, jobs: int | None, out_dir: Path | None
) -> None:
    """Whole games to 400, every deal from every seat; the first entrant's
    results counted by deal (see stats.by_deal)."""
    players = len(entrants)
    games += (players - games % players) % players  # whole rotations
    config = TournamentConfig(entrants=entrants, units=games, unit="game", seed=seed)
    output = None
    if out_dir is not None:
        name = "-".join(e.replace(":", "_").replace("=", "").replace(",", "_") for e in entrants)
        output = out_dir / f"{name}-seed{seed}.jsonl"
    before = load()
    start = time.perf_counter()
    result = run_tournament(config, backend=local_processes(jobs), output=output)
    seconds = time.perf_counter() - start
    deals, _ = by_deal(entrants, result.results)
    first = deals[0]
    against = " + ".join(entrants[1:])
    print(
        f"{entrants[0]} vs {against}: {games} games, {first.deals} deals:"
        f" wins {100 * first.score:.1f}% (95% {100 * first.score_low:.1f}-"
        f"{100 * first.score_high:.1f}%), deals won from every seat {first.swept},"
        f" some {first.split}, none {first.lost}; margin {first.mean_margin:+.1f}"
        f" ({first.margin_low:+.1f} to {first.margin_high:+.1f}) a game;"
        f" {seconds:.0f} s, {before} -> {load()}",
        flush=True,
    )


def table(args: argparse.Namespace) -> None:
    rows = set(args.rows.split(","))
    unknown = rows - {"levels2", "levels4", "expert4", "headline", "endgame"}
    if unknown:
        raise SystemExit(f"unknown rows: {', '.join(sorted(unknown))}")
    print(f"$ python {shlex.join(sys.argv)}", flush=True)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores,"
        f" {load()}, seed {args.seed}; levels: "
        + ", ".join(f"{level}={spec}" for level, spec in LEVELS.items()),
        flush=True,
    )
    seed, jobs, out = args.seed, args.jobs, args.out_dir
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    levels = list(LEVELS)
    for below, level in itertools.pairwise(levels):
        if level == "expert":
            continue
        if "levels2" in rows:
            duplicate_match((level, below), args.cheap_games, seed, jobs, out)
        if "levels4" in rows:
            games = args.cheap_games_4p
            duplicate_match((level, below, below, below), games, seed, jobs, out)
    expert = args.expert_spec
    if "expert4" in rows:
        duplicate_match((expert, "hard", "hard", "hard"), args.expert_games_4p, seed, jobs, out)
    if "headline" in rows:
        duplicate_match((expert, "hard"), args.expert_games, seed, jobs, out)
    if "endgame" in rows:
        duplicate_match((expert, f"{expert}:endgame=0"), args.endgame_games, seed, jobs, out)


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
    parser.add_argument(
        "--rows",
        default="levels2,levels4,expert4,headline,endgame",
        help="table: which rows (levels2, levels4: easy..hard; expert4, headline, endgame)",
    )
    parser.add_argument("--cheap-games", type=int, default=200, help="table: easy..hard rows")
    parser.add_argument("--cheap-games-4p", type=int, default=40, help="table: 4 players")
    parser.add_argument("--expert-games", type=int, default=100, help="table: expert vs hard")
    parser.add_argument("--expert-games-4p", type=int, default=40, help="table: 4 players")
    parser.add_argument("--endgame-games", type=int, default=40, help="table: endgame=0")
    parser.add_argument(
        "--expert-spec", default="expert", help="table: the spec that plays expert's rows"
    )
    parser.add_argument("--out-dir", type=Path, default=None, help="table: results files")
    parts = ("all", "rounds", "games", "goals", "times", "table")
    parser.add_argument("--part", choices=parts, default="all")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.part == "table":
        table(args)
        return
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
