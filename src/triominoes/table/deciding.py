"""What a command changes: checked against the table's state, the changes
it makes (applied one after the other, each seeing what the one before
left), or a refusal that changes nothing. No I/O: the time and the
shuffle's randomness are given."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from triominoes.core.actions import Place, parse_action
from triominoes.core.commitment import SALT_BYTES, commit
from triominoes.core.deal import deal
from triominoes.core.errors import BadToken, IllegalAction, NotYourTurn
from triominoes.core.tiles import tile_set
from triominoes.table import commands as c
from triominoes.table.applying import apply
from triominoes.table.changes import (
    Acted,
    Change,
    Chatted,
    Closed,
    Dealt,
    GameStarted,
    Readied,
    RematchVoted,
    Resigned,
    SeatTaken,
    StandIn,
    TakebackAnswered,
    TakebackAsked,
    TakenBack,
)
from triominoes.table.commands import Command, Refusal
from triominoes.table.events import Event
from triominoes.table.seats import EngineSeat, TableSeat, TableStatus
from triominoes.table.state import TableState


@dataclass(frozen=True, slots=True)
class Decision:
    """What a command did: the changes to commit, the state after them and
    what they did (events); or a refusal; or, for an action acknowledged
    before, the version it produced."""

    state: TableState
    changes: tuple[Change, ...] = ()
    events: tuple[Event, ...] = ()
    refusal: Refusal | None = None
    repeat: int | None = None


def decide(
    state: TableState, command: Command, *, now: float, rng: random.Random | None = None
) -> Decision:
    """What ``command`` changes at ``now``; ``rng`` shuffles the deals (a
    command that may deal needs it)."""
    steps = _Steps(state)
    match command:
        case c.TakeSeat():
            return _take_seat(steps, command, now)
        case c.Start():
            if state.ready_to_start():
                _start_game(steps, TableSeat(0), now, rng)
            return steps.decision()
        case c.Act():
            return _act(steps, command, now)
        case c.BotAct():
            seat = state.to_move
            if command.version != state.version or seat != command.seat:
                return steps.refuse("stale", "the table moved on")
            if not state.seat_at(seat).played_by_bot:
                return steps.refuse("stale", "a person plays this seat now")
            return _place(steps, Acted(seat, command.action, None, now))
        case c.Ready():
            if not state.between_rounds:
                return steps.refuse("not-now", "no round is waiting to be dealt")
            if not state.seat_at(command.seat).ready:
                steps.add(Readied(command.seat, now))
            if all(steps.state.seat_at(s).ready for s in steps.state.present()):
                steps.add(_deal(steps.state, now, rng))
            return steps.decision()
        case c.DealNext():
            if command.version != state.version or not state.between_rounds:
                return steps.refuse("stale", "the table moved on")
            steps.add(_deal(state, now, rng))
            return steps.decision()
        case c.TimeOut():
            seat = state.to_move
            if command.version != state.version or seat is None:
                return steps.refuse("stale", "the table moved on")
            if state.seat_at(seat).played_by_bot:
                return steps.refuse("stale", "a bot plays this seat already")
            steps.add(StandIn(seat, True, now))
            return steps.decision()
        case c.Back():
            sitting = state.seat_at(command.seat)
            if state.status is TableStatus.PLAYING and sitting.stand_in and not sitting.resigned:
                steps.add(StandIn(command.seat, False, now))
            return steps.decision()
        case c.Resign():
            return _resign(steps, command.seat, now, rng)
        case c.AskTakeback():
            return _ask_takeback(steps, command.seat, now)
        case c.AnswerTakeback():
            pending = state.takeback
            if pending is None or command.seat not in pending.waiting:
                return steps.refuse("not-now", "no takeback is waiting for your answer")
            steps.add(TakebackAnswered(command.seat, command.accept, now))
            after = steps.state.takeback
            if after is not None and not after.waiting:
                steps.add(TakenBack(after.seat, now))
            return steps.decision()
        case c.PlayAgain():
            return _play_again(steps, command, now, rng)
        case c.Say():
            steps.add(Chatted(state.chair_at(command.seat), command.phrase, now))
            return steps.decision()
        case c.Close():
            if state.status in (TableStatus.WAITING, TableStatus.PLAYING):
                steps.add(Closed(now))
            return steps.decision()


class _Steps:
    """Changes applied one after the other, each seeing the state the
    previous left."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.changes: list[Change] = []
        self.events: list[Event] = []

    def add(self, change: Change) -> None:
        self.state, events = apply(self.state, change)
        self.changes.append(change)
        self.events.extend(events)

    def decision(self, refusal: Refusal | None = None) -> Decision:
        return Decision(self.state, tuple(self.changes), tuple(self.events), refusal)

    def refuse(self, code: str, message: str, reason: dict[str, Any] | None = None) -> Decision:
        return self.decision(Refusal(code, message, reason))


def _take_seat(steps: _Steps, command: c.TakeSeat, now: float) -> Decision:
    state = steps.state
    if state.status is not TableStatus.WAITING:
        return steps.refuse("not-now", "the table is not waiting for players")
    if not 0 <= command.chair < state.players or not state.seats[command.chair].human:
        return steps.refuse("no-seat", f"seat {command.chair} is not a seat for a person")
    if state.seats[command.chair].taken:
        return steps.refuse("no-seat", f"seat {command.chair} is taken")
    if command.player is None and state.settings.rated:
        return steps.refuse("sign-in-needed", "a rated table is for signed-in players")
    if command.player is not None and state.chair_of_player(command.player) is not None:
        return steps.refuse("already-seated", "you have a seat at this table already")
    steps.add(SeatTaken(command.chair, command.name, command.token_hash, now, command.player))
    return steps.decision()


