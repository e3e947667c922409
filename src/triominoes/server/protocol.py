"""The WebSocket frames (server.md), checked against a strict schema.

Client frames are parsed into the models below: an unknown ``type``, an
unknown key, a wrong type or an oversized value is a ``bad-message``
error, never a crash. Their JSON Schema (:func:`client_schema`) and the
server frames' are published in docs/protocol.md (:mod:`.schema`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from triominoes.server.phrases import PHRASES

MAX_DEPTH = 8
"""Client frames are flat; a deeper value is refused before it is parsed."""

ClientId = Annotated[str, Field(min_length=1, max_length=64)]


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Frame):
    """The first frame: a seat's token, or none: to watch, or to play the
    seat of the signed-in player whose session cookie the connection carries."""

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


class Resign(_Frame):
    """Give up the game: a bot plays the seat to the end, and it ranks last."""

    type: Literal["resign"]


class Ping(_Frame):
    type: Literal["ping"]


class Hint(_Frame):
    """Ask for the strongest bot's suggestion (at tables with bots)."""

    type: Literal["hint"]


ClientFrame = Annotated[
    Hello | Act | Next | Chat | Takeback | Answer | Rematch | Back | Resign | Ping | Hint,
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
