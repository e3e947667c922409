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
        self.detail = reason
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
                detail.append(repr(self.token))
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


def quote(value: object, limit: int = 40) -> str:
    """A value from outside, shown in a message: a string quoted and cut to
    ``limit`` characters, anything else by its type (never rendered whole,
    so a huge or deeply nested value cannot blow up a message)."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
        return text if len(value) <= limit else repr(value[:limit]) + "..."
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number of many digits"
    if value is None or isinstance(value, bool | int | float):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "..."
    return f"a {type(value).__name__}"
