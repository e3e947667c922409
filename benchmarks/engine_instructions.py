"""Instructions per random round, counted by valgrind (steadier than seconds).

Counts the CPU instructions of N random 2-player rounds (the same play as
engine_speed.py) and of zero rounds, and prints the difference per round.
Repeatable on a busy or shared machine, where timings wander.

    python benchmarks/engine_instructions.py [--rounds 300]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def instructions(rounds: int) -> int:
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); "
        f"from engine_speed import random_rounds; random_rounds(2, {rounds}, 1)"
    )
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count:\n" + proc.stderr)
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    per_round = (instructions(args.rounds) - instructions(0)) / args.rounds
    print(f"random 2-player rounds: {per_round / 1e6:.2f} million instructions per round")


if __name__ == "__main__":
    main()
