"""One round (rules.md §5): the deal played out, turn by turn.

:class:`Round` is the engine's one state machine. Moves are ints (see
:mod:`moves`) so that the same code serves the fast paths (random play, AI
search) and the careful ones (replay, the server): :meth:`Round.play`
applies a move known to be legal; :meth:`Round.apply` first checks an
:class:`Action` from outside and raises an :class:`IllegalAction` with a
reason, leaving the state unchanged. What may be done is in
:mod:`movegen`, why something may not in :mod:`legality`, what a round's
end awards in :mod:`awards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from triominoes.core import legality, movegen
from triominoes.core.actions import Action
from triominoes.core.awards import RoundEnd, blocked_end, out_end
from triominoes.core.board import Board
from triominoes.core.deal import Deal, check_deal, check_tiles
from triominoes.core.errors import IllegalPlacement
from triominoes.core.fits import FitTable, fit_table
from triominoes.core.lattice import Cell, in_range, to_id
from triominoes.core.moves import DRAW, Move, cell_text, decode, encode, unpack
from triominoes.core.opening import opening_of
from triominoes.core.phases import FINAL_CYCLE, OPENING, OVER, PLAYING
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score, shape_bonus_table
from triominoes.core.tiles import Numbers, Tile, TileSet, rotations, tile_set

_NO_LIMIT = 1 << 30


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one checked action did (for records, views and replies)."""

    seat: int
    action: Action
    points: int
    score: Score | None = None
    """The breakdown, for placements."""
    drawn: Tile | None = None
    """The tile drawn; hidden from everyone but ``seat``."""
    end: RoundEnd | None = None


