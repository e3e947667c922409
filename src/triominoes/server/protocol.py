"""The WebSocket frames (server.md), checked against a strict schema.

Client frames are parsed into the models below: an unknown ``type``, an
unknown key, a wrong type or an oversized value is a ``bad-message``
error, never a crash. :func:`client_schema` and :data:`SERVER_FRAMES` are
the JSON Schemas published in docs/protocol.md.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from triominoes.core.view import bonus_schema
from triominoes.server.phrases import PHRASES

MAX_DEPTH = 8
"""Client frames are flat; a deeper value is refused before it is parsed."""

ClientId = Annotated[str, Field(min_length=1, max_length=64)]


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Frame):
    """The first frame: a seat's token, or none to watch."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=128)] | None = None


class Act(_Frame):
    """Take an action at version ``version``; ``id`` is unique per seat and game."""

    type: Literal["act"]
    id: ClientId
    version: Annotated[int, Field(ge=0, le=2**53)]
    action: Annotated[str, Field(min_length=1, max_length=24)]


class Next(_Frame):
    """Ready for the next round (after a round's summary)."""

    type: Literal["next"]


class Chat(_Frame):
    """Say one of the preset phrases (``GET /api/phrases``)."""

    type: Literal["chat"]
    phrase: Literal[tuple(PHRASES)]  # type: ignore[valid-type]


class Takeback(_Frame):
    """Ask to take back one's own last placement."""

    type: Literal["takeback"]


class Answer(_Frame):
    """Accept or refuse another player's takeback."""

    type: Literal["answer"]
    accept: bool


class Rematch(_Frame):
    """After the game: offer or accept (or, with ``accept`` false, decline)
    another game, the same seats, the seat order rotated; ``with_bots``:
    start it once the others had their time, bots standing in for them."""

    type: Literal["rematch"]
    accept: bool = True
    with_bots: bool = False


class Back(_Frame):
    """Take one's seat back from the bot that stands in for an absent player."""

    type: Literal["back"]


class Ping(_Frame):
    type: Literal["ping"]


class Hint(_Frame):
    """Ask for the strongest bot's suggestion (at tables with bots)."""

    type: Literal["hint"]


ClientFrame = Annotated[
    Hello | Act | Next | Chat | Takeback | Answer | Rematch | Back | Ping | Hint,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientFrame] = TypeAdapter(ClientFrame)


class BadMessage(ValueError):
    """A frame that is not a valid client frame."""


def encode(frame: dict[str, Any]) -> str:
    """One server frame as JSON text. orjson: a table's every change sends
    each recipient a view of several kilobytes, and the standard library's
    encoder was a tenth of the server's time under load."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def parse_frame(text: str) -> ClientFrame:
    """Parse and check one text frame (raises BadMessage with a reason)."""
    if _too_deep(text):
        raise BadMessage(f"frames may be nested at most {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("a frame must be one JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("a frame must be one JSON object")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise BadMessage(f"{where or 'frame'}: {first.get('msg', 'invalid')}"[:200]) from None


def _too_deep(text: str) -> bool:
    """Whether brackets nest deeper than :data:`MAX_DEPTH` (outside strings)."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def client_schema() -> dict[str, Any]:
    """JSON Schema of every client frame."""
    return _ADAPTER.json_schema()


# --- server frames ----------------------------------------------------------

ERROR_CODES = (
    "stale",
    "illegal",
    "not-your-turn",
    "bad-message",
    "unauthorized",
    "rate-limited",
    "not-now",
)
"""``not-now``: a request the table cannot take at this moment (a takeback
after another seat acted, a rematch before the end, ...)."""


def _event(kind: str, required: list[str], **properties: Any) -> dict[str, Any]:
    return {
        "title": "".join(word.title() for word in kind.split("-")) + "Event",
        "type": "object",
        "required": ["type", *required],
        "properties": {"type": {"const": kind}, **properties},
    }


