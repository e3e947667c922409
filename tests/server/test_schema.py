"""The published schemas are the code's, and every frame a client gets obeys them."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
from pathlib import Path

import jsonschema

from tests.server.harness import Player, ServerProcess
from triominoes.server.protocol import client_schema

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "protocol.schema.json"


def test_the_documented_schema_is_current() -> None:
    spec = importlib.util.spec_from_file_location(
        "protocol_schema", ROOT / "tools" / "protocol_schema.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert DOC.read_text(encoding="utf-8") == tool.text(), "run python tools/protocol_schema.py"
    assert tool.DOC.read_text(encoding="utf-8") == tool.document(), "run tools/protocol_schema.py"


def test_the_web_app_s_protocol_types_are_current() -> None:
    """The page's types of the frames are written from the schema, never by hand."""
    spec = importlib.util.spec_from_file_location("web_types", ROOT / "tools" / "web_types.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.TARGET.read_text(encoding="utf-8") == tool.generate(), "run tools/web_types.py"


def validator(name: str) -> jsonschema.Draft202012Validator:
    document = json.loads(DOC.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator({**document, "$ref": f"#/$defs/{name}"})


def test_every_frame_of_a_game_obeys_the_schema(server: ServerProcess) -> None:
    table = server.create(["human", "bot:easy"], {"preset": "czech", "target_score": 100})
    token = server.join(table, "Ann")["token"]

    async def run() -> list[Player]:
        player = Player(server.ws, table, token, random.Random(3))
        watcher = Player(server.ws, table, None)
        await player.connect()
        await watcher.connect()
        await player.send({"type": "chat", "phrase": "hello"})
        await player.send({"type": "act", "id": "x", "version": 0, "action": "pass"})
        await player.play()
        while not watcher.view.get("finished"):
            await watcher.receive(20)
        return [player, watcher]

    server_frame = validator("ServerFrame")
    frames = [f for client in asyncio.run(run()) for f in client.frames]
    kinds = set()
    for frame in frames:
        server_frame.validate(frame)
        kinds.add(frame["type"])
    assert kinds >= {"state", "ack", "error", "chat"}


def test_client_frames_are_described() -> None:
    client = validator("ClientFrame")
    client.validate({"type": "act", "id": "1", "version": 3, "action": "545@1,0"})
    client.validate({"type": "hello", "token": None})
    assert not client.is_valid({"type": "act", "id": "1"})
    assert client_schema()["discriminator"]["propertyName"] == "type"
