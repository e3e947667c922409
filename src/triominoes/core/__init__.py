"""The Triominoes rules engine: pure, synchronous, no I/O.

Everything else (AI, tournaments, CLI, server) imports this package; it
imports nothing from them.
"""

from triominoes.core.actions import Action, Draw, Pass, Place, parse_action
from triominoes.core.errors import (
    IllegalAction,
    InvalidRules,
    NotATile,
    RecordError,
    TriominoesError,
)
from triominoes.core.game import Game, deal
from triominoes.core.record import Record, loads, read, record_of, replay, replay_json
from triominoes.core.round import DRAW, PASS, Deal, Outcome, Round, RoundEnd
from triominoes.core.rules import PRESETS, RuleSet, preset
from triominoes.core.scoring import Score
from triominoes.core.tiles import Tile, TileSet, tile_set
from triominoes.core.view import PlayerView

__all__ = [
    "DRAW",
    "PASS",
    "PRESETS",
    "Action",
    "Deal",
    "Draw",
    "Game",
    "IllegalAction",
    "InvalidRules",
    "NotATile",
    "Outcome",
    "Pass",
    "Place",
    "PlayerView",
    "Record",
    "RecordError",
    "Round",
    "RoundEnd",
    "RuleSet",
    "Score",
    "Tile",
    "TileSet",
    "TriominoesError",
    "deal",
    "loads",
    "parse_action",
    "preset",
    "read",
    "record_of",
    "replay",
    "replay_json",
    "tile_set",
]
