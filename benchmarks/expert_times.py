"""How long a level's moves take, and how often its time cap triggers.

The levels are defined by work (worlds, iterations), with time only a
safety cap far below the server's bot deadline (server/bots.py). This
measures, for a spec (``expert`` by default) playing seat 0 against
``hard`` in 2-player standard rounds: the seconds per decision with a
choice (mean, median, 95th percentile, max; wall clock, and the process's
CPU time, which on a shared machine stays what the move costs), how many
decisions the rollout player's ``seconds`` cap cut short, and the
engine's speed (random 2-player actions a second) before and after, since
machines and their load differ. ``--busy`` keeps the other core busy meanwhile (a
process spinning at full speed), as a server running two tables would.

    python benchmarks/expert_times.py [--spec expert] [--rounds 4] [--seed 2026] [--busy]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time

from engine_speed import random_rounds
from triominoes.ai.registry import LEVELS, make_player
from triominoes.ai.rollout import RolloutPlayer
from triominoes.core.game import Game
from triominoes.core.rules import STANDARD


def spin(stop: float) -> None:
    """Keep one core busy until ``stop`` (a perf_counter time)."""
    while time.perf_counter() < stop:
        pass


def engine_speed(seed: int) -> float:
    seconds, actions = random_rounds(2, 200, seed)
    return actions / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="expert")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--busy", action="store_true", help="keep the other core busy")
    args = parser.parse_args()
    busy = None
    if args.busy:
        busy = multiprocessing.Process(target=spin, args=(time.perf_counter() + 3600,))
        busy.start()
    try:
        before = engine_speed(args.seed)
        bot = make_player(args.spec, seed=args.seed)
        opponent = make_player("hard")
        times: list[float] = []
        cpu: list[float] = []
        for index in range(args.rounds):
            game = Game(STANDARD, 2, seed=args.seed * 1000 + index)
            state = game.round
            while not state.over:
                view = game.view(state.seat)
                if state.seat == 0 and len(view.legal_actions) > 1:
                    start, start_cpu = time.perf_counter(), time.process_time()
                    action = bot.choose(view)
                    times.append(time.perf_counter() - start)
                    cpu.append(time.process_time() - start_cpu)
                else:
                    action = (bot if state.seat == 0 else opponent).choose(view)
                game.apply(state.seat, action)
        after = engine_speed(args.seed)
    finally:
        if busy is not None:
            busy.terminate()
            busy.join()
    cut = bot.cut_short if isinstance(bot, RolloutPlayer) else 0
    print(
        f"{args.spec} ({LEVELS.get(args.spec, args.spec)}), 2 players, "
        f"{'other core busy' if args.busy else 'nothing else of ours running'}, "
        f"load average {os.getloadavg()[0]:.1f}, {len(times)} decisions; "
        f"cut short by the time cap: {cut}; engine {before:,.0f} / {after:,.0f} "
        f"random actions a second before / after",
        flush=True,
    )
    for name, figures in (("wall-clock", times), ("CPU", cpu)):
        ordered = sorted(figures)
        print(
            f"  {name} seconds per decision: mean {statistics.mean(figures):.3f}, "
            f"median {statistics.median(figures):.3f}, "
            f"95th percentile {ordered[int(0.95 * len(ordered))]:.3f}, max {ordered[-1]:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
