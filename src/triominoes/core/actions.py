"""Actions as the record writes them: ``545@1,0``, ``draw``, ``pass``.

A token is parsed once at the edge into a small typed value. Inside a round
an action is an ``int`` (see :mod:`moves`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from triominoes.core.errors import BadToken, quote
from triominoes.core.lattice import Cell
from triominoes.core.tiles import Numbers


@dataclass(frozen=True, slots=True)
class Place:
    """Put a tile into ``cell`` showing ``corners`` at the cell's corners 0, 1, 2."""

    cell: Cell
    corners: Numbers

    def __str__(self) -> str:
        n0, n1, n2 = self.corners
        q, r = self.cell
        return f"{n0}{n1}{n2}@{q},{r}"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Place | Draw | Pass

__all__ = ["Action", "BadToken", "Draw", "Pass", "Place", "parse_action"]

# ASCII digits, no leading zeros, no "-0": a token reads back exactly as written.
_COORDINATE = r"(0|-?[1-9][0-9]{0,5})"
_PLACE = re.compile(rf"([0-5])([0-5])([0-5])@{_COORDINATE},{_COORDINATE}")


def parse_action(token: object) -> Action:
    if token == "draw":
        return Draw()
    if token == "pass":
        return Pass()
    match = _PLACE.fullmatch(token) if isinstance(token, str) else None
    if match is None:
        raise BadToken("{token} is not an action (N0N1N2@Q,R, draw or pass)", token=quote(token))
    n0, n1, n2, q, r = (int(g) for g in match.groups())
    return Place((q, r), (n0, n1, n2))
