"""Positions for the terminal game's tests: real games played by seeded bots."""

from __future__ import annotations

from collections.abc import Sequence

from triominoes.ai.registry import make_player
from triominoes.core.game import Game
from triominoes.core.rules import RuleSet, preset
from triominoes.tui.table import LocalTable, Seat


def played(actions: int, seed: int = 3, rules: RuleSet | None = None) -> Game:
    """A two-player game after ``actions`` greedy actions."""
    game = Game(rules or preset("standard"), 2, seed=seed)
    bots = [make_player("greedy", 1), make_player("greedy", 2)]
    for _ in range(actions):
        seat = game.to_move
        assert seat is not None
        game.apply(seat, bots[seat].choose(game.view(seat)))
    return game


def with_placements(seed: int = 3, minimum: int = 4) -> Game:
    """A game where the seat to move has at least ``minimum`` placements."""
    game = played(0, seed)
    bots = [make_player("greedy", 1), make_player("greedy", 2)]
    while True:
        seat = game.to_move
        assert seat is not None, "no such position"
        view = game.view(seat)
        if sum(1 for a in view.legal if str(a.action) not in ("draw", "pass")) >= minimum:
            return game
        game.apply(seat, bots[seat].choose(view))


def table(kinds: Sequence[str], seed: int = 5, rules: RuleSet | None = None) -> LocalTable:
    seats = [Seat(kind, f"P{n}") for n, kind in enumerate(kinds)]
    return LocalTable.new(rules or preset("standard"), seats, seed)[0]
