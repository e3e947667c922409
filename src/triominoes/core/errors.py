"""Typed errors of the rules engine.

All subclass :class:`ValueError`: each one means "this input is wrong", and
the message is a reason a person can read. Interfaces (CLI, server) turn
them into exit codes or error replies; the engine never prints.
"""

from __future__ import annotations


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
        self.reason = reason
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
                detail.append(repr(self.token))
            suffix = f" ({', '.join(detail)})" if detail else ""
            where.append(f"action {self.action_number}{suffix}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.reason}" if prefix else self.reason
