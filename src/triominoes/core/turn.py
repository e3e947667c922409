"""The cheap view: what one seat may know, as a round with the hidden tiles out.

A :class:`~triominoes.core.view.PlayerView` is what leaves the engine for a
client: every field a person or a remote bot may read, the round's log, the
legal actions with their score breakdowns. Building one costs more than
the engine's whole turn, and a bot in the same process then rebuilt the
round from it (see :mod:`knowledge`), replaying the board tile by tile at
every decision. A bot that reads neither the log nor the scores needs only
that rebuilt round: :class:`TurnView` is it, made straight from the
engine's round by taking the hidden tiles out, in a few dict copies.

It is a per-player view like the other: the other seats' hands are empty
(their sizes are in :attr:`TurnView.hand_sizes`), the pool holds
placeholders (:data:`UNSEEN`, which fail to be drawn), and only the
viewer's own tiles are named. Everything else in the round (the board,
what is still in play, points, turns, the opener's choices shown as the
viewer's legal openings) is what every seat sees. The tournament runner
hands it to bots on its fast path (sim/fast.py); the tests check that it
equals the round a full view rebuilds, field by field.
"""

from __future__ import annotations

from triominoes.core.phases import OPENING, OVER
from triominoes.core.round import Round

UNSEEN = -1
"""Placeholder for a pool tile in a public round: drawing it fails."""


class TurnView:
    """What ``seat`` may know, for a bot in the engine's own process.

    A plain class with slots rather than a frozen dataclass: one is made
    for every move of a tournament, and a frozen dataclass's fields cost a
    call each to set."""

    __slots__ = ("hand_sizes", "public", "seat")

    def __init__(self, seat: int, public: Round, hand_sizes: tuple[int, ...]) -> None:
        self.seat = seat
        self.public = public
        """The round as the seat sees it (see the module docstring); the
        viewer's to keep: nobody else holds it."""
        self.hand_sizes = hand_sizes


def turn_view(state: Round, seat: int) -> TurnView:
    """The cheap view of ``state`` for ``seat``: the round copied with every
    tile the seat cannot see taken out (:meth:`Round.copy`, but for the
    hidden parts, which are made afresh instead)."""
    hands = state.hands
    own = hands[seat]
    public = Round.__new__(Round)
    public.t = state.t
    public.players = players = state.players
    public.board = state.board.copy()
    public.hands = [0] * players
    public.hands[seat] = own
    public.pool = [UNSEEN] * len(state.pool)
    public.live = state.live
    public.avail = state.avail
    public.draws = state.draws
    public.passes = state.passes
    public.points = state.points.copy()
    public.opener = state.opener
    public.phase = phase = state.phase
    public.end = state.end
    public.triples = state.triples.copy()
    # The opener's allowed tiles show only as the opener's own legal
    # openings (a full view lists them among its legal actions).
    public.opening_mask = state.opening_mask & own if phase == OPENING and state.seat == seat else 0
    if phase == OVER:
        # A view of an ended round names no seat to move, nor last turns.
        public.seat = state.opener
        public.out_seat = -1
        public.final_turns = 0
    else:
        public.seat = state.seat
        public.out_seat = state.out_seat
        public.final_turns = state.final_turns
    return TurnView(seat, public, tuple(map(int.bit_count, hands)))
