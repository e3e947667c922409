"""The JSON Schema of every WebSocket frame, published in docs/protocol.md
and docs/protocol.schema.json (and read by the web app's generated types):
the client frames from their models (:mod:`.protocol`), the server frames,
the events and the table's part of the view written out here."""

from __future__ import annotations

from typing import Any

from triominoes.core.view import bonus_schema, view_schema
from triominoes.server.phrases import PHRASES
from triominoes.server.protocol import client_schema

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
    _event("resigned", ["seat"], seat=_SEAT),
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
            "ratings": {
                "type": "array",
                "description": "once a rated game is over: every seat's rating change "
                "(displayed ratings) in its pool",
                "items": {
                    "title": "RatingChange",
                    "type": "object",
                    "required": ["seat", "pool", "before", "after"],
                    "properties": {
                        "seat": _SEAT,
                        "pool": {"enum": ["duel", "table"]},
                        "before": {"type": "integer"},
                        "after": {"type": "integer"},
                    },
                },
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
            "required": ["turn_seconds", "next_seconds", "bot_pace", "rematch_seconds", "rated"],
            "properties": {
                "turn_seconds": {"type": ["number", "null"]},
                "next_seconds": {"type": "number"},
                "bot_pace": {"type": "number"},
                "rematch_seconds": {"type": "number"},
                "rated": {"type": "boolean", "description": "its games change ratings"},
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
                    "player",
                    "deleted",
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
                    "resigned": {
                        "type": "boolean",
                        "description": "gave up this game: a bot plays the seat out",
                    },
                    "player": {
                        "type": ["string", "null"],
                        "description": "the account's name of a signed-in person (a "
                        "profile at /p/NAME); null for a guest or a bot",
                    },
                    "deleted": {
                        "type": "boolean",
                        "description": "the player deleted their account: no name",
                    },
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
