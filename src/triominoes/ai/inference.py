"""What the public actions tell about the other hands.

Two kinds of facts, each a :class:`HandConstraint` ("at least ``count`` of
this seat's tiles are in ``mask``") that determinizations honour:

* **The opening** (round 1, and every round without the spanish rotation).
  The opener played the highest triple dealt, so nobody was dealt a higher
  one; or, with no triple dealt, the highest tile, so no hand held a triple
  or a heavier tile. The tiles a seat was dealt and has not placed are
  still in its hand: at least its deal minus its placements.
* **Being stuck.** Where the rules forbid drawing with a placement in hand
  (``voluntary_draw = false``), a seat that drew or passed could not place:
  every tile it then held fitted nowhere on that board, and those it still
  holds are at least its hand size now minus what it drew since (a tile
  placed right after drawing was the drawn one). Under voluntary drawing
  this is only an assumption about the other players (``infer=2`` in
  :class:`~triominoes.ai.ismcts.ISMCTSPlayer` makes it).

Everything here reads the view's public history (the board's growth, draws,
passes, hand sizes); nothing hidden is used.
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
    mask: int
    """... from this mask."""


def hand_constraints(view: PlayerView, assume_stuck: bool = False) -> list[HandConstraint]:
    """The constraints on the other hands that the view's history supports.

    Stuck facts are used when the rules make them certain, or when
    ``assume_stuck`` says to take every draw and pass as forced.
    """
    rules = view.rules
    out = []
    if assume_stuck or not rules.voluntary_draw:
        out.extend(stuck_constraints(view))
    out.extend(opening_constraints(view))
    return out


def opening_constraints(view: PlayerView) -> list[HandConstraint]:
    """What the first tile of the round says about every hand's deal."""
    rules = view.rules
    if not view.actions or (rules.opening != "highest-triple" and view.round_number > 1):
        return []
    first = view.actions[0]
    if not isinstance(first.action, Place) or first.seat != view.opener:
        return []
    state = view.public_round
    tiles = state.tiles
    opened = tiles.find(first.action.corners)
    if opened is None:  # pragma: no cover - the engine only records real tiles
        return []
    if opened.is_triple:
        forbidden = [t for t in tiles.tiles if t.is_triple and t.value > opened.value]
    else:
        forbidden = [t for t in tiles.tiles if t.is_triple or t.value > opened.value]
    allowed = tiles.all_mask & ~sum(1 << t.id for t in forbidden)
    dealt = rules.hand_size_for(state.players)
    out = []
    for seat in range(state.players):
        if seat == view.seat:
            continue
        placed = sum(1 for a in view.actions if a.seat == seat and isinstance(a.action, Place))
        kept = min(dealt - placed, view.hand_sizes[seat])
        if kept > 0 and forbidden:
            out.append(HandConstraint(seat, kept, allowed))
    return out


def stuck_constraints(view: PlayerView) -> list[HandConstraint]:
    """One constraint per other seat that drew or passed this round."""
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
        # A placement that ends the stuck turn is a tile drawn in it (the old
        # ones fitted nowhere on that board); the rest of what it drew since
        # may be anything. Everything else it holds now, it held when stuck.
        rest = iter(later[1:])
        turn_end = next((a for a in rest if not isinstance(a.action, Draw)), None)
        drawn_and_placed = (
            turn_end is not None and turn_end.seat == seat and isinstance(turn_end.action, Place)
        )
        kept = view.hand_sizes[seat] - draws + drawn_and_placed
        if kept > 0:
            out.append(HandConstraint(seat, kept, misfits))
    return out
