"""Engine speed on one core: random rounds, actions, legal-move enumeration.

Random play as the goal defines it: standard rules, each turn a uniformly
random legal placement, drawing when there is none (passing when drawing is
not possible either). Everything goes through the engine's one fast path,
``Round.placement_moves`` and ``Round.play``, the same code replay and the
AI use.

    python benchmarks/engine_speed.py [--rounds 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from triominoes.core.deal import deal
from triominoes.core.moves import DRAW, PASS
from triominoes.core.round import Round
from triominoes.core.rules import STANDARD


def random_rounds(players: int, rounds: int, seed: int) -> tuple[float, int]:
    """Play ``rounds`` random rounds; return (seconds, actions)."""
    rng = random.Random(seed)
    randrange = rng.randrange
    actions = 0
    start = time.perf_counter()
    for _ in range(rounds):
        state = Round(STANDARD, deal(STANDARD, players, rng))
        play = state.play
        moves_of = state.placement_moves
        while not state.over:
            moves = moves_of()
            if moves:
                play(moves[randrange(len(moves))])
            else:
                play(DRAW if state.can_draw() else PASS)
            actions += 1
    return time.perf_counter() - start, actions


def mid_game_positions(count: int, seed: int) -> list[Round]:
    """Positions after 10-25 random placements, seat to move holding a placement."""
    rng = random.Random(seed)
    positions: list[Round] = []
    while len(positions) < count:
        state = Round(STANDARD, deal(STANDARD, 2, rng))
        target = rng.randint(10, 25)
        while not state.over and len(state.board) < target:
            moves = state.placement_moves()
            state.play(
                moves[rng.randrange(len(moves))] if moves else (DRAW if state.can_draw() else PASS)
            )
        if not state.over and len(state.board) == target and state.placement_moves():
            positions.append(state)
    return positions


def enumerations(positions: list[Round], repeat: int) -> tuple[float, int, int]:
    found = 0
    start = time.perf_counter()
    for _ in range(repeat):
        for state in positions:
            found += len(state.placement_moves())
    return time.perf_counter() - start, len(positions) * repeat, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="2-player rounds to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")

    random_rounds(2, 200, args.seed + 99)  # warm up
    for players, rounds in ((2, args.rounds), (4, max(1, args.rounds // 2))):
        seconds, actions = random_rounds(players, rounds, args.seed)
        print(
            f"random {players}-player rounds: {rounds / seconds:8.0f} rounds/s"
            f"  {actions / seconds:9.0f} actions/s  ({actions / rounds:.1f} actions/round)"
        )
    positions = mid_game_positions(500, args.seed)
    seconds, calls, found = enumerations(positions, 20)
    print(
        f"legal placement enumerations (mid-game, 2 players): {calls / seconds:8.0f} /s"
        f"  ({found / calls:.1f} placements each)"
    )


if __name__ == "__main__":
    main()
