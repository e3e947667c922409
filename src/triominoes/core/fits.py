"""Which tiles fit a cell, by the numbers already fixed at its corners.

An empty cell's *pattern* is what the vertex rule demands of its three
corners, each a number 0-5 or free. There are only 7**3 = 343 patterns, so
for each tile set a table built once maps a pattern to the bitmask of tiles
that fit it and, per tile, the rotations that do. A cell next to the layout
has at least one shared edge, i.e. two fixed corners, and then a tile fits
in at most one rotation: one fit is one placement.
"""

from __future__ import annotations

from functools import cache

from triominoes.core.tiles import Numbers, TileSet, rotations, tile_set

FREE = 6
"""Pattern value of a corner no tile touches yet."""
PATTERNS = 7 * 7 * 7
OPEN_PATTERN = FREE * 49 + FREE * 7 + FREE
"""The pattern of a cell with no fixed corner (the first tile's cell)."""


def pattern_of(c0: int, c1: int, c2: int) -> int:
    return c0 * 49 + c1 * 7 + c2


def pattern_corners(pattern: int) -> tuple[int, int, int]:
    return (pattern // 49, pattern // 7 % 7, pattern % 7)


class FitTable:
    """Per tile set: pattern -> fitting tiles, and placement numbers."""

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        # numbers[t * 3 + k]: the corner numbers of tile t placed in rotation k.
        self.numbers: list[Numbers] = []
        for tile in tiles.tiles:
            self.numbers.extend(rotations(tile.numbers))
        self.mask: list[int] = [0] * PATTERNS
        # rotations[p][t]: the rotations of tile t that fit pattern p, each
        # giving different corner numbers (a triple fits once, not thrice).
        self.rotations: list[dict[int, tuple[int, ...]]] = [{} for _ in range(PATTERNS)]
        for p in range(PATTERNS):
            want = pattern_corners(p)
            for tile in tiles.tiles:
                seen: set[Numbers] = set()
                ks = []
                for k, numbers in enumerate(rotations(tile.numbers)):
                    if numbers in seen:
                        continue
                    if all(w in (FREE, n) for w, n in zip(want, numbers, strict=True)):
                        seen.add(numbers)
                        ks.append(k)
                if ks:
                    self.mask[p] |= 1 << tile.id
                    self.rotations[p][tile.id] = tuple(ks)
        # fixed[p][t]: the one rotation of t for a pattern with a shared
        # edge (two or three fixed corners); the hot path's lookup.
        self.fixed: list[dict[int, int]] = [
            {t: ks[0] for t, ks in self.rotations[p].items()} for p in range(PATTERNS)
        ]


@cache
def fit_table(tile_set_name: str) -> FitTable:
    return FitTable(tile_set(tile_set_name))
