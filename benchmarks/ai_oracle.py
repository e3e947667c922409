"""The oracle gap: ``expert`` seeing every hand against ``expert``.

The oracle plays ``expert``'s own search, but every world it samples holds
the true hands (the pool's order stays unknown to it: the tiles not in a
hand are shuffled into the pool as for any world). What it wins above half
is the most that better inference about the hidden hands could gain.

Whole 2-player games to 400 with duplicate deals (each deal played twice,
the seats swapped; deals and bot seeds as a tournament's), counted by deal
(``triominoes.sim.stats.by_deal``).

The hook is the smallest there is, and lives only here: the oracle is
given the :class:`Game` it plays in and reads the true hands from it when
asked to choose; it tells its search by constraints that pin every other
hand to exactly its tiles (the sampler then deals them those). No code of
the package can build one, so no server or tournament can seat it.

    python benchmarks/ai_oracle.py --seed N [--games 20] [--out FILE]
        [--expert SPEC]

``--out`` keeps each game's result (JSON lines): the same command again
continues.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from triominoes.ai.player import Player
from triominoes.ai.registry import LEVELS, make_player
from triominoes.core.actions import Action
from triominoes.core.game import Game
from triominoes.core.knowledge import HandConstraint, Knowledge
from triominoes.core.moves import Move
from triominoes.core.round import Round
from triominoes.core.rules import RuleSet
from triominoes.core.view import PlayerView
from triominoes.sim.match import play_game
from triominoes.sim.stats import by_deal
from triominoes.sim.tournament import TournamentConfig, _seed_int


class SeeingKnowledge(Knowledge):
    """A seat's knowledge with every other hand known: its constraints pin
    each hand to its true tiles, so every sampled world deals them."""

    def __init__(self, view: PlayerView, hands: list[int]) -> None:
        super().__init__(view)
        self.hands = list(hands)

    def constraints(self, assume_stuck: bool = False) -> list[HandConstraint]:
        return [
            HandConstraint(seat, hand.bit_count(), hand)
            for seat, hand in enumerate(self.hands)
            if seat != self.view.seat and hand
        ]


class Oracle(Player):
    """``spec``'s search, given the true hands of the game it plays in."""

    def __init__(self, spec: str, seed: int, game: Game) -> None:
        super().__init__(seed)
        self.search = make_player(spec, seed=seed)
        self.name = f"{spec} seeing every hand"
        self.game = game

    def choose(self, view: PlayerView) -> Action:
        knowledge = SeeingKnowledge(view, self.game.round.hands)
        state = knowledge.public_round()
        return state.decode(self.search.choose_move(state, knowledge))

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:  # pragma: no cover
        raise AssertionError("the oracle chooses from the game, see choose()")


def play(config: TournamentConfig, index: int) -> dict[str, Any]:
    """Unit ``index`` as the tournament would play it (its deal and bot
    seeds), entrant 0 being the oracle."""
    rules = RuleSet.from_json(config.rules)
    lineup = config.lineup(index)
    game = Game(rules, config.players, seed=_seed_int(config.deal_seed(index)), auto_deal=False)
    players: list[Player] = []
    for seat, entrant in enumerate(lineup):
        seed = _seed_int(config.bot_seed(index, seat))
        spec = config.entrants[entrant]
        players.append(Oracle(spec, seed, game) if entrant == 0 else make_player(spec, seed=seed))
    play_game(game, players)
    return {
        "unit": index,
        "lineup": lineup,
        "totals": list(game.totals),
        "winners": list(game.winners),
        "rounds": len(game.rounds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, default=20, help="rounded up to whole deals")
    parser.add_argument("--expert", default="expert", help="the search both sides play")
    parser.add_argument("--out", type=Path, default=None, help="results (JSON lines)")
    args = parser.parse_args()
    spec = args.expert
    games = args.games + args.games % 2
    config = TournamentConfig(entrants=(spec, spec), units=games, unit="game", seed=args.seed)
    one, five, fifteen = os.getloadavg()
    print(f"$ python {shlex.join(sys.argv)}", flush=True)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores,"
        f" load {one:.2f} {five:.2f} {fifteen:.2f}; {spec} = {LEVELS.get(spec, spec)}",
        flush=True,
    )
    done: dict[int, dict[str, Any]] = {}
    if args.out is not None and args.out.exists():
        for line in args.out.read_text().splitlines():
            entry = json.loads(line)
            if entry.get("seed") == args.seed and entry.get("spec") == spec:
                done[entry["unit"]] = entry
    start = time.perf_counter()
    for index in range(games):
        if index in done:
            continue
        result = play(config, index)
        done[index] = result
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps({**result, "seed": args.seed, "spec": spec}) + "\n")
        oracle_seat = result["lineup"].index(0)
        print(
            f"game {index}: oracle at seat {oracle_seat}, totals {result['totals']},"
            f" winners {result['winners']} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    names = (f"{spec} seeing every hand", spec)
    (oracle, _), _ = by_deal(names, [done[i] for i in range(games)])
    one, five, fifteen = os.getloadavg()
    print(
        f"{names[0]} vs {spec}: {games} games, {oracle.deals} deals: wins"
        f" {100 * oracle.score:.1f}% (95% {100 * oracle.score_low:.1f}-"
        f"{100 * oracle.score_high:.1f}%), deals won from both seats {oracle.swept},"
        f" one {oracle.split}, none {oracle.lost}; margin {oracle.mean_margin:+.1f}"
        f" ({oracle.margin_low:+.1f} to {oracle.margin_high:+.1f}) a game;"
        f" {time.perf_counter() - start:.0f} s, load {one:.2f} {five:.2f} {fifteen:.2f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
