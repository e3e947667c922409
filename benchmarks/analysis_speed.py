"""What ``triominoes analyze`` costs: a whole game's analysis on one core.

Analyses a record (by default the stored two-player game to 400,
tests/data/golden/standard-2p.json: 3 rounds, 130 decisions with a choice)
in this process, as ``triominoes analyze RECORD --worlds N`` does, and
prints the wall and CPU seconds, the seconds per decision, and beside them
the engine's own speed on the same machine (whole rounds of the heuristic
playing every seat a second: the play-out every value is made of), so
that a figure from a busy machine can be told from a slow analysis:

    nice -n 10 python benchmarks/analysis_speed.py [RECORD] [--worlds 40] [--finish]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from triominoes.ai.analysis import analyze
from triominoes.ai.heuristic import heuristic_move
from triominoes.core.deal import deal
from triominoes.core.record import loads
from triominoes.core.round import Round
from triominoes.core.rules import STANDARD

GOLDEN = Path(__file__).parent.parent / "tests" / "data" / "golden" / "standard-2p.json"


def play_outs(rounds: int) -> float:
    """Seconds for ``rounds`` two-seat rounds of the heuristic against itself."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(rounds):
        state = Round(STANDARD, deal(STANDARD, 2, rng))
        while not state.over:
            state.play(heuristic_move(state))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", nargs="?", default=str(GOLDEN))
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--finish", action="store_true", help="analyze's --finish")
    args = parser.parse_args()
    engine_seconds = play_outs(100)
    record = loads(Path(args.record).read_text())
    wall, cpu = time.perf_counter(), time.process_time()
    report = analyze(record, worlds=args.worlds, finish=args.finish)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    decisions = len(report.decisions)
    finish = ", finish" if args.finish else ""
    print(
        f"{Path(args.record).name}: {len(record.rounds)} rounds, {decisions} decisions,"
        f" worlds={args.worlds}{finish}: {wall:.1f} s wall, {cpu:.1f} s CPU,"
        f" {1000 * cpu / max(1, decisions):.0f} ms CPU a decision;"
        f" engine: {100 / engine_seconds:.0f} heuristic play-outs/s"
    )


if __name__ == "__main__":
    main()
