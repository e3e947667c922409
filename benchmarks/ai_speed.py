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
    python benchmarks/ai_speed.py --instructions [--units 60]   # valgrind: steady when busy

``--instructions`` counts the CPU instructions of a tournament round and of
an engine round with valgrind's callgrind (start-up and the first units
subtracted): their ratio does not depend on what else the machine runs.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import re
import statistics
import subprocess
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


def play_units(spec: str, count: int, seed: int = 1) -> None:
    """Units 0 .. count - 1 of the 2-player tournament :func:`tournament` plays."""
    config = TournamentConfig(
        entrants=(spec, spec), rules="standard", units=10**9, unit="round", seed=seed
    ).to_json()
    for index in range(count):
        run_unit(config, index)


def counted(code: str) -> int:
    """Instructions valgrind counts for running ``code`` (in this folder)."""
    program = f"import sys; sys.path.insert(0, {str(HERE)!r}); {code}"
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    proc = subprocess.run(
        [*command, sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count:\n" + proc.stderr)
    return int(found.group(1))


def instructions(bots: list[str], units: int) -> None:
    """Instructions per round: the engine's, and each tournament's beside it."""
    warm = 5  # imports, tables and caches: counted in both runs, so subtracted
    engine = "from engine_speed import random_rounds; random_rounds(2, {n}, 1)"
    base = (counted(engine.format(n=10 * units)) - counted(engine.format(n=warm))) / (
        10 * units - warm
    )
    print(f"{'figure':22} {'instructions per round':>24} {'vs engine':>10}")
    print(f"{'engine random play':22} {base:24,.0f} {1:9.1%}")
    for spec in bots:
        play = "from ai_speed import play_units; play_units({spec!r}, {n})"
        spent = counted(play.format(spec=spec, n=units)) - counted(play.format(spec=spec, n=warm))
        per_round = spent / (units - warm)
        print(f"{spec + ' tournament':22} {per_round:24,.0f} {base / per_round:9.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per slice")
    parser.add_argument("--slices", type=int, default=7, help="slices per figure")
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--instructions", action="store_true", help="count with valgrind instead")
    parser.add_argument("--units", type=int, default=60, help="rounds counted by --instructions")
    args = parser.parse_args()
    if args.instructions:
        instructions(args.bots, max(args.units, 10))
        return
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
