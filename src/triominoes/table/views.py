"""What each client is shown of a table: plain functions of its state.

Only engine seats leave here for the WebSocket (the view, the table
around it, chat, takeback, rematch); the lobby's summary lists chairs.
Nothing hidden is in any of it: a seat's view comes from the engine's
view of that seat (docs/protocol.md).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from triominoes.core.record import Record, record_of
from triominoes.core.tiles import tile_set
from triominoes.core.view import LogEntry, waiting_view
from triominoes.table.seats import EngineSeat, Seat, TableSeat
from triominoes.table.state import TableState


def view_for(state: TableState, seat: EngineSeat | None, table: dict[str, Any]) -> dict[str, Any]:
    """What one client sees: the engine's view of its seat (None: a
    spectator) and ``table``, the table around the game (:func:`table_view`,
    the same for every client of a change)."""
    game = state.game
    if game is None or not game.rounds:
        view = waiting_view(state.rules, state.players, seat)
    else:
        view = game.view(seat).to_json()
        for entry, by in zip(view["log"], state.movers, strict=False):
            if by is not None:
                entry["by"] = by
    view["table"] = table
    return view


def table_view(state: TableState, connected: Collection[TableSeat], now: float) -> dict[str, Any]:
    """The table around the game, the same for every client (engine seats)."""
    seats = []
    for engine in state.engine_seats():
        seat = state.seat_at(EngineSeat(engine))
        seats.append(
            {
                "seat": engine,
                "table_seat": seat.chair,
                "name": seat.name,
                "kind": seat.kind.value,
                "bot": seat.bot,
                "connected": seat.chair in connected,
                "stand_in": seat.stand_in,
                "ready": seat.ready or not seat.human,
                "resigned": seat.resigned,
                "player": _player(seat),
                "deleted": seat.deleted,
            }
        )
    takeback = state.takeback
    rematch = state.rematch
    bots = [s for s in state.engine_seats() if not state.seat_at(EngineSeat(s)).human]
    return {
        "id": state.id,
        "status": state.status.value,
        "game": state.number,
        "settings": state.settings.to_json(),
        "seats": seats,
        "commitments": list(state.commitments),
        "clock": state.turn_deadline(),
        "next": state.deal_deadline(),
        "takeback": {"seat": takeback.seat, "waiting_for": sorted(takeback.waiting)}
        if takeback
        else None,
        "rematch": {
            "by": rematch.by,
            "accepted": sorted({*rematch.accepted, *bots}),
            "declined": sorted(rematch.declined),
            "deadline": state.rematch_deadline(),
        }
        if rematch
        else None,
        "chat": [
            {"seat": state.engine_seat(line.chair), "phrase": line.phrase, "at": line.at}
            for line in state.chat
        ],
        "now": now,
    }


def summary(state: TableState, connected: Collection[TableSeat]) -> dict[str, Any]:
    """The public summary (``GET /api/tables/{id}``), by chair: nothing hidden."""
    game = state.game
    players = range(state.players)
    return {
        "id": state.id,
        "rules": state.rules.to_json(),
        "settings": state.settings.to_json(),
        "seats": [
            {
                "seat": s.chair,
                "name": s.name,
                "kind": s.kind.value,
                "bot": s.bot,
                "taken": s.taken,
                "connected": s.chair in connected,
                "player": _player(s),
                "deleted": s.deleted,
            }
            for s in state.seats
        ],
        "rated": state.settings.rated,
        "status": state.status.value,
        "version": state.version,
        "game": state.number,
        "order": list(state.order) or list(players),
        "totals": [game.totals[state.engine_seat(TableSeat(s))] for s in players]
        if game
        else [0] * state.players,
        "winners": sorted(state.chair_at(EngineSeat(w)) for w in game.winners) if game else [],
        "created_at": state.created_at,
    }


def _player(seat: Seat) -> str | None:
    """The account's name of a signed-in person's seat (their profile's)."""
    return seat.name if seat.player is not None else None


def history(state: TableState) -> dict[str, Any]:
    """The current game's finished rounds as a spectator saw them (for a
    score sheet that outlives a round): each round's public log, how it
    ended, every hand shown then, and the totals after it. Engine seats,
    as in the view; nothing here is hidden from anyone at the table."""
    game = state.game
    rounds: list[dict[str, Any]] = []
    if game is not None:
        tiles = tile_set(state.rules.tile_set)
        totals = [0] * game.players
        for number, played in enumerate(game.rounds, start=1):
            end = played.state.end
            if end is None:
                continue
            for outcome in played.outcomes:
                totals[outcome.seat] += outcome.points
            for seat, points in enumerate(end.points):
                totals[seat] += points
            rounds.append(
                {
                    "round": number,
                    "opener": played.state.opener,
                    "log": [LogEntry.seen(o, None).to_json() for o in played.outcomes],
                    "end": {
                        "reason": end.reason,
                        "winners": list(end.winners),
                        "points": list(end.points),
                        "hands": [[t.name for t in tiles.tiles_in(h)] for h in played.state.hands],
                    },
                    "totals": list(totals),
                }
            )
    return {"game": state.number, "version": state.version, "rounds": rounds}


def names(state: TableState) -> list[str]:
    """The players' names in play order, as a record keeps them."""
    return [state.seat_at(EngineSeat(s)).name or f"Seat {s + 1}" for s in state.engine_seats()]


def record(state: TableState) -> Record:
    """The current game's record, its deals' salts revealed: published only
    once the game is over."""
    assert state.game is not None
    meta: dict[str, Any] = {
        "table": state.id,
        "game": state.number,
        "generator": "triominoes serve",
        "deal_commitments": list(state.commitments),
        "deal_salts": list(state.salts),
    }
    if state.settings.rated:
        meta["rated"] = True
    resigned = [s for s in state.engine_seats() if state.seat_at(EngineSeat(s)).resigned]
    if resigned:
        meta["resigned"] = resigned
    return record_of(state.game, names(state), meta)
