"""What one seat may know: the only way hidden information leaves the engine.

A :class:`PlayerView` is a frozen value built from a game for one viewer
(``seat=None``: a spectator). It holds the viewer's own hand, the board, the
scores, the other seats' hand *sizes* and the pool's *size*, every legal
action of the viewer with what it scores, and this round's log as everyone
saw it: another seat's draw is "drew a tile", never the tile. It holds no
engine object, and :meth:`PlayerView.to_json` is exactly what a server sends
(the ``VIEW`` of server.md, with more keys); :meth:`PlayerView.from_json`
reads it back.

Search needs more than a client shows: :mod:`knowledge` rebuilds the round
from a view (hidden tiles taken out) and samples worlds consistent with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from triominoes.core.actions import Action, parse_action
from triominoes.core.awards import RoundEnd
from triominoes.core.lattice import Cell
from triominoes.core.moves import DRAW, is_placement
from triominoes.core.phases import NAMES as PHASE_NAMES
from triominoes.core.phases import OVER
from triominoes.core.round import Outcome, Round
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score
from triominoes.core.tiles import Numbers, Tile, TileSet, tile_set


@dataclass(frozen=True, slots=True)
class PlacedTile:
    cell: Cell
    corners: Numbers
    tile: Tile

    def to_json(self) -> dict[str, Any]:
        return {"cell": list(self.cell), "corners": list(self.corners), "tile": self.tile.name}


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action the viewer may take now and the points ``replay`` gives it
    (a draw its penalty, a placement its value and bonuses; never a
    round-end award)."""

    action: Action
    points: int
    score: Score | None = None
    """The breakdown, for placements ("60: tile 10 + hexagon 50")."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": str(self.action), "points": self.points}
        if self.score is not None:
            out["bonus"] = self.score.to_json()
        return out


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action of this round as the viewer saw it."""

    seat: int
    action: Action
    points: int
    score: Score | None = None
    drawn: Tile | None = None
    """The tile drawn: only in the drawing seat's own view."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": str(self.action), "points": self.points}
        if self.score is not None:
            out["bonus"] = self.score.to_json()
        if self.drawn is not None:
            out["tile"] = self.drawn.name
        return out

    @staticmethod
    def seen(outcome: Outcome, viewer: int | None) -> LogEntry:
        drawn = outcome.drawn if outcome.seat == viewer else None
        return LogEntry(outcome.seat, outcome.action, outcome.points, outcome.score, drawn)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """How a round ended, shown to everyone until the next is dealt."""

    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    """What the round end awarded to each seat."""
    hands: tuple[tuple[Tile, ...], ...]
    """Every seat's hand as shown at the end."""

    @property
    def end(self) -> RoundEnd:
        return RoundEnd(self.reason, self.winners, self.points)

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "points": list(self.points),
            "hands": [[t.name for t in hand] for hand in self.hands],
        }


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int | None
    """The viewer's seat; None for a spectator."""
    rules: RuleSet
    players: int
    round: int
    """The round's number, from 1."""
    phase: str
    """``opening``, ``playing``, ``last-turns`` (after someone went out
    under ``finish_cycle_after_out``) or ``over``."""
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    pool: int
    """The number of tiles in the pool (never which)."""
    board: tuple[PlacedTile, ...]
    """This round's tiles in the order they were placed."""
    to_move: int | None
    """The seat to move; None between rounds and at the end."""
    opener: int
    draws: int
    """Tiles the seat to move has drawn this turn."""
    passes: int
    """Turns in a row that ended in a pass."""
    out: int | None
    """The seat that went out, during the last turns after it."""
    last_turns: int
    """Turns left before the round ends, during the last turns."""
    legal: tuple[LegalAction, ...]
    """The viewer's legal actions when it is their move, else empty."""
    log: tuple[LogEntry, ...]
    round_points: tuple[int, ...]
    """Points from actions this round, per seat (round-end awards apart)."""
    totals: tuple[int, ...]
    last_round: bool
    """Someone reached the target: this round is the game's last."""
    finished: bool
    winners: tuple[int, ...]
    """The game's winners once it is finished."""
    round_end: RoundSummary | None
    """While the round is over and the next not yet dealt."""

    @property
    def tile_set(self) -> TileSet:
        return tile_set(self.rules.tile_set)

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return tuple(entry.action for entry in self.legal)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "rules": _rules_json(self.rules),
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "hand": [t.name for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "pool": self.pool,
            "board": [p.to_json() for p in self.board],
            "to_move": self.to_move,
            "opener": self.opener,
            "draws": self.draws,
            "passes": self.passes,
            "out": self.out,
            "last_turns": self.last_turns,
            "legal": [a.to_json() for a in self.legal],
            "log": [e.to_json() for e in self.log],
            "round_points": list(self.round_points),
            "totals": list(self.totals),
            "last_round": self.last_round,
            "finished": self.finished,
            "winners": list(self.winners),
        }
        if self.round_end is not None:
            out["round_end"] = self.round_end.to_json()
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> PlayerView:
        """Read back what :meth:`to_json` wrote (for clients and tests)."""
        rules = RuleSet.from_json(data["rules"])
        tiles = tile_set(rules.tile_set)

        def tile(name: str) -> Tile:
            return tiles.parse(name)

        def score(entry: dict[str, Any]) -> Score | None:
            bonus = entry.get("bonus")
            return Score.from_json(bonus) if bonus is not None else None

        end = data.get("round_end")
        return PlayerView(
            seat=data["seat"],
            rules=rules,
            players=data["players"],
            round=data["round"],
            phase=data["phase"],
            hand=tuple(tile(n) for n in data["hand"]),
            hand_sizes=tuple(data["hand_sizes"]),
            pool=data["pool"],
            board=tuple(
                PlacedTile(
                    (p["cell"][0], p["cell"][1]),
                    (p["corners"][0], p["corners"][1], p["corners"][2]),
                    tile(p["tile"]),
                )
                for p in data["board"]
            ),
            to_move=data["to_move"],
            opener=data["opener"],
            draws=data["draws"],
            passes=data["passes"],
            out=data["out"],
            last_turns=data["last_turns"],
            legal=tuple(
                LegalAction(parse_action(a["action"]), a["points"], score(a)) for a in data["legal"]
            ),
            log=tuple(
                LogEntry(
                    e["seat"],
                    parse_action(e["action"]),
                    e["points"],
                    score(e),
                    tile(e["tile"]) if "tile" in e else None,
                )
                for e in data["log"]
            ),
            round_points=tuple(data["round_points"]),
            totals=tuple(data["totals"]),
            last_round=data["last_round"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
            round_end=RoundSummary(
                end["reason"],
                tuple(end["winners"]),
                tuple(end["points"]),
                tuple(tuple(tile(n) for n in hand) for hand in end["hands"]),
            )
            if end is not None
            else None,
        )


@lru_cache(maxsize=64)
def _rules_json(rules: RuleSet) -> dict[str, Any]:
    """The rule set as JSON, built once per rule set: every view carries it,
    and a server sends views to every client after every change. Shared
    between views, so read-only."""
    return rules.to_json()


def make_view(
    state: Round,
    outcomes: Sequence[Outcome],
    viewer: int | None,
    *,
    round_number: int,
    totals: tuple[int, ...],
    last_round: bool,
    finished: bool,
    winners: tuple[int, ...],
) -> PlayerView:
    tiles = state.tiles
    hand = tuple(tiles.tiles_in(state.hands[viewer])) if viewer is not None else ()
    board = tuple(
        PlacedTile(cell, numbers, tiles.tiles[tile])
        for cell, numbers, tile in state.board.placements()
    )
    over = state.phase == OVER
    to_move = None if over else state.seat
    legal: tuple[LegalAction, ...] = ()
    if viewer is not None and viewer == to_move:
        rules = state.rules
        legal = tuple(
            LegalAction(state.decode(m), state.points_of(m), state.score_of(m))
            if is_placement(m)
            else LegalAction(
                state.decode(m), -(rules.draw_penalty if m == DRAW else rules.pass_penalty)
            )
            for m in state.legal_moves()
        )
    end = state.end
    return PlayerView(
        seat=viewer,
        rules=state.rules,
        players=state.players,
        round=round_number,
        phase=PHASE_NAMES[state.phase],
        hand=hand,
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        pool=len(state.pool),
        board=board,
        to_move=to_move,
        opener=state.opener,
        draws=state.draws,
        passes=state.passes,
        out=state.out_seat if state.out_seat >= 0 and not over else None,
        last_turns=state.final_turns if not over else 0,
        legal=legal,
        log=tuple(LogEntry.seen(o, viewer) for o in outcomes),
        round_points=tuple(state.points),
        totals=totals,
        last_round=last_round,
        finished=finished,
        winners=winners,
        round_end=RoundSummary(
            end.reason,
            end.winners,
            end.points,
            tuple(tuple(tiles.tiles_in(h)) for h in state.hands),
        )
        if end is not None
        else None,
    )


def waiting_view(rules: RuleSet, players: int, seat: int | None) -> dict[str, Any]:
    """The view before the first deal, as JSON: the keys of every view, nothing dealt."""
    return {
        "seat": seat,
        "rules": _rules_json(rules),
        "players": players,
        "round": 0,
        "phase": "waiting",
        "hand": [],
        "hand_sizes": [0] * players,
        "pool": 0,
        "board": [],
        "to_move": None,
        "opener": None,
        "draws": 0,
        "passes": 0,
        "out": None,
        "last_turns": 0,
        "legal": [],
        "log": [],
        "round_points": [0] * players,
        "totals": [0] * players,
        "last_round": False,
        "finished": False,
        "winners": [],
    }


def bonus_schema() -> dict[str, Any]:
    """JSON Schema of a placement's score breakdown (:meth:`Score.to_json`)."""
    return {
        "title": "Bonus",
        "type": "object",
        "properties": {
            "hexagons": {"type": "integer", "minimum": 0, "maximum": 3},
            "bridge": {"type": "boolean"},
            "two_sided": {"type": "boolean"},
            "shape": {"enum": ["bridge", "two-sided", None]},
            "corner": {"type": "boolean"},
            "tile": {"type": "integer"},
            "opening": {"type": "integer"},
            "shape_bonus": {"type": "integer"},
        },
        "required": ["hexagons", "bridge", "two_sided", "shape"],
    }


def view_schema() -> dict[str, Any]:
    """JSON Schema of :meth:`PlayerView.to_json` (the ``VIEW`` of server.md)."""
    from triominoes.core.rules import rules_schema

    seat = {"type": "integer", "minimum": 0}
    seats = {"type": "array", "items": {"type": "integer"}}
    tile = {"type": "string", "pattern": "^[0-5]-[0-5]-[0-5]$"}
    token = {"type": "string", "description": "545@1,0, draw or pass (record.md)"}
    bonus = bonus_schema()
    triple = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3}
    return {
        "title": "View",
        "type": "object",
        "required": [
            "seat",
            "rules",
            "players",
            "round",
            "phase",
            "hand",
            "hand_sizes",
            "pool",
            "board",
            "to_move",
            "opener",
            "draws",
            "passes",
            "out",
            "last_turns",
            "legal",
            "log",
            "round_points",
            "totals",
            "last_round",
            "finished",
            "winners",
        ],
        "properties": {
            "seat": {"oneOf": [seat, {"type": "null"}]},
            "rules": {**rules_schema(), "title": "RuleSet"},
            "players": {"type": "integer", "minimum": 2, "maximum": 6},
            "round": {"type": "integer", "minimum": 0},
            "phase": {"enum": ["waiting", "opening", "playing", "last-turns", "over"]},
            "hand": {"type": "array", "items": tile},
            "hand_sizes": seats,
            "pool": {"type": "integer", "minimum": 0},
            "board": {
                "type": "array",
                "items": {
                    "title": "Placed",
                    "type": "object",
                    "required": ["cell", "corners"],
                    "properties": {
                        "cell": {
                            "type": "array",
                            "items": {"type": "integer"},
                            "minItems": 2,
                            "maxItems": 2,
                        },
                        "corners": triple,
                        "tile": tile,
                    },
                },
            },
            "to_move": {"oneOf": [seat, {"type": "null"}]},
            "opener": {"oneOf": [seat, {"type": "null"}]},
            "draws": {"type": "integer", "minimum": 0},
            "passes": {"type": "integer", "minimum": 0},
            "out": {"oneOf": [seat, {"type": "null"}]},
            "last_turns": {"type": "integer", "minimum": 0},
            "legal": {
                "type": "array",
                "items": {
                    "title": "Legal",
                    "type": "object",
                    "required": ["action", "points"],
                    "properties": {"action": token, "points": {"type": "integer"}, "bonus": bonus},
                },
            },
            "log": {
                "type": "array",
                "items": {
                    "title": "LogEntry",
                    "type": "object",
                    "required": ["seat", "action", "points"],
                    "properties": {
                        "seat": seat,
                        "action": token,
                        "points": {"type": "integer"},
                        "bonus": bonus,
                        "tile": tile,
                    },
                },
            },
            "round_points": seats,
            "totals": seats,
            "last_round": {"type": "boolean"},
            "finished": {"type": "boolean"},
            "winners": seats,
            "round_end": {
                "title": "RoundEnd",
                "type": "object",
                "required": ["reason", "points", "winners", "hands"],
                "properties": {
                    "reason": {"enum": ["out", "blocked"]},
                    "points": seats,
                    "winners": seats,
                    "hands": {"type": "array", "items": {"type": "array", "items": tile}},
                },
            },
        },
    }
