"""Seats from the command line's words."""

from __future__ import annotations

import pytest

from triominoes.tui.start import SetupError, seat_kinds


def test_you_and_bots_by_default() -> None:
    assert seat_kinds(None, [], []) == ["human", "bot:medium"]
    assert seat_kinds(None, ["easy", "expert"], []) == ["human", "bot:easy", "bot:expert"]
    assert seat_kinds(4, ["easy", "hard"], []) == ["human", "bot:easy", "bot:hard", "bot:easy"]


def test_every_seat_given() -> None:
    assert seat_kinds(None, [], ["human", "bot:hard", "human"]) == ["human", "bot:hard", "human"]
    assert seat_kinds(2, [], ["easy", "human"]) == ["bot:easy", "human"]


@pytest.mark.parametrize(
    ("players", "bots", "seats", "words"),
    [
        (None, ["easy"], ["human"], "not both"),
        (3, [], ["human", "bot:easy"], "2 seats for --players 3"),
        (2, ["easy", "hard"], [], "2 bots for 2 players"),
        (None, [], ["bot:easy", "bot:hard"], "no human seat"),
        (None, [], ["human", "bot:nobody"], "unknown player"),
        (None, [], ["human"], "a game has 2 to 6"),
    ],
)
def test_bad_seats_are_one_clear_line(
    players: int | None, bots: list[str], seats: list[str], words: str
) -> None:
    with pytest.raises(SetupError, match=words):
        seat_kinds(players, bots, seats)
