"""The tournament's fast path: bots choose from cheap views, moves go to the round.

Through :class:`~triominoes.core.game.Game` a bot's move costs a full
:class:`~triominoes.core.view.PlayerView` (the log, every legal action's
score breakdown), the bot's rebuilding of the round from it, and the
game's checks, outcomes and events: some fifty times an engine action. A
bot that reads only the public round (``reads_log`` off: ``random``,
``greedy``, ``heuristic``) needs none of that. Here each seat to move gets
a :class:`~triominoes.core.turn.TurnView` (the round copied with the
hidden tiles taken out: still nothing it may not see), its move is
checked against the round's legal moves and played with
:meth:`Round.play <triominoes.core.round.Round.play>`, and the score is
kept by the game's own :class:`~triominoes.core.game.Tally`.

Deals, seats and every choice are those of the game flow (``match.py``):
each round dealt from the game's seed by
:func:`~triominoes.core.deal.round_seed`, the opener following the last
round's, and a bot's choice from a turn view is its choice from the full
view (the tests play both ways and compare every unit's result). No
outcomes are kept, so a unit whose record is wanted takes the game flow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from triominoes.ai.player import Player
from triominoes.core.awards import RoundEnd
from triominoes.core.deal import deal, round_seed
from triominoes.core.errors import IllegalAction
from triominoes.core.game import Tally
from triominoes.core.moves import Move, move_cell
from triominoes.core.round import Round, tables_for
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score
from triominoes.core.turn import turn_view
from triominoes.sim import match
from triominoes.sim.match import endless


def takes_turn_views(players: Sequence[Player]) -> bool:
    """Whether every player may be handed cheap views (none reads the log)."""
    return not any(player.reads_log for player in players)


@lru_cache(maxsize=64)
def _bonus_counts(rules: RuleSet) -> tuple[tuple[int, int, int], ...]:
    """Per shape code, the (hexagons, bridge, two-sided) a placement counts,
    as its score breakdown reports them (a shape counts where it pays)."""
    bonus = tables_for(rules).bonus
    out = []
    for code in range(len(bonus)):
        score = Score.of(rules, 0, code, 0, bonus)
        out.append((score.hexagons, int(score.bridge), int(score.two_sided)))
    return tuple(out)


class FastGame:
    """A bot game on the fast path: rounds, totals, winners and each seat's
    bonus shapes, as :class:`~triominoes.core.game.Game` and the tournament's
    counting would give them."""

    def __init__(self, rules: RuleSet, players: int, seed: int) -> None:
        rules.hand_size_for(players)  # validates the player count
        self.rules = rules
        self.players = players
        self.seed = seed
        self.tally = Tally(rules, players)
        self.rounds = 0
        self.actions = 0
        self.bonuses = [[0, 0, 0] for _ in range(players)]
        """Per seat: hexagons, bridges and two-sided placements that paid."""
        self._opener: int | None = None

    @property
    def totals(self) -> list[int]:
        return self.tally.totals

    @property
    def winners(self) -> list[int]:
        return self.tally.winners

    @property
    def finished(self) -> bool:
        return self.tally.finished

    def play_round(self, players: Sequence[Player]) -> RoundEnd:
        """Deal the next round and play it to its end; return how it ended."""
        if len(players) != self.players:
            raise ValueError(f"{len(players)} players for a {self.players}-player game")
        if not takes_turn_views(players):
            raise ValueError("a bot that reads the log takes full views: play through Game")
        self.rounds += 1
        rules = self.rules
        dealt = deal(rules, self.players, random.Random(round_seed(self.seed, self.rounds)))
        state = Round(rules, dealt, self._opener)
        self._opener = state.opener
        counts = _bonus_counts(rules)
        bonuses = self.bonuses
        add = self.tally.add
        actions = 0
        while state.end is None:
            seat = state.seat
            move = players[seat].choose_turn(turn_view(state, seat))
            if move not in state.legal_moves():
                _check(state, move, players[seat])
            if move >= 0:
                hexagons, bridge, two_sided = counts[state.board.shape_at(move_cell(move))]
                mine = bonuses[seat]
                mine[0] += hexagons
                mine[1] += bridge
                mine[2] += two_sided
            add(seat, state.play(move), state)
            actions += 1
        self.actions += actions
        end = state.end
        assert end is not None
        return end

    def play_game(self, players: Sequence[Player], max_actions: int | None = None) -> None:
        """Rounds until the game is over; EndlessGame past ``max_actions``
        (by default ``match.MAX_ACTIONS``, counted between rounds, as
        :func:`~triominoes.sim.match.play_game` does)."""
        if max_actions is None:
            max_actions = match.MAX_ACTIONS
        while not self.finished:
            self.play_round(players)
            if not self.finished and self.actions >= max_actions:
                raise endless(self.rounds, self.actions, self.totals, self.rules)


def _check(state: Round, move: Move, player: Player) -> None:
    """Raise the game flow's error for a move not among the legal ones,
    unless the checked path allows it all the same (a symmetric tile's
    other rotation)."""
    try:
        error = state.why_illegal(move)
        action = str(state.decode(move))
    except (IndexError, KeyError, TypeError, ValueError):
        error, action = IllegalAction("it is no move"), repr(move)
    if error is not None:
        raise IllegalAction(
            "seat {seat} ({name}) chose {action}: {reason}",
            seat=state.seat,
            name=player.name,
            action=action,
            reason=str(error),
        )
