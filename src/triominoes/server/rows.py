"""A table's state and the database's rows, both ways.

Read: the whole of a table (a start, a restart, a table loaded on
demand) or what another process added since (a catch-up), both as changes
given to the table machine's one :func:`~triominoes.table.apply`, so a
rebuilt table is the live one. Written: a decision's changes as one
append (its log rows, a game begun, a game finished with its record).
"""

from __future__ import annotations

import time

from triominoes.core.rules import RuleSet
from triominoes.players.ratings import pool_of
from triominoes.players.results import seat_results
from triominoes.storage import (
    Append,
    ChangeRow,
    Delta,
    GameRow,
    Outcome,
    SeatOutcome,
    SeatRow,
    Snapshot,
    TableRow,
)
from triominoes.table import (
    Decision,
    EngineSeat,
    Seat,
    SeatKind,
    Settings,
    TableSeat,
    TableState,
    TableStatus,
    apply,
    views,
)
from triominoes.table.changes import (
    LOGGED,
    Change,
    Chatted,
    Closed,
    GameStarted,
    PlayerDeleted,
    SeatTaken,
    from_row,
    to_row,
)
from triominoes.table.events import Event


def seats_of(rows: list[SeatRow]) -> tuple[Seat, ...]:
    return tuple(
        Seat(TableSeat(r.seat), SeatKind(r.kind), r.bot, r.name, r.token_hash, player=r.player_id)
        for r in rows
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
    changes: list[Change] = []
    for r, seat in zip(delta.seats, state.seats, strict=True):
        if r.token_hash is not None and r.token_hash != seat.token_hash:
            at = delta.table.touched_at
            changes.append(
                SeatTaken(TableSeat(r.seat), r.name or "", r.token_hash, at, r.player_id)
            )
        if r.player_id is not None and r.name is None and not seat.deleted:
            changes.append(PlayerDeleted(TableSeat(r.seat)))
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


def append_of(before: TableState, decision: Decision) -> Append:
    """What the database keeps of a decision made at ``before``: the rows of
    its logged changes (numbered from ``before``'s version), a game begun,
    and the game it finished with its record. Seats taken and chat are
    written apart: they make no version."""
    after = decision.state
    version, game = before.version, before.number
    rows: list[ChangeRow] = []
    start: GameRow | None = None
    for change in decision.changes:
        if isinstance(change, GameStarted):
            game = change.number
            start = GameRow(game, list(change.order), change.at)
        elif isinstance(change, LOGGED):
            version += 1
            row = to_row(change)
            rows.append(
                ChangeRow(version, game, row.kind, row.seat, row.client_id, row.data, row.at)
            )
        else:
            raise ValueError(f"{type(change).__name__} is no change of the log")
    finish = outcome = None
    if after.status is TableStatus.FINISHED and before.status is TableStatus.PLAYING:
        record = views.record(after).to_json()
        finish = GameRow(after.number, list(after.order), 0.0, time.time(), record)
        outcome = outcome_of(after)
    status = after.status.value if after.status is not before.status else None
    return Append(before.id, before.version, rows, status, start, finish, outcome)


def outcome_of(state: TableState) -> Outcome | None:
    """What a finished game leaves for its players: each signed-in
    person's result, and in a rated game every seat's place for the
    ratings (a person by their account, a bot by its level)."""
    game = state.game
    assert game is not None
    seats = [state.seat_at(EngineSeat(s)) for s in state.engine_seats()]
    rated = state.settings.rated
    if not rated and all(s.player is None for s in seats):
        return None
    results = seat_results(game, [s.resigned for s in seats])
    return Outcome(
        pool=pool_of(state.players),
        preset=preset_of(state.rules.to_record()),
        rated=rated,
        seats=[
            SeatOutcome(
                seat=r.seat,
                subject=seat.player if seat.human else f"bot:{seat.bot}" if rated else None,
                account=seat.player is not None,
                place=r.place,
                won=r.won,
                points=r.points,
                rounds=r.rounds,
                hexagons=r.hexagons,
                bridges=r.bridges,
            )
            for seat, r in zip(seats, results, strict=True)
        ],
    )


def preset_of(rules: object) -> str:
    """The preset a table's rules are (a target score aside), or ``house``."""
    if isinstance(rules, str):
        return rules
    if isinstance(rules, dict) and set(rules) <= {"preset", "target_score"}:
        return str(rules.get("preset", "standard"))
    return "house"


def _started(game: GameRow) -> GameStarted:
    return GameStarted(game.number, tuple(TableSeat(s) for s in game.order), game.started_at)


def _logged(row: ChangeRow) -> Change:
    return from_row(row.kind, row.seat, row.client_id, row.data, row.at)
