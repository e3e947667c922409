"""Which cell holds which slot, and each slot's features, kept incrementally.

A cell takes the lowest free slot when it opens (after the placement that
opens it, in a fixed order of the cells around that tile) and keeps it
until a tile fills it or no tile still in play fits it (the engine then
drops it from its open cells). So a slot keeps its meaning from one
decision to the next, and a placement changes only the slots of the
twelve cells that share a corner with the new tile: their corner numbers,
whether they are open, and the shapes a tile there would make all follow
from that tile alone. Those rows of the slot table are rewritten, nothing
else.

Under ``corner_fallback`` the cells touching the layout only at a corner
get a slot only while the player to move may place there (it has no other
placement), and lose it at the next action.

Features of a slot (one row of floats, ``FEATURES`` wide):

====== ==========================================================
column meaning
====== ==========================================================
0      1: the slot holds a cell
1      1: the cell points up
2, 3   the cell's ``q`` and ``r`` divided by the lattice's limit (250)
4-24   per corner 0, 1, 2: one-hot of the number it must show, 0-5, or free
25-27  one-hot: a tile here completes 1, 2 or 3 hexagons
28     a tile here makes a bridge
29     a tile here closes a gap on two sides
30     the cell touches the layout only at a corner
31     the bonus points a tile here earns under the rules, / 100 (at most 10)
====== ==========================================================

Geometry (columns 25-30) is reported whether or not the rule set pays for
it; column 31 says what it pays.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from triominoes.core.board import BRIDGE, CORNER, TWO_SIDED, Board
from triominoes.core.fits import FREE, PATTERNS, pattern_corners
from triominoes.core.lattice import (
    LIMIT,
    ORIGIN,
    corners,
    from_id,
    ring,
    to_id,
)
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import shape_bonus_table
from triominoes.rl.buffers import float_view

FEATURES = 32
SHAPES = 16
BONUS_SCALE = 100.0
BONUS_CLIP = 10.0

Floats = npt.NDArray[np.float32]


def _around(cell: tuple[int, int]) -> tuple[int, ...]:
    """Offsets of the cells sharing a corner with ``cell``, in a fixed order."""
    cid = to_id(cell)
    seen: list[int] = []
    for vertex in corners(cell):
        for other in ring(vertex):
            oid = to_id(other)
            if oid != cid and oid - cid not in seen:
                seen.append(oid - cid)
    return tuple(seen)


AROUND_UP = _around((0, 0))
AROUND_DOWN = _around((1, 0))
assert len(AROUND_UP) == len(AROUND_DOWN) == 12
ORIGIN_ID = to_id(ORIGIN)


@lru_cache(maxsize=32)
def feature_rows(rules: RuleSet) -> Floats:
    """Row ``(pattern * 16 + shape code) * 2 + up`` of a slot's features
    (all columns but the coordinates), for one rule set's bonuses."""
    bonus = shape_bonus_table(rules)
    rows = np.zeros((PATTERNS * SHAPES * 2, FEATURES), dtype=np.float32)
    for pattern in range(PATTERNS):
        numbers = pattern_corners(pattern)
        for code in range(SHAPES):
            hexagons, kind = divmod(code, 4)
            for up in (0, 1):
                row = rows[(pattern * SHAPES + code) * 2 + up]
                row[0] = 1.0
                row[1] = up
                for corner, number in enumerate(numbers):
                    row[4 + corner * 7 + number] = 1.0
                if hexagons:
                    row[24 + hexagons] = 1.0
                row[28] = kind == BRIDGE and not hexagons
                row[29] = kind == TWO_SIDED and not hexagons
                row[30] = kind == CORNER
                row[31] = min(bonus[code] / BONUS_SCALE, BONUS_CLIP)
    rows.setflags(write=False)
    return rows


class SlotsExhausted(RuntimeError):
    """More cells than slots: only with a ``slots`` smaller than the bound."""


class Slots:
    """The slot table of the round in play: the first ``size * FEATURES``
    entries of ``buffer`` (the observation's public part)."""

    def __init__(self, rules: RuleSet, buffer: Floats, size: int) -> None:
        self.rows = float_view(feature_rows(rules).reshape(-1))
        self.table = buffer[: size * FEATURES]
        self.view = float_view(self.table)
        self.blank = float_view(np.zeros(FEATURES, dtype=np.float32))
        self.size = size
        self.cell_of: list[int] = [-1] * size
        self.slot_of: dict[int, int] = {}
        self.key_of: list[int] = [-1] * size
        self.free: list[int] = []
        self.temporary: list[int] = []

    def reset(self) -> None:
        """A new round: no cells but the first tile's, in slot 0."""
        self.table[:] = 0.0
        self.cell_of = [-1] * self.size
        self.key_of = [-1] * self.size
        self.slot_of = {}
        self.free = list(range(self.size))
        self.temporary = []
        pattern = FREE * 49 + FREE * 7 + FREE
        self._take(ORIGIN_ID, (pattern * SHAPES) * 2 + 1)

    def _take(self, cell: int, key: int) -> int:
        if not self.free:  # pragma: no cover - slot_bound() proves it cannot happen
            raise SlotsExhausted(f"more than {self.size} cells to place into")
        slot = heapq.heappop(self.free)
        self.cell_of[slot] = cell
        self.slot_of[cell] = slot
        self._write(slot, cell, key)
        return slot

    def _write(self, slot: int, cell: int, key: int) -> None:
        self.key_of[slot] = key
        at = slot * FEATURES
        view = self.view
        view[at : at + FEATURES] = self.rows[key * FEATURES : (key + 1) * FEATURES]
        q, r = from_id(cell)
        view[at + 2] = q / LIMIT
        view[at + 3] = r / LIMIT

    def _release(self, slot: int) -> None:
        del self.slot_of[self.cell_of[slot]]
        self.cell_of[slot] = -1
        self.key_of[slot] = -1
        at = slot * FEATURES
        self.view[at : at + FEATURES] = self.blank
        heapq.heappush(self.free, slot)

    def release_temporary(self) -> None:
        for slot in self.temporary:
            self._release(slot)
        self.temporary = []

    def placed(self, board: Board, cell: int) -> None:
        """A tile went into ``cell``: update the cells sharing a corner with it."""
        slot_of = self.slot_of
        slot = slot_of.get(cell)
        if slot is not None:
            self._release(slot)
        open_ = board.open
        shape_at = board.shape_at
        key_of = self.key_of
        for offset in AROUND_DOWN if cell & 1 else AROUND_UP:
            other = cell + offset
            pattern = open_.get(other)
            slot = slot_of.get(other)
            if pattern is None:
                if slot is not None:
                    self._release(slot)
                continue
            # An even id is an up cell (lattice.py).
            key = (pattern * SHAPES + shape_at(other)) * 2 + (0 if other & 1 else 1)
            if slot is None:
                self._take(other, key)
            elif key_of[slot] != key:
                self._write(slot, other, key)

    def corner_cell(self, board: Board, cell: int) -> int:
        """A slot for a cell the player to move may reach only at a corner."""
        slot = self.slot_of.get(cell)
        if slot is not None:
            return slot
        key = (board.pattern(cell) * SHAPES + board.shape_at(cell)) * 2 + (0 if cell & 1 else 1)
        slot = self._take(cell, key)
        self.temporary.append(slot)
        return slot
