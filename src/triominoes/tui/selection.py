"""Which tile of the rack is chosen, and which of its placements.

Everything here comes from the view's ``legal`` list (never from rules of
our own): a hand tile's placements are the legal placements whose corners
are a rotation of that tile, grouped by cell; the best first, so that the
first press of *place* plays the tile's best placement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from triominoes.core.actions import Place
from triominoes.core.lattice import Cell
from triominoes.core.tiles import Tile
from triominoes.core.view import LegalAction, PlayerView


def placements_by_tile(view: PlayerView) -> dict[int, list[LegalAction]]:
    """Each hand tile's legal placements (tile id -> best first)."""
    tiles = view.tile_set
    out: dict[int, list[LegalAction]] = {tile.id: [] for tile in view.hand}
    for legal in view.legal:
        action = legal.action
        if isinstance(action, Place):
            tile = tiles.find(action.corners)
            if tile is not None and tile.id in out:
                out[tile.id].append(legal)
    for options in out.values():
        options.sort(key=lambda a: (-a.points, _cell(a)))
    return out


def place_of(legal: LegalAction) -> Place:
    """A placement's action (the selection holds only placements)."""
    assert isinstance(legal.action, Place)
    return legal.action


def _cell(legal: LegalAction) -> Cell:
    return place_of(legal).cell


@dataclass
class Selection:
    """The chosen tile and placement; rebuilt from each new view."""

    hand: tuple[Tile, ...] = ()
    options: dict[int, list[LegalAction]] = field(default_factory=dict)
    tile: int = 0
    """Index into ``hand``."""
    cell: int = 0
    """Index into :meth:`cells`."""
    rotation: int = 0
    """Index into the placements at the chosen cell."""

    @staticmethod
    def of(view: PlayerView, previous: Selection | None = None) -> Selection:
        """A selection for a new view: the same tile if still in hand, else
        the first tile that fits somewhere."""
        options = placements_by_tile(view)
        selection = Selection(view.hand, options)
        ids = [t.id for t in view.hand]
        kept = previous.current_tile if previous is not None else None
        if kept is not None and kept.id in ids and options[kept.id]:
            selection.tile = ids.index(kept.id)
        else:
            fitting = [i for i, t in enumerate(view.hand) if options[t.id]]
            selection.tile = fitting[0] if fitting else 0
        return selection

    @property
    def current_tile(self) -> Tile | None:
        return self.hand[self.tile] if self.hand else None

    def tile_options(self) -> list[LegalAction]:
        tile = self.current_tile
        return self.options.get(tile.id, []) if tile is not None else []

    def cells(self) -> list[Cell]:
        """The chosen tile's cells, best placement first."""
        seen: list[Cell] = []
        for legal in self.tile_options():
            cell = _cell(legal)
            if cell not in seen:
                seen.append(cell)
        return seen

    def at_cell(self, cell: Cell) -> list[LegalAction]:
        return [a for a in self.tile_options() if _cell(a) == cell]

    @property
    def current(self) -> LegalAction | None:
        cells = self.cells()
        if not cells:
            return None
        here = self.at_cell(cells[self.cell % len(cells)])
        return here[self.rotation % len(here)]

    @property
    def fits(self) -> bool:
        return bool(self.tile_options())

    def fitting_tiles(self) -> int:
        return sum(1 for t in self.hand if self.options.get(t.id))

    # --- moving the choice -------------------------------------------------

    def next_tile(self, step: int = 1) -> None:
        if self.hand:
            self.tile = (self.tile + step) % len(self.hand)
            self.cell = self.rotation = 0

    def choose_tile(self, index: int) -> None:
        if 0 <= index < len(self.hand):
            self.tile = index
            self.cell = self.rotation = 0

    def next_cell(self, step: int = 1) -> None:
        cells = self.cells()
        if cells:
            self.cell = (self.cell + step) % len(cells)
            self.rotation = 0

    def next_rotation(self) -> None:
        cells = self.cells()
        if cells:
            self.rotation = (self.rotation + 1) % len(self.at_cell(cells[self.cell % len(cells)]))

    def choose_cell(self, cell: Cell) -> bool:
        """Choose ``cell`` for the tile; False if the tile does not fit there."""
        cells = self.cells()
        if cell not in cells:
            return False
        self.cell = cells.index(cell)
        self.rotation = 0
        return True

    def choose(self, legal: LegalAction) -> bool:
        """Choose a given placement (a hint), whatever tile is chosen now."""
        action = legal.action
        if not isinstance(action, Place):
            return False
        for index, tile in enumerate(self.hand):
            options = self.options.get(tile.id, [])
            if legal in options:
                self.tile = index
                cells = self.cells()
                self.cell = cells.index(action.cell)
                self.rotation = self.at_cell(action.cell).index(legal)
                return True
        return False


class SelectionKeys:
    """The keys that move a selection (the next tile, cell, rotation): the
    same in the game and in the puzzles, which each hold a selection and
    redraw themselves."""

    selection: Selection

    def redraw(self) -> None:
        """Show the selection as it now is (the app's own)."""

    def action_tile(self, step: int) -> None:
        self.selection.next_tile(step)
        self.redraw()

    def action_cell(self, step: int) -> None:
        self.selection.next_cell(step)
        self.redraw()

    def action_rotate(self) -> None:
        self.selection.next_rotation()
        self.redraw()
