"""The fixed action space: ``K`` cell slots x ``C`` tile readings + draw + pass.

An action id is

* ``slot * C + choice`` for a placement: the tile reading ``choice`` (a
  tile of the set shown in one of its distinct rotations, i.e. the numbers
  at the cell's corners 0, 1, 2) into the cell that holds ``slot`` now;
* ``K * C`` to draw, ``K * C + 1`` to pass.

``C`` is the number of distinct clockwise readings of the set's tiles: a
tile shows three, a triple one, so 50 * 3 + 6 = 156 for ``standard56`` and
70 * 3 + 6 = 216 for ``extended76`` (every reading of six numbers).

``K`` bounds the cells a placement can go into at one decision
(docs/rl.md derives it):

* every placement shares an edge with the layout, so the layout of ``n``
  tiles is edge-connected and has at most ``n + 2`` free edges, each the
  edge of one empty cell next to it: at most ``n + 2`` open cells. When
  someone is to move they hold a tile, so ``n <= N - 1`` (``N`` tiles in
  the set) and ``K = N + 1``: 57 for ``standard56``, 77 for ``extended76``;
* with ``corner_fallback`` a tile may touch the layout at a corner only.
  Each empty cell touching the layout then has a corner on one of its
  ``V`` vertices; a vertex with ``k`` tiles around it has ``6 - k`` empty
  cells around it, so there are at most ``6V - 3n`` such cells; each tile
  after the first adds at most two vertices, ``V <= 2n + 1``, so at most
  ``9n + 6`` cells and ``K = 9N - 3``: 501 for ``standard56``.

Which cell holds which slot is the environment's state (see
:mod:`triominoes.rl.slots`); this module holds the tables that do not
change during a game.
"""

from __future__ import annotations

from functools import cache

from triominoes.core.fits import fit_table
from triominoes.core.moves import DRAW, PASS, Move, pack
from triominoes.core.rules import RuleSet
from triominoes.core.tiles import Numbers, tile_set


def slot_bound(rules: RuleSet) -> int:
    """``K``: how many cells a placement can go into at one decision."""
    size = tile_set(rules.tile_set).size
    return 9 * size - 3 if rules.corner_fallback else size + 1


class Readings:
    """The tile readings of a set: choice index <-> (tile, rotation) <-> numbers."""

    def __init__(self, set_name: str) -> None:
        fits = fit_table(set_name)
        self.tiles: list[int] = []
        self.rotations: list[int] = []
        self.numbers: list[Numbers] = []
        self.of_numbers: dict[Numbers, int] = {}
        # choice_of[tile * 3 + rotation], the engine's placed-tile index; a
        # triple's three rotations read the same and share one choice.
        self.choice_of: list[int] = [0] * (3 * tile_set(set_name).size)
        for tile in tile_set(set_name).tiles:
            for rotation in range(3):
                numbers = fits.numbers[tile.id * 3 + rotation]
                choice = self.of_numbers.get(numbers)
                if choice is None:
                    choice = len(self.numbers)
                    self.of_numbers[numbers] = choice
                    self.tiles.append(tile.id)
                    self.rotations.append(rotation)
                    self.numbers.append(numbers)
                self.choice_of[tile.id * 3 + rotation] = choice

    def __len__(self) -> int:
        return len(self.numbers)


@cache
def readings(set_name: str) -> Readings:
    return Readings(set_name)


class ActionSpace:
    """The sizes of the action space of one rule set and its fixed tables."""

    def __init__(self, rules: RuleSet) -> None:
        self.readings = readings(rules.tile_set)
        self.slots = slot_bound(rules)
        self.choices = len(self.readings)
        self.draw = self.slots * self.choices
        self.pass_ = self.draw + 1
        self.size = self.draw + 2

    def placement(self, slot: int, choice: int) -> int:
        return slot * self.choices + choice

    def split(self, action: int) -> tuple[int, int]:
        """A placement's slot and choice."""
        return divmod(action, self.choices)

    def move(self, action: int, cell: int) -> Move:
        """The engine move of placement ``action`` into ``cell`` (its slot's cell)."""
        choice = action % self.choices
        r = self.readings
        return pack(cell, r.tiles[choice], r.rotations[choice])

    def special(self, move: Move) -> int:
        """The action id of ``DRAW`` or ``PASS``."""
        return self.draw if move == DRAW else self.pass_

    def is_special(self, action: int) -> bool:
        return action >= self.draw

    def special_move(self, action: int) -> Move:
        return DRAW if action == self.draw else PASS
