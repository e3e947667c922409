"""What one seat may know: the only way hidden information leaves the engine.

A :class:`PlayerView` holds the viewer's own hand, the board, the scores, the
other seats' hand *sizes* and the pool *size*. Other players' draws appear as
"drew a tile", never as the tile. ``seat=None`` gives the public view (a
spectator's): no hand at all.

For bots that search, :attr:`PlayerView.public_round` is a copy of the round
with every tile the viewer cannot see taken out (other hands are empty, the
pool holds placeholders); :func:`triominoes.ai.determinize` deals the unseen tiles back
in at random.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from triominoes.core.actions import Action
from triominoes.core.lattice import Cell
from triominoes.core.round import OPENING, Outcome, Round, RoundEnd
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score
from triominoes.core.tiles import Numbers, Tile

UNSEEN = -1
"""Placeholder for a pool tile in :attr:`PlayerView.public_round`."""


@dataclass(frozen=True, slots=True)
class PlacedTile:
    cell: Cell
    corners: Numbers
    tile: str


@dataclass(frozen=True)
class PlayerView:
    seat: int | None
    rules: RuleSet
    players: int
    round_number: int
    hand: tuple[Tile, ...]
    board: tuple[PlacedTile, ...]
    hand_sizes: tuple[int, ...]
    pool_size: int
    totals: tuple[int, ...]
    round_points: tuple[int, ...]
    to_move: int | None
    draws_this_turn: int
    opener: int
    actions: tuple[Outcome, ...]
    """This round's actions as the viewer saw them: another seat's draw
    has no ``drawn`` tile."""
    legal_actions: tuple[Action, ...]
    """The viewer's legal actions when it is their move, else empty."""
    legal_scores: tuple[Score | None, ...]
    """For each legal action, what it would score: a placement's breakdown
    (so a UI can say "this move scores 60: hexagon"), None for a draw or pass."""
    round_end: RoundEnd | None
    finished: bool
    winners: tuple[int, ...]
    public_round: Round
    """The round with hidden tiles removed (see the module docstring)."""

    @property
    def unseen_tiles(self) -> int:
        """Mask of the tiles the viewer cannot see: other hands and the pool."""
        state = self.public_round
        own = state.hands[self.seat] if self.seat is not None else 0
        return state.live & ~own


def see_action(outcome: Outcome, viewer: int | None) -> Outcome:
    if outcome.drawn is None or outcome.seat == viewer:
        return outcome
    return dataclasses.replace(outcome, drawn=None)


def public_round(state: Round, viewer: int | None) -> Round:
    """A copy of ``state`` holding only what ``viewer`` may see."""
    masked = state.copy()
    # The pool keeps its size (so "may I draw?" still has its answer) but
    # holds only placeholders: drawing from it fails loudly.
    masked.pool = [UNSEEN] * len(state.pool)
    for seat in range(masked.players):
        if seat != viewer:
            masked.hands[seat] = 0
    if viewer != state.opener or state.phase != OPENING:
        masked.opening_mask = 0
    return masked


def make_view(
    state: Round,
    outcomes: list[Outcome],
    viewer: int | None,
    *,
    round_number: int,
    totals: tuple[int, ...],
    finished: bool,
    winners: tuple[int, ...],
) -> PlayerView:
    tiles = state.tiles
    hand = tuple(tiles.tiles_in(state.hands[viewer])) if viewer is not None else ()
    board = tuple(
        PlacedTile(cell, numbers, tiles.tiles[tile].name)
        for cell, numbers, tile in state.board.placements()
    )
    to_move = None if state.over else state.seat
    legal: tuple[Action, ...] = ()
    scores: tuple[Score | None, ...] = ()
    if viewer is not None and viewer == to_move:
        moves = state.legal_moves()
        legal = tuple(state.decode(m) for m in moves)
        scores = tuple(state.score_of(m) if m >= 0 else None for m in moves)
    return PlayerView(
        seat=viewer,
        rules=state.rules,
        players=state.players,
        round_number=round_number,
        hand=hand,
        board=board,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        pool_size=len(state.pool),
        totals=totals,
        round_points=tuple(state.points),
        to_move=to_move,
        draws_this_turn=state.draws,
        opener=state.opener,
        actions=tuple(see_action(o, viewer) for o in outcomes),
        legal_actions=legal,
        legal_scores=scores,
        round_end=state.end,
        finished=finished,
        winners=winners,
        public_round=public_round(state, viewer),
    )
