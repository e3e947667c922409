"""What one seat knows of the round in play, read from its view alone.

Search needs a round to play moves on, but may only know what its view
says. :class:`Knowledge` rebuilds the round from a view with every tile the
viewer cannot see taken out (other hands empty, a pool of placeholders of
the right size), tells which tiles are unseen, what the public play
reveals about the other hands (:class:`HandConstraint`), and samples whole
rounds (*worlds*) consistent with all of that, for the search to play in.
Nothing here reads a hidden tile: its one input is the view.

What public play reveals, each fact "at least ``count`` of this seat's
tiles are in ``mask``":

* **The opening** (round 1, and every round without the rotating opening):
  the opener played the highest triple dealt, so nobody was dealt a higher
  one; or, with no triple dealt, the highest tile, so no hand held a triple
  or a heavier tile. The tiles a seat was dealt and has not placed are still
  in its hand: at least its deal minus its placements.
* **Being stuck.** Where the rules forbid drawing with a placement in hand
  (``voluntary_draw = false``), a seat that drew or passed could not place:
  every tile it then held fitted nowhere on that board, and those it still
  holds are at least its hand size now minus what it drew since (a tile
  placed right after drawing was the drawn one). Under voluntary drawing
  this is only an assumption about the other players (``assume_stuck``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.core.actions import Draw, Pass, Place
from triominoes.core.board import Board
from triominoes.core.errors import IllegalPlacement
from triominoes.core.fits import fit_table
from triominoes.core.lattice import in_range, to_id
from triominoes.core.moves import cell_text, encode, unpack
from triominoes.core.phases import NAMES as PHASE_NAMES
from triominoes.core.phases import OPENING, PLAYING
from triominoes.core.round import Round
from triominoes.core.rules import Opening
from triominoes.core.tiles import ids_in, rotations
from triominoes.core.turn import UNSEEN, TurnView
from triominoes.core.view import PlayerView

__all__ = ["UNSEEN", "HandConstraint", "Knowledge"]


@dataclass(frozen=True, slots=True)
class HandConstraint:
    seat: int
    count: int
    """At least this many of the seat's tiles are ..."""
    mask: int
    """... from this mask."""


