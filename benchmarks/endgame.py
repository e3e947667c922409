"""The exact endgame on random endgames: solve times, positions searched,
how often the budget suffices, and whether the chosen move is ever worse
than another.

Endgames come from two-player rounds (standard rules) played by ``hard``
(the heuristic) for both seats and, every other game, by random play:
every decision (two or more legal moves) from the moment the pool is empty
to the round's end is one endgame. Each is solved with
:func:`~triominoes.ai.endgame.exact_values` under each budget. Where it is
solved, every legal move is also played and the position after it solved
on its own (a fresh search), and the chosen move (the best value) must be
worth at least every other move's own value: a violation is counted
otherwise (it must be 0), as is any move whose value disagrees with its
own search. The engine's speed (random 2-player actions a second) is
printed beside, since machines differ.

    python benchmarks/endgame.py [--seed 1] [--games 300] [--budget 20000 200000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from engine_speed import random_rounds
from triominoes.ai.endgame import exact_search
from triominoes.ai.heuristic import heuristic_move
from triominoes.core.deal import deal
from triominoes.core.round import Round
from triominoes.core.rules import STANDARD


def endgames(games: int, seed: int) -> list[Round]:
    """Every decision after the pool ran out, in ``games`` two-player rounds."""
    rng = random.Random(seed)
    found: list[Round] = []
    for game in range(games):
        randomly = game % 2 == 1
        state = Round(STANDARD, deal(STANDARD, 2, rng))
        while not state.over:
            moves = state.legal_moves()
            if not state.pool and len(moves) > 1:
                found.append(state.copy())
            state.play(rng.choice(moves) if randomly else heuristic_move(state))
    return found


def own_value(state: Round, move: int, budget: int) -> float | None:
    """The move's value from a fresh search of the position after it."""
    after = state.copy()
    points = after.play(move)
    if after.over:
        end = after.end
        assert end is not None
        return points + end.points[state.seat] - end.points[1 - state.seat]
    rest, _ = exact_search(after, node_budget=budget)
    if rest is None:
        return None
    sign = 1 if after.seat == state.seat else -1
    return points + sign * max(rest.values())


def percentile(values: Sequence[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(share * len(values)))]


def run(positions: list[Round], budget: int) -> None:
    times: list[float] = []
    nodes: list[int] = []
    solved_by_tiles: Counter[int] = Counter()
    all_by_tiles: Counter[int] = Counter()
    checked = violations = disagreements = 0
    for state in positions:
        tiles = sum(hand.bit_count() for hand in state.hands)
        start = time.perf_counter()
        values, count = exact_search(state, node_budget=budget)
        seconds = time.perf_counter() - start
        all_by_tiles[tiles] += 1
        if values is None:
            continue
        times.append(seconds)
        nodes.append(count)
        solved_by_tiles[tiles] += 1
        chosen = max(sorted(values, reverse=True), key=values.__getitem__)
        own = {move: own_value(state, move, budget) for move in values}
        if any(value is None for value in own.values()):
            continue
        checked += 1
        best = own[chosen]
        assert best is not None
        violations += any(v is not None and v > best for v in own.values())
        disagreements += any(own[m] != values[m] for m in values)
    share = len(times) / len(positions)
    print(
        f"budget {budget:,} positions: solved {len(times)}/{len(positions)} "
        f"({100 * share:.1f}%); solve seconds median {statistics.median(times):.4f}, "
        f"95th percentile {percentile(times, 0.95):.3f}, max {max(times):.3f}; "
        f"positions searched median {statistics.median(nodes):,.0f}, "
        f"95th percentile {percentile(nodes, 0.95):,.0f}, max {max(nodes):,}",
        flush=True,
    )
    print(
        f"  chosen move worse than another (fresh searches of every move, "
        f"{checked} endgames): {violations}; values disagreeing: {disagreements}",
        flush=True,
    )
    buckets = ", ".join(
        f"{tiles}: {100 * solved_by_tiles[tiles] / count:.0f}% of {count}"
        for tiles, count in sorted(all_by_tiles.items())
    )
    print(f"  solved by tiles in both hands: {buckets}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--budget", type=int, nargs="+", default=[20_000, 200_000])
    args = parser.parse_args()
    seconds, actions = random_rounds(2, 300, args.seed)
    print(
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; engine: "
        f"{actions / seconds:,.0f} random 2-player actions a second",
        flush=True,
    )
    positions = endgames(args.games, args.seed)
    print(f"{len(positions)} endgames from {args.games} rounds (seed {args.seed})", flush=True)
    for budget in args.budget:
        run(positions, budget)
    seconds, actions = random_rounds(2, 300, args.seed)
    print(f"engine after: {actions / seconds:,.0f} random 2-player actions a second", flush=True)


if __name__ == "__main__":
    main()
