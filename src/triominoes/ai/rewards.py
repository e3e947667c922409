"""What a finished line of play is worth to each seat, for the search.

People play games, not rounds: a round's points matter by what they do to
the chance of winning the game. :class:`Rewards` blends two measures:

* **the round** — 1 for its win (shared wins split), weighed against the
  score margin over the best other seat, squashed with tanh over 100 points;
* **the game** — with the totals the round leaves: where they end the game,
  1 for its winners; else the chance that the margin over the best other
  seat holds until someone reaches the target, taken as normal, with a
  spread that grows with the rounds still to be played (a round moves a
  two-player margin by 120 points, one standard deviation, and brings the
  round's leader some 170 points nearer the target: 40 games of
  ``heuristic`` against itself, standard rules, seeds 0-39).

Nothing here reads a hidden tile: the game's totals and the target are in
the view.
"""

from __future__ import annotations

import math

from triominoes.core.game import game_winners
from triominoes.core.knowledge import Knowledge
from triominoes.core.round import Round
from triominoes.core.rules import GameEnd

ROUND_SPREAD = 120.0
"""Points by which one round moves a margin (one standard deviation)."""
ROUND_LENGTH = 170.0
"""Points the round's leader scores in a round."""


class Rewards:
    def __init__(self, knowledge: Knowledge, margin: float, game: float) -> None:
        view = knowledge.view
        self.margin = margin
        self.game = game
        self.rules = view.rules
        # The running totals include this round's points so far; the
        # search's round counts those again, so start from before them.
        self.before = [t - p for t, p in zip(view.totals, view.round_points, strict=True)]
        self.last_round = view.last_round
        self.target = view.rules.target_score

    def __call__(self, state: Round) -> list[float]:
        end = state.end
        assert end is not None
        round_points = [p + e for p, e in zip(state.points, end.points, strict=True)]
        out = self.round_rewards(round_points, end.winners)
        if self.game:
            totals = [b + p for b, p in zip(self.before, round_points, strict=True)]
            game = self.game_rewards(totals, end.winners, state.triples)
            out = [(1 - self.game) * r + self.game * g for r, g in zip(out, game, strict=True)]
        return out

    def round_rewards(self, points: list[int], winners: tuple[int, ...]) -> list[float]:
        out = []
        for seat, total in enumerate(points):
            won = 1.0 / len(winners) if seat in winners else 0.0
            best_other = max(t for s, t in enumerate(points) if s != seat)
            margin = math.tanh((total - best_other) / 100.0)
            out.append((1 - self.margin) * won + self.margin * (margin + 1) / 2)
        return out

    def game_rewards(
        self, totals: list[int], winners: tuple[int, ...], triples: list[int]
    ) -> list[float]:
        rules = self.rules
        target = self.target
        over = (
            rules.game_end == GameEnd.SINGLE_ROUND
            or self.last_round
            or (target is not None and max(totals) >= target)
        )
        if over:
            won = game_winners(rules, totals, winners, triples)
            return [1.0 / len(won) if seat in won else 0.0 for seat in range(len(totals))]
        assert target is not None
        to_go = max(1.0, (target - max(totals)) / ROUND_LENGTH)
        spread = ROUND_SPREAD * math.sqrt(to_go)
        out = []
        for seat, total in enumerate(totals):
            best_other = max(t for s, t in enumerate(totals) if s != seat)
            out.append(0.5 * (1 + math.erf((total - best_other) / (spread * math.sqrt(2)))))
        return out