_SEAT = {"type": "integer", "description": "an engine seat"}
BY = {
    "enum": ["bot", "stand-in"],
    "description": "a bot chose it: the bot's seat, or a stand-in for an absent "
    "person; absent: the person chose it",
}
_SEATS = {"type": "array", "items": {"type": "integer"}}
_NAMES = {"type": "array", "items": {"type": "string"}}
EVENTS: list[dict[str, Any]] = [
    _event("game-started", ["game", "order"], game={"type": "integer"}, order=_SEATS),
    _event(
        "round-dealt",
        ["round", "opener", "hand_sizes", "pool", "hands"],
        round={"type": "integer"},
        opener=_SEAT,
        hand_sizes=_SEATS,
        pool={"type": "integer"},
        hands={
            "type": "array",
            "description": "the recipient's own hand; null for every other",
            "items": {"oneOf": [{"type": "null"}, _NAMES]},
        },
    ),
    _event(
        "action",
        ["round", "seat", "action", "points"],
        round={"type": "integer"},
        seat=_SEAT,
        action={"type": "string"},
        points={"type": "integer"},
        bonus=bonus_schema(),
        by=BY,
    ),
    _event(
        "drew",
        ["round", "seat", "tile"],
        round={"type": "integer"},
        seat=_SEAT,
        tile={"type": ["string", "null"], "description": "only for the seat that drew it"},
    ),
    _event(
        "round-ended",
        ["round", "reason", "winners", "awards", "hands", "totals", "out"],
        round={"type": "integer"},
        reason={"enum": ["out", "blocked"]},
        winners=_SEATS,
        awards={"type": "array", "items": {"type": "integer"}},
        hands={"type": "array", "items": _NAMES},
        totals={"type": "array", "items": {"type": "integer"}},
        out={"type": ["integer", "null"], "description": "who went out; null when blocked"},
    ),
    _event(
        "game-ended",
        ["winners", "totals"],
        winners=_SEATS,
        totals={"type": "array", "items": {"type": "integer"}},
    ),
    _event("seat-taken", ["seat", "name"], seat=_SEAT, name={"type": "string"}),
    _event("taken-back", ["seat", "action"], seat=_SEAT, action={"type": "string"}),
    _event("takeback-asked", ["seat"], seat=_SEAT),
    _event("takeback-answered", ["seat", "accept"], seat=_SEAT, accept={"type": "boolean"}),
    _event("stand-in", ["seat", "on"], seat=_SEAT, on={"type": "boolean"}),
    _event("ready", ["seat"], seat=_SEAT),
    _event("rematch", ["seat", "accept"], seat=_SEAT, accept={"type": "boolean"}),
]
"""What a change did, in the ``events`` of the ``state`` frames it sends."""

SERVER_FRAMES: dict[str, Any] = {
    "state": {
        "type": "object",
        "required": ["type", "version", "view", "events"],
        "properties": {
            "type": {"const": "state"},
            "version": {"type": "integer"},
            "view": {"$ref": "#/$defs/View"},
            "events": {
                "type": "array",
                "description": "what the change that made this version did, as the "
                "recipient may see it; empty in a state sent for any other reason",
                "items": {"$ref": "#/$defs/Event"},
            },
        },
    },
    "ack": {
        "type": "object",
        "required": ["type", "id", "version"],
        "properties": {
            "type": {"const": "ack"},
            "id": {"type": "string"},
            "version": {"type": "integer"},
        },
    },
    "error": {
        "type": "object",
        "required": ["type", "code", "message", "version"],
        "properties": {
            "type": {"const": "error"},
            "code": {"enum": list(ERROR_CODES)},
            "message": {"type": "string"},
            "id": {"type": "string"},
            "version": {"type": "integer"},
            "reason": {
                "title": "Reason",
                "type": "object",
                "description": "The engine's error: code, English template and its parameters",
                "required": ["code", "template", "params"],
                "properties": {
                    "code": {"type": "string"},
                    "template": {"type": "string"},
                    "params": {
                        "type": "object",
                        "additionalProperties": {"type": ["string", "integer"]},
                    },
                },
            },
        },
    },
    "chat": {
        "type": "object",
        "required": ["type", "seat", "phrase", "version"],
        "properties": {
            "type": {"const": "chat"},
            "seat": {"type": "integer", "description": "the engine seat of who said it"},
            "at": {"type": "number"},
            "phrase": {"enum": list(PHRASES)},
            "version": {"type": "integer"},
        },
    },
    "pong": {
        "type": "object",
        "required": ["type", "version"],
        "properties": {"type": {"const": "pong"}, "version": {"type": "integer"}},
    },
    "hint": {
        "type": "object",
        "required": ["type", "version", "action", "points"],
        "properties": {
            "type": {"const": "hint"},
            "version": {"type": "integer", "description": "the version the hint is for"},
            "action": {"type": "string"},
            "points": {"type": "integer", "description": "what the action scores now"},
            "bonus": bonus_schema(),
            "expected": {
                "type": "number",
                "description": "the points the search expects the seat to score "
                "from here to the round's end",
            },
            "reason": {
                "title": "HintReason",
                "type": "object",
                "description": "why, in one line: an English template (the catalogs' "
                "key) and the values of its {placeholders}",
                "required": ["text", "params"],
                "properties": {
                    "text": {"type": "string"},
                    "params": {
                        "type": "object",
                        "additionalProperties": {"type": ["string", "integer"]},
                    },
                },
            },
        },
    },
}


