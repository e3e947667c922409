"""The player interface every bot implements.

A player sees only a :class:`~triominoes.core.view.PlayerView` (its own
hand, the board, sizes of the hidden parts) and returns one of the view's
legal actions. Bots work on moves as ints on the round rebuilt from the
view with every hidden tile removed (:class:`~triominoes.core.knowledge.Knowledge`),
and decode their choice at the end. Each bot owns a seeded RNG, so a seed
reproduces its play.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from triominoes.core.actions import Action
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, PASS, Move
from triominoes.core.round import Round
from triominoes.core.turn import TurnView
from triominoes.core.view import PlayerView


class Player(ABC):
    """A seat's decision maker."""

    name: str = "player"
    reads_log: bool = True
    """Whether the bot reads more of its knowledge than the public round, its
    own hand and the hand sizes (the view, the log, what public play
    reveals). A bot that does not may be handed the cheap
    :class:`~triominoes.core.turn.TurnView` (:meth:`choose_turn`) by the
    tournament's fast path."""

    _known: Knowledge | None = None
    """The knowledge of the last view: the next view of the same round
    extends its board rather than replaying it."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """Pick one of ``view.legal_actions``; the view is all it may know."""
        knowledge = Knowledge(view, self._known)
        self._known = knowledge
        state = knowledge.public_round()
        return state.decode(self.choose_move(state, knowledge))

    def choose_turn(self, turn: TurnView) -> Move:
        """Pick a legal move from the cheap view (see turn.py), for the
        tournament's fast path: the same choice :meth:`choose` makes from
        the full view of that moment. Only for bots without ``reads_log``."""
        if self.reads_log:
            raise TypeError(f"{self.name} reads the log: hand it full views (choose)")
        knowledge = Knowledge.of_turn(turn)
        return self.choose_move(knowledge.public_round(), knowledge)

    def within(self, seconds: float) -> None:
        """Search for at most ``seconds`` per decision from now on (a server
        whose move is late caps what is left): only a bot whose search is
        long enough to matter has a bound to lower."""
        return None

    @abstractmethod
    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        """Pick a legal move of ``state``, the round as the view shows it
        (a copy: the player may change it)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def draw_or_pass(state: Round) -> Move:
    """The non-placing move the rules allow now."""
    return DRAW if state.can_draw() else PASS
