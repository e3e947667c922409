"""A solver's puzzle rating: Elo against the puzzle's difficulty.

A puzzle's difficulty (:func:`~triominoes.puzzles.mining.difficulty`) is on
the rating scale and does not move: the puzzle plays the part of an
opponent rated at its difficulty. Solving it is a win, failing a loss;
the expected score is Elo's logistic curve with 400 points a factor of
ten. The first :data:`SETTLING` rated tries move the rating by up to
:data:`K_NEW` points, later ones by up to :data:`K`, so that a new solver
finds their level quickly and then stays steady. Only a solver's first try
at a puzzle counts (knowing the answer the second time proves nothing).
"""

from __future__ import annotations

START = 1500.0
K_NEW = 40.0
K = 20.0
SETTLING = 20
LOWEST = 400.0


def expected(rating: float, difficulty: float) -> float:
    """The chance, by Elo, that a solver of ``rating`` solves the puzzle."""
    return 1.0 / (1.0 + float(10.0 ** ((difficulty - rating) / 400.0)))


def updated(rating: float, difficulty: float, solved: bool, tried: int) -> float:
    """The rating after a first try (``tried``: rated tries before it)."""
    k = K_NEW if tried < SETTLING else K
    return max(LOWEST, rating + k * ((1.0 if solved else 0.0) - expected(rating, difficulty)))


def shown(rating: float) -> int:
    return round(rating)
