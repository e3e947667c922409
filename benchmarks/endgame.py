"""The exact endgame on random endgames: solve times, positions searched,
how often the budget suffices, and whether the chosen move is ever worse
than another.

Endgames come from two-player rounds (standard rules) played by ``hard``
(the heuristic) for both seats and, every other game, by random play:
every decision (two or more legal moves) from the moment the pool is empty
to the round's end is one endgame, where the hands hold at most
``--max-tiles`` tiles (expert's :data:`~triominoes.ai.rollout.ENDGAME_TILES`:
with more, the budget never suffices and expert does not try). Each is solved with
:func:`~triominoes.ai.endgame.exact_values` under each budget. Where it is
solved, every legal move is also played and the position after it solved
on its own (a fresh search), and the chosen move (the best value) must be
worth at least every other move's own value: a violation is counted
otherwise (it must be 0), as is any move whose value disagrees with its
own search. The engine's speed (random 2-player actions a second) is
printed beside, since machines differ.

With ``--rollout SPEC`` it also asks that player (without its exact
endgame) for its move in every endgame solved, and prints how many points
of margin its choices give away against best play: what the exact endgame
adds to ``expert``.

    python benchmarks/endgame.py [--seed 1] [--games 300] [--budget 20000 200000]
        [--rollout rollout:worlds=40,endgame=0]
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
from triominoes.ai.endgame import exact_search, exact_values
from triominoes.ai.heuristic import heuristic_move
from triominoes.ai.registry import make_player
from triominoes.ai.rollout import ENDGAME_TILES
from triominoes.core.deal import deal
from triominoes.core.knowledge import Knowledge
from triominoes.core.round import Round
from triominoes.core.rules import STANDARD
from triominoes.core.view import make_view


def endgames(games: int, seed: int, max_tiles: int) -> list[Round]:
    """Every decision after the pool ran out, in ``games`` two-player
    rounds, with at most ``max_tiles`` tiles in the two hands."""
    rng = random.Random(seed)
    found: list[Round] = []
    for game in range(games):
        randomly = game % 2 == 1
        state = Round(STANDARD, deal(STANDARD, 2, rng))
        while not state.over:
            moves = state.legal_moves()
            tiles = sum(hand.bit_count() for hand in state.hands)
            if not state.pool and len(moves) > 1 and tiles <= max_tiles:
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


def rollout_loss(positions: list[Round], budget: int, spec: str, seed: int) -> None:
    """Points of margin a player's choices give away in solved endgames."""
    player = make_player(spec, seed=seed)
    losses: list[float] = []
    for state in positions:
        values = exact_values(state, node_budget=budget)
        if values is None:
            continue
        view = make_view(
            state,
            [],
            state.seat,
            round_number=1,
            totals=(0, 0),
            last_round=False,
            finished=False,
            winners=(),
        )
        knowledge = Knowledge(view)
        move = player.choose_move(knowledge.public_round(), knowledge)
        losses.append(max(values.values()) - values[move])
    worse = sum(1 for loss in losses if loss > 0)
    print(
        f"{spec} in {len(losses)} solved endgames: worse than best play in {worse} "
        f"({100 * worse / len(losses):.1f}%), {statistics.mean(losses):.2f} points of margin "
        f"given away a decision on average, {sum(losses):,.0f} in all",
        flush=True,
    )


def run(positions: list[Round], budget: int) -> None:
    """Solve times are the process's CPU seconds (time.process_time): on a
    shared machine they stay what the search costs, where the wall clock
    also counts the other processes' turns."""
    times: list[float] = []
    nodes: list[int] = []
    solved_by_tiles: Counter[int] = Counter()
    all_by_tiles: Counter[int] = Counter()
    checked = violations = disagreements = 0
    for state in positions:
        tiles = sum(hand.bit_count() for hand in state.hands)
        start = time.process_time()
        values, count = exact_search(state, node_budget=budget)
        seconds = time.process_time() - start
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
        f"({100 * share:.1f}%); CPU seconds of a solve: median {statistics.median(times):.4f}, "
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
    parser.add_argument(
        "--max-tiles",
        type=int,
        default=ENDGAME_TILES,
        help="endgames with more tiles in hand are left out (expert does not try them)",
    )
    parser.add_argument("--rollout", help="a player spec whose endgame choices are judged")
    args = parser.parse_args()
    seconds, actions = random_rounds(2, 300, args.seed)
    print(
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; engine: "
        f"{actions / seconds:,.0f} random 2-player actions a second",
        flush=True,
    )
    positions = endgames(args.games, args.seed, args.max_tiles)
    print(
        f"{len(positions)} endgames with at most {args.max_tiles} tiles in hand "
        f"from {args.games} rounds (seed {args.seed})",
        flush=True,
    )
    for budget in args.budget:
        run(positions, budget)
    if args.rollout:
        rollout_loss(positions, args.budget[0], args.rollout, args.seed)
    seconds, actions = random_rounds(2, 300, args.seed)
    print(f"engine after: {actions / seconds:,.0f} random 2-player actions a second", flush=True)


if __name__ == "__main__":
    main()