class RoundTables:
    """What a round needs from its rule set, computed once per rule set."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tiles: TileSet = tile_set(rules.tile_set)
        self.fits: FitTable = fit_table(rules.tile_set)
        self.values = self.tiles.values
        self.bonus = shape_bonus_table(rules)
        self.opening_bonus = [
            rules.opening_bonus_for(t.name, t.is_triple) for t in self.tiles.tiles
        ]
        self.max_draws = _NO_LIMIT if rules.max_draws is None else rules.max_draws
        self.triple_mask = self.tiles.triple_mask


@lru_cache(maxsize=128)
def tables_for(rules: RuleSet) -> RoundTables:
    return RoundTables(rules)


class Round:
    __slots__ = (
        "avail",
        "board",
        "draws",
        "end",
        "final_turns",
        "hands",
        "live",
        "opener",
        "opening_mask",
        "out_seat",
        "passes",
        "phase",
        "players",
        "points",
        "pool",
        "seat",
        "t",
        "triples",
    )

    t: RoundTables
    players: int
    board: Board
    hands: list[int]
    pool: list[int]
    """Undrawn tiles, the next one to be drawn last (``pop()``)."""
    live: int
    """Tiles not on the board (in hands or the pool)."""
    avail: int
    """Tiles in play that fit some open cell (kept current after each placement)."""
    seat: int
    draws: int
    """Tiles drawn in the current turn."""
    passes: int
    """Consecutive turns that ended in a pass."""
    points: list[int]
    """Points from actions this round, per seat (round-end awards apart)."""
    opener: int
    opening_mask: int
    phase: int
    final_turns: int
    out_seat: int
    end: RoundEnd | None
    triples: list[int]
    """Per seat, the value of the highest triple placed this round (-1: none)."""

    def __init__(self, rules: RuleSet, deal: Deal, previous_opener: int | None = None) -> None:
        check_deal(rules, deal)
        self._reset(tables_for(rules), deal.hands, deal.pool)
        self.opener, self.opening_mask = opening_of(
            rules, self.t.tiles, self.hands, previous_opener
        )
        self.seat = self.opener

    def _reset(self, t: RoundTables, hands: Sequence[Sequence[int]], pool: Sequence[int]) -> None:
        """An empty board, these hands and pool, nobody's turn yet."""
        players = len(hands)
        self.t = t
        self.players = players
        self.board = Board(t.fits)
        self.hands = [sum(1 << tile for tile in hand) for hand in hands]
        self.pool = list(reversed(pool))
        self.live = t.tiles.all_mask
        self.avail = 0
        self.opener = self.seat = 0
        self.opening_mask = 0
        self.draws = 0
        self.passes = 0
        self.points = [0] * players
        self.phase = OPENING
        self.final_turns = 0
        self.out_seat = -1
        self.end = None
        self.triples = [-1] * players

    @classmethod
    def setup(
        cls,
        rules: RuleSet,
        placements: Sequence[tuple[Cell, Numbers]],
        hands: Sequence[Sequence[int]],
        pool: Sequence[int],
        seat: int = 0,
    ) -> Round:
        """A position in the middle of a round, for analysis, puzzles and tests.

        ``placements`` are laid in order, the first into cell (0, 0), each
        next to the earlier ones and obeying the vertex rule. With the hands
        (tile ids) and the pool (draw order) they must make up the tile set.
        ``seat`` moves next and counts as the opener.
        """
        state = cls.position(rules, placements, hands, pool, seat=seat, opener=seat)
        laid = [tile for _, _, tile in state.board.placements()]
        check_tiles(rules, [*laid, *(tile for hand in hands for tile in hand), *pool])
        if not laid:
            state.opening_mask = state.hands[seat]
        return state

    @classmethod
    def position(
        cls,
        rules: RuleSet,
        placements: Sequence[tuple[Cell, Numbers]],
        hands: Sequence[Sequence[int]],
        pool: Sequence[int],
        *,
        seat: int,
        opener: int,
        opening_mask: int = 0,
        draws: int = 0,
        passes: int = 0,
        points: Sequence[int] | None = None,
        out_seat: int = -1,
        final_turns: int = 0,
        triples: Sequence[int] | None = None,
        end: RoundEnd | None = None,
        checked: bool = True,
    ) -> Round:
        """A round state from its parts, unchecked but for the placements:
        what a view tells, rebuilt for search (see knowledge.py). The phase
        follows from the parts (opening on an empty board, last turns when
        someone went out, over with an end). ``checked=False`` lays the
        placements without the placement rules, for layouts the engine made
        itself (a view's board): a bot rebuilds one at every decision."""
        state = cls.__new__(cls)
        state._reset(tables_for(rules), hands, pool)
        if checked:
            for cell, numbers in placements:
                state.lay(cell, numbers, corner_contact=rules.corner_fallback)
        else:
            find = state.t.tiles.find
            board = state.board
            for cell, numbers in placements:
                tile = find(numbers)
                if tile is None or not in_range(cell):
                    raise IllegalPlacement(
                        "a view's board holds no tile {numbers} at {cell}",
                        numbers="-".join(map(str, numbers)),
                        cell=cell_text(cell),
                    )
                state.live &= ~(1 << tile.id)
                board.place(
                    to_id(cell), tile.id, rotations(tile.numbers).index(numbers), state.live
                )
        if triples is not None:
            state.triples = list(triples)
        state.avail = state.board.fitting(state.live)
        state.seat = seat
        state.opener = opener
        state.opening_mask = opening_mask
        state.draws = draws
        state.passes = passes
        if points is not None:
            state.points = list(points)
        state.out_seat = out_seat
        state.final_turns = final_turns
        state.end = end
        if end is not None:
            state.phase = OVER
        elif out_seat >= 0:
            state.phase = FINAL_CYCLE
        elif placements:
            state.phase = PLAYING
        return state

    def lay(self, cell: Cell, numbers: Numbers, corner_contact: bool = False) -> int:
        """Put a tile on the board from no hand (checked); return its id.

        For building positions: no turn passes and nothing is scored.
        ``corner_contact`` allows a tile that touches the layout only at a
        corner (as ``corner_fallback`` does).
        """
        tiles = self.t.tiles
        tile = tiles.find(numbers)
        if tile is None:
            raise IllegalPlacement(
                "{numbers} clockwise is no tile of the {tile_set} set",
                numbers="-".join(map(str, numbers)),
                tile_set=tiles.name,
            )
        if not self.live >> tile.id & 1:
            raise IllegalPlacement("tile {tile} is already on the board", tile=tile.name)
        if not in_range(cell):
            raise IllegalPlacement("cell {cell} is not next to the layout", cell=cell_text(cell))
        cid = to_id(cell)
        error = legality.placement_error(self.board, cid, numbers, corner_contact=corner_contact)
        if error is not None:
            raise error
        self.live &= ~(1 << tile.id)
        self.board.place(cid, tile.id, rotations(tile.numbers).index(numbers), self.live)
        return tile.id

    @property
    def rules(self) -> RuleSet:
        return self.t.rules

    @property
    def tiles(self) -> TileSet:
        return self.t.tiles

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def copy(self) -> Round:
        other = Round.__new__(Round)
        other.t = self.t
        other.players = self.players
        other.board = self.board.copy()
        other.hands = self.hands.copy()
        other.pool = self.pool.copy()
        other.live = self.live
        other.avail = self.avail
        other.seat = self.seat
        other.draws = self.draws
        other.passes = self.passes
        other.points = self.points.copy()
        other.opener = self.opener
        other.opening_mask = self.opening_mask
        other.phase = self.phase
        other.final_turns = self.final_turns
        other.out_seat = self.out_seat
        other.end = self.end
        other.triples = self.triples.copy()
        return other

    def hand_values(self) -> list[int]:
        return [self.t.tiles.mask_value(hand) for hand in self.hands]

    # --- what may be done (movegen.py) and why not (legality.py) ---------

    placement_moves = movegen.placement_moves
    can_place = movegen.can_place
    can_draw = movegen.can_draw
    legal_moves = movegen.legal_moves
    points_of = movegen.points_of
    score_of = movegen.score_of
    why_illegal = legality.why_illegal

    # --- the fast path: the turn state machine -----------------------------

    def play(self, move: Move) -> int:
        """Apply a legal move; return the points it scores for the mover."""
        seat = self.seat
        if move >= 0:
            return self._place(seat, move)
        t = self.t
        if move == DRAW:
            tile = self.pool.pop()
            self.hands[seat] |= 1 << tile
            self.draws += 1
            self.points[seat] -= t.rules.draw_penalty
            return -t.rules.draw_penalty
        points = -t.rules.pass_penalty
        self.points[seat] += points
        if self.phase == FINAL_CYCLE:
            self._final_turn_done()
        else:
            self.passes += 1
            if self.passes >= self.players:
                self._end_blocked()
            else:
                self._next_turn()
        return points

    def _place(self, seat: int, move: Move) -> int:
        t = self.t
        cell, tile, rotation = unpack(move)
        bit = 1 << tile
        self.hands[seat] ^= bit
        live = self.live ^ bit
        self.live = live
        board = self.board
        code = board.place(cell, tile, rotation, live)
        points = t.values[tile] + t.bonus[code]
        if self.phase == OPENING:
            points += t.opening_bonus[tile]
            self.phase = PLAYING
        if bit & t.triple_mask and t.values[tile] > self.triples[seat]:
            self.triples[seat] = t.values[tile]
        self.points[seat] += points
        avail = self.avail = board.fitting(live)
        self.passes = 0
        if self.phase == FINAL_CYCLE:
            self._final_turn_done()
        elif not self.hands[seat]:
            if t.rules.finish_cycle_after_out:
                self.phase = FINAL_CYCLE
                self.out_seat = seat
                self.final_turns = self.players - 1
                self._next_turn()
            else:
                self._finish(out_end(t.rules, seat, self.hand_values()))
        elif not avail and t.rules.blocked_when_no_moves and not self._corner_fits(live):
            self._end_blocked()
        else:
            self._next_turn()
        return points

    def _corner_fits(self, tiles: int) -> bool:
        if not self.t.rules.corner_fallback:
            return False
        mask = self.t.fits.mask
        return any(mask[p] & tiles for p in self.board.corner_cells().values())

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % self.players
        self.draws = 0

    def _final_turn_done(self) -> None:
        self.final_turns -= 1
        if self.final_turns:
            self._next_turn()
        else:
            self._finish(out_end(self.t.rules, self.out_seat, self.hand_values()))

    def _end_blocked(self) -> None:
        self._finish(blocked_end(self.t.rules, self.hand_values()))

    def _finish(self, end: RoundEnd) -> None:
        self.end = end
        self.phase = OVER
        self.draws = 0

    # --- the checked path ------------------------------------------------

    def encode(self, action: Action) -> Move:
        """The move for an action; raises IllegalPlacement if it names no tile."""
        return encode(action, self.t.tiles, opening=self.phase == OPENING)

    def decode(self, move: Move) -> Action:
        return decode(move, self.t.fits)

    def apply(self, action: Action) -> Outcome:
        """Check and apply an action from outside; raises IllegalAction."""
        move = self.encode(action)
        error = self.why_illegal(move)
        if error is not None:
            raise error
        seat = self.seat
        score = self.score_of(move) if move >= 0 else None
        drawn = self.t.tiles.tiles[self.pool[-1]] if move == DRAW else None
        points = self.play(move)
        if score is not None and score.points != points:  # pragma: no cover - invariant
            raise AssertionError(f"score breakdown {score} disagrees with {points}")
        return Outcome(seat, action, points, score, drawn, self.end)