def _act(steps: _Steps, command: c.Act, now: float) -> Decision:
    state = steps.state
    seat = command.seat
    acked = state.acked.get((seat, command.client_id))
    if acked is not None:
        return Decision(state, repeat=acked)
    if command.version != state.version:
        return steps.refuse(
            "stale", f"the table is at version {state.version}, not {command.version}"
        )
    if state.status is not TableStatus.PLAYING or state.game is None:
        return steps.refuse("not-now", "the game is not being played")
    if state.seat_at(seat).resigned:
        return steps.refuse("not-now", "you resigned: a bot plays your seat to the end")
    if state.seat_at(seat).stand_in:
        steps.add(StandIn(seat, False, now))
        return steps.refuse("stale", "your seat is yours again: the table moved on")
    return _place(steps, Acted(seat, command.action, command.client_id, now))


def _place(steps: _Steps, acted: Acted) -> Decision:
    """An action, if the engine allows it."""
    try:
        token = str(parse_action(acted.action))
        steps.add(replace(acted, action=token))
    except NotYourTurn as exc:
        return steps.refuse("not-your-turn", str(exc), exc.to_json())
    except (IllegalAction, BadToken) as exc:
        return steps.refuse("illegal", str(exc), exc.to_json())
    return steps.decision()


def _ask_takeback(steps: _Steps, seat: EngineSeat, now: float) -> Decision:
    state = steps.state
    game = state.game
    if game is None or state.status is not TableStatus.PLAYING or not game.rounds:
        return steps.refuse("not-now", "the game is not being played")
    if state.takeback is not None:
        return steps.refuse("not-now", "a takeback is already asked for")
    if state.seat_at(seat).resigned:
        return steps.refuse("not-now", "you resigned: a bot plays your seat to the end")
    played = game.rounds[-1]
    if game.round.over or not played.outcomes:
        return steps.refuse("not-now", "there is no placement of yours to take back")
    last = played.outcomes[-1]
    if last.seat != seat or not isinstance(last.action, Place):
        return steps.refuse(
            "not-now",
            "only your own last placement can be taken back, before anyone else acts",
        )
    if any(other != seat for other in state.present()):
        steps.add(TakebackAsked(seat, now))
    else:  # nobody to ask: bots always allow it
        steps.add(TakenBack(seat, now))
    return steps.decision()


def _resign(steps: _Steps, seat: EngineSeat, now: float, rng: random.Random | None) -> Decision:
    state = steps.state
    if state.status is not TableStatus.PLAYING:
        return steps.refuse("not-now", "the game is not being played")
    sitting = state.seat_at(seat)
    if not sitting.human or sitting.resigned:
        return steps.refuse("not-now", "this seat has resigned already")
    steps.add(Resigned(seat, now))
    after = steps.state
    # The resigner was the one not yet ready for the next round: deal it.
    people = after.present()
    if after.between_rounds and people and all(after.seat_at(s).ready for s in people):
        steps.add(_deal(after, now, rng))
    return steps.decision()


def _play_again(
    steps: _Steps, command: c.PlayAgain, now: float, rng: random.Random | None
) -> Decision:
    state = steps.state
    seat = command.seat
    if state.status is not TableStatus.FINISHED:
        return steps.refuse("not-now", "a rematch follows a finished game")
    offer = state.rematch
    if not command.accept:
        if offer is None:
            return steps.refuse("not-now", "nobody offered to play again")
        if seat not in offer.declined:
            steps.add(RematchVoted(seat, False, now))
        return steps.decision()
    if offer is None or seat not in offer.accepted:
        steps.add(RematchVoted(seat, True, now))
    offer = steps.state.rematch
    assert offer is not None
    missing = [p for p in state.people() if p not in offer.accepted]
    if not missing:
        _start_game(steps, state.order[1], now, rng)
    elif command.with_bots:
        deadline = steps.state.rematch_deadline()
        if not (deadline is not None and now >= deadline) and any(
            p not in offer.declined for p in missing
        ):
            return steps.refuse(
                "not-now", "the others may still answer; start with bots after the deadline"
            )
        chairs = [state.chair_at(p) for p in missing]
        _start_game(steps, state.order[1], now, rng)
        for chair in chairs:
            steps.add(StandIn(steps.state.engine_seat(chair), True, now))
    return steps.decision()


def _start_game(steps: _Steps, first: TableSeat, now: float, rng: random.Random | None) -> None:
    """The next game, its seat order starting at chair ``first`` (a rematch
    rotates the order by one), and its first deal."""
    state = steps.state
    chairs = [TableSeat(s) for s in range(state.players)]
    at = chairs.index(first)
    steps.add(GameStarted(state.number + 1, tuple(chairs[at:] + chairs[:at]), now))
    steps.add(_deal(steps.state, now, rng))


def _deal(state: TableState, now: float, rng: random.Random | None) -> Dealt:
    """A deal from ``rng`` (the operating system's randomness on a server),
    committed to by a salted hash published when it is dealt."""
    if rng is None:
        raise ValueError("a command that deals needs the randomness to shuffle with")
    dealt = deal(state.rules, state.players, rng)
    hands, pool = dealt.names(tile_set(state.rules.tile_set))
    salt = rng.randbytes(SALT_BYTES)
    return Dealt(hands, pool, salt.hex(), commit(hands, pool, salt), now)
