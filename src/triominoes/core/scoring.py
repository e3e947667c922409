"""What a placement scores: tile value, opening bonus and shape bonuses.

Rule sets give the amounts; the board gives shape codes (see board.py). The
code-to-bonus table is built once per rule set so the hot path scores a
placement with one list lookup. Round-end awards are in awards.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from triominoes.core.board import BRIDGE, CORNER, TWO_SIDED
from triominoes.core.rules import RuleSet


def shape_bonus_table(rules: RuleSet) -> list[int]:
    """Bonus points for each of the 16 shape codes (``hexagons * 4 + kind``).

    A hexagon excludes the other shapes (docs/rules.md §4), so any code with
    hexagons scores only the hexagon bonus.
    """
    table = [0] * 16
    table[BRIDGE] = rules.bridge_bonus
    table[TWO_SIDED] = rules.two_side_bonus
    for hexagons in (1, 2, 3):
        for kind in range(4):
            table[hexagons * 4 + kind] = rules.hexagon_bonus[hexagons - 1]
    return table


@dataclass(frozen=True, slots=True)
class Score:
    """What one placement earns, broken down for people and UIs."""

    tile_value: int
    opening_bonus: int = 0
    hexagons: int = 0
    bridge: bool = False
    two_sided: bool = False
    corner: bool = False
    shape_bonus: int = 0

    @property
    def points(self) -> int:
        return self.tile_value + self.opening_bonus + self.shape_bonus

    @property
    def shape(self) -> str | None:
        """The name of the bonus shape, for display ("hexagon", "bridge", ...)."""
        if self.hexagons:
            return {1: "hexagon", 2: "double hexagon", 3: "triple hexagon"}[self.hexagons]
        if self.bridge:
            return "bridge"
        if self.two_sided:
            return "two-sided"
        return None

    @staticmethod
    def of(
        rules: RuleSet,
        tile_value: int,
        code: int,
        opening_bonus: int = 0,
        table: Sequence[int] | None = None,
    ) -> Score:
        """The breakdown for a shape code; ``table`` is the rule set's
        :func:`shape_bonus_table`, if the caller has it at hand."""
        hexagons, kind = divmod(code, 4)
        bonus = (table or shape_bonus_table(rules))[code]
        # A shape is reported where the rule set pays for it: under pressman,
        # german and spanish, closing a gap on two sides is plain play (as the
        # spec's golden records show).
        return Score(
            tile_value=tile_value,
            opening_bonus=opening_bonus,
            hexagons=hexagons if bonus else 0,
            bridge=bool(bonus) and not hexagons and kind == BRIDGE,
            two_sided=bool(bonus) and not hexagons and kind == TWO_SIDED,
            corner=kind == CORNER,
            shape_bonus=bonus,
        )

    def describe(self) -> str:
        """E.g. ``60: tile 10 + hexagon 50``."""
        parts = [f"tile {self.tile_value}"]
        if self.opening_bonus:
            parts.append(f"opening {self.opening_bonus}")
        if self.shape and self.shape_bonus:
            parts.append(f"{self.shape} {self.shape_bonus}")
        return f"{self.points}: " + " + ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The ``bonus`` object of ``replay --json`` (docs/records.md) and views:
        ``shape`` names the edge shape as the spec does (``bridge``,
        ``two-sided`` or null; hexagons are counted in ``hexagons``)."""
        return {
            "hexagons": self.hexagons,
            "bridge": self.bridge,
            "two_sided": self.two_sided,
            "shape": "bridge" if self.bridge else "two-sided" if self.two_sided else None,
            "corner": self.corner,
            "tile": self.tile_value,
            "opening": self.opening_bonus,
            "shape_bonus": self.shape_bonus,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Score:
        return Score(
            tile_value=data["tile"],
            opening_bonus=data["opening"],
            hexagons=data["hexagons"],
            bridge=data["bridge"],
            two_sided=data["two_sided"],
            corner=data["corner"],
            shape_bonus=data["shape_bonus"],
        )
