"""The player interface every bot implements.

A player sees only a :class:`~triominoes.core.view.PlayerView` (its own
hand, the board, sizes of the hidden parts) and returns one of the view's
legal actions. Bots work on moves as ints through ``view.public_round``,
the round with every hidden tile removed, and decode their choice at the
end. Each bot owns a seeded RNG, so a seed reproduces its play.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from triominoes.core.actions import Action
from triominoes.core.round import DRAW, PASS, Round
from triominoes.core.view import PlayerView


class Player(ABC):
    """A seat's decision maker."""

    name: str = "player"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """Pick one of ``view.legal_actions``; the view is all it may know."""
        state = view.public_round
        return state.decode(self.choose_move(state, view))

    @abstractmethod
    def choose_move(self, state: Round, view: PlayerView) -> int:
        """Pick a legal move of ``state`` (the view's public round)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def draw_or_pass(state: Round) -> int:
    """The non-placing move the rules allow now."""
    return DRAW if state.can_draw() else PASS
