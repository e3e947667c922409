"""One round (rules.md §5): the deal played out, turn by turn.

:class:`Round` is the engine's one state machine. Moves are ints so that the
same code serves the fast paths (random play, AI search) and the careful
ones (replay, the server): :meth:`Round.play` applies a move known to be
legal; :meth:`Round.apply` first checks an :class:`Action` from outside and
raises :class:`IllegalAction` with a reason, leaving the state unchanged.

Move encoding: a placement is ``cell_id << 9 | rotation << 7 | tile_id``;
:data:`DRAW` and :data:`PASS` are negative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from triominoes.core.actions import Action, Draw, Pass, Place
from triominoes.core.board import Board
from triominoes.core.errors import IllegalAction
from triominoes.core.fits import OPEN_PATTERN, fit_table
from triominoes.core.lattice import ORIGIN, Cell, from_id, in_range, to_id
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score, blocked_awards, out_award, shape_bonus_table
from triominoes.core.tiles import Numbers, Tile, TileSet, ids_in, rotations, tile_set

DRAW = -1
PASS = -2

OPENING = 0
PLAYING = 1
FINAL_CYCLE = 2
"""After someone went out under ``finish_cycle_after_out``: last turns."""
OVER = 3

_ORIGIN_ID = to_id(ORIGIN)
_NO_LIMIT = 1 << 30


def pack(cell: int, tile: int, rotation: int) -> int:
    return cell << 9 | rotation << 7 | tile


def move_cell(move: int) -> int:
    return move >> 9


def move_tile(move: int) -> int:
    return move & 127


def move_rotation(move: int) -> int:
    return (move >> 7) & 3


@dataclass(frozen=True, slots=True)
class Deal:
    """Tile ids dealt to each seat, and the pool in draw order (first drawn first)."""

    hands: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundEnd:
    reason: str
    """``"out"`` or ``"blocked"``."""
    winners: tuple[int, ...]
    points: tuple[int, ...]
    """What the round end awarded to each seat."""


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
        self.fits = fit_table(rules.tile_set)
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


def choose_opener(tiles: TileSet, hands: list[int]) -> tuple[int, int]:
    """The opening seat and the mask of tiles it may open with (rules.md §5).

    The highest triple opens; without triples, the highest tile value, ties
    broken by each tied player's next-highest values, then the lowest seat.
    """
    for triple in tiles.triples_high_first:
        bit = 1 << triple
        for seat, hand in enumerate(hands):
            if hand & bit:
                return seat, bit
    values = tiles.values

    def ranking(seat: int) -> list[int]:
        return sorted((values[t] for t in ids_in(hands[seat])), reverse=True)

    seat = max(range(len(hands)), key=lambda s: (ranking(s), -s))
    top = ranking(seat)[0]
    return seat, sum(1 << t for t in ids_in(hands[seat]) if values[t] == top)


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
        t = tables_for(rules)
        _check_deal(t, deal)
        self._reset(t, deal.hands, deal.pool)
        if rules.opening == "highest-triple-then-rotate" and previous_opener is not None:
            self.opener = (previous_opener + 1) % self.players
            self.opening_mask = self.hands[self.opener]
        else:
            self.opener, self.opening_mask = choose_opener(t.tiles, self.hands)
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
        t = tables_for(rules)
        state = cls.__new__(cls)
        state._reset(t, hands, pool)
        board = state.board
        laid = []
        for index, (cell, numbers) in enumerate(placements):
            tile = t.tiles.find(numbers)
            if tile is None:
                raise IllegalAction(f"{numbers} clockwise is no tile of the {t.tiles.name} set")
            if index == 0 and cell != ORIGIN:
                raise IllegalAction(f"the first tile goes into cell {_cell_text(ORIGIN)}")
            cid = to_id(cell) if in_range(cell) else -1
            if cid < 0 or cid in board.tiles or (index and not board.touches(cid)):
                raise IllegalAction(f"cell {_cell_text(cell)} is not free and next to the layout")
            misfit = board.explain_misfit(cid, numbers)
            if misfit:
                raise IllegalAction(misfit)
            laid.append(tile.id)
            state.live &= ~(1 << tile.id)
            board.place(cid, tile.id, rotations(tile.numbers).index(numbers), state.live)
        _check_tiles(t, [*laid, *(tile for hand in hands for tile in hand), *pool])
        state.avail = board.fitting(state.live)
        state.opener = state.seat = seat
        state.opening_mask = state.hands[seat] if not laid else 0
        state.phase = PLAYING if laid else OPENING
        return state

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

    # --- what may be done ------------------------------------------------

    def placement_moves(self) -> list[int]:
        """Every placement the seat to move may make now (no draws or passes)."""
        if self.phase == OVER:
            return []
        hand = self.hands[self.seat]
        fits = self.t.fits
        if self.phase == OPENING:
            rotations_at = fits.rotations[OPEN_PATTERN]
            return [
                pack(_ORIGIN_ID, tile, k)
                for tile in ids_in(hand & self.opening_mask)
                for k in rotations_at[tile]
            ]
        moves: list[int] = []
        if self.avail & hand:
            mask = fits.mask
            fixed = fits.fixed
            for cell, pattern in self.board.open.items():
                fit = mask[pattern] & hand
                if fit:
                    rot = fixed[pattern]
                    base = cell << 9
                    while fit:
                        low = fit & -fit
                        tile = low.bit_length() - 1
                        moves.append(base | rot[tile] << 7 | tile)
                        fit ^= low
        elif self.t.rules.corner_fallback:
            moves = self._corner_moves(hand)
        return moves

    def _corner_moves(self, hand: int) -> list[int]:
        fits = self.t.fits
        moves: list[int] = []
        for cell, pattern in self.board.corner_cells().items():
            rotations_at = fits.rotations[pattern]
            for tile in ids_in(fits.mask[pattern] & hand):
                moves.extend(pack(cell, tile, k) for k in rotations_at[tile])
        return moves

    def can_place(self) -> bool:
        if self.phase == OPENING:
            return True
        hand = self.hands[self.seat]
        if self.avail & hand:
            return True
        return self.t.rules.corner_fallback and bool(self._corner_moves(hand))

    def can_draw(self) -> bool:
        """Whether drawing is possible at all now (pool and draw limit)."""
        return bool(self.pool) and self.draws < self.t.max_draws

    def legal_moves(self) -> list[int]:
        if self.phase == OVER:
            return []
        moves = self.placement_moves()
        if self.phase == OPENING or (moves and not self.t.rules.voluntary_draw):
            return moves
        moves.append(DRAW if self.can_draw() else PASS)
        return moves

    # --- the fast path ---------------------------------------------------

    def play(self, move: int) -> int:
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

    def _place(self, seat: int, move: int) -> int:
        t = self.t
        tile = move & 127
        bit = 1 << tile
        self.hands[seat] ^= bit
        live = self.live ^ bit
        self.live = live
        board = self.board
        code = board.place(move >> 9, tile, (move >> 7) & 3, live)
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
                self._end_out(seat)
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
            self._end_out(self.out_seat)

    def _end_out(self, seat: int) -> None:
        award = out_award(self.t.rules, seat, self.hand_values())
        self._finish(RoundEnd("out", (seat,), tuple(award)))

    def _end_blocked(self) -> None:
        winners, award = blocked_awards(self.hand_values(), self.t.rules.blocked_scoring)
        self._finish(RoundEnd("blocked", tuple(winners), tuple(award)))

    def _finish(self, end: RoundEnd) -> None:
        self.end = end
        self.phase = OVER
        self.draws = 0

    # --- the checked path ------------------------------------------------

    def encode(self, action: Action) -> int:
        """The move for an action; raises IllegalAction if it names no tile."""
        if isinstance(action, Draw):
            return DRAW
        if isinstance(action, Pass):
            return PASS
        tile = self.t.tiles.find(action.corners)
        if tile is None:
            n0, n1, n2 = action.corners
            raise IllegalAction(
                f"{n0}, {n1}, {n2} clockwise is no tile of the {self.t.tiles.name} set"
            )
        if not in_range(action.cell):
            if self.phase == OPENING:
                raise IllegalAction(f"the first tile goes into cell {_cell_text(ORIGIN)}")
            raise IllegalAction(f"cell {_cell_text(action.cell)} is not next to the layout")
        rotation = rotations(tile.numbers).index(action.corners)
        return pack(to_id(action.cell), tile.id, rotation)

    def decode(self, move: int) -> Action:
        if move == DRAW:
            return Draw()
        if move == PASS:
            return Pass()
        numbers = self.t.fits.numbers[move_tile(move) * 3 + move_rotation(move)]
        return Place(from_id(move_cell(move)), numbers)

    def why_illegal(self, move: int) -> str | None:
        """The reason a move is not allowed now, or None if it is."""
        if self.phase == OVER:
            return "the round is over"
        rules = self.t.rules
        if move in (DRAW, PASS):
            if self.phase == OPENING:
                return f"seat {self.seat} must open with a tile"
            if not rules.voluntary_draw and self.can_place():
                word = "draw" if move == DRAW else "pass"
                return f"may not {word}: a tile can be placed (voluntary_draw is off)"
            if move == DRAW:
                if not self.pool:
                    return "the pool is empty"
                if not self.can_draw():
                    return f"already drew {self.draws} tiles this turn (max_draws)"
            elif self.can_draw():
                return "may not pass while a tile can be drawn"
            return None
        return self._why_illegal_placement(move)

    def _why_illegal_placement(self, move: int) -> str | None:
        tiles = self.t.tiles
        tile = move_tile(move)
        cell = move_cell(move)
        name = tiles.tiles[tile].name
        if not self.hands[self.seat] >> tile & 1:
            return f"tile {name} is not in seat {self.seat}'s hand"
        cell_text = _cell_text(from_id(cell))
        if self.phase == OPENING:
            if cell != _ORIGIN_ID:
                return f"the first tile goes into cell {_cell_text(ORIGIN)}"
            if not self.opening_mask >> tile & 1:
                allowed = ", ".join(t.name for t in tiles.tiles_in(self.opening_mask))
                return f"seat {self.seat} must open with {allowed}"
            return None
        board = self.board
        if cell in board.tiles:
            return f"cell {cell_text} is occupied"
        numbers = self.t.fits.numbers[tile * 3 + move_rotation(move)]
        misfit = board.explain_misfit(cell, numbers)
        if misfit:
            return misfit
        if board.touches(cell):
            return None
        if not self.t.rules.corner_fallback:
            return f"cell {cell_text} shares no edge with the layout"
        if cell not in board.corner_cells():
            return f"cell {cell_text} does not touch the layout"
        if self.avail & self.hands[self.seat]:
            return (
                f"cell {cell_text} touches the layout only at a corner, which is allowed "
                "only without any other placement"
            )
        return None

    def apply(self, action: Action) -> Outcome:
        """Check and apply an action from outside; raises IllegalAction."""
        move = self.encode(action)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.seat
        score = self.score_of(move) if move >= 0 else None
        drawn = self.t.tiles.tiles[self.pool[-1]] if move == DRAW else None
        points = self.play(move)
        if score is not None and score.points != points:  # pragma: no cover - invariant
            raise AssertionError(f"score breakdown {score} disagrees with {points}")
        return Outcome(seat, action, points, score, drawn, self.end)

    def points_of(self, move: int) -> int:
        """What a legal placement would score now (the fast :meth:`score_of`)."""
        t = self.t
        tile = move & 127
        points = t.values[tile] + t.bonus[self.board.shape_at(move >> 9)]
        if self.phase == OPENING:
            points += t.opening_bonus[tile]
        return points

    def score_of(self, move: int) -> Score:
        """The breakdown of what a legal placement would score now."""
        tile = move_tile(move)
        opening = self.t.opening_bonus[tile] if self.phase == OPENING else 0
        code = self.board.shape_at(move_cell(move))
        return Score.of(self.t.rules, self.t.values[tile], code, opening, self.t.bonus)


def _cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _check_deal(t: RoundTables, deal: Deal) -> None:
    """A deal must be the whole tile set, each tile once, in hands of the right size."""
    players = len(deal.hands)
    if not 2 <= players <= 6:
        raise IllegalAction(f"{players} hands: the game is for 2 to 6 players")
    size = t.rules.hand_size_for(players)
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalAction(f"seat {seat} was dealt {len(hand)} tiles, not {size}")
    _check_tiles(t, [*(tile for hand in deal.hands for tile in hand), *deal.pool])


def _check_tiles(t: RoundTables, tiles: list[int]) -> None:
    if sorted(tiles) != list(range(t.tiles.size)):
        raise IllegalAction(f"the deal is not the {t.tiles.name} set, each tile once")
