"""Playing games and rounds between players through the game flow API."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from triominoes.ai.player import Player
from triominoes.core.errors import IllegalAction
from triominoes.core.events import Event, RoundEnded
from triominoes.core.game import Game
from triominoes.core.rules import RuleSet

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
        play_turns(game, players, observe)
        # A round ends by itself (its tiles run out), so it is enough to
        # look between rounds.
        actions = sum(len(played.outcomes) for played in game.rounds)
        if not game.finished and actions >= max_actions:
            rounds = sum(played.state.over for played in game.rounds)
            raise endless(rounds, actions, game.totals, game.rules)
    return game


def endless(rounds: int, actions: int, totals: Sequence[int], rules: RuleSet) -> EndlessGame:
    """The error for a bot game stopped after ``rounds`` rounds."""
    return EndlessGame(
        f"stopped after {rounds:,} {'round' if rounds == 1 else 'rounds'} "
        f"({actions:,} actions, totals {list(totals)}): no one reached "
        f"target_score {rules.target_score:,}; "
        "can a game end under these rules?"
    )


def play_round(
    game: Game, players: Sequence[Player], observe: Observer | None = None
) -> RoundEnded:
    """Play one round of ``game`` (a round-only match); return how it ended."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for a {game.players}-player game")
    return play_turns(game, players, observe)
