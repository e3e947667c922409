"""Typed errors of the rules engine.

All subclass :class:`ValueError`: each one means "this input is wrong", and
the message is a reason a person can read. Interfaces (CLI, server) turn
them into exit codes or error replies; the engine never prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

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


class TriominoesError(ValueError):
    """Base of every error the engine raises for bad input."""


class NotATile(TriominoesError):
    """A tile name or corner numbers that are no tile of the set."""


class InvalidRules(TriominoesError):
    """A rule set, preset name or override that cannot be used."""


class IllegalAction(TriominoesError):
    """An action that the rules do not allow at this point of the round.

    The state is unchanged when this is raised.
    """


class RecordError(TriominoesError):
    """A game record that cannot be read or replayed.

    Carries where the problem is (round and action numbers from 1, seat,
    token) so the one-line message can name it.
    """

    def __init__(
        self,
        reason: str,
        *,
        round_number: int | None = None,
        action_number: int | None = None,
        seat: int | None = None,
        token: str | None = None,
    ) -> None:
        if token is not None:
            # The engine's own reason may quote the token whole.
            reason = reason.replace(repr(token), quote(token))
        self.reason = _bounded(reason)
        self.round_number = round_number
        self.action_number = action_number
        self.seat = seat
        self.token = token
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
        return f"{prefix}: {self.reason}" if prefix else self.reason


REASON_LIMIT = 240


def _bounded(reason: str) -> str:
    """A reason cut short in the middle if need be: a reason written by
    another part of the engine may quote a long token whole, and its end
    (the why) matters as much as its start."""
    if len(reason) <= REASON_LIMIT:
        return reason
    half = REASON_LIMIT // 2
    return f"{reason[:half]} ... {reason[-half:]}"
