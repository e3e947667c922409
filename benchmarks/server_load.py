"""Load on a real server: N concurrent games, every seat a WebSocket client.

Starts ``triominoes serve`` in a subprocess (SQLite by default, or
``--db postgresql://...``: a fresh database is created there and dropped),
creates N tables of P people, and plays them with one client per seat, all
in this process: on its turn a seat thinks for a while (uniform between 0
and twice ``--think`` seconds, as people do), then sends a random legal
action. It prints acknowledged actions per second and the time from sending
an action to its ``ack`` (p50/p95/p99), measured after a warm-up.

    python benchmarks/server_load.py --games 200                 # SQLite
    python benchmarks/server_load.py --games 200 --db postgresql://postgres@127.0.0.1/postgres
    python benchmarks/server_load.py --find     # from 50 games up: the most under 100 ms p99
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets

RULES = {"preset": "standard", "target_score": 1_000_000}
"""A target no one reaches while the benchmark runs: every game goes on."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = Path(tempfile.mkdtemp(prefix="triominoes-load-"))
        self.admin = None
        if db == "sqlite":
            self.db = f"sqlite:///{self.folder / 'load.db'}"
        else:
            import psycopg

            self.admin = db
            self.name = f"triominoes_load_{secrets.token_hex(4)}"
            with psycopg.connect(db, autocommit=True) as c:
                c.execute(f'CREATE DATABASE "{self.name}"')
            self.db = f"{db.rsplit('/', 1)[0]}/{self.name}"

    def start(self) -> None:
        log = (self.folder / "server.log").open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "triominoes",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                "--rate",
                "100",
            ],
            cwd=self.folder,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if self.admin is not None:
            import psycopg

            with psycopg.connect(self.admin, autocommit=True) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Seat:
    def __init__(self, url: str, table: str, token: str, think: float, stats: Stats) -> None:
        self.url = url
        self.table = table
        self.token = token
        self.think = think
        self.stats = stats
        self.rng = random.Random()

    async def run(self, stop: asyncio.Event) -> None:
        async with websockets.connect(
            f"{self.url}/ws/tables/{self.table}", max_size=2**22, open_timeout=60
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            sent: dict[str, float] = {}
            acting_on = -1
            ready_for = -1
            thinking: asyncio.Task[None] | None = None
            while not stop.is_set():
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                except TimeoutError:
                    continue
                if frame["type"] == "ack":
                    started = sent.pop(frame["id"], None)
                    if started is not None:
                        self.stats.ack(time.perf_counter() - started)
                elif frame["type"] == "state":
                    view = frame["view"]
                    version = frame["version"]
                    if view["to_move"] == view["seat"] and view["seat"] is not None:
                        if version != acting_on:
                            acting_on = version
                            if thinking is not None:
                                thinking.cancel()
                            thinking = asyncio.create_task(self._act(ws, version, view, sent))
                    elif view.get("round_end") is not None and view["round"] != ready_for:
                        ready_for = view["round"]
                        await ws.send(json.dumps({"type": "next"}))
                elif frame["type"] == "error":
                    self.stats.errors += 1
        if thinking is not None:  # the socket is closed: no action goes out now
            thinking.cancel()
            await asyncio.gather(thinking, return_exceptions=True)

    async def _act(
        self, ws: Any, version: int, view: dict[str, Any], sent: dict[str, float]
    ) -> None:
        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
        action = self.rng.choice(view["legal"])["action"]
        frame_id = uuid.uuid4().hex
        sent[frame_id] = time.perf_counter()
        await ws.send(
            json.dumps({"type": "act", "id": frame_id, "version": version, "action": action})
        )


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.recording = False

    def ack(self, seconds: float) -> None:
        if self.recording:
            self.latencies.append(seconds)


async def load(
    server: Server, games: int, players: int, think: float, seconds: float
) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    seats = []
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        for _ in range(games):
            body = {"rules": RULES, "seats": ["human"] * players, "next_seconds": 1}
            table = (await http.post("/api/tables", json=body)).json()["id"]
            for seat in range(players):
                joined = (
                    await http.post(f"/api/tables/{table}/join", json={"name": f"P{seat}"})
                ).json()
                seats.append(
                    Seat(server.url.replace("http", "ws"), table, joined["token"], think, stats)
                )
    tasks = [asyncio.create_task(seat.run(stop)) for seat in seats]
    await asyncio.sleep(min(10.0, seconds / 3))  # warm-up: every seat connected and playing
    stats.recording = True
    cpu = server.cpu_seconds()
    own_cpu = time.process_time()
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    cpu = server.cpu_seconds() - cpu
    own_cpu = time.process_time() - own_cpu
    stats.recording = False
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        metrics = (await http.get("/metrics")).text
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "games": games,
        "acks_per_second": len(lat) / elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "mean_ms": 1000 * statistics.mean(lat) if lat else float("nan"),
        "errors": stats.errors,
        "server_cpu": cpu / elapsed,
        # The clients share one process: near 100% their own lag is measured.
        "client_cpu": own_cpu / elapsed,
        "server_p50_ms": histogram_quantile(metrics, 0.50),
        "server_p99_ms": histogram_quantile(metrics, 0.99),
    }


