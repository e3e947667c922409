"""Typed errors of the rules engine.

All subclass :class:`ValueError`: each one means "this input is wrong". Each
carries a stable machine-readable :attr:`~TriominoesError.code` (what a
server sends and a UI maps, without parsing text) besides its sentence.

A sentence is an English *template* with named parameters, e.g.
``"corner ({x},{y}) must be {want}, tile has {has}"``: ``str(error)`` fills
it in, and a user interface in another language looks the template up in
its catalog and fills in the same :attr:`~TriominoesError.params`. The
engine never translates and never prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import ClassVar


class TriominoesError(ValueError):
    """Base of every error the engine raises for bad input."""

    code: ClassVar[str] = "error"

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    @property
    def reason(self) -> str:
        return str(self)

    def to_json(self) -> dict[str, object]:
        """The error for a client: its code, its English template and the
        template's parameters, so the client can say it in its reader's language."""
        return {"code": self.code, "template": self.template, "params": dict(self.params)}


class NotATile(TriominoesError):
    """A tile name or corner numbers that are no tile of the set."""

    code = "not-a-tile"


class InvalidRules(TriominoesError):
    """A rule set, preset name or override that cannot be used."""

    code = "bad-rules"


class BadToken(TriominoesError):
    """An action token that is not ``N0N1N2@Q,R``, ``draw`` or ``pass``."""

    code = "bad-token"


class IllegalAction(TriominoesError):
    """An action that the rules do not allow at this point of the game.

    The state is unchanged when this (or a subclass) is raised.
    """

    code = "illegal"


class NotYourTurn(IllegalAction):
    """A seat acted while another seat is to move."""

    code = "not-your-turn"


class NoSuchSeat(IllegalAction):
    code = "no-such-seat"


class IllegalPlacement(IllegalAction):
    """A placement the rules forbid: wrong cell, corners, tile or hand."""

    code = "illegal-placement"


class CannotDraw(IllegalAction):
    code = "cannot-draw"


class CannotPass(IllegalAction):
    code = "cannot-pass"


class RoundOver(IllegalAction):
    """An action between rounds (the round is over, the next not dealt)."""

    code = "round-over"


class RoundNotOver(IllegalAction):
    """A deal asked for while a round is still being played."""

    code = "round-not-over"


class GameOver(IllegalAction):
    code = "game-over"


class NothingToUndo(IllegalAction):
    code = "nothing-to-undo"


class BadDeal(TriominoesError):
    """A deal that is not the rule set's tile set in hands of the right size."""

    code = "bad-deal"


class RecordError(TriominoesError):
    """A game record that cannot be read or replayed.

    Carries where the problem is (round and action numbers from 1, seat,
    token) so the one-line message can name it.
    """

    code = "bad-record"

    def __init__(
        self,
        reason: str,
        *,
        round_number: int | None = None,
        action_number: int | None = None,
        seat: int | None = None,
        token: str | None = None,
    ) -> None:
        self.round_number = round_number
        self.action_number = action_number
        self.seat = seat
        self.token = token
        if token is not None:
            # A reason written elsewhere may quote the token whole.
            reason = reason.replace(repr(token), quote(token))
        self.detail = _bounded(reason)
        super().__init__(self.describe())

    def describe(self) -> str:
        where = []
        if self.round_number is not None:
            where.append(f"round {self.round_number}")
        if self.action_number is not None:
            detail = []
            if self.seat is not None:
                detail.append(f"seat {self.seat}")
            if self.token is not None:
                detail.append(quote(self.token))
            suffix = f" ({', '.join(detail)})" if detail else ""
            where.append(f"action {self.action_number}{suffix}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.detail}" if prefix else self.detail


ERRORS: tuple[type[TriominoesError], ...] = (
    TriominoesError,
    NotATile,
    InvalidRules,
    BadToken,
    IllegalAction,
    NotYourTurn,
    NoSuchSeat,
    IllegalPlacement,
    CannotDraw,
    CannotPass,
    RoundOver,
    RoundNotOver,
    GameOver,
    NothingToUndo,
    BadDeal,
    RecordError,
)
"""Every error type, for interfaces that map codes (each code is unique)."""


QUOTE_LIMIT = 60
"""About how many characters of a value an error message quotes."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value from the input, for an error message: one line, and at most
    ``limit`` characters (plus ``...``) however long or deeply nested the
    value is, so that quoting bad input can never itself fail.

    A string is quoted as Python quotes it (``'poker'``), with control
    characters escaped; anything else is written as JSON (``null``,
    ``[1, 2]``), since that is what the user wrote it in.
    """
    if isinstance(value, str):
        text = repr(value[:limit])
        return text if len(value) <= limit else text + "..."
    pieces = []
    length = 0
    for piece in _json_pieces(value):
        pieces.append(piece)
        length += len(piece)
        if length > limit:
            return "".join(pieces)[:limit] + "..."
    return "".join(pieces)


class _Piece(str):
    """Literal text among the values still to write (see _json_pieces)."""


_END = object()


def _json_pieces(value: object) -> Iterator[str]:
    # With an explicit stack and lazily: a value nested a thousand levels
    # deep, or a list of a million items, costs only what is written.
    stack: list[Iterator[object]] = [iter((value,))]
    while stack:
        item = next(stack[-1], _END)
        if item is _END:
            stack.pop()
        elif isinstance(item, _Piece):
            yield item
        elif isinstance(item, Mapping):
            yield "{"
            stack.append(_entries(item))
        elif isinstance(item, list | tuple):
            yield "["
            stack.append(_items(item))
        else:
            yield _scalar(item)


def _items(values: list[object] | tuple[object, ...]) -> Iterator[object]:
    for index, value in enumerate(values):
        if index:
            yield _Piece(", ")
        yield value
    yield _Piece("]")


def _entries(mapping: Mapping[object, object]) -> Iterator[object]:
    for index, (key, value) in enumerate(mapping.items()):
        yield _Piece((", " if index else "") + _scalar(key))
        yield _Piece(": ")
        yield value
    yield _Piece("}")


def _scalar(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value[: QUOTE_LIMIT + 1], ensure_ascii=True)
    if value is None or isinstance(value, bool | float):
        return json.dumps(value)
    if isinstance(value, int):
        if value.bit_length() <= 200:
            return str(value)
        # Writing it out may be refused (Python's limit on digits), and
        # would not be read anyway.
        return f"<a number of about {int((value.bit_length() - 1) * 0.30103) + 1:,} digits>"
    return f"<{type(value).__name__}>"


REASON_LIMIT = 240


def _bounded(reason: str) -> str:
    """A reason cut short in the middle if need be: a reason written by
    another part of the engine may quote a long token whole, and its end
    (the why) matters as much as its start."""
    if len(reason) <= REASON_LIMIT:
        return reason
    half = REASON_LIMIT // 2
    return f"{reason[:half]} ... {reason[-half:]}"
