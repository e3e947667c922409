"""Bot tournaments against the engine's own random play, on one core.

Each figure is rounds per second: the engine's random 2-player rounds
(``engine_speed.py``: standard rules, a uniformly random placement each
turn, drawing when there is none), and 2-player tournaments of the
``random``, ``greedy`` and ``hard`` (= ``heuristic``) bots, a unit a round
(:func:`triominoes.sim.tournament.run_unit`, what ``triominoes tournament
--jobs 1`` runs for every unit: fresh seeded bots, the deal, the round
played through the bots' views). The machine may be shared, so the figures
take turns in ``--slices`` slices of ``--seconds`` each, and each is printed
as its median slice (and best) with its ratio to the engine's median.

Only interfaces older than the fast path are used, so the same script
measures the code before it (``PYTHONPATH=<old tree>/src``).

    python benchmarks/ai_speed.py [--seconds 1] [--slices 7] [--bots random greedy hard]
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from triominoes.sim.tournament import TournamentConfig, run_unit

HERE = Path(__file__).parent

Measure = Callable[[float], float]
"""Runs for about the given seconds; returns rounds per second."""


def engine(seed: int) -> Measure:
    sys.path.insert(0, str(HERE))
    from engine_speed import random_rounds

    seeds = itertools.count(seed)

    def run(seconds: float) -> float:
        rounds = spent = 0.0
        while spent < seconds:
            more, _ = random_rounds(2, 20, next(seeds))
            spent += more
            rounds += 20
        return rounds / spent

    return run


def tournament(spec: str, seed: int) -> Measure:
    """Units of one 2-player tournament, taken in order across slices."""
    config = TournamentConfig(
        entrants=(spec, spec), rules="standard", units=10**9, unit="round", seed=seed
    ).to_json()
    units = itertools.count()

    def run(seconds: float) -> float:
        rounds = 0
        start = time.perf_counter()
        while (spent := time.perf_counter() - start) < seconds:
            run_unit(config, next(units))
            rounds += 1
        return rounds / spent

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per slice")
    parser.add_argument("--slices", type=int, default=7, help="slices per figure")
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    import triominoes

    print(
        f"Python {platform.python_version()}, triominoes from {Path(triominoes.__file__).parent},"
        " one core, standard rules, 2 players"
    )
    measures: dict[str, Measure] = {"engine random play": engine(args.seed)}
    for spec in args.bots:
        measures[f"{spec} tournament"] = tournament(spec, args.seed)
    rates: dict[str, list[float]] = {name: [] for name in measures}
    for measure in measures.values():
        measure(min(0.2, args.seconds))  # warm up: imports, tables, caches
    for _ in range(args.slices):
        for name, measure in measures.items():
            rates[name].append(measure(args.seconds))
    base = statistics.median(rates["engine random play"])
    print(f"{'figure':22} {'rounds/s median (best)':>24} {'vs engine':>10}")
    for name, found in rates.items():
        median = statistics.median(found)
        print(f"{name:22} {median:12,.0f} ({max(found):9,.0f}) {median / base:9.1%}")


if __name__ == "__main__":
    main()