def histogram_quantile(metrics: str, q: float) -> float:
    """The server's own ack latency quantile (bucket upper bound, in ms)."""
    buckets: list[tuple[float, float]] = []
    for line in metrics.splitlines():
        if line.startswith("triominoes_ack_seconds_bucket"):
            label = line.split('le="', 1)[1].split('"', 1)[0]
            buckets.append(
                (float("inf") if label == "+Inf" else float(label), float(line.split()[-1]))
            )
    if not buckets or buckets[-1][1] == 0:
        return float("nan")
    total = buckets[-1][1]
    for upper, count in buckets:
        if count >= q * total:
            return 1000 * upper
    return float("inf")


def report(result: dict[str, Any], db: str) -> None:
    print(
        f"{db:>10} {result['games']:>4} games: {result['acks_per_second']:6.1f} acks/s  "
        f"ack p50 {result['p50_ms']:6.1f} ms  p95 {result['p95_ms']:6.1f} ms  "
        f"p99 {result['p99_ms']:6.1f} ms  (server's own p50 <= {result['server_p50_ms']:g} ms, "
        f"p99 <= {result['server_p99_ms']:g} ms)  server CPU {100 * result['server_cpu']:3.0f}%  "
        f"clients' CPU {100 * result['client_cpu']:3.0f}%  "
        f"errors {result['errors']}",
        flush=True,
    )


def engine_speed(seconds: float = 2.0) -> float:
    """This machine's speed at the moment (machines and loads differ up to
    3x): random rounds of the engine, as engine_speed.py plays them."""
    sys.path.insert(0, str(Path(__file__).parent))
    from engine_speed import random_rounds

    spent, rounds, seed = 0.0, 0, 1
    while spent < seconds:
        more, _ = random_rounds(2, 100, seed)
        spent, rounds, seed = spent + more, rounds + 100, seed + 1
    return rounds / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a seat thinks")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--db", default="sqlite", help="sqlite, or a PostgreSQL admin URL")
    parser.add_argument("--find", action="store_true", help="raise --games until p99 > 100 ms")
    args = parser.parse_args()
    kind = "sqlite" if args.db == "sqlite" else "postgresql"
    print(
        f"{args.players} seats a game, think ~U(0, {2 * args.think:g}) s, "
        f"{args.seconds:g} s measured; the engine here now: {engine_speed():,.0f} "
        "random 2-player rounds/s (benchmarks/engine_speed.py)",
        flush=True,
    )
    counts = [args.games] if not args.find else [50, 100, 150, 200, 300, 400, 600, 800, 1000]
    best = None
    for games in counts:
        server = Server(args.db)
        server.start()
        try:
            result = asyncio.run(load(server, games, args.players, args.think, args.seconds))
        finally:
            server.stop()
        report(result, kind)
        if result["p99_ms"] > 100:
            break
        best = games
    if args.find:
        print(f"most games held under 100 ms p99: {best}")


if __name__ == "__main__":
    main()
