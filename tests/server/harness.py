"""Real servers and real clients for the server's tests.

A :class:`ServerProcess` is ``triominoes serve`` in a subprocess on a free
loopback port (so a test can kill it with SIGKILL); :class:`Player` is a
WebSocket client that speaks the contract as a user's program would.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    def __init__(
        self,
        db: str,
        *,
        redis: str | None = None,
        cwd: Path | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.db = db
        self.redis = redis
        self.options = options
        self.cwd = cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"triominoes-{self.port}.log"

    def start(self, timeout: float = 30) -> ServerProcess:
        command = [
            sys.executable,
            "-m",
            "triominoes",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
        ]
        if self.redis:
            command += ["--redis", self.redis]
        command += list(self.options)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self._log = self.log.open("wb")
        self.process = subprocess.Popen(
            command, cwd=self.cwd, stdout=self._log, stderr=subprocess.STDOUT, env=env
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def terminate(self, timeout: float = 20) -> int:
        assert self.process is not None
        self.process.terminate()
        return self.process.wait(timeout)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        if hasattr(self, "_log"):
            self._log.close()

    # --- the lobby ---------------------------------------------------------------

    def create(self, seats: list[str], rules: Any = "standard", **extra: Any) -> str:
        body = {"rules": rules, "seats": seats, "bot_pace": 0, "next_seconds": 0.5, **extra}
        answer = httpx.post(f"{self.url}/api/tables", json=body, timeout=10)
        assert answer.status_code == 201, answer.text
        return str(answer.json()["id"])

    def join(self, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        answer = httpx.post(f"{self.url}/api/tables/{table}/join", json=body, timeout=10)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def finished_bot_game(self, target_score: int, timeout: float = 120) -> str:
        """A table of two bots (easy and random) that has played a game to
        ``target_score`` to its end."""
        table = self.create(
            ["bot:easy", "bot:random"], {"preset": "standard", "target_score": target_score}
        )
        deadline = time.monotonic() + timeout
        while self.summary(table)["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' game did not finish"
            time.sleep(0.3)
        return table

    def summary(self, table: str) -> dict[str, Any]:
        return dict(httpx.get(f"{self.url}/api/tables/{table}", timeout=10).json())

    def record(self, table: str) -> httpx.Response:
        return httpx.get(f"{self.url}/api/tables/{table}/record", timeout=10)

    def leases(self) -> int:
        """How many tables' follow-ups this process runs (its metric)."""
        text = httpx.get(f"{self.url}/metrics", timeout=10).text
        found = re.search(r"^triominoes_leases (\S+)$", text, re.MULTILINE)
        assert found is not None
        return int(float(found.group(1)))


