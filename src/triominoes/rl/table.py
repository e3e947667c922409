"""A game played on the engine's fast path, for the environments.

:class:`~triominoes.core.game.Game` checks every action and returns events,
which costs about 100 microseconds an action; an environment step has a
budget of about 30. :class:`Table` plays the same game with
:meth:`Round.play <triominoes.core.round.Round.play>` on moves the
environment took from :meth:`Round.legal_moves
<triominoes.core.round.Round.legal_moves>`, keeping what a record needs
(each round's deal and moves), and keeps the score with the game's own
:class:`~triominoes.core.game.Tally` (totals, the last round once someone
reaches the target, the winners), each round dealt from the game's seed by
:func:`~triominoes.core.deal.round_seed`. The tests replay
:meth:`Table.record` through :func:`triominoes.core.record.replay` and
compare every total.

Views (for the bots and for the "cannot hold" facts) are built from the
same state by :func:`triominoes.core.view.make_view`.
"""

from __future__ import annotations

import random
from typing import Any

from triominoes.core.actions import Action
from triominoes.core.deal import Deal, deal, round_seed
from triominoes.core.game import Tally
from triominoes.core.moves import DRAW, Move
from triominoes.core.record import Record, RoundRecord
from triominoes.core.round import Outcome, Round
from triominoes.core.rules import RuleSet
from triominoes.core.view import PlayerView, make_view


class Table:
    """One game: rounds on :class:`Round`, moves as ints, totals as the game keeps them."""

    def __init__(self, rules: RuleSet, players: int, seed: int) -> None:
        rules.hand_size_for(players)  # validates the player count
        self.rules = rules
        self.players = players
        self.seed = seed
        self.deals: list[Deal] = []
        self.rounds: list[Round] = []
        self.log: list[list[tuple[int, Move, int, int]]] = []
        """Per round: (seat, move, points, tile drawn or -1) of every action."""
        self.tally = Tally(rules, players)
        self._outcomes: list[Outcome] = []
        self.next_round()

    @property
    def totals(self) -> list[int]:
        return self.tally.totals

    @property
    def last_round(self) -> bool:
        return self.tally.last_round

    @property
    def finished(self) -> bool:
        return self.tally.finished

    @property
    def winners(self) -> list[int]:
        return self.tally.winners

    @property
    def number(self) -> int:
        """The round's number, from 1."""
        return len(self.rounds)

    def next_round(self) -> None:
        """Deal the next round from the game's seed (as :meth:`Game.next_round`)."""
        dealt = deal(
            self.rules, self.players, random.Random(round_seed(self.seed, self.number + 1))
        )
        previous = self.rounds[-1].opener if self.rounds else None
        self.deals.append(dealt)
        self.round = Round(self.rules, dealt, previous)
        self.rounds.append(self.round)
        self.log.append([])
        self._outcomes = []

    def play(self, move: Move, rewards: list[int]) -> bool:
        """Play a legal move of the seat to move; add each seat's points
        (the move's, and the round's awards if it ended) to ``rewards``.
        Returns whether the round ended. The next round is not dealt here."""
        state = self.round
        seat = state.seat
        drawn = state.pool[-1] if move == DRAW else -1
        points = state.play(move)
        self.log[-1].append((seat, move, points, drawn))
        rewards[seat] += points
        end = self.tally.add(seat, points, state)
        if end is None:
            return False
        for other, award in enumerate(end.points):
            rewards[other] += award
        return True

    # --- what the engine's other interfaces read --------------------------

    def outcomes(self) -> list[Outcome]:
        """This round's actions as the game keeps them (decoded on demand,
        without score breakdowns, which views and bots do not need)."""
        done = self._outcomes
        log = self.log[-1]
        if len(done) < len(log):
            state = self.round
            tiles = state.tiles.tiles
            for seat, move, points, drawn in log[len(done) :]:
                action: Action = state.decode(move)
                done.append(
                    Outcome(seat, action, points, None, tiles[drawn] if drawn >= 0 else None)
                )
        return done

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now: the view :meth:`Game.view` gives."""
        return make_view(
            self.round,
            self.outcomes(),
            seat,
            round_number=self.number,
            totals=tuple(self.totals),
            last_round=self.last_round,
            finished=self.finished,
            winners=tuple(self.winners),
        )

    def tokens(self, number: int) -> list[str]:
        """Round ``number``'s actions as record tokens."""
        state = self.rounds[number - 1]
        return [str(state.decode(move)) for _, move, _, _ in self.log[number - 1]]

    def record(self, names: list[str], meta: dict[str, Any] | None = None) -> Record:
        """The game's record, as :func:`~triominoes.core.record.record_of`
        writes it (with ``meta.deal_seed``: every round came from the seed)."""
        rounds = [
            RoundRecord(dealt, self.tokens(number)) for number, dealt in enumerate(self.deals, 1)
        ]
        result = {"totals": list(self.totals), "winners": list(self.winners)}
        return Record(
            self.rules, list(names), rounds, {**(meta or {}), "deal_seed": self.seed}, result
        )