TABLE_SCHEMA: dict[str, Any] = {
    "title": "TableInfo",
    "type": "object",
    "description": "What the server adds to the engine's view under the key 'table'",
    "required": [
        "id",
        "status",
        "game",
        "settings",
        "seats",
        "commitments",
        "clock",
        "next",
        "takeback",
        "rematch",
        "chat",
        "now",
    ],
    "properties": {
        "id": {"type": "string"},
        "status": {"enum": ["waiting", "playing", "finished", "closed"]},
        "game": {"type": "integer", "description": "the game at this table, from 1 (rematches)"},
        "settings": {
            "title": "TableSettings",
            "type": "object",
            "required": ["turn_seconds", "next_seconds", "bot_pace", "rematch_seconds"],
            "properties": {
                "turn_seconds": {"type": ["number", "null"]},
                "next_seconds": {"type": "number"},
                "bot_pace": {"type": "number"},
                "rematch_seconds": {"type": "number"},
            },
        },
        "seats": {
            "type": "array",
            "description": "per engine seat (the view's seat numbers)",
            "items": {
                "title": "TableSeat",
                "type": "object",
                "required": [
                    "seat",
                    "table_seat",
                    "name",
                    "kind",
                    "bot",
                    "connected",
                    "stand_in",
                    "ready",
                    "resigned",
                ],
                "properties": {
                    "seat": {"type": "integer"},
                    "table_seat": {"type": "integer"},
                    "name": {"type": ["string", "null"]},
                    "kind": {"enum": ["human", "bot"]},
                    "bot": {"type": ["string", "null"]},
                    "connected": {"type": "boolean"},
                    "stand_in": {"type": "boolean", "description": "a bot plays for them"},
                    "ready": {"type": "boolean", "description": "ready for the next round"},
                    "resigned": {"type": "boolean"},
                },
            },
        },
        "commitments": {
            "type": "array",
            "items": {"type": "string"},
            "description": "SHA-256 commitment to each round's deal, published when dealt",
        },
        "clock": {"type": ["number", "null"], "description": "the turn's deadline (epoch s)"},
        "next": {"type": ["number", "null"], "description": "when the next round is dealt"},
        "takeback": {
            "oneOf": [
                {"type": "null"},
                {
                    "title": "PendingTakeback",
                    "type": "object",
                    "required": ["seat", "waiting_for"],
                    "properties": {
                        "seat": {"type": "integer"},
                        "waiting_for": {"type": "array", "items": {"type": "integer"}},
                    },
                },
            ]
        },
        "rematch": {
            "description": "an offer to play again, while it is open",
            "oneOf": [
                {"type": "null"},
                {
                    "title": "RematchOffer",
                    "type": "object",
                    "required": ["by", "accepted", "declined", "deadline"],
                    "properties": {
                        "by": {"type": "integer"},
                        "accepted": {"type": "array", "items": {"type": "integer"}},
                        "declined": {"type": "array", "items": {"type": "integer"}},
                        "deadline": {
                            "type": "number",
                            "description": "after it, who accepted may start with bots",
                        },
                    },
                },
            ],
        },
        "chat": {
            "type": "array",
            "description": "the last 30 lines, each under the current seat of who said it",
            "items": {
                "title": "ChatLine",
                "type": "object",
                "required": ["seat", "phrase", "at"],
                "properties": {
                    "seat": {"type": "integer"},
                    "phrase": {"type": "string"},
                    "at": {"type": "number"},
                },
            },
        },
        "now": {"type": "number", "description": "the server's clock (epoch s)"},
    },
}


def protocol_schema() -> dict[str, Any]:
    """Every WebSocket frame as one JSON Schema document (docs/protocol.schema.json)."""
    from triominoes.core.view import view_schema

    client = client_schema()
    view = view_schema()
    view["properties"]["table"] = TABLE_SCHEMA
    view["required"].append("table")
    view["properties"]["log"]["items"]["properties"]["by"] = BY
    defs = dict(client.pop("$defs", {}))
    defs["ClientFrame"] = client
    defs["View"] = view
    defs["Event"] = {"oneOf": EVENTS}
    defs["ServerFrame"] = {"oneOf": [{"$ref": f"#/$defs/{name}Frame"} for name in SERVER_FRAMES]}
    for name, schema in SERVER_FRAMES.items():
        defs[f"{name}Frame"] = schema
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Triominoes WebSocket frames",
        "$defs": defs,
    }
