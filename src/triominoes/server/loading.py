"""A table's state from what the database holds: the whole of it (a start,
a restart, a table loaded on demand) or what another process added since
(a catch-up). Both are changes given to the table machine's one
:func:`~triominoes.table.apply`, so a rebuilt table is the live one."""

from __future__ import annotations

from triominoes.core.rules import RuleSet
from triominoes.storage import ChangeRow, Delta, GameRow, SeatRow, Snapshot, TableRow
from triominoes.table import Seat, SeatKind, Settings, TableSeat, TableState, TableStatus, apply
from triominoes.table.changes import Change, Chatted, Closed, GameStarted, SeatTaken, from_row
from triominoes.table.events import Event


def seats_of(rows: list[SeatRow]) -> tuple[Seat, ...]:
    return tuple(
        Seat(TableSeat(r.seat), SeatKind(r.kind), r.bot, r.name, r.token_hash) for r in rows
    )


def empty_state(row: TableRow, seats: list[SeatRow], version: int) -> TableState:
    """The table with its seats as they are and no game played yet."""
    return TableState(
        id=row.id,
        rules=RuleSet.from_json(row.rules),
        settings=Settings.from_json(row.settings),
        created_at=row.created_at,
        seats=seats_of(seats),
        version=version,
        number=0,
    )


def loaded(snapshot: Snapshot) -> TableState:
    """The table as the database has it: its latest game replayed from its
    log (earlier games are finished and kept as records)."""
    row = snapshot.table
    state = empty_state(row, snapshot.seats, row.version - len(snapshot.changes))
    if snapshot.game is not None:
        state, _ = apply(state, _started(snapshot.game))
        for change in snapshot.changes:
            state, _ = apply(state, _logged(change))
    for line in snapshot.chat:
        state, _ = apply(state, Chatted(TableSeat(line.seat), line.phrase, line.at))
    if row.status == TableStatus.CLOSED and state.status is not TableStatus.CLOSED:
        state, _ = apply(state, Closed(row.touched_at))
    return state


def caught_up(state: TableState, delta: Delta) -> tuple[TableState, list[Event]] | None:
    """The table after the changes another process committed since ``state``,
    and what they did (for this process's clients); None if the log does not
    go on from ``state`` (then load the table whole)."""
    if delta.changes and delta.changes[0].version != state.version + 1:
        return None
    changes: list[Change] = [
        SeatTaken(TableSeat(r.seat), r.name or "", r.token_hash, delta.table.touched_at)
        for r, seat in zip(delta.seats, state.seats, strict=True)
        if r.token_hash is not None and r.token_hash != seat.token_hash
    ]
    games = {game.number: game for game in delta.games}
    number = state.number
    for row in delta.changes:
        if row.game > number:
            number = row.game
            changes.append(_started(games[number]))
        changes.append(_logged(row))
    if delta.table.status == TableStatus.CLOSED and state.status is not TableStatus.CLOSED:
        changes.append(Closed(delta.table.touched_at))
    events: list[Event] = []
    for change in changes:
        state, told = apply(state, change)
        events.extend(told)
    return state, events


def _started(game: GameRow) -> GameStarted:
    return GameStarted(game.number, tuple(TableSeat(s) for s in game.order), game.started_at)


def _logged(row: ChangeRow) -> Change:
    return from_row(row.kind, row.seat, row.client_id, row.data, row.at)
