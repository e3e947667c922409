"""Playing games and rounds between players through the game flow API."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from triominoes.ai.player import Player
from triominoes.core.errors import IllegalAction
from triominoes.core.events import Event, RoundEnded
from triominoes.core.game import Game

Observer = Callable[[Game, Event], None]


def play_turns(
    game: Game, players: Sequence[Player], observe: Observer | None = None
) -> RoundEnded:
    """Play the round in progress (dealing one if due) to its end: each seat
    chooses from its own view. Returns how the round ended."""
    if game.needs_deal:
        for event in game.next_round():
            if observe is not None:
                observe(game, event)
    while True:
        seat = game.to_move
        assert seat is not None, "a round in progress has a seat to move"
        action = players[seat].choose(game.view(seat))
        try:
            events = game.apply(seat, action)
        except IllegalAction as exc:
            name = players[seat].name
            raise IllegalAction(
                "seat {seat} ({name}) chose {action}: {reason}",
                seat=seat,
                name=name,
                action=str(action),
                reason=str(exc),
            ) from None
        ended = None
        for event in events:
            if observe is not None:
                observe(game, event)
            if isinstance(event, RoundEnded):
                ended = event
        if ended is not None:
            return ended


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
        if sum(played.state.over for played in game.rounds) >= max_rounds:
            raise EndlessGame(
                f"no one reached target_score {game.rules.target_score} in {max_rounds} "
                f"rounds (totals {game.totals}): can a game end under these rules?"
            )
        play_turns(game, players, observe)
    return game


def play_round(
    game: Game, players: Sequence[Player], observe: Observer | None = None
) -> RoundEnded:
    """Play one round of ``game`` (a round-only match); return how it ended."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for a {game.players}-player game")
    return play_turns(game, players, observe)
