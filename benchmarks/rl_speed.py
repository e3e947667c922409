"""Environment steps per second on one core, with observations and masks.

Each step is what a learner's loop does with the PettingZoo AEC
environment: ``env.last()`` (the observation vector and the action mask of
the agent to move), a uniformly random action among the mask's ones, and
``env.step(action)``. Whole games to 400 under the standard rules, a new
game on each ``reset``.

    python benchmarks/rl_speed.py [--seconds 2] [--slices 10] [--players 2 4] [--hints]
    python benchmarks/rl_speed.py --instructions    # valgrind: steady on a busy machine

The machine may be shared: each figure is measured in ``--slices`` slices
of ``--seconds``, taking turns with the engine's own random play
(``engine_speed.py``) in the same process, and the best and the median
slice are printed with the engine's figure in the same slices, so that a
reader can tell a slow environment from a busy machine.

``--instructions`` counts the CPU instructions of an environment step and
of an engine action (``engine_speed.py``'s random play) with valgrind's
callgrind: their ratio does not depend on what else the machine runs.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from triominoes import rl

HERE = Path(__file__).parent


def play_games(
    rules: str, players: int, games: int, seed: int, seconds: float = 0.0, **options: object
) -> tuple[int, float]:
    """Random play through the AEC environment: ``games`` whole games (or
    games until ``seconds`` have passed). Returns (steps, seconds)."""
    env = rl.env(rules, players, **options)
    pick = random.Random(seed).randrange
    flatnonzero = np.flatnonzero
    steps = 0
    played = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=seed + played)
        played += 1
        last = env.last
        step = env.step
        while env.agents:
            observation, _, terminated, truncated, _ = last()
            if terminated or truncated:
                step(None)
                continue
            # A bool view: NumPy finds the ones of an int8 array ten times slower.
            legal = flatnonzero(observation["action_mask"].view(np.bool_))
            step(int(legal[pick(len(legal))]))
            steps += 1
        elapsed = time.perf_counter() - start
        if (seconds and elapsed >= seconds) or (not seconds and played >= games):
            return steps, elapsed


def counted(code: str) -> int:
    """Instructions valgrind counts for running ``code`` (in this folder)."""
    program = f"import sys; sys.path.insert(0, {str(HERE)!r}); {code}"
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            program,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count:\n" + proc.stderr)
    return int(found.group(1))


def instructions(players: int, games: int, rounds: int) -> None:
    setup = "from rl_speed import play_games; play_games('standard', {p}, {g}, 1)"
    base = counted(setup.format(p=players, g=1))
    more = counted(setup.format(p=players, g=1 + games))
    steps = (
        play_games("standard", players, 1 + games, 1)[0] - play_games("standard", players, 1, 1)[0]
    )
    per_step = (more - base) / steps
    engine = "from engine_speed import random_rounds; random_rounds(2, {r}, 1)"
    actions = sum_actions(rounds)
    per_action = (counted(engine.format(r=rounds)) - counted(engine.format(r=0))) / actions
    print(
        f"{players} players: {per_step / 1e3:,.0f} thousand instructions per step"
        f" = {per_step / per_action:.1f} engine actions ({per_action / 1e3:,.0f} thousand each)"
    )


def sum_actions(rounds: int) -> int:
    sys.path.insert(0, str(HERE))
    from engine_speed import random_rounds

    return random_rounds(2, rounds, 1)[1]


def engine_rate(seconds: float, seed: int) -> float:
    """Engine actions per second (engine_speed.py's random 2-player rounds)."""
    sys.path.insert(0, str(HERE))
    from engine_speed import random_rounds

    rounds = 50
    spent, actions = random_rounds(2, rounds, seed)
    while spent < seconds:
        more, extra = random_rounds(2, rounds, seed + 1)
        spent += more
        actions += extra
    return actions / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per slice")
    parser.add_argument("--slices", type=int, default=10, help="slices per figure")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--hints", action="store_true", help="also measure with hints=True")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--instructions", action="store_true", help="count with valgrind instead")
    parser.add_argument("--games", type=int, default=10, help="games counted by --instructions")
    args = parser.parse_args()
    if args.instructions:
        for players in args.players:
            instructions(players, args.games, 200)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, one core, {args.rules}")
    print("figure: best slice (median slice); engine: random play in the same slices")
    play_games(args.rules, 2, 0, args.seed, seconds=0.5)  # warm up
    for players in args.players:
        for hints in (False, True) if args.hints else (False,):
            rates = []
            engine = []
            for index in range(args.slices):
                steps, seconds = play_games(
                    args.rules, players, 0, args.seed + index, seconds=args.seconds, hints=hints
                )
                rates.append(steps / seconds)
                engine.append(engine_rate(args.seconds / 2, args.seed + index))
            label = f"{players} players" + (" with hints" if hints else "")
            print(
                f"{label:22} {max(rates):9,.0f} steps/s ({np.median(rates):,.0f})"
                f"   engine {max(engine):9,.0f} actions/s ({np.median(engine):,.0f})"
            )


if __name__ == "__main__":
    main()
