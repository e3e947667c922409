"""Playing games and rounds between players through the checked engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from triominoes.ai.player import Player
from triominoes.core.errors import IllegalAction
from triominoes.core.game import Game
from triominoes.core.round import Outcome

Observer = Callable[[Game, Outcome], None]


def play_turns(game: Game, players: Sequence[Player], observe: Observer | None = None) -> None:
    """Play the current round to its end: each seat chooses from its own view."""
    state = game.round
    while not state.over:
        seat = state.seat
        action = players[seat].choose(game.view(seat))
        try:
            outcome = game.apply(action)
        except IllegalAction as exc:
            name = players[seat].name
            raise IllegalAction(f"seat {seat} ({name}) chose {action}: {exc}") from None
        if observe is not None:
            observe(game, outcome)


MAX_ROUNDS = 200
"""Rounds per 400 points of target: far beyond a real game (5 to 15
rounds), but a bound: house rules can make a target unreachable (penalties
above what a round can earn), and bots would then play forever."""


class EndlessGame(ValueError):
    """A bot game that reached ``MAX_ROUNDS`` without ending."""


def play_game(
    game: Game,
    players: Sequence[Player],
    observe: Observer | None = None,
    max_rounds: int | None = None,
) -> Game:
    """Deal and play rounds until the game is over (or ``max_rounds``: by
    default ``MAX_ROUNDS`` per 400 points of target)."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for a {game.players}-player game")
    if max_rounds is None:
        max_rounds = MAX_ROUNDS * max(1, -(-(game.rules.target_score or 0) // 400))
    while not game.finished:
        if game.needs_deal:
            if len(game.rounds) >= max_rounds:
                raise EndlessGame(
                    f"no one reached target_score {game.rules.target_score} in {max_rounds} "
                    f"rounds (totals {game.totals}): can a game end under these rules?"
                )
            game.start_round()
        play_turns(game, players, observe)
    return game


def play_round(game: Game, players: Sequence[Player], observe: Observer | None = None) -> Game:
    """Deal and play one round of ``game`` (a round-only match)."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for a {game.players}-player game")
    game.start_round()
    play_turns(game, players, observe)
    return game
