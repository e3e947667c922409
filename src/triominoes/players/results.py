"""What a finished game says of each seat, for ratings and profiles: its
place, its total, the rounds played, the hexagons and bridges it made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.core.game import Game
from triominoes.players.ratings import places


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    """The engine seat."""
    place: int
    """1 is first; equal totals share a place; who resigned is last."""
    points: int
    """The seat's final total."""
    rounds: int
    hexagons: int
    bridges: int
    won: bool
    """Among the game's winners (the engine's, which may break a tie)."""
    resigned: bool


def seat_results(game: Game, resigned: Sequence[bool]) -> list[SeatResult]:
    """Every seat's result of a finished game, by engine seat."""
    hexagons = [0] * game.players
    bridges = [0] * game.players
    for played in game.rounds:
        for outcome in played.outcomes:
            if outcome.score is not None:
                hexagons[outcome.seat] += outcome.score.hexagons
                bridges[outcome.seat] += int(outcome.score.bridge)
    totals = list(game.totals)
    ranking = places(totals, resigned)
    winners = set(game.winners)
    return [
        SeatResult(
            seat=seat,
            place=ranking[seat],
            points=totals[seat],
            rounds=len(game.rounds),
            hexagons=hexagons[seat],
            bridges=bridges[seat],
            won=seat in winners and not resigned[seat],
            resigned=resigned[seat],
        )
        for seat in range(game.players)
    ]
