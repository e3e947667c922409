"""A layout without a deal: the board and its scoring for clients that do
not know the hands (the score pad of a physical game, puzzles, analysis).

Tiles are laid from no hand; each placement is checked by the same rule as
in a round (:func:`~triominoes.core.legality.placement_error`) and scored
by the same tables: the first tile with its opening bonus, later ones with
their hexagon, bridge or two-sided bonus. What a layout cannot know is
whether the player had another choice (drawing, or a regular placement
before a corner-only one); that is the players' to say.
"""

from __future__ import annotations

from triominoes.core.board import Board
from triominoes.core.errors import IllegalPlacement
from triominoes.core.lattice import Cell, from_id, in_range, to_id
from triominoes.core.legality import placement_error
from triominoes.core.moves import cell_text
from triominoes.core.round import tables_for
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score
from triominoes.core.tiles import Numbers, Tile, rotations


class Layout:
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._t = tables_for(rules)
        self.board = Board(self._t.fits)
        self._live = self._t.tiles.all_mask

    def __len__(self) -> int:
        return len(self.board)

    def _check(self, cell: Cell, corners: Numbers) -> tuple[int, Tile]:
        tiles = self._t.tiles
        tile = tiles.find(corners)
        if tile is None:
            raise IllegalPlacement(
                "{numbers} clockwise is no tile of the {tile_set} set",
                numbers="-".join(map(str, corners)),
                tile_set=tiles.name,
            )
        if not self._live >> tile.id & 1:
            raise IllegalPlacement("tile {tile} is already on the board", tile=tile.name)
        if not in_range(cell):
            raise IllegalPlacement("cell {cell} is not next to the layout", cell=cell_text(cell))
        cid = to_id(cell)
        error = placement_error(self.board, cid, corners, corner_contact=self.rules.corner_fallback)
        if error is not None:
            raise error
        return cid, tile

    def score(self, cell: Cell, corners: Numbers) -> Score:
        """What placing ``corners`` into ``cell`` would score now (checked;
        raises IllegalPlacement). Nothing changes."""
        return self._score(*self._check(cell, corners))

    def _score(self, cid: int, tile: Tile) -> Score:
        t = self._t
        opening = t.opening_bonus[tile.id] if not self.board.tiles else 0
        return Score.of(self.rules, tile.value, self.board.shape_at(cid), opening, t.bonus)

    def place(self, cell: Cell, corners: Numbers) -> Score:
        """Lay the tile and return what it scored (raises IllegalPlacement)."""
        cid, tile = self._check(cell, corners)
        score = self._score(cid, tile)
        self._live &= ~(1 << tile.id)
        self.board.place(cid, tile.id, rotations(tile.numbers).index(corners), self._live)
        return score

    def placed(self) -> list[tuple[Cell, Numbers, Tile]]:
        """The tiles laid so far, in order."""
        tiles = self._t.tiles
        return [(cell, numbers, tiles.tiles[t]) for cell, numbers, t in self.board.placements()]

    def open_cells(self) -> list[Cell]:
        """The empty cells sharing an edge with the layout that some tile not
        yet laid fits."""
        return sorted(from_id(cell) for cell in self.board.open)
