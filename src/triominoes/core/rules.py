"""Rule sets (docs/rules.md §7): every variant is data, never a branch on a name.

A :class:`RuleSet` is a frozen value. The five presets are instances; house
rules are a preset with fields replaced (:meth:`RuleSet.with_overrides`).
The JSON form is the one records use (docs/records.md): a preset name, or an
object ``{"preset": NAME, FIELD: VALUE, ...}``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from triominoes.core.errors import InvalidRules, NotATile, quote
from triominoes.core.tiles import TILE_SET_NAMES, tile_set

MIN_PLAYERS = 2
MAX_PLAYERS = 6
PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


class TileSetName(StrEnum):
    STANDARD56 = "standard56"
    EXTENDED76 = "extended76"


class Opening(StrEnum):
    HIGHEST_TRIPLE = "highest-triple"
    """Every round: the highest triple opens (else the highest tile)."""
    HIGHEST_TRIPLE_THEN_ROTATE = "highest-triple-then-rotate"
    """Round 1 as above; later rounds the next seat opens with any tile."""


class BlockedScoring(StrEnum):
    DIFFERENCES = "differences"
    OTHERS_MINUS_OWN = "others-minus-own"
    NONE = "none"


class GameEnd(StrEnum):
    LAST_ROUND = "last-round"
    ROUND_WINNER = "round-winner"
    SINGLE_ROUND = "single-round"


CHOICES: dict[str, type[StrEnum]] = {
    "tile_set": TileSetName,
    "opening": Opening,
    "blocked_scoring": BlockedScoring,
    "game_end": GameEnd,
}
"""The rule fields whose values are one of a few words, with their types."""

assert tuple(TileSetName) == TILE_SET_NAMES
TRIPLE_KEY = "triple"
MAX_POINTS = 1_000_000
"""Bound on any amount of points: far above real house rules, and it keeps
a typo such as ``1e300`` from turning every score into a huge integer."""


@dataclass(frozen=True)
class RuleSet:
    """The fields of docs/rules.md §7, plus the preset it derives from.

    ``hand_size`` and ``opening_bonus`` are stored as sorted pairs so the
    value stays hashable; use :meth:`hand_size_for` and
    :meth:`opening_bonus_for` to read them.
    """

    name: str = "standard"
    version: int = 1
    tile_set: TileSetName = TileSetName.STANDARD56
    hand_size: tuple[tuple[int, int], ...] = ((2, 9), (3, 7), (4, 7), (5, 6), (6, 6))
    opening: Opening = Opening.HIGHEST_TRIPLE
    opening_bonus: tuple[tuple[str, int], ...] = ((TRIPLE_KEY, 10), ("0-0-0", 40))
    draw_penalty: int = 5
    max_draws: int | None = 3
    pass_penalty: int = 10
    voluntary_draw: bool = True
    hexagon_bonus: tuple[int, int, int] = (50, 100, 150)
    bridge_bonus: int = 40
    two_side_bonus: int = 40
    corner_fallback: bool = False
    going_out_bonus: int = 25
    collect_hands: bool = True
    finish_cycle_after_out: bool = False
    blocked_when_no_moves: bool = True
    blocked_scoring: BlockedScoring = BlockedScoring.DIFFERENCES
    game_end: GameEnd = GameEnd.LAST_ROUND
    target_score: int | None = 400

    def __post_init__(self) -> None:
        for name, choice in CHOICES.items():
            value = getattr(self, name)
            if isinstance(value, str) and value in choice._value2member_map_:
                object.__setattr__(self, name, choice(value))
        # One spelling per value, so equal rule sets compare (and hash) equal
        # and a bonus written for any rotation of a tile is found by its name.
        object.__setattr__(
            self, "opening_bonus", _canonical_names(self.tile_set, self.opening_bonus)
        )
        for name in ("hand_size", "opening_bonus"):
            pairs = getattr(self, name)
            if isinstance(pairs, tuple) and all(isinstance(p, tuple) for p in pairs):
                object.__setattr__(self, name, tuple(sorted(pairs, key=lambda p: repr(p[:1]))))
        _validate(self)

    # --- reading -------------------------------------------------------

    def hand_size_for(self, players: int) -> int:
        for count, size in self.hand_size:
            if count == players:
                return size
        if players in PLAYER_COUNTS:
            raise InvalidRules(f"these rules give no hand size for {players} players")
        raise InvalidRules(
            f"{players} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )

    def opening_bonus_for(self, tile_name: str, is_triple: bool) -> int:
        """A tile name wins over the word ``triple`` (docs/rules.md §5)."""
        bonuses = dict(self.opening_bonus)
        if tile_name in bonuses:
            return bonuses[tile_name]
        if is_triple:
            return bonuses.get(TRIPLE_KEY, 0)
        return 0

    # --- deriving ------------------------------------------------------

    def with_overrides(self, **overrides: Any) -> RuleSet:
        """House rules: this rule set with fields replaced (JSON-style values)."""
        return _from_fields(self, overrides)

    @property
    def base_preset(self) -> RuleSet:
        return PRESETS.get(self.name, STANDARD)

    def overrides(self) -> dict[str, Any]:
        """The fields that differ from the preset named ``name``, JSON-style."""
        base = self.base_preset.to_json()
        mine = self.to_json()
        return {
            key: value
            for key, value in mine.items()
            if key not in ("preset", "name", "version") and value != base[key]
        }

    # --- JSON ----------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every field, JSON-style, under the preset it derives from."""
        out: dict[str, Any] = {"preset": self.base_preset.name}
        for field in dataclasses.fields(self):
            out[field.name] = _field_to_json(field.name, getattr(self, field.name))
        return out

    def to_record(self) -> str | dict[str, Any]:
        """The compact record form: the preset name, or preset plus overrides."""
        overrides = self.overrides()
        if not overrides and self.name in PRESETS:
            return self.name
        return {"preset": self.base_preset.name, **overrides}

    @staticmethod
    def from_json(data: object) -> RuleSet:
        """Read a preset name or a ``{"preset": ..., FIELD: VALUE}`` object."""
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, Mapping):
            raise InvalidRules("rules must be a preset name or an object")
        fields = dict(data)
        base_name = fields.pop("preset", "standard")
        if not isinstance(base_name, str):
            raise InvalidRules("'preset' must be a preset name")
        base = preset(base_name)
        fields.pop("name", None)  # informational (docs/records.md)
        return _from_fields(base, fields)


