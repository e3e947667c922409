"""What a change did, told to each client as it may see it.

The engine's events (:mod:`triominoes.core.events`) say what happened in
the game; the table adds what happened around it. Every event has
``seen_by(viewer)`` — the copy a seat (None: a spectator) may see — and
``to_json()``: the ``events`` of a ``state`` frame (docs/protocol.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from triominoes.core import events as engine
from triominoes.table.seats import EngineSeat, TableSeat

Mover = Literal["bot", "stand-in"] | None


@dataclass(frozen=True, slots=True)
class Played:
    """A seat's action, and who chose it (a bot seat, or a bot standing in
    for an absent person; None: the person)."""

    action: engine.ActionTaken
    by: Mover = None

    def seen_by(self, viewer: int | None) -> Played:
        return self

    def to_json(self) -> dict[str, Any]:
        out = self.action.to_json()
        if self.by is not None:
            out["by"] = self.by
        return out


@dataclass(frozen=True, slots=True)
class GameBegan:
    game: int
    order: tuple[TableSeat, ...]

    def seen_by(self, viewer: int | None) -> GameBegan:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": "game-started", "game": self.game, "order": list(self.order)}


@dataclass(frozen=True, slots=True)
class SeatFilled:
    seat: EngineSeat
    name: str

    def seen_by(self, viewer: int | None) -> SeatFilled:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": "seat-taken", "seat": self.seat, "name": self.name}


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """One seat did something around the game: asked or answered a
    takeback, got ready, had a bot stand in or came back, voted on a
    rematch, resigned."""

    type: Literal[
        "takeback-asked",
        "takeback-answered",
        "taken-back",
        "stand-in",
        "ready",
        "rematch",
        "resigned",
    ]
    seat: EngineSeat
    details: tuple[tuple[str, Any], ...] = ()

    def seen_by(self, viewer: int | None) -> SeatEvent:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, **dict(self.details)}


Event = (
    engine.RoundDealt
    | Played
    | engine.TileDrawn
    | engine.RoundEnded
    | engine.GameEnded
    | GameBegan
    | SeatFilled
    | SeatEvent
)


def seen_by(events: tuple[Event, ...], viewer: int | None) -> list[dict[str, Any]]:
    """The events as ``viewer`` may see them, as JSON."""
    return [event.seen_by(viewer).to_json() for event in events]