@dataclass
class Player:
    """One seat's client: plays random legal actions (or as told), keeps every frame."""

    ws_url: str
    table: str
    token: str | None
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    frames: list[dict[str, Any]] = field(default_factory=list)
    acks: dict[str, int] = field(default_factory=dict)
    view: dict[str, Any] = field(default_factory=dict)
    version: int = -1
    connection: Any = None
    cookie: str | None = None
    """A session cookie (``name=value``): with no token, a signed-in player's seat."""

    async def connect(self) -> None:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.connection = await websockets.connect(
            f"{self.ws_url}/ws/tables/{self.table}",
            max_size=2**22,
            open_timeout=10,
            additional_headers=headers,
        )
        await self.send({"type": "hello", "token": self.token})
        await self.until(lambda f: f["type"] == "state")

    async def send(self, frame: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(frame))

    async def receive(self, timeout: float = 20) -> dict[str, Any]:
        text = await asyncio.wait_for(self.connection.recv(), timeout)
        frame = dict(json.loads(text))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.view = frame["view"]
            self.version = frame["version"]
        elif frame["type"] == "ack":
            self.acks[frame["id"]] = frame["version"]
        return frame

    async def until(self, wanted: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.receive(max(0.1, deadline - time.monotonic()))
            if wanted(frame):
                return frame

    @property
    def my_turn(self) -> bool:
        return self.view.get("to_move") is not None and self.view["to_move"] == self.view["seat"]

    async def act(self, action: str | None = None) -> dict[str, Any]:
        """Send one action (a random legal one by default); return its ack or error."""
        if action is None:
            legal = self.view["legal"]
            action = legal[self.rng.randrange(len(legal))]["action"]
        frame_id = uuid.uuid4().hex
        answer = await self.request(
            {"type": "act", "id": frame_id, "version": self.version, "action": action}
        )
        if answer["type"] == "ack":  # the state that the action made comes next
            await self.until(lambda f: f["type"] == "state" and f["version"] >= answer["version"])
        return answer

    async def request(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send an ``act`` frame and return its ack or error; as a polite
        client does, wait and send it again while the server says
        ``rate-limited`` (a fast machine acks faster than the limit)."""

        def answer(f: dict[str, Any]) -> bool:
            return (
                f["type"] in ("ack", "error")
                and f.get("id") == frame["id"]
                and f.get("code") != "rate-limited"
            )

        return await self.command(frame, answer)

    async def command(
        self, frame: dict[str, Any], wanted: Any, timeout: float = 30
    ) -> dict[str, Any]:
        """Send a frame and return the first frame ``wanted``; send it again
        while the server says ``rate-limited`` (a whole quick game is more
        frames a second than the limit, and a frame refused is not queued)."""
        while True:
            await self.send(frame)
            answer = await self.until(
                lambda f: wanted(f) or (f["type"] == "error" and f["code"] == "rate-limited"),
                timeout,
            )
            if wanted(answer):
                return answer
            await asyncio.sleep(0.25)

    async def play(self, *, stop_at_version: int | None = None, hints: int = 0) -> None:
        """Play this seat until the game is finished: act on its turn (asking
        for a hint first on the first ``hints`` turns), say ready between
        rounds."""
        ready_for = None
        while not self.view.get("finished"):
            if stop_at_version is not None and self.version >= stop_at_version:
                return
            if self.my_turn:
                if hints > 0:
                    hints -= 1
                    await self.command(
                        {"type": "hint"},
                        lambda f: (
                            f["type"] == "hint"
                            or (f["type"] == "error" and f["code"] != "rate-limited")
                        ),
                    )
                await self.act()
                continue
            if self.view.get("round_end") is not None and ready_for != self.view["round"]:
                ready_for = self.view["round"]
                await self.send({"type": "next"})
            await self.receive(60)

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()


class Account:
    """A person's HTTP client as a browser is: it keeps the session cookie and
    sends the page's ``Origin`` with every request that changes something."""

    def __init__(self, server: ServerProcess, name: str, password: str = "a long password") -> None:
        self.server = server
        self.name = name
        self.password = password
        self.http = httpx.Client(base_url=server.url, timeout=30)

    def request(self, method: str, path: str, **options: Any) -> httpx.Response:
        headers = dict(options.pop("headers", {}))
        if method not in ("GET", "HEAD"):
            headers.setdefault("Origin", self.server.url)
        return self.http.request(method, path, headers=headers, **options)

    def sign_up(self) -> Account:
        answer = self.request(
            "POST", "/api/players", json={"name": self.name, "password": self.password}
        )
        assert answer.status_code == 201, answer.text
        return self

    def sign_in(self) -> httpx.Response:
        return self.request(
            "POST", "/api/session", json={"name": self.name, "password": self.password}
        )

    @property
    def cookie(self) -> str:
        return f"triominoes_session={self.http.cookies['triominoes_session']}"

    def join(self, table: str, seat: int | None = None) -> dict[str, Any]:
        body = {} if seat is None else {"seat": seat}
        answer = self.request("POST", f"/api/tables/{table}/join", json=body)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def me(self) -> dict[str, Any]:
        answer = self.request("GET", "/api/me")
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def player(self, table: str) -> Player:
        """This player's client at a table: no token, the session's seat."""
        return Player(self.server.ws, table, None, cookie=self.cookie)

    def close(self) -> None:
        self.http.close()