class Knowledge:
    """A seat's knowledge of the round, from its view (see the module docstring).

    ``previous``, the same seat's knowledge at an earlier decision, saves
    replaying the board: when its board is the start of this view's (the
    same round, later), only the tiles placed since are laid, on a copy of
    its board. Anything else (another round, another game, an undo) is
    rebuilt from scratch: the result is the same either way.
    """

    def __init__(self, view: PlayerView, previous: Knowledge | None = None) -> None:
        self._view: PlayerView | None = view
        self.tiles = view.tile_set
        seat = view.seat
        self.seat = seat
        self.hand_sizes = view.hand_sizes
        hands: list[list[int]] = [[] for _ in range(view.players)]
        own = 0
        if seat is not None:
            hands[seat] = [t.id for t in view.hand]
            own = sum(1 << t for t in hands[seat])
        self.own = own
        opening_mask = 0
        if PHASE_NAMES.index(view.phase) == OPENING and seat == view.to_move:
            # The opener may open with the tiles its legal actions place.
            for legal in view.legal:
                if isinstance(legal.action, Place):
                    opens = self.tiles.find(legal.action.corners)
                    opening_mask |= 1 << opens.id if opens is not None else 0
        triples = [-1] * view.players
        for entry in view.log:
            if isinstance(entry.action, Place):
                tile = self.tiles.find(entry.action.corners)
                if tile is not None and tile.is_triple:
                    triples[entry.seat] = max(triples[entry.seat], tile.value)
        state = Round.position(
            view.rules,
            (),
            hands,
            [UNSEEN] * view.pool,
            seat=view.to_move if view.to_move is not None else view.opener,
            opener=view.opener,
            opening_mask=opening_mask,
            draws=view.draws,
            passes=view.passes,
            points=view.round_points,
            out_seat=view.out if view.out is not None else -1,
            final_turns=view.last_turns,
            triples=triples,
            end=view.round_end.end if view.round_end is not None else None,
        )
        _lay_board(state, view, previous)
        self._public = state
        self.unseen = state.live & ~own
        """The tiles the viewer cannot see: the other hands and the pool."""

    @classmethod
    def of_turn(cls, turn: TurnView) -> Knowledge:
        """The knowledge a cheap view gives (see turn.py): the public round
        and what follows from it, without the log. Its :attr:`view` and
        :meth:`constraints` are not there: a bot that reads them is handed
        full views."""
        self = cls.__new__(cls)
        public = turn.public
        self._view = None
        self.tiles = public.t.tiles
        self.seat = turn.seat
        self.hand_sizes = turn.hand_sizes
        self.own = public.hands[turn.seat]
        self._public = public
        self.unseen = public.live & ~self.own
        return self

    @property
    def deal_known(self) -> bool:
        """Whether every unseen tile's place is known: the pool is empty and
        one other seat at most holds tiles (a two-player round's last
        turns). Then every sampled deal is the same deal."""
        holders = sum(1 for seat, size in enumerate(self.hand_sizes) if seat != self.seat and size)
        return not self._public.pool and holders <= 1

    @property
    def view(self) -> PlayerView:
        """The view this knowledge was built from."""
        if self._view is None:
            raise LookupError(
                "this knowledge comes from a turn view (the tournament's fast path), "
                "which holds no log: a bot that reads it must have reads_log set"
            )
        return self._view

    def public_round(self) -> Round:
        """A copy of the round holding only what the viewer may see."""
        return self._public.copy()

    # --- what public play reveals ---------------------------------------

    def constraints(self, assume_stuck: bool = False) -> list[HandConstraint]:
        """The constraints on the other hands that the view's history supports.

        Stuck facts are used when the rules make them certain, or when
        ``assume_stuck`` says to take every draw and pass as forced.
        """
        out = []
        if assume_stuck or not self.view.rules.voluntary_draw:
            out.extend(self.stuck_constraints())
        out.extend(self.opening_constraints())
        return out

    def opening_constraints(self) -> list[HandConstraint]:
        """What the first tile of the round says about every hand's deal."""
        view = self.view
        rules = view.rules
        if not view.log or (rules.opening != Opening.HIGHEST_TRIPLE and view.round > 1):
            return []
        first = view.log[0]
        if not isinstance(first.action, Place) or first.seat != view.opener:
            return []
        tiles = self.tiles
        opened = tiles.find(first.action.corners)
        if opened is None:  # pragma: no cover - the engine only logs real tiles
            return []
        if opened.is_triple:
            forbidden = [t for t in tiles.tiles if t.is_triple and t.value > opened.value]
        else:
            forbidden = [t for t in tiles.tiles if t.is_triple or t.value > opened.value]
        allowed = tiles.all_mask & ~sum(1 << t.id for t in forbidden)
        dealt = rules.hand_size_for(view.players)
        out = []
        for seat in range(view.players):
            if seat == view.seat:
                continue
            placed = sum(1 for e in view.log if e.seat == seat and isinstance(e.action, Place))
            kept = min(dealt - placed, view.hand_sizes[seat])
            if kept > 0 and forbidden:
                out.append(HandConstraint(seat, kept, allowed))
        return out

    def stuck_constraints(self) -> list[HandConstraint]:
        """One constraint per other seat that drew or passed this round."""
        view = self.view
        tiles = self.tiles
        fits = fit_table(view.rules.tile_set)
        corner_fallback = view.rules.corner_fallback
        board = Board(fits)
        live = tiles.all_mask
        last_stuck: dict[int, tuple[int, int]] = {}  # seat -> (log index, misfits)
        for index, seen in enumerate(view.log):
            action = seen.action
            if isinstance(action, Place):
                cell, tile, rotation = unpack(encode(action, tiles))
                live &= ~(1 << tile)
                board.place(cell, tile, rotation, live)
            elif isinstance(action, Draw | Pass) and seen.seat != view.seat:
                fitting = board.fitting(tiles.all_mask)
                if corner_fallback:
                    for pattern in board.corner_cells().values():
                        fitting |= fits.mask[pattern]
                last_stuck[seen.seat] = (index, tiles.all_mask & ~fitting)
        out = []
        for seat, (index, misfits) in last_stuck.items():
            later = view.log[index:]
            draws = sum(1 for e in later if e.seat == seat and isinstance(e.action, Draw))
            # A placement that ends the stuck turn is a tile drawn in it (the
            # old ones fitted nowhere on that board); the rest of what it drew
            # since may be anything. Everything else it holds now, it held
            # when stuck.
            rest = iter(later[1:])
            turn_end = next((e for e in rest if not isinstance(e.action, Draw)), None)
            drawn_and_placed = (
                turn_end is not None
                and turn_end.seat == seat
                and isinstance(turn_end.action, Place)
            )
            kept = view.hand_sizes[seat] - draws + drawn_and_placed
            if kept > 0:
                out.append(HandConstraint(seat, kept, misfits))
        return out

    # --- worlds ----------------------------------------------------------

    def sample(self, rng: random.Random, constraints: Sequence[HandConstraint] = ()) -> Round:
        """A whole round consistent with what the viewer knows: the unseen
        tiles dealt at random to the other hands (by their known sizes) and
        the pool, each constrained hand first taking its share from its
        constraint's tiles."""
        state = self._public.copy()
        unseen = self.unseen
        sizes = self.hand_sizes
        hands = [0] * len(sizes)
        for rule in constraints:
            hand = hands[rule.seat]
            need = min(
                rule.count - (hand & rule.mask).bit_count(), sizes[rule.seat] - hand.bit_count()
            )
            if need <= 0:
                continue
            candidates = ids_in(unseen & rule.mask)
            for tile in rng.sample(candidates, min(need, len(candidates))):
                hand |= 1 << tile
            hands[rule.seat] = hand
            unseen &= ~hand
        rest = ids_in(unseen)
        rng.shuffle(rest)
        start = 0
        for seat, size in enumerate(sizes):
            if seat == self.seat:
                continue
            need = size - hands[seat].bit_count()
            for tile in rest[start : start + need]:
                hands[seat] |= 1 << tile
            start += need
            state.hands[seat] = hands[seat]
        state.pool = rest[start:]
        return state


