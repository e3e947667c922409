"""A signed-in player's tables: their unfinished games (``GET /api/me``),
and what deleting their account does to them."""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from triominoes.storage import PlayerRow
from triominoes.table import EngineSeat, TableSeat, TableState, TableStatus, apply
from triominoes.table import commands as c
from triominoes.table.changes import PlayerDeleted

if TYPE_CHECKING:
    from triominoes.server.hub import Hub

log = logging.getLogger("triominoes.server")

UNFINISHED = (TableStatus.WAITING, TableStatus.PLAYING)


def game_of(state: TableState, player: str, url: str) -> dict[str, Any] | None:
    """One unfinished table as the player's list shows it."""
    chair = state.chair_of_player(player)
    if chair is None:
        return None
    seat = state.engine_seat(chair)
    to_move = state.to_move
    mine = to_move == seat and not state.seats[chair].resigned
    deadline = state.turn_deadline() if mine else None
    return {
        "table": state.id,
        "url": url,
        "your_turn": mine,
        "since": state.since if state.status is TableStatus.PLAYING else state.created_at,
        "status": state.status.value,
        "rated": state.settings.rated,
        "rules": state.rules.to_record(),
        "players": [
            {
                "name": state.seat_at(EngineSeat(s)).name,
                "kind": state.seat_at(EngineSeat(s)).kind.value,
                "bot": state.seat_at(EngineSeat(s)).bot,
            }
            for s in state.engine_seats()
        ],
        "seat": seat,
        "turn_seconds": state.settings.turn_seconds,
        "clock": deadline,
    }


async def games_of(hub: Hub, player: PlayerRow, base: str) -> list[dict[str, Any]]:
    """The player's unfinished tables: where it is their turn first (the
    longest waiting first), then the others (the latest change first)."""
    ids = await asyncio.to_thread(hub.store.accounts.tables_of, player.id, list(UNFINISHED))
    games = []
    for table_id in ids:
        table = await hub.table(table_id)
        if table is None or table.status not in UNFINISHED:
            continue
        url = f"{base}/t/{table_id}"
        game = await table.committed(partial(game_of, player=player.id, url=url))
        if game is not None:
            games.append(game)
    mine = sorted((g for g in games if g["your_turn"]), key=lambda g: g["since"])
    others = sorted((g for g in games if not g["your_turn"]), key=lambda g: -g["since"])
    return mine + others


def _resign(state: TableState, chair: TableSeat) -> c.Command:
    return c.Resign(state.engine_seat(chair))


async def delete_player(hub: Hub, player: PlayerRow) -> None:
    """The account goes; its games in play are resigned (a bot plays them
    out), then every table it sat at forgets its name, here and in the
    other processes."""
    ids = await asyncio.to_thread(hub.store.accounts.tables_of, player.id, [TableStatus.PLAYING])
    for table_id in ids:
        table = await hub.table(table_id)
        if table is None:
            continue
        chair = table.state.chair_of_player(player.id)
        if chair is not None and not table.state.seats[chair].resigned:
            await table.run(partial(_resign, chair=chair))
    tables = await asyncio.to_thread(hub.store.accounts.delete, player.id)
    for table_id in tables:
        table = hub.tables.get(table_id)
        if table is not None:
            async with table.lock:
                chair = table.state.chair_of_player(player.id)
                if chair is not None and not table.state.seats[chair].deleted:
                    table.state, _ = apply(table.state, PlayerDeleted(chair))
                    table.broadcast()
            hub.instances.seats_changed(table)
    log.info("account deleted", extra={"tables": len(tables)})
