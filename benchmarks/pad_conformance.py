"""What the score pad's conformance test covers, and how long it takes.

Plays the test's selfplay games (tests/pad/test_conformance.py: every preset
with 2 to 6 players, and its house rules), counts their rounds, round ends,
placements, draws, passes and bonuses, then times the pad's model scoring
all of them under Node (bundled with web/node_modules/.bin/rolldown).

    python benchmarks/pad_conformance.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pad.test_conformance import ROLLDOWN, RUNNER, WEB, games, pad_of, selfplay  # noqa: E402

from triominoes.core.record import read, replay_steps  # noqa: E402


def main() -> None:
    counts: Counter[str] = Counter()
    pads = []
    started = time.perf_counter()
    for index, game in enumerate(games()):
        steps = replay_steps(read(json.loads(selfplay(*game))))
        pads.append(pad_of(steps, tiles_as_values=index % 2 == 1)[0])
        counts["games"] += 1
        for played in steps["rounds"]:
            counts["rounds"] += 1
            counts[played["end"]["reason"]] += 1
            for step in played["steps"]:
                action = step["action"]
                counts[action if action in ("draw", "pass") else "placements"] += 1
                bonus = step.get("bonus") or {}
                counts["hexagon bonuses"] += bool(bonus.get("hexagons"))
                counts["bridge bonuses"] += bool(bonus.get("bridge"))
                counts["two-sided bonuses"] += bool(bonus.get("two_sided"))
    played_in = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as folder:
        bundle = Path(folder) / "model.mjs"
        subprocess.run(
            [str(ROLLDOWN), "src/pad/model.ts", "-p", "node", "-f", "esm", "-o", str(bundle)],
            cwd=WEB,
            check=True,
            capture_output=True,
        )
        started = time.perf_counter()
        subprocess.run(
            ["node", str(RUNNER), str(bundle)],
            input=json.dumps(pads),
            capture_output=True,
            text=True,
            check=True,
        )
        scored_in = time.perf_counter() - started
    for key in ("games", "rounds", "out", "blocked", "placements", "draw", "pass"):
        print(f"{key:>18}: {counts[key]:,}")
    for key in ("hexagon bonuses", "bridge bonuses", "two-sided bonuses"):
        print(f"{key:>18}: {counts[key]:,}")
    print(f"selfplay and replay_steps: {played_in:.1f} s")
    print(f"the pad's model under Node: {scored_in:.2f} s")


if __name__ == "__main__":
    main()
