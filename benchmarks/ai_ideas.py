"""One short match on one core, for trying an idea in the search.

Standard rules, seats rotated, the first entrant's win rate with its 95%
interval and its mean margin (points a round or a game), in this process
(one core, nothing else started):

    python benchmarks/ai_ideas.py round 60 ismcts:iterations=500,margin=1,bias=3 heuristic
    python benchmarks/ai_ideas.py game 24 ismcts:iterations=500,margin=1 heuristic --seed 9

The figures in docs/benchmarks.md ("What the search was tried with") come
from this script.
"""

from __future__ import annotations

import argparse
import time

from triominoes.sim.backends import inline
from triominoes.sim.tournament import UNIT_KINDS, TournamentConfig, run_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("unit", choices=UNIT_KINDS)
    parser.add_argument("units", type=int)
    parser.add_argument("entrants", nargs="+", help="player specs, one per seat")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    config = TournamentConfig(
        entrants=tuple(args.entrants), units=args.units, unit=args.unit, seed=args.seed
    )
    start = time.perf_counter()
    first = run_tournament(config, backend=inline).stats[0]
    print(
        f"seed {args.seed} {args.entrants} {args.units} {args.unit}s: "
        f"win {100 * first.win_rate:.1f}% CI {100 * first.ci_low:.1f}-{100 * first.ci_high:.1f}"
        f" margin {first.mean_margin:+.1f} ({time.perf_counter() - start:.0f}s)",
        flush=True,
    )


if __name__ == "__main__":
    main()