def _lay_board(state: Round, view: PlayerView, previous: Knowledge | None) -> None:
    """Give ``state`` (a public round on an empty board) the view's board:
    the previous knowledge's board and the tiles placed since, when that
    board is where this one started; else every tile, in order. The
    engine laid them: no placement rule is checked (a bot does this at
    every decision)."""
    laid = view.board
    board = state.board
    live = state.live
    start = 0
    if previous is not None and previous._view is not None:
        before = previous._view.board
        if (
            len(before) <= len(laid)
            and previous._view.rules == view.rules
            and laid[: len(before)] == before
        ):
            start = len(before)
            board = previous._public.board.copy()
            live = previous._public.live
    find = state.t.tiles.find
    for placed in laid[start:]:
        cell, numbers = placed.cell, placed.corners
        tile = find(numbers)
        if tile is None or not in_range(cell):
            raise IllegalPlacement(
                "a view's board holds no tile {numbers} at {cell}",
                numbers="-".join(map(str, numbers)),
                cell=cell_text(cell),
            )
        live &= ~(1 << tile.id)
        board.place(to_id(cell), tile.id, rotations(tile.numbers).index(numbers), live)
    state.board = board
    state.live = live
    state.avail = board.fitting(live)
    if laid and state.phase == OPENING:
        state.phase = PLAYING
