"""The Triominoes rules engine: pure, synchronous, no I/O.

Everything else (AI, tournaments, CLI, server, terminal game, score pad, RL
environment) imports this package; it imports nothing from them. The way
in for a client is :class:`Game`: ``apply(seat, action)`` returns
:mod:`events <triominoes.core.events>`, ``view(seat)`` what that seat may
know (a JSON-ready :class:`PlayerView`). Rules: docs/rules.md; records:
docs/records.md.
"""

from triominoes.core.actions import Action, Draw, Pass, Place, parse_action
from triominoes.core.awards import RoundEnd
from triominoes.core.deal import Deal, deal, round_seed
from triominoes.core.errors import (
    ERRORS,
    BadDeal,
    BadToken,
    CannotDraw,
    CannotPass,
    GameOver,
    IllegalAction,
    IllegalPlacement,
    InvalidRules,
    NoSuchSeat,
    NotATile,
    NothingToUndo,
    NotYourTurn,
    RecordError,
    RoundNotOver,
    RoundOver,
    TriominoesError,
)
from triominoes.core.events import (
    ActionTaken,
    Event,
    GameEnded,
    RoundDealt,
    RoundEnded,
    TileDrawn,
    seen_by,
)
from triominoes.core.game import Game
from triominoes.core.knowledge import HandConstraint, Knowledge
from triominoes.core.layout import Layout
from triominoes.core.moves import DRAW, PASS, Move
from triominoes.core.record import (
    Record,
    loads,
    read,
    record_of,
    replay,
    replay_json,
    restore,
    snapshot,
)
from triominoes.core.round import Outcome, Round
from triominoes.core.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    BlockedScoring,
    GameEnd,
    Opening,
    RuleSet,
    TileSetName,
    preset,
    rules_schema,
)
from triominoes.core.scoring import Score
from triominoes.core.tiles import Tile, TileSet, tile_set
from triominoes.core.view import (
    LegalAction,
    LogEntry,
    PlacedTile,
    PlayerView,
    RoundSummary,
    view_schema,
)

__all__ = [
    "DRAW",
    "ERRORS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PASS",
    "PRESETS",
    "Action",
    "ActionTaken",
    "BadDeal",
    "BadToken",
    "BlockedScoring",
    "CannotDraw",
    "CannotPass",
    "Deal",
    "Draw",
    "Event",
    "Game",
    "GameEnd",
    "GameEnded",
    "GameOver",
    "HandConstraint",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidRules",
    "Knowledge",
    "Layout",
    "LegalAction",
    "LogEntry",
    "Move",
    "NoSuchSeat",
    "NotATile",
    "NotYourTurn",
    "NothingToUndo",
    "Opening",
    "Outcome",
    "Pass",
    "Place",
    "PlacedTile",
    "PlayerView",
    "Record",
    "RecordError",
    "Round",
    "RoundDealt",
    "RoundEnd",
    "RoundEnded",
    "RoundNotOver",
    "RoundOver",
    "RoundSummary",
    "RuleSet",
    "Score",
    "Tile",
    "TileDrawn",
    "TileSet",
    "TileSetName",
    "TriominoesError",
    "deal",
    "loads",
    "parse_action",
    "preset",
    "read",
    "record_of",
    "replay",
    "replay_json",
    "restore",
    "round_seed",
    "rules_schema",
    "seen_by",
    "snapshot",
    "tile_set",
    "view_schema",
]
