"""A game kept here: bots moved by wait, undo against bots, records."""

from __future__ import annotations

from pathlib import Path

import pytest

from triominoes.core.errors import NothingToUndo, NotYourTurn
from triominoes.core.events import ActionTaken, RoundDealt
from triominoes.core.record import read, replay, snapshot
from triominoes.tui.table import LocalTable, UndoNotAllowed

from .games import table


def human_turn(t: LocalTable) -> int:
    """Let the bots move until a human is to move; that seat."""
    while True:
        seat = t.game.to_move
        assert seat is not None
        if seat in t.here:
            return seat
        assert t.wait()


def best(t: LocalTable, seat: int) -> str:
    return str(max(t.view(seat).legal, key=lambda a: a.points).action)


def test_wait_moves_only_bots_and_one_action_at_a_time() -> None:
    t = table(["human", "bot:easy", "bot:easy"])
    seat = human_turn(t)
    assert t.wait() == []  # a human is to move: nothing to wait for
    before = len(t.view(seat).log)
    while t.game.to_move == seat:  # a draw leaves the turn open
        t.act(seat, best(t, seat))
    mine = len(t.view(seat).log)
    while t.game.to_move not in (None, *t.here):
        events = t.wait()
        assert isinstance(events[0], ActionTaken) and events[0].seat != seat
    assert mine > before
    assert len(t.view(seat).log) > mine


def test_a_seat_not_played_here_cannot_act() -> None:
    t = table(["human", "bot:easy"])
    with pytest.raises(NotYourTurn):
        t.act(1, "draw")


def test_undo_takes_back_your_move_and_the_bots_after_it() -> None:
    t = table(["human", "bot:easy", "bot:easy"])
    seat = human_turn(t)
    with pytest.raises(NothingToUndo):
        t.undo(seat)  # nothing of this seat's to take back yet
    before = t.view(seat)
    t.act(seat, best(t, seat))
    human_turn(t)
    assert t.view(seat) != before
    t.undo(seat)
    assert t.view(seat) == before
    assert t.game.to_move == seat


def test_undo_is_only_for_one_human_against_bots() -> None:
    t = table(["human", "human"])
    seat = human_turn(t)
    t.act(seat, best(t, seat))
    assert not t.can_undo
    with pytest.raises(UndoNotAllowed):
        t.undo(seat)


def test_rounds_wait_for_ready_and_the_record_replays(tmp_path: Path) -> None:
    t = table(["human", "bot:easy"], rules=None)
    while t.view(0).round_end is None:
        seat = human_turn(t)
        t.act(seat, best(t, seat))
        while t.game.to_move is not None and t.game.to_move not in t.here:
            t.wait()
    assert t.wait() == []  # between rounds nothing moves until ready
    [result] = t.history()
    assert result.totals == t.view(0).totals
    assert sum(result.points) == sum(result.totals)
    events = t.ready()
    assert isinstance(events[0], RoundDealt) and events[0].round == 2
    path = tmp_path / "game.json"
    t.save(path)
    game = replay(read(__import__("json").loads(path.read_text())))
    assert game.totals == t.game.totals
    assert len(game.rounds) == 2


def test_undo_goes_back_across_a_rounds_end() -> None:
    """Round 2 opened by a bot: undo takes back the bot's opening, the deal
    and the player's last action of round 1."""
    for seed in range(1, 40):
        t = table(["human", "bot:easy", "bot:easy"], seed=seed, rules=None)
        before_mine = None
        while len(t.game.rounds) == 1:
            if t.game.needs_deal:
                t.ready()
                break
            seat = human_turn_or_end(t)
            if seat is None:
                continue
            before_mine = snapshot(t.game)
            t.act(seat, best(t, seat))
        if before_mine is None or t.game.rounds[-1].state.opener == 0:
            continue
        while t.game.to_move != 0:
            t.wait()
        if any(o.seat == 0 for o in t.game.rounds[-1].outcomes):
            continue
        t.undo(0)
        assert snapshot(t.game) == before_mine
        assert len(t.game.rounds) == 1 and t.game.to_move == 0
        return
    raise AssertionError("no game where a bot opened round 2")


def human_turn_or_end(t: LocalTable) -> int | None:
    while (seat := t.game.to_move) is not None and seat not in t.here:
        t.wait()
    return seat
