"""A game (rules.md §6): rounds dealt afresh until the end condition.

:class:`Game` is the flow every client uses: :meth:`Game.apply` takes a
seat and its action, checks that it is that seat's turn and that the rules
allow the action, applies it, ends the round and the game when the rules
say so, deals the next round (or waits for :meth:`Game.next_round`), and
returns what happened as :mod:`events`. :meth:`Game.view` is what one seat
may know. The game keeps each round's deal and checked outcomes: that is
the game record's content, and :meth:`Game.undo` replays it.

Deals come from the game's seed, one derived seed per round
(:func:`~triominoes.core.deal.round_seed`), so that a game restored from its
record deals the same rounds next; or the caller gives each deal (replay,
the server's secret shuffle).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from triominoes.core.actions import Action, parse_action
from triominoes.core.awards import OUT, RoundEnd
from triominoes.core.deal import Deal, deal, round_seed
from triominoes.core.errors import (
    BadDeal,
    GameOver,
    NoSuchSeat,
    NothingToUndo,
    NotYourTurn,
    RoundNotOver,
    RoundOver,
)
from triominoes.core.events import (
    ActionTaken,
    Event,
    GameEnded,
    RoundDealt,
    RoundEnded,
    TileDrawn,
)
from triominoes.core.round import Outcome, Round
from triominoes.core.rules import STANDARD, GameEnd, RuleSet
from triominoes.core.view import PlayerView, make_view


@dataclass
class PlayedRound:
    """A round as it happened: its deal, state and checked outcomes."""

    deal: Deal
    state: Round
    outcomes: list[Outcome] = field(default_factory=list)
    start_totals: tuple[int, ...] = ()
    seeded: bool = True
    """Dealt from the game's seed (not given by the caller)."""


def game_winners(
    rules: RuleSet, totals: Sequence[int], round_winners: Sequence[int], triples: Sequence[int]
) -> list[int]:
    """The winning seats once the game is over (rules.md §6)."""
    seats = range(len(totals))
    best = max(totals)
    top = [s for s in seats if totals[s] == best]
    if rules.game_end == GameEnd.LAST_ROUND:
        return _prefer(top, round_winners)
    if rules.game_end == GameEnd.ROUND_WINNER:
        target = rules.target_score or 0
        candidates = [s for s in seats if totals[s] >= target]
        if not candidates:
            return top
        if len(candidates) == 1:
            return candidates
        won = [s for s in candidates if s in round_winners]
        if won:
            return won
        best_candidate = max(totals[s] for s in candidates)
        return [s for s in candidates if totals[s] == best_candidate]
    # single-round: the tie goes to whoever placed the highest triple.
    if len(top) == 1:
        return top
    best_triple = max(triples[s] for s in top)
    if best_triple < 0:
        return top
    return [s for s in top if triples[s] == best_triple]


def _prefer(tied: list[int], round_winners: Sequence[int]) -> list[int]:
    """Of tied players, those who won the last round; else all of them."""
    won = [s for s in tied if s in round_winners]
    return won or tied


class Tally:
    """A game's running score (rules.md §6): the totals, the "this round is
    the last" trigger, the end and the winners. The one place that keeps
    them, for :class:`Game` and for clients on the fast path (the RL
    environment)."""

    __slots__ = ("finished", "last_round", "rules", "totals", "winners")

    def __init__(self, rules: RuleSet, players: int) -> None:
        self.rules = rules
        self.totals = [0] * players
        self.last_round = False
        self.finished = False
        self.winners: list[int] = []

    def add(self, seat: int, points: int, state: Round) -> RoundEnd | None:
        """Count an action just played in ``state`` (its ``points`` to
        ``seat``, and the round's awards if it ended it); return the round's
        end, if it ended."""
        totals = self.totals
        totals[seat] += points
        end = state.end
        if end is not None:
            for other, award in enumerate(end.points):
                totals[other] += award
        target = self.rules.target_score
        if target is not None and not self.last_round and max(totals) >= target:
            self.last_round = True
        if end is not None and (self.rules.game_end == GameEnd.SINGLE_ROUND or self.last_round):
            self.finished = True
            self.winners = game_winners(self.rules, totals, end.winners, state.triples)
        return end

    def copy(self) -> Tally:
        other = Tally.__new__(Tally)
        other.rules = self.rules
        other.totals = self.totals.copy()
        other.last_round = self.last_round
        other.finished = self.finished
        other.winners = self.winners.copy()
        return other


