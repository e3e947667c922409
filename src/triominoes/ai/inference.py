"""What the public actions tell about the other hands.

A player who draws or passes had no placement at that moment (assuming, as
bots and most people do, that nobody draws while able to place). So when a
seat was last stuck, every tile it then held fitted nowhere on the board of
that moment. Of those tiles, at least as many as it held then, minus what it
has placed since, are still in its hand. Determinizations honour that: they
deal those tiles from the unseen tiles that fitted nowhere at that moment.

This reads only the view's public history (the board's growth, draws,
passes and hand sizes); nothing hidden is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from triominoes.core.actions import Draw, Pass, Place
from triominoes.core.board import Board
from triominoes.core.view import PlayerView


@dataclass(frozen=True, slots=True)
class HandConstraint:
    seat: int
    count: int
    """At least this many of the seat's tiles are ..."""
    misfits: int
    """... from this mask: tiles that fitted nowhere when the seat was last stuck."""


def hand_constraints(view: PlayerView) -> list[HandConstraint]:
    """One constraint per other seat that has been stuck this round."""
    state = view.public_round
    fits = state.t.fits
    corner_fallback = state.rules.corner_fallback
    board = Board(fits)
    live = state.tiles.all_mask
    last_stuck: dict[int, tuple[int, int]] = {}  # seat -> (action index, misfits)
    for index, seen in enumerate(view.actions):
        action = seen.action
        if isinstance(action, Place):
            move = state.encode(action)
            tile = move & 127
            live &= ~(1 << tile)
            board.place(move >> 9, tile, (move >> 7) & 3, live)
        elif isinstance(action, Draw | Pass) and seen.seat != view.seat:
            fitting = board.fitting(state.tiles.all_mask)
            if corner_fallback:
                for pattern in board.corner_cells().values():
                    fitting |= fits.mask[pattern]
            last_stuck[seen.seat] = (index, state.tiles.all_mask & ~fitting)
    out = []
    for seat, (index, misfits) in last_stuck.items():
        later = view.actions[index:]
        draws = sum(1 for a in later if a.seat == seat and isinstance(a.action, Draw))
        placed = sum(1 for a in later[1:] if a.seat == seat and isinstance(a.action, Place))
        # Size when stuck (before the draw, or at the pass): undo what came after.
        held_then = view.hand_sizes[seat] - draws + placed
        # A placement that ends the stuck turn is a tile drawn in it (the old
        # ones fitted nowhere on that board); later ones may be old tiles.
        rest = iter(later[1:])
        same_turn = next((a for a in rest if not isinstance(a.action, Draw)), None)
        drawn_and_placed = (
            same_turn is not None and same_turn.seat == seat and isinstance(same_turn.action, Place)
        )
        kept = held_then - (placed - drawn_and_placed)
        if kept > 0:
            out.append(HandConstraint(seat, min(kept, view.hand_sizes[seat]), misfits))
    return out
