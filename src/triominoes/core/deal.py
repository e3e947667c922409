"""Dealing (rules.md §5): the shuffled set in hands and the pool.

A :class:`Deal` is a plain value of tile ids. Where the randomness comes
from is the caller's choice: a seeded RNG (bots, tournaments, tests: the
same seed deals the same game) or the operating system's
(``random.SystemRandom``: the server). :func:`round_seed` derives each
round's own seed from a game's seed, so that a game restored from its
record deals the same future rounds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.core.errors import BadDeal
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from triominoes.core.tiles import TileSet, tile_set


@dataclass(frozen=True, slots=True)
class Deal:
    """Tile ids dealt to each seat, and the pool in draw order (first drawn first)."""

    hands: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]

    def names(self, tiles: TileSet) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
        """The hands and the pool as tile names (the record's form)."""
        return (
            tuple(tuple(tiles.tiles[t].name for t in hand) for hand in self.hands),
            tuple(tiles.tiles[t].name for t in self.pool),
        )


def deal(rules: RuleSet, players: int, rng: random.Random) -> Deal:
    """Shuffle the whole set and deal ``hand_size`` tiles to each seat."""
    tiles = list(range(tile_set(rules.tile_set).size))
    rng.shuffle(tiles)
    size = rules.hand_size_for(players)
    hands = tuple(tuple(tiles[s * size : (s + 1) * size]) for s in range(players))
    return Deal(hands, tuple(tiles[players * size :]))


def round_seed(game_seed: int, round_number: int) -> int:
    """The seed of round ``round_number`` (from 1) of a game seeded ``game_seed``:
    a hash, so that rounds are independent and any round can be dealt alone."""
    digest = hashlib.sha256(f"triominoes/{game_seed}/round/{round_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def check_deal(rules: RuleSet, deal: Deal) -> None:
    """A deal must be the whole tile set, each tile once, in hands of the right size."""
    players = len(deal.hands)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadDeal(
            "{players} hands: the game is for {low} to {high} players",
            players=players,
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    size = rules.hand_size_for(players)
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise BadDeal(
                "seat {seat} was dealt {count} tiles, not {size}",
                seat=seat,
                count=len(hand),
                size=size,
            )
    check_tiles(rules, [*(tile for hand in deal.hands for tile in hand), *deal.pool])


def check_tiles(rules: RuleSet, tiles: Sequence[int]) -> None:
    """``tiles`` must be the rule set's tile set, each tile once."""
    tile_ids = tile_set(rules.tile_set)
    if sorted(tiles) != list(range(tile_ids.size)):
        raise BadDeal("the deal is not the {tile_set} set, each tile once", tile_set=tile_ids.name)
