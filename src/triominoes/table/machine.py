"""The table's rules as two functions: what a command changes, and what a
change does.

:func:`decide` checks a command against the state and returns the changes
it makes (with the state after them and their events), or a refusal that
changes nothing. :func:`apply` is the one way a change changes the state,
used live (inside :func:`decide`) and when a table is rebuilt from the
database, so the two cannot drift apart. Neither does I/O: time and the
shuffle's randomness are given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from triominoes.core import events as engine
from triominoes.core.actions import Place, parse_action
from triominoes.core.commitment import SALT_BYTES, commit
from triominoes.core.deal import Deal, deal
from triominoes.core.errors import BadToken, IllegalAction, NotYourTurn
from triominoes.core.game import Game
from triominoes.core.tiles import tile_set
from triominoes.table import commands as c
from triominoes.table.changes import (
    Acted,
    Change,
    Chatted,
    Closed,
    Dealt,
    GameStarted,
    Readied,
    RematchVoted,
    SeatTaken,
    StandIn,
    TakebackAnswered,
    TakebackAsked,
    TakenBack,
    logged,
)
from triominoes.table.commands import Command, Refusal
from triominoes.table.events import Event, GameBegan, Mover, Played, SeatEvent, SeatFilled
from triominoes.table.seats import EngineSeat, Seat, TableSeat, TableStatus
from triominoes.table.state import CHAT_LINES, ChatLine, Rematch, TableState, Takeback


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
            if state.status is TableStatus.PLAYING and state.seat_at(command.seat).stand_in:
                steps.add(StandIn(command.seat, False, now))
            return steps.decision()
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


def apply(state: TableState, change: Change) -> tuple[TableState, tuple[Event, ...]]:
    """The state after ``change``, and what the change did."""
    after, events = _APPLY[type(change)](state, change)
    if logged(change):
        after = replace(after, version=state.version + 1)
    return after, events


def rebuild(state: TableState, changes: Iterable[Change]) -> TableState:
    """The state after every change, in order (a table read back from the database)."""
    for change in changes:
        state, _ = apply(state, change)
    return state


# --- deciding -------------------------------------------------------------------


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
    steps.add(SeatTaken(command.chair, command.name, command.token_hash, now))
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


# --- applying -------------------------------------------------------------------


def _with_seat(state: TableState, chair: TableSeat, **fields: Any) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[chair] = replace(seats[chair], **fields)
    return tuple(seats)


def _seat_took(state: TableState, change: SeatTaken) -> tuple[TableState, tuple[Event, ...]]:
    seats = _with_seat(state, change.chair, name=change.name, token_hash=change.token_hash)
    return replace(state, seats=seats), (SeatFilled(state.engine_seat(change.chair), change.name),)


def _game_started(state: TableState, change: GameStarted) -> tuple[TableState, tuple[Event, ...]]:
    # Seed 0: the deals are always given (the server's secret shuffle), so
    # the seed only makes a rebuilt game equal to the live one.
    game = Game(state.rules, state.players, seed=0, auto_deal=False)
    seats = tuple(replace(s, stand_in=False, ready=False) for s in state.seats)
    after = replace(
        state,
        status=TableStatus.PLAYING,
        number=change.number,
        order=change.order,
        game=game,
        seats=seats,
        acked={},
        salts=(),
        commitments=(),
        takeback=None,
        rematch=None,
        movers=(),
        since=change.at,
    )
    return after, (GameBegan(change.number, change.order),)


def _dealt(state: TableState, change: Dealt) -> tuple[TableState, tuple[Event, ...]]:
    assert state.game is not None
    tiles = tile_set(state.rules.tile_set)
    dealt = Deal(
        tuple(tuple(tiles.parse(name).id for name in hand) for hand in change.hands),
        tuple(tiles.parse(name).id for name in change.pool),
    )
    game = state.game.copy()
    events = _told(game.next_round(dealt), None)
    after = replace(
        state,
        game=game,
        seats=tuple(replace(s, ready=False) for s in state.seats),
        salts=(*state.salts, change.salt),
        commitments=(*state.commitments, change.commitment),
        movers=(),
        since=change.at,
    )
    return after, events


def _told(events: Iterable[engine.Event], by: Mover) -> tuple[Event, ...]:
    """The engine's events as the table tells them (who chose an action)."""
    return tuple(Played(e, by) if isinstance(e, engine.ActionTaken) else e for e in events)


