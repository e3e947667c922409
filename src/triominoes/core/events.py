"""What happened: the plain values :meth:`Game.apply` returns.

Events are the truth, hidden tiles included (a drawn tile, every hand of a
deal). Before one leaves the engine for a player, :func:`seen_by` makes the
copy that player may see: the drawn tile only for the seat that drew it,
of a deal only the viewer's own hand. Clients animate and narrate from
events ("Ben drew a tile", "Ben placed 2-4-5: bridge, 51"); their state
comes from views.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from triominoes.core.actions import Action, parse_action
from triominoes.core.scoring import Score
from triominoes.core.tiles import Tile, TileSet


@dataclass(frozen=True, slots=True)
class RoundDealt:
    round: int
    opener: int
    hand_sizes: tuple[int, ...]
    pool: int
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's hand; None where the viewer may not see it."""

    def seen_by(self, viewer: int | None) -> RoundDealt:
        hands = tuple(hand if seat == viewer else None for seat, hand in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "round-dealt",
            "round": self.round,
            "opener": self.opener,
            "hand_sizes": list(self.hand_sizes),
            "pool": self.pool,
            "hands": [None if h is None else [t.name for t in h] for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A seat placed, drew or passed, and what that scored."""

    round: int
    seat: int
    action: Action
    points: int
    score: Score | None = None
    """The breakdown of a placement (tile, opening, hexagon, bridge, two-sided)."""

    def seen_by(self, viewer: int | None) -> ActionTaken:
        return self

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "action",
            "round": self.round,
            "seat": self.seat,
            "action": str(self.action),
            "points": self.points,
        }
        if self.score is not None:
            out["bonus"] = self.score.to_json()
        return out


@dataclass(frozen=True, slots=True)
class TileDrawn:
    round: int
    seat: int
    tile: Tile | None
    """The tile; None in every copy but the drawing seat's."""

    def seen_by(self, viewer: int | None) -> TileDrawn:
        return self if viewer == self.seat else dataclasses.replace(self, tile=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "drew",
            "round": self.round,
            "seat": self.seat,
            "tile": self.tile.name if self.tile is not None else None,
        }


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    reason: str
    """``out`` or ``blocked``."""
    winners: tuple[int, ...]
    awards: tuple[int, ...]
    """What the round end gave each seat."""
    hands: tuple[tuple[Tile, ...], ...]
    """Every hand, shown at the end."""
    totals: tuple[int, ...]
    out: int | None = None
    """The seat that went out (None: the round was blocked)."""

    def seen_by(self, viewer: int | None) -> RoundEnded:
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "round-ended",
            "round": self.round,
            "reason": self.reason,
            "winners": list(self.winners),
            "awards": list(self.awards),
            "hands": [[t.name for t in h] for h in self.hands],
            "totals": list(self.totals),
            "out": self.out,
        }


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def seen_by(self, viewer: int | None) -> GameEnded:
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": "game-ended", "winners": list(self.winners), "totals": list(self.totals)}


Event = RoundDealt | ActionTaken | TileDrawn | RoundEnded | GameEnded


def seen_by(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The copies of ``events`` that ``viewer`` (a seat, None: a spectator) may see."""
    return [event.seen_by(viewer) for event in events]


def event_from_json(data: dict[str, Any], tiles: TileSet) -> Event | None:
    """Read back what an event's ``to_json`` wrote (a client of a server
    narrates from the events it is sent); None for a kind the engine does
    not make (a server's events about the table around the game)."""

    def hand(names: list[str] | None) -> tuple[Tile, ...] | None:
        return None if names is None else tuple(tiles.parse(n) for n in names)

    kind = data.get("type")
    if kind == "round-dealt":
        return RoundDealt(
            data["round"],
            data["opener"],
            tuple(data["hand_sizes"]),
            data["pool"],
            tuple(hand(h) for h in data["hands"]),
        )
    if kind == "action":
        bonus = data.get("bonus")
        score = Score.from_json(bonus) if bonus is not None else None
        action = parse_action(data["action"])
        return ActionTaken(data["round"], data["seat"], action, data["points"], score)
    if kind == "drew":
        tile = data.get("tile")
        return TileDrawn(data["round"], data["seat"], tiles.parse(tile) if tile else None)
    if kind == "round-ended":
        return RoundEnded(
            data["round"],
            data["reason"],
            tuple(data["winners"]),
            tuple(data["awards"]),
            tuple(hand(h) or () for h in data["hands"]),
            tuple(data["totals"]),
            data.get("out"),
        )
    if kind == "game-ended":
        return GameEnded(tuple(data["winners"]), tuple(data["totals"]))
    return None
