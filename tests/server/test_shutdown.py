"""SIGTERM: writes in flight are finished, sockets close with 1012."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Player, ServerProcess


def test_sigterm_acks_what_it_commits_and_closes_with_1012(sqlite_url: str, tmp_path: Path) -> None:
    server = ServerProcess(sqlite_url, cwd=tmp_path).start()
    table = server.create(["human", "human"])
    tokens = [server.join(table, name)["token"] for name in ("Ann", "Ben")]
    acked: dict[str, int] = {}
    movers: list[str] = []

    async def run() -> None:
        players = [Player(server.ws, table, t) for t in tokens]
        for player in players:
            await player.connect()
        mover = next(p for p in players if p.my_turn)
        movers.append(str(mover.token))
        action = mover.view["legal"][0]["action"]
        await mover.send({"type": "act", "id": "last", "version": mover.version, "action": action})
        server.process.terminate()  # type: ignore[union-attr]
        codes = []
        for player in players:
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frame = json.loads(await player.connection.recv())
                    if frame["type"] == "ack":
                        acked[frame["id"]] = frame["version"]
            assert closed.value.rcvd is not None
            codes.append(closed.value.rcvd.code)
        assert codes == [1012, 1012]

    asyncio.run(run())
    assert server.process is not None and server.process.wait(20) == 0
    server.stop()
    again = ServerProcess(sqlite_url, cwd=tmp_path).start()
    try:
        summary = again.summary(table)
        assert summary["version"] == 1 + len(acked)  # an ack was sent only for a commit

        async def resend() -> None:
            player = Player(again.ws, table, movers[0])
            await player.connect()
            for frame_id, version in acked.items():
                await player.send({"type": "act", "id": frame_id, "version": 0, "action": "pass"})
                ack = await player.until(lambda f: f["type"] in ("ack", "error"))
                assert ack == {"type": "ack", "id": frame_id, "version": version}

        asyncio.run(resend())
    finally:
        again.stop()
