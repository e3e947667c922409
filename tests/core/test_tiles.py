from __future__ import annotations

import pytest

from triominoes.core.errors import NotATile
from triominoes.core.tiles import canonical, rotations, tile_set


def test_standard_set_has_56_tiles_of_the_three_kinds() -> None:
    tiles = tile_set("standard56").tiles
    assert len(tiles) == 56
    kinds = [len(set(t.numbers)) for t in tiles]
    assert kinds.count(1) == 6
    assert kinds.count(2) == 30
    assert kinds.count(3) == 20
    # Distinct numbers only clockwise-ascending: 0-1-2 exists, 0-2-1 does not.
    names = {t.name for t in tiles}
    assert "0-1-2" in names
    assert "0-2-1" not in names
    assert all(t.numbers == tuple(sorted(t.numbers)) for t in tiles if len(set(t.numbers)) == 3)


def test_extended_set_adds_the_20_mirror_images() -> None:
    standard = {t.numbers for t in tile_set("standard56").tiles}
    extended = {t.numbers for t in tile_set("extended76").tiles}
    assert len(extended) == 76
    assert standard < extended
    mirrors = extended - standard
    assert len(mirrors) == 20
    assert all(canonical((a, c, b)) in standard for a, b, c in mirrors)


def test_every_tile_name_is_its_smallest_rotation() -> None:
    for tile in tile_set("extended76").tiles:
        assert tile.numbers == min(rotations(tile.numbers))


def test_tile_value_is_the_sum_of_corners() -> None:
    assert tile_set("standard56").parse("2-4-5").value == 11


def test_parse_accepts_rotations_but_not_mirrors() -> None:
    tiles = tile_set("standard56")
    assert tiles.parse("1-2-0").name == "0-1-2"
    assert tiles.parse("2-0-1").name == "0-1-2"
    with pytest.raises(NotATile):
        tiles.parse("0-2-1")
    assert tile_set("extended76").parse("0-2-1").name == "0-2-1"


@pytest.mark.parametrize("bad", ["", "1-2", "1-2-3-4", "1-2-6", "a-b-c", "12-3", "-1-2-3"])
def test_parse_rejects_garbage(bad: str) -> None:
    with pytest.raises(NotATile):
        tile_set("standard56").parse(bad)


def test_triples_rank_high_first() -> None:
    tiles = tile_set("standard56")
    assert [tiles.tiles[t].name for t in tiles.triples_high_first] == [
        "5-5-5",
        "4-4-4",
        "3-3-3",
        "2-2-2",
        "1-1-1",
        "0-0-0",
    ]


def test_unknown_tile_set() -> None:
    with pytest.raises(ValueError):
        tile_set("domino28")
