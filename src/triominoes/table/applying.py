"""What a change does: the one way a table's state changes, used live (by
:func:`~triominoes.table.decide`) and when a table is rebuilt from the
database, so that the two cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from triominoes.core import events as engine
from triominoes.core.deal import Deal
from triominoes.core.game import Game
from triominoes.core.tiles import tile_set
from triominoes.table.changes import (
    Acted,
    Change,
    Chatted,
    Closed,
    Dealt,
    GameStarted,
    PlayerDeleted,
    Readied,
    RematchVoted,
    Resigned,
    SeatTaken,
    StandIn,
    TakebackAnswered,
    TakebackAsked,
    TakenBack,
    logged,
)
from triominoes.table.events import Event, GameBegan, Mover, Played, SeatEvent, SeatFilled
from triominoes.table.seats import Seat, TableSeat, TableStatus
from triominoes.table.state import CHAT_LINES, ChatLine, Rematch, TableState, Takeback


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


def _with_seat(state: TableState, chair: TableSeat, **fields: Any) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[chair] = replace(seats[chair], **fields)
    return tuple(seats)


def _seat_took(state: TableState, change: SeatTaken) -> tuple[TableState, tuple[Event, ...]]:
    seats = _with_seat(
        state, change.chair, name=change.name, token_hash=change.token_hash, player=change.player
    )
    return replace(state, seats=seats), (SeatFilled(state.engine_seat(change.chair), change.name),)


def _player_deleted(
    state: TableState, change: PlayerDeleted
) -> tuple[TableState, tuple[Event, ...]]:
    return replace(state, seats=_with_seat(state, change.chair, name=None)), ()


def _game_started(state: TableState, change: GameStarted) -> tuple[TableState, tuple[Event, ...]]:
    # Seed 0: the deals are always given (the server's secret shuffle), so
    # the seed only makes a rebuilt game equal to the live one.
    game = Game(state.rules, state.players, seed=0, auto_deal=False)
    seats = tuple(replace(s, stand_in=False, ready=False, resigned=False) for s in state.seats)
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
        since=change.at,
    )
    if game.finished:  # nobody plays for anyone any more
        seats = tuple(replace(s, stand_in=False) for s in state.seats)
        after = replace(after, status=TableStatus.FINISHED, seats=seats)
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


def _resigned(state: TableState, change: Resigned) -> tuple[TableState, tuple[Event, ...]]:
    seats = _with_seat(state, state.chair_at(change.seat), resigned=True, stand_in=True)
    # A bot's turn begins now if it was the resigner's; another's clock runs on.
    since = change.at if state.to_move == change.seat else state.since
    after = replace(state, seats=seats, takeback=None, since=since)
    return after, (SeatEvent("resigned", change.seat),)


def _chatted(state: TableState, change: Chatted) -> tuple[TableState, tuple[Event, ...]]:
    line = ChatLine(change.chair, change.phrase, change.at)
    return replace(state, chat=(*state.chat, line)[-CHAT_LINES:]), ()


def _closed(state: TableState, change: Closed) -> tuple[TableState, tuple[Event, ...]]:
    return replace(state, status=TableStatus.CLOSED), ()


_APPLY: dict[type, Callable[[TableState, Any], tuple[TableState, tuple[Event, ...]]]] = {
    SeatTaken: _seat_took,
    PlayerDeleted: _player_deleted,
    GameStarted: _game_started,
    Dealt: _dealt,
    Acted: _acted,
    StandIn: _stand_in,
    TakebackAsked: _asked,
    TakebackAnswered: _answered,
    TakenBack: _taken_back,
    Readied: _readied,
    RematchVoted: _voted,
    Resigned: _resigned,
    Chatted: _chatted,
    Closed: _closed,
}
