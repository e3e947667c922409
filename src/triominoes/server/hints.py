"""A hint for a person's turn: the strongest bot's suggestion, searched in
a bot worker from the seat's view alone."""

from __future__ import annotations

import logging

from triominoes.server.client import Client
from triominoes.server.table import Table
from triominoes.table import Refusal

log = logging.getLogger("triominoes.server")


async def hint(table: Table, client: Client) -> None:
    """Answer a ``hint`` frame: at tables where bots play (where people play
    people, hints would be help from outside), on the client's own turn,
    one at a time per seat (a hint is a second of a bot worker's time,
    which the bots' moves need too)."""

    def refuse(message: str) -> None:
        table.error(client, Refusal("not-now", message), state=False)

    chair = client.seat
    assert chair is not None  # spectators were refused before
    async with table.lock:
        state = table.state
        if all(s.human for s in state.seats):
            return refuse("hints are for games with bots")
        seat = state.engine_seat(chair)
        if state.to_move != seat or state.game is None:
            return refuse("hints are for your turn")
        if chair in table.hinting:
            return refuse("a hint is already on its way")
        version = state.version
        view = state.game.view(seat)
        table.hinting.add(chair)
    try:
        suggestion = await table.hub.bots.hint(view)
    except Exception:
        log.exception("table %s: hint failed", table.id)
        return refuse("no hint can be found now")
    finally:
        table.hinting.discard(chair)
    client.send({"type": "hint", "version": version, **suggestion})
