"""An independent, deliberately plain reading of docs/rules.md §2-4.

It works on coordinates with the spec's own formulas and dicts of numbers,
shares no code with the engine's board, and is slow on purpose. Property
tests compare the engine against it.
"""

from __future__ import annotations

from triominoes.core.tiles import Numbers

Cell = tuple[int, int]
Vertex = tuple[int, int]


def corners(cell: Cell) -> list[Vertex]:
    q, r = cell
    if (q + r) % 2 == 0:
        return [(q + 1, r), (q + 2, r + 1), (q, r + 1)]
    return [(q, r), (q + 2, r), (q + 1, r + 1)]


def neighbours(cell: Cell) -> list[Cell]:
    q, r = cell
    if (q + r) % 2 == 0:
        return [(q + 1, r), (q, r + 1), (q - 1, r)]
    return [(q, r - 1), (q + 1, r), (q - 1, r)]


def ring(v: Vertex) -> list[Cell]:
    x, y = v
    return [(x - 2, y - 1), (x - 1, y - 1), (x, y - 1), (x, y), (x - 1, y), (x - 2, y)]


class RefBoard:
    def __init__(self) -> None:
        self.cells: dict[Cell, Numbers] = {}

    def number_at(self, v: Vertex) -> int | None:
        for cell in ring(v):
            if cell in self.cells:
                return self.cells[cell][corners(cell).index(v)]
        return None

    def edge_contacts(self, cell: Cell) -> int:
        return sum(n in self.cells for n in neighbours(cell))

    def corner_contact(self, cell: Cell) -> bool:
        return any(c in self.cells for v in corners(cell) for c in ring(v) if c != cell)

    def fits(self, cell: Cell, numbers: Numbers) -> bool:
        if cell in self.cells:
            return False
        for v, n in zip(corners(cell), numbers, strict=True):
            have = self.number_at(v)
            if have is not None and have != n:
                return False
        return True

    def legal(self, cell: Cell, numbers: Numbers, corner_ok: bool) -> bool:
        if not self.cells:
            return cell == (0, 0)
        if not self.fits(cell, numbers):
            return False
        if self.edge_contacts(cell):
            return True
        return corner_ok and self.corner_contact(cell)

    def candidate_cells(self, corner_ok: bool) -> set[Cell]:
        if not self.cells:
            return {(0, 0)}
        out: set[Cell] = set()
        for cell in self.cells:
            out.update(n for n in neighbours(cell) if n not in self.cells)
            if corner_ok:
                for v in corners(cell):
                    out.update(c for c in ring(v) if c not in self.cells)
        return out

    def shapes(self, cell: Cell) -> tuple[int, bool, bool]:
        """(hexagons, bridge, two-sided) for a tile about to go into cell."""
        after = set(self.cells) | {cell}
        hexagons = sum(all(c in after for c in ring(v)) for v in corners(cell))
        near = neighbours(cell)
        bridge = False
        for i, v in enumerate(corners(cell)):
            across = near[(i + 1) % 3]
            beside = [near[i], near[(i + 2) % 3]]
            others = [c for c in ring(v) if c != cell and c not in beside]
            if (
                across in self.cells
                and not any(b in self.cells for b in beside)
                and any(o in self.cells for o in others)
            ):
                bridge = True
        two_sided = self.edge_contacts(cell) >= 2 and hexagons == 0
        return hexagons, bridge, two_sided

    def place(self, cell: Cell, numbers: Numbers) -> None:
        self.cells[cell] = numbers


def opening_choice(
    hands: list[list[Numbers]], values: dict[Numbers, int]
) -> tuple[int, set[Numbers]]:
    """docs/rules.md §5 'highest-triple': the opening seat and the tiles it may open with."""
    for n in range(5, -1, -1):
        for seat, hand in enumerate(hands):
            if (n, n, n) in hand:
                return seat, {(n, n, n)}
    best_seat = 0
    best: list[int] = []
    for seat, hand in enumerate(hands):
        ranking = sorted((values[t] for t in hand), reverse=True)
        if ranking > best:  # strictly better: ties stay with the lower seat
            best, best_seat = ranking, seat
    top = best[0]
    return best_seat, {t for t in hands[best_seat] if values[t] == top}
