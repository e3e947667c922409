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


MAX_ACTIONS = 20_000
"""Actions a bot game may take before it is stopped: about a hundred times
an ordinary game to 400 (which takes 100 to 300). A bound on work, the same
whatever the target: house rules can make a game endless (penalties above
what a round can earn, a target out of reach), and a bound on rounds that
grew with the target would let such a game run for hours."""


class EndlessGame(ValueError):
    """A bot game that reached ``MAX_ACTIONS`` without ending."""


def play_game(
    game: Game,
    players: Sequence[Player],
    observe: Observer | None = None,
    max_actions: int | None = None,
) -> Game:
    """Deal and play rounds until the game is over, or stop it with
    EndlessGame once a round ends after ``max_actions`` actions (by default
    ``MAX_ACTIONS``)."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for a {game.players}-player game")
    if max_actions is None:
        max_actions = MAX_ACTIONS
    while not game.finished:
        if game.needs_deal:
            # A round ends by itself (its tiles run out), so it is enough to
            # look between rounds.
            actions = sum(len(played.outcomes) for played in game.rounds)
            if actions >= max_actions:
                rounds = len(game.rounds)
                raise EndlessGame(
                    f"stopped after {rounds:,} {'round' if rounds == 1 else 'rounds'} "
                    f"({actions:,} actions, totals {game.totals}): no one reached "
                    f"target_score {game.rules.target_score:,}; "
                    "can a game end under these rules?"
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