# --- conversion and validation ---------------------------------------------

_FIELD_NAMES = tuple(f.name for f in dataclasses.fields(RuleSet))


def _field_to_json(name: str, value: Any) -> Any:
    if name == "hand_size":
        return {str(count): size for count, size in value}
    if name == "opening_bonus":
        return dict(value)
    if name == "hexagon_bonus":
        return list(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


def _from_fields(base: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in _FIELD_NAMES:
            raise InvalidRules(f"unknown rules field {quote(key)}")
        if key == "version":
            # Informational (docs/records.md), however it is written: in a
            # rules object or as an override.
            continue
        changes[key] = _field_from_json(key, value)
    return dataclasses.replace(base, **changes)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_small(value: object) -> bool:
    return _is_int(value) and 0 <= value < 100  # type: ignore[operator]


def _whole(value: Any) -> Any:
    """JSON writers may spell a whole number ``400.0``: read it as ``400``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _field_from_json(name: str, value: Any) -> Any:
    if name == "hand_size":
        if not isinstance(value, Mapping):
            raise InvalidRules("hand_size must be an object keyed by player count")
        sizes: dict[int, Any] = {}
        for count, size in value.items():
            text = count if isinstance(count, str) else str(count) if _is_small(count) else ""
            # A player count has one digit; a long key is not turned into a
            # number at all (Python refuses thousands of digits).
            if not (text.isascii() and text.isdigit() and len(text.lstrip("0")) <= 2):
                raise InvalidRules(f"hand_size key {quote(count)} is not a player count")
            if int(text) in sizes:
                raise InvalidRules(f"hand_size gives {int(text)} players twice")
            sizes[int(text)] = _whole(size)
        return tuple(sorted(sizes.items()))
    if name == "opening_bonus":
        if not isinstance(value, Mapping):
            raise InvalidRules("opening_bonus must be an object of tile names to bonuses")
        return tuple(sorted((str(k), _whole(v)) for k, v in value.items()))
    if name == "hexagon_bonus":
        if not isinstance(value, list | tuple) or len(value) != 3:
            raise InvalidRules("hexagon_bonus must be a list of three numbers")
        return tuple(_whole(v) for v in value)
    return _whole(value)


_INT_FIELDS = (
    "version",
    "draw_penalty",
    "pass_penalty",
    "bridge_bonus",
    "two_side_bonus",
    "going_out_bonus",
)
_BOOL_FIELDS = (
    "voluntary_draw",
    "corner_fallback",
    "collect_hands",
    "finish_cycle_after_out",
    "blocked_when_no_moves",
)


def _validate(rules: RuleSet) -> None:
    if not isinstance(rules.name, str) or not rules.name:
        raise InvalidRules("a rule set needs a name")
    for name in _INT_FIELDS:
        if not _is_int(getattr(rules, name)):
            raise InvalidRules(f"{name} must be a whole number")
        if getattr(rules, name) < 0:
            raise InvalidRules(f"{name} must not be negative")
        if getattr(rules, name) > MAX_POINTS:
            raise InvalidRules(f"{name} must be at most {MAX_POINTS:,}")
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(rules, name), bool):
            raise InvalidRules(f"{name} must be true or false")
    for name, choice in CHOICES.items():
        _check_choice(name, getattr(rules, name), tuple(choice))
    if rules.max_draws is not None and not (_is_int(rules.max_draws) and rules.max_draws >= 0):
        raise InvalidRules("max_draws must be a whole number (0 for no drawing) or null")
    if rules.target_score is not None and not (
        _is_int(rules.target_score) and 1 <= rules.target_score <= MAX_POINTS
    ):
        raise InvalidRules(f"target_score must be a whole number from 1 to {MAX_POINTS:,}, or null")
    if rules.game_end != GameEnd.SINGLE_ROUND and rules.target_score is None:
        raise InvalidRules(f"game_end {quote(rules.game_end)} needs a target_score")
    if not all(_is_int(b) and 0 <= b <= MAX_POINTS for b in rules.hexagon_bonus):
        raise InvalidRules(f"hexagon_bonus must be three whole numbers from 0 to {MAX_POINTS:,}")
    _validate_hand_size(rules)
    _validate_opening_bonus(rules)


def _check_choice(name: str, value: object, choices: tuple[StrEnum, ...]) -> None:
    if not isinstance(value, StrEnum) or value not in choices:
        raise InvalidRules(f"{name} must be one of {', '.join(choices)} (got {quote(value)})")


def _validate_hand_size(rules: RuleSet) -> None:
    # An override replaces the whole field (docs/records.md): house rules for one
    # player count need not invent sizes for the others.
    counts = [count for count, _ in rules.hand_size]
    if not counts or len(set(counts)) != len(counts) or not set(counts) <= set(PLAYER_COUNTS):
        raise InvalidRules("hand_size must give sizes for some of 2, 3, 4, 5 and 6 players")
    tiles = tile_set(rules.tile_set).size
    for count, size in rules.hand_size:
        if not _is_int(size) or size < 1:
            raise InvalidRules(
                f"hand_size for {count} players must be a whole number of at least 1"
            )
        if count * size > tiles:
            raise InvalidRules(
                f"hand_size {quote(size)} for {count} players needs {quote(count * size)} tiles; "
                f"the {rules.tile_set} set has {tiles}"
            )


def _canonical_names(set_name: str, pairs: Any) -> Any:
    """Tile names of ``opening_bonus`` in their canonical rotation (``5-0-0`` → ``0-0-5``)."""
    if set_name not in TILE_SET_NAMES or not isinstance(pairs, tuple):
        return pairs  # validation reports it
    tiles = tile_set(set_name)
    out = []
    for pair in pairs:
        name = pair[0] if isinstance(pair, tuple) and len(pair) == 2 else TRIPLE_KEY
        if name != TRIPLE_KEY and isinstance(name, str):
            with contextlib.suppress(NotATile):  # validation reports it
                pair = (tiles.parse(name).name, pair[1])  # noqa: PLW2901
        out.append(pair)
    return tuple(out)


def _validate_opening_bonus(rules: RuleSet) -> None:
    tiles = tile_set(rules.tile_set)
    seen = set()
    for key, bonus in rules.opening_bonus:
        if not _is_int(bonus) or not 0 <= bonus <= MAX_POINTS:
            raise InvalidRules(
                f"opening_bonus for {quote(key)} must be a whole number from 0 to {MAX_POINTS:,}"
            )
        if key in seen:
            raise InvalidRules(f"opening_bonus names {quote(key)} twice")
        seen.add(key)
        if key == TRIPLE_KEY:
            continue
        try:
            tiles.parse(key)
        except NotATile as exc:
            raise InvalidRules(f"opening_bonus: {exc}") from None


# --- presets ---------------------------------------------------------------

STANDARD = RuleSet()
PRESSMAN = dataclasses.replace(
    STANDARD,
    name="pressman",
    voluntary_draw=False,
    hexagon_bonus=(50, 60, 70),
    two_side_bonus=0,
    blocked_when_no_moves=False,
    blocked_scoring=BlockedScoring.OTHERS_MINUS_OWN,
    game_end=GameEnd.ROUND_WINNER,
)
CZECH = dataclasses.replace(
    STANDARD,
    name="czech",
    max_draws=None,
    voluntary_draw=False,
    blocked_when_no_moves=False,
    blocked_scoring=BlockedScoring.OTHERS_MINUS_OWN,
    game_end=GameEnd.ROUND_WINNER,
)
GERMAN = dataclasses.replace(
    STANDARD,
    name="german",
    opening_bonus=(("0-0-0", 40),),
    hexagon_bonus=(50, 60, 70),
    two_side_bonus=0,
    finish_cycle_after_out=True,
    blocked_when_no_moves=False,
    blocked_scoring=BlockedScoring.OTHERS_MINUS_OWN,
    game_end=GameEnd.SINGLE_ROUND,
    target_score=None,
)
SPANISH = dataclasses.replace(
    STANDARD,
    name="spanish",
    opening=Opening.HIGHEST_TRIPLE_THEN_ROTATE,
    opening_bonus=(("0-0-0", 10), ("5-5-5", 40)),
    max_draws=None,
    pass_penalty=0,
    voluntary_draw=False,
    two_side_bonus=0,
    corner_fallback=True,
    collect_hands=False,
    blocked_when_no_moves=False,
    blocked_scoring=BlockedScoring.NONE,
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (STANDARD, PRESSMAN, CZECH, GERMAN, SPANISH)}


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise InvalidRules(f"unknown rule set {quote(name)} (presets: {known})") from None


def rules_schema() -> dict[str, Any]:
    """JSON Schema of a record's ``rules`` (a preset name or preset plus
    overrides), with the allowed words taken from the choice types."""
    amount = {"type": "integer", "minimum": 0, "maximum": MAX_POINTS}
    flag = {"type": "boolean"}
    fields: dict[str, Any] = {
        "preset": {"enum": list(PRESETS)},
        "name": {"type": "string"},
        "version": {"type": "integer"},
        "hand_size": {
            "type": "object",
            "propertyNames": {"enum": [str(n) for n in PLAYER_COUNTS]},
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "opening_bonus": {"type": "object", "additionalProperties": amount},
        "max_draws": {"type": ["integer", "null"], "minimum": 0},
        "hexagon_bonus": {"type": "array", "items": amount, "minItems": 3, "maxItems": 3},
        "target_score": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_POINTS},
        **{name: {"enum": [c.value for c in choice]} for name, choice in CHOICES.items()},
        **{name: amount for name in _INT_FIELDS if name != "version"},
        **dict.fromkeys(_BOOL_FIELDS, flag),
    }
    return {
        "oneOf": [
            {"enum": list(PRESETS)},
            {"type": "object", "properties": fields, "additionalProperties": False},
        ]
    }
