"""What a search found of one action at the root: the figures that hints
and the analysis read, whichever search produced them."""

from __future__ import annotations

from dataclasses import dataclass

from triominoes.core.moves import Move


@dataclass(frozen=True, slots=True)
class Line:
    move: Move
    visits: int
    """The sampled deals (or tree iterations) that went through it."""
    value: float
    """The mean reward (0..1) of those lines."""
    points: float
    """The mean points the searcher scores from here to the round's end."""
    margin: float
    """The mean of those points less the best other seat's."""
