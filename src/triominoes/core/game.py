"""A game (rules.md §6): rounds dealt afresh until the end condition.

:class:`Game` owns the seeded RNG that deals, the running totals, the
"this is the last round" trigger and the winners. It keeps each round's
deal and checked outcomes: that is the game record's content.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from triominoes.core.actions import Action
from triominoes.core.errors import IllegalAction
from triominoes.core.round import Deal, Outcome, Round
from triominoes.core.rules import STANDARD, RuleSet
from triominoes.core.tiles import tile_set
from triominoes.core.view import PlayerView, make_view


def deal(rules: RuleSet, players: int, rng: random.Random) -> Deal:
    """Shuffle the whole set and deal ``hand_size`` tiles to each seat."""
    tiles = list(range(tile_set(rules.tile_set).size))
    rng.shuffle(tiles)
    size = rules.hand_size_for(players)
    hands = tuple(tuple(tiles[s * size : (s + 1) * size]) for s in range(players))
    return Deal(hands, tuple(tiles[players * size :]))


@dataclass
class PlayedRound:
    """A round as it happened: its deal, state and checked outcomes."""

    deal: Deal
    state: Round
    outcomes: list[Outcome] = field(default_factory=list)
    start_totals: tuple[int, ...] = ()


def game_winners(
    rules: RuleSet, totals: Sequence[int], round_winners: Sequence[int], triples: Sequence[int]
) -> list[int]:
    """The winning seats once the game is over (rules.md §6)."""
    seats = range(len(totals))
    best = max(totals)
    top = [s for s in seats if totals[s] == best]
    if rules.game_end == "last-round":
        return _prefer(top, round_winners)
    if rules.game_end == "round-winner":
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


class Game:
    """Rounds until the end condition; every action goes through :meth:`apply`."""

    def __init__(
        self,
        rules: RuleSet = STANDARD,
        players: int = 2,
        seed: int | None = None,
    ) -> None:
        rules.hand_size_for(players)  # validates the player count
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.rounds: list[PlayedRound] = []
        self.totals = [0] * players
        self.last_round = False
        self.finished = False
        self.winners: list[int] = []

    @property
    def round(self) -> Round:
        if not self.rounds:
            raise IllegalAction("no round has been dealt yet")
        return self.rounds[-1].state

    @property
    def needs_deal(self) -> bool:
        """Whether the next step is dealing a round."""
        return not self.finished and (not self.rounds or self.round.over)

    def start_round(self, dealt: Deal | None = None) -> Round:
        """Deal the next round (from the game's RNG unless a deal is given)."""
        if self.finished:
            raise IllegalAction("the game is over")
        if self.rounds and not self.round.over:
            raise IllegalAction("the current round is not over")
        if dealt is None:
            dealt = deal(self.rules, self.players, self.rng)
        elif len(dealt.hands) != self.players:
            raise IllegalAction(f"the deal has {len(dealt.hands)} hands for {self.players} players")
        previous = self.rounds[-1].state.opener if self.rounds else None
        state = Round(self.rules, dealt, previous)
        self.rounds.append(PlayedRound(dealt, state, [], tuple(self.totals)))
        return state

    def apply(self, action: Action) -> Outcome:
        """Check and apply the seat-to-move's action; raises IllegalAction."""
        if self.finished:
            raise IllegalAction("the game is over")
        played = self.rounds[-1] if self.rounds else None
        if played is None or played.state.over:
            raise IllegalAction("the round is over" if played else "no round has been dealt yet")
        outcome = played.state.apply(action)
        played.outcomes.append(outcome)
        self.totals[outcome.seat] += outcome.points
        self._after_action(played)
        return outcome

    def _after_action(self, played: PlayedRound) -> None:
        state = played.state
        end = state.end
        if end is not None:
            for seat, points in enumerate(end.points):
                self.totals[seat] += points
        target = self.rules.target_score
        if target is not None and max(self.totals) >= target:
            self.last_round = True
        if end is None:
            return
        if self.rules.game_end == "single-round" or self.last_round:
            self.finished = True
            self.winners = game_winners(self.rules, self.totals, end.winners, state.triples)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (``None``: a spectator)."""
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        played = self.rounds[-1] if self.rounds else None
        if played is None:
            raise IllegalAction("no round has been dealt yet")
        return make_view(
            played.state,
            played.outcomes,
            seat,
            round_number=len(self.rounds),
            totals=tuple(self.totals),
            finished=self.finished,
            winners=tuple(self.winners),
        )
