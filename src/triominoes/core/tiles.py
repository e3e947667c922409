"""Tiles and tile sets (docs/rules.md §1).

A tile is identified inside the engine by a small integer id, its index in
its tile set, so that a hand, the pool or "every tile that fits here" is one
Python ``int`` used as a bitmask. :class:`Tile` values exist for the edges
(records, views, user interfaces); the hot paths only ever see ids and masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from triominoes.core.errors import NotATile, quote

Numbers = tuple[int, int, int]
"""Three corner numbers read clockwise."""

HIGHEST_NUMBER = 5


def rotations(numbers: Numbers) -> tuple[Numbers, Numbers, Numbers]:
    """The three clockwise readings of a tile, starting at each corner in turn.

    Rotation ``k`` starts at the ``k``-th number: rotation 1 of ``(a, b, c)``
    is ``(b, c, a)``. Placing rotation ``k`` into a cell puts its numbers at
    the cell's corners 0, 1, 2.
    """
    a, b, c = numbers
    return ((a, b, c), (b, c, a), (c, a, b))


def canonical(numbers: Numbers) -> Numbers:
    """The lexicographically smallest rotation: the tile's canonical reading."""
    return min(rotations(numbers))


@cache
def tile_name(numbers: Numbers) -> str:
    # Cached: views name every tile on the board and in the log, for every
    # recipient of every change at a server's tables.
    return "-".join(str(n) for n in numbers)


@dataclass(frozen=True, slots=True)
class Tile:
    """A physical tile: its canonical clockwise numbers and its id in a set."""

    id: int
    numbers: Numbers

    @property
    def name(self) -> str:
        return tile_name(self.numbers)

    @property
    def value(self) -> int:
        return sum(self.numbers)

    @property
    def is_triple(self) -> bool:
        return self.numbers[0] == self.numbers[1] == self.numbers[2]

    def __str__(self) -> str:
        return self.name


class TileSet:
    """A tile set: the tiles, their ids, and the masks derived from them.

    Built once per set name (see :func:`tile_set`); all fields are read-only
    by convention and shared by every game that uses the set.
    """

    def __init__(self, name: str, tiles: list[Numbers]) -> None:
        self.name = name
        self.tiles: tuple[Tile, ...] = tuple(Tile(i, n) for i, n in enumerate(sorted(tiles)))
        self.size = len(self.tiles)
        self.all_mask = (1 << self.size) - 1
        self.values: tuple[int, ...] = tuple(t.value for t in self.tiles)
        self._by_numbers = {t.numbers: t for t in self.tiles}
        # Triples from 5-5-5 down to 0-0-0: the opening order.
        self.triples_high_first: tuple[int, ...] = tuple(
            t.id for t in sorted(self.tiles, key=lambda t: -t.value) if t.is_triple
        )
        self.triple_mask = sum(1 << t for t in self.triples_high_first)

    def __repr__(self) -> str:
        return f"TileSet({self.name!r}, {self.size} tiles)"

    def find(self, numbers: Numbers) -> Tile | None:
        """The tile whose clockwise reading is a rotation of ``numbers``, if any."""
        return self._by_numbers.get(canonical(numbers))

    def parse(self, name: str) -> Tile:
        """Parse ``a-b-c`` (any rotation of a tile of this set)."""
        numbers = parse_numbers(name, separator="-")
        tile = self.find(numbers)
        if tile is None:
            raise NotATile(f"{quote(name)} is not a tile of the {self.name} set (a mirror image?)")
        return tile

    def mask_value(self, mask: int) -> int:
        """The summed value of the tiles in ``mask`` (a hand's worth)."""
        values = self.values
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        return total

    def tiles_in(self, mask: int) -> list[Tile]:
        return [self.tiles[i] for i in ids_in(mask)]


def ids_in(mask: int) -> list[int]:
    """The ids of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def parse_numbers(text: str, separator: str = "") -> Numbers:
    """Parse three corner numbers, ``"4-5-5"`` or ``"455"``."""
    parts = text.split(separator) if separator else list(text)
    if len(parts) != 3 or not all(len(p) == 1 and p in "012345" for p in parts):
        raise NotATile(f"{quote(text)} is not three numbers 0-{HIGHEST_NUMBER}")
    a, b, c = (int(p) for p in parts)
    return (a, b, c)


def _all_clockwise_tiles() -> set[Numbers]:
    numbers = range(HIGHEST_NUMBER + 1)
    return {canonical((a, b, c)) for a, b, c in product(numbers, numbers, numbers)}


def _standard_tiles() -> list[Numbers]:
    # Distinct numbers only in ascending clockwise order: 0-1-2 exists, 0-2-1 does not.
    return [n for n in _all_clockwise_tiles() if len(set(n)) < 3 or n == tuple(sorted(n))]


TILE_SET_NAMES = ("standard56", "extended76")


@cache
def tile_set(name: str) -> TileSet:
    """The named tile set (``standard56`` or ``extended76``), built once."""
    if name == "standard56":
        return TileSet(name, _standard_tiles())
    if name == "extended76":
        return TileSet(name, sorted(_all_clockwise_tiles()))
    raise ValueError(f"unknown tile set {name!r} (known: {', '.join(TILE_SET_NAMES)})")
