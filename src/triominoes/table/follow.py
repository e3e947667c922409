"""What a table's state calls for next, with nobody asking: a bot's move,
the turn clock, the deal after a pause. A function of the state alone
(deadlines count from the change that began the turn or the pause), so
whichever server runs a table's follow-ups, after a restart or when
another one died, runs them at the same moments.
"""

from __future__ import annotations

from dataclasses import dataclass

from triominoes.table.commands import DealNext, TimeOut
from triominoes.table.seats import EngineSeat
from triominoes.table.state import TableState


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot chooses ``seat``'s move at ``version`` and plays it no sooner
    than ``not_before``, so that people can follow it."""

    seat: EngineSeat
    version: int
    spec: str | None
    """The bot seat's player; None for a bot standing in for a person."""
    not_before: float


@dataclass(frozen=True, slots=True)
class Alarm:
    """At ``at``, unless the table changed before, run ``command``."""

    at: float
    command: TimeOut | DealNext


FollowUp = BotTurn | Alarm


def follow_up(state: TableState) -> FollowUp | None:
    if state.between_rounds:
        deadline = state.deal_deadline()
        assert deadline is not None
        return Alarm(deadline, DealNext(state.version))
    seat = state.to_move
    if seat is None:
        return None
    sitting = state.seat_at(seat)
    if sitting.played_by_bot:
        spec = None if sitting.human else sitting.bot
        return BotTurn(seat, state.version, spec, state.since + state.settings.bot_pace)
    deadline = state.turn_deadline()
    if deadline is not None:
        return Alarm(deadline, TimeOut(state.version))
    return None