class Game:
    """Rounds until the end condition; every action goes through :meth:`apply`.

    ``seed`` (by default one from the operating system) deals every round
    the caller does not deal itself. With ``auto_deal`` the game deals round
    1 at once and each next round as soon as the last one ends; without it,
    it waits between rounds (a round summary stays on show) until
    :meth:`next_round`, which also deals round 1.
    """

    def __init__(
        self,
        rules: RuleSet = STANDARD,
        players: int = 2,
        seed: int | None = None,
        *,
        auto_deal: bool = True,
    ) -> None:
        rules.hand_size_for(players)  # validates the player count
        self.rules = rules
        self.players = players
        self.seed = seed if seed is not None else secrets.randbits(64)
        self.auto_deal = auto_deal
        self.rounds: list[PlayedRound] = []
        self.tally = Tally(rules, players)
        if auto_deal:
            self.next_round()

    # --- reading ---------------------------------------------------------

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
    def round(self) -> Round:
        if not self.rounds:
            raise RoundOver("no round has been dealt yet")
        return self.rounds[-1].state

    @property
    def needs_deal(self) -> bool:
        """Whether the next step is dealing a round (see :meth:`next_round`)."""
        return not self.finished and (not self.rounds or self.round.over)

    @property
    def to_move(self) -> int | None:
        """The seat to move; None between rounds and once the game is over."""
        if self.finished or not self.rounds or self.round.over:
            return None
        return self.round.seat

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (``None``: a spectator)."""
        self._check_seat(seat)
        played = self.rounds[-1] if self.rounds else None
        if played is None:
            raise RoundOver("no round has been dealt yet")
        return make_view(
            played.state,
            played.outcomes,
            seat,
            round_number=len(self.rounds),
            totals=tuple(self.totals),
            last_round=self.last_round,
            finished=self.finished,
            winners=tuple(self.winners),
        )

    def copy(self) -> Game:
        """An independent game in the same state: a server keeps the game
        before a change until the change is committed. Finished rounds are
        shared (nothing changes them); the round in play is copied."""
        other = Game.__new__(Game)
        other.rules = self.rules
        other.players = self.players
        other.seed = self.seed
        other.auto_deal = self.auto_deal
        other.rounds = self.rounds.copy()
        if other.rounds:
            last = other.rounds[-1]
            other.rounds[-1] = PlayedRound(
                last.deal, last.state.copy(), last.outcomes.copy(), last.start_totals, last.seeded
            )
        other.tally = self.tally.copy()
        return other

    # --- changing --------------------------------------------------------

    def next_round(self, dealt: Deal | None = None) -> list[Event]:
        """Deal the next round (from the game's seed unless a deal is given)."""
        if self.finished:
            raise GameOver("the game is over")
        if self.rounds and not self.round.over:
            raise RoundNotOver("the current round is not over")
        number = len(self.rounds) + 1
        own = deal(self.rules, self.players, random.Random(round_seed(self.seed, number)))
        seeded = dealt is None or dealt == own
        if dealt is None:
            dealt = own
        elif len(dealt.hands) != self.players:
            raise BadDeal(
                "the deal has {hands} hands for {players} players",
                hands=len(dealt.hands),
                players=self.players,
            )
        previous = self.rounds[-1].state.opener if self.rounds else None
        state = Round(self.rules, dealt, previous)
        self.rounds.append(PlayedRound(dealt, state, [], tuple(self.totals), seeded))
        tiles = state.tiles
        return [
            RoundDealt(
                number,
                state.opener,
                tuple(h.bit_count() for h in state.hands),
                len(state.pool),
                tuple(tuple(tiles.tiles_in(h)) for h in state.hands),
            )
        ]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Check and apply ``seat``'s action (an Action or a record token).

        Raises a subclass of IllegalAction (``NotYourTurn``, ``GameOver``,
        ``IllegalPlacement``, ...) or BadToken, and then nothing changed.
        """
        self._check_seat(seat)
        if self.finished:
            raise GameOver("the game is over")
        if not self.rounds or self.round.over:
            raise RoundOver("the round is over; the next one is not dealt yet")
        state = self.round
        if seat != state.seat:
            raise NotYourTurn(
                "it is seat {to_move}'s turn, not seat {seat}'s", to_move=state.seat, seat=seat
            )
        if isinstance(action, str):
            action = parse_action(action)
        played = self.rounds[-1]
        outcome = state.apply(action)
        played.outcomes.append(outcome)
        end = self.tally.add(seat, outcome.points, state)
        number = len(self.rounds)
        events: list[Event] = [ActionTaken(number, seat, action, outcome.points, outcome.score)]
        if outcome.drawn is not None:
            events.append(TileDrawn(number, seat, outcome.drawn))
        if end is None:
            return events
        events.append(
            RoundEnded(
                len(self.rounds),
                end.reason,
                end.winners,
                end.points,
                tuple(tuple(state.tiles.tiles_in(h)) for h in state.hands),
                tuple(self.totals),
                end.winners[0] if end.reason == OUT else None,
            )
        )
        if self.finished:
            events.append(GameEnded(tuple(self.winners), tuple(self.totals)))
        elif self.auto_deal:
            events.extend(self.next_round())
        return events

    def undo(self) -> Action:
        """Take back the last action (by replaying the game without it) and
        return it. A round the last action's end dealt goes with it."""
        history = [(r.deal, list(r.outcomes)) for r in self.rounds]
        while history and not history[-1][1]:
            history.pop()
        if not history:
            raise NothingToUndo("there is no action to take back")
        last = history[-1][1].pop()
        rebuilt = Game(self.rules, self.players, self.seed, auto_deal=False)
        for dealt, outcomes in history:
            rebuilt.next_round(dealt)
            for outcome in outcomes:
                rebuilt.apply(outcome.seat, outcome.action)
        rebuilt.auto_deal = self.auto_deal
        self.rounds = rebuilt.rounds
        self.tally = rebuilt.tally
        return last.action

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players
        ):
            raise NoSuchSeat("there is no seat {seat}", seat=seat)