def _acted(state: TableState, change: Acted) -> tuple[TableState, tuple[Event, ...]]:
    assert state.game is not None
    seat = state.seat_at(change.seat)
    by: Mover = "bot" if not seat.human else "stand-in" if seat.stand_in else None
    game = state.game.copy()
    events = _told(game.apply(change.seat, change.action), by)
    acked = state.acked
    if change.client_id is not None:
        acked = {**acked, (change.seat, change.client_id): state.version + 1}
    after = replace(
        state,
        game=game,
        acked=acked,
        takeback=None,
        movers=(*state.movers, by),
        status=TableStatus.FINISHED if game.finished else state.status,
        since=change.at,
    )
    return after, events


def _stand_in(state: TableState, change: StandIn) -> tuple[TableState, tuple[Event, ...]]:
    seats = _with_seat(state, state.chair_at(change.seat), stand_in=change.on)
    event = SeatEvent("stand-in", change.seat, (("on", change.on),))
    return replace(state, seats=seats, since=change.at), (event,)


def _asked(state: TableState, change: TakebackAsked) -> tuple[TableState, tuple[Event, ...]]:
    waiting = frozenset(s for s in state.present() if s != change.seat)
    after = replace(state, takeback=Takeback(change.seat, waiting), since=change.at)
    return after, (SeatEvent("takeback-asked", change.seat),)


def _answered(state: TableState, change: TakebackAnswered) -> tuple[TableState, tuple[Event, ...]]:
    pending = state.takeback
    takeback = None
    if pending is not None and change.accept:
        takeback = replace(pending, waiting=pending.waiting - {change.seat})
    event = SeatEvent("takeback-answered", change.seat, (("accept", change.accept),))
    return replace(state, takeback=takeback, since=change.at), (event,)


def _taken_back(state: TableState, change: TakenBack) -> tuple[TableState, tuple[Event, ...]]:
    assert state.game is not None
    game = state.game.copy()
    action = game.undo()
    event = SeatEvent("taken-back", change.seat, (("action", str(action)),))
    after = replace(state, game=game, takeback=None, movers=state.movers[:-1], since=change.at)
    return after, (event,)


def _readied(state: TableState, change: Readied) -> tuple[TableState, tuple[Event, ...]]:
    seats = _with_seat(state, state.chair_at(change.seat), ready=True)
    return replace(state, seats=seats), (SeatEvent("ready", change.seat),)


def _voted(state: TableState, change: RematchVoted) -> tuple[TableState, tuple[Event, ...]]:
    offer = state.rematch or Rematch(change.seat, change.at, frozenset())
    if change.accept:
        offer = replace(
            offer, accepted=offer.accepted | {change.seat}, declined=offer.declined - {change.seat}
        )
    else:
        offer = replace(
            offer, accepted=offer.accepted - {change.seat}, declined=offer.declined | {change.seat}
        )
    event = SeatEvent("rematch", change.seat, (("accept", change.accept),))
    return replace(state, rematch=offer), (event,)


def _chatted(state: TableState, change: Chatted) -> tuple[TableState, tuple[Event, ...]]:
    line = ChatLine(change.chair, change.phrase, change.at)
    return replace(state, chat=(*state.chat, line)[-CHAT_LINES:]), ()


def _closed(state: TableState, change: Closed) -> tuple[TableState, tuple[Event, ...]]:
    return replace(state, status=TableStatus.CLOSED), ()


_APPLY: dict[type, Callable[[TableState, Any], tuple[TableState, tuple[Event, ...]]]] = {
    SeatTaken: _seat_took,
    GameStarted: _game_started,
    Dealt: _dealt,
    Acted: _acted,
    StandIn: _stand_in,
    TakebackAsked: _asked,
    TakebackAnswered: _answered,
    TakenBack: _taken_back,
    Readied: _readied,
    RematchVoted: _voted,
    Chatted: _chatted,
    Closed: _closed,
}
