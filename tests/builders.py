"""Small builders for test positions: deals from tile names, positions
from vertex numbers, records from action lists."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from triominoes.core.board import Board
from triominoes.core.deal import Deal
from triominoes.core.fits import fit_table
from triominoes.core.game import Game
from triominoes.core.lattice import Cell, Vertex, corners, to_id
from triominoes.core.round import Round
from triominoes.core.rules import RuleSet, preset
from triominoes.core.tiles import Numbers, rotations, tile_set

SMALL_HANDS = {"2": 3, "3": 3, "4": 3, "5": 3, "6": 3}


def rules(name: str = "standard", **overrides: Any) -> RuleSet:
    return preset(name).with_overrides(**overrides) if overrides else preset(name)


def ids(ruleset: RuleSet, names: Sequence[str]) -> list[int]:
    tiles = tile_set(ruleset.tile_set)
    return [tiles.parse(n).id for n in names]


def make_deal(
    ruleset: RuleSet,
    hands: Sequence[Sequence[str]],
    pool: Sequence[str] = (),
    *,
    fill: bool = False,
) -> Deal:
    """Hands as given; the pool starts with ``pool`` and then holds every
    other tile in set order. With ``fill``, short hands are topped up to the
    rule set's hand size with the lowest tiles that are not triples."""
    tiles = tile_set(ruleset.tile_set)
    hand_ids = [ids(ruleset, h) for h in hands]
    top = ids(ruleset, pool)
    used = {t for h in hand_ids for t in h} | set(top)
    if fill:
        size = ruleset.hand_size_for(len(hands))
        spare = [t.id for t in tiles.tiles if t.id not in used and not t.is_triple]
        for hand in hand_ids:
            while len(hand) < size:
                hand.append(spare.pop(0))
                used.add(hand[-1])
    rest = [t.id for t in tiles.tiles if t.id not in used]
    return Deal(tuple(tuple(h) for h in hand_ids), tuple(top + rest))


def make_round(ruleset: RuleSet, hands: Sequence[Sequence[str]], pool: Sequence[str] = ()) -> Round:
    return Round(ruleset, make_deal(ruleset, hands, pool))


def position(
    ruleset: RuleSet,
    placements: Sequence[tuple[Cell, Numbers]],
    hands: Sequence[Sequence[str]],
    pool: Sequence[str] = (),
    seat: int = 0,
    *,
    rest_to_pool: bool = True,
) -> Round:
    """A mid-round position; tiles not on the board or in hands go to the
    end of the pool (or nowhere-else is an error when ``rest_to_pool`` is off)."""
    tiles = tile_set(ruleset.tile_set)
    on_board = {tiles.find(n).id for _, n in placements}  # type: ignore[union-attr]
    hand_ids = [ids(ruleset, h) for h in hands]
    top = ids(ruleset, pool)
    used = on_board | {t for h in hand_ids for t in h} | set(top)
    rest = [t.id for t in tiles.tiles if t.id not in used] if rest_to_pool else []
    return Round.setup(ruleset, placements, hand_ids, top + rest, seat)


def record(
    ruleset: RuleSet | str | dict[str, Any],
    rounds: Sequence[tuple[Sequence[Sequence[str]], Sequence[str], Sequence[str]]],
    players: Sequence[str] | None = None,
    *,
    fill: bool = True,
) -> dict[str, Any]:
    """A record: each round is (hands, pool top, actions); hands are topped
    up (see :func:`make_deal`) and the pool completed in set order."""
    rs = ruleset if isinstance(ruleset, RuleSet) else RuleSet.from_json(ruleset)
    tiles = tile_set(rs.tile_set)
    out_rounds = []
    for hands, pool, actions in rounds:
        d = make_deal(rs, hands, pool, fill=fill)
        out_rounds.append(
            {
                "hands": [[tiles.tiles[t].name for t in h] for h in d.hands],
                "pool": [tiles.tiles[t].name for t in d.pool],
                "actions": list(actions),
            }
        )
    count = len(rounds[0][0]) if rounds else 2
    return {
        "format": "triominoes-record",
        "version": 1,
        "rules": ruleset if not isinstance(ruleset, RuleSet) else ruleset.to_record(),
        "players": list(players or [f"P{i}" for i in range(count)]),
        "rounds": out_rounds,
    }


# --- free-form boards: any numbers at any vertices ----------------------

EXTENDED = fit_table("extended76")


def numbers_at(cell: Cell, number: Callable[[Vertex], int]) -> Numbers:
    a, b, c = (number(v) for v in corners(cell))
    return (a, b, c)


def lay(board: Board, cell: Cell, numbers: Numbers) -> int:
    """Place onto a board of the extended set (every clockwise reading is a
    tile there), ignoring hands; returns the shape code."""
    tiles = EXTENDED.tiles
    tile = tiles.find(numbers)
    assert tile is not None
    return board.place(to_id(cell), tile.id, rotations(tile.numbers).index(numbers), tiles.all_mask)


def board_of(cells: Sequence[Cell], number: Callable[[Vertex], int]) -> Board:
    board = Board(EXTENDED)
    for cell in cells:
        lay(board, cell, numbers_at(cell, number))
    return board


def free_form(cells: Sequence[Cell], number: Callable[[Vertex], int]) -> list[tuple[Cell, Numbers]]:
    """Placements whose corner numbers come from a function of the vertex
    (so they agree by construction); checks that no tile repeats."""
    placements = [(cell, numbers_at(cell, number)) for cell in cells]
    tiles = EXTENDED.tiles
    names = [tiles.find(n) for _, n in placements]
    assert len(set(names)) == len(names), "pick another number function: a tile repeats"
    return placements


def number_of(vertex: Vertex, placements: Sequence[tuple[Cell, Numbers]]) -> int:
    for cell, numbers in placements:
        if vertex in corners(cell):
            return numbers[corners(cell).index(vertex)]
    raise KeyError(vertex)


def swap_hidden(game: Game, viewer: int) -> Game:
    """The same game with one tile swapped between another hand and the pool
    (what ``viewer`` cannot see)."""
    other = copy.deepcopy(game)
    state = other.round
    victim = (viewer + 1) % state.players
    hand_tiles = [t for t in range(state.tiles.size) if state.hands[victim] >> t & 1]
    assert state.pool and hand_tiles
    a, b = hand_tiles[0], state.pool[0]
    state.hands[victim] ^= (1 << a) | (1 << b)
    state.pool[0] = a
    return other
