"""Running the server: uvicorn, logs, a graceful SIGTERM.

Before it prints its URL the server takes its port and reaches its
database (and Redis): a port taken by another server, a database it cannot
use, end the start with one :class:`StartError` line (the command line
shows it and exits with status 2), before any file is made. Logs are
lines for people on a terminal and JSON objects otherwise (a service's
log collector), or as asked.

On SIGTERM (or Ctrl-C) the server first lets every action in flight be
committed and acknowledged, closes each WebSocket with code 1012 (service
restart: clients reconnect), and only then stops listening.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import socket
import sys
import time
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from triominoes.server.app import _safe_url, create_app
from triominoes.server.config import ServerConfig

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's message again, with terminal colour codes
}


class JsonLines(logging.Formatter):
    """One JSON object per log line: time, level, logger, message, extras."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD:
                out[key] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


class PlainLines(logging.Formatter):
    """A line for people: time, level, message, then the extras as key=value."""

    def format(self, record: logging.LogRecord) -> str:
        moment = time.strftime("%H:%M:%S", time.localtime(record.created))
        parts = [moment, f"{record.levelname.lower():<7}", record.getMessage()]
        parts.extend(
            f"{key}={value}" for key, value in record.__dict__.items() if key not in _STANDARD
        )
        line = " ".join(parts)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


LOG_FORMATS = ("auto", "plain", "json")


def logs_as_json(log_format: str) -> bool:
    """``auto``: JSON unless standard error is a terminal (a person reads it)."""
    if log_format == "auto":
        return not sys.stderr.isatty()
    return log_format == "json"


def configure_logging(json_lines: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if json_lines else PlainLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    # Access lines would name every path; the seat token travels only in a
    # URL fragment (never sent), so they are safe, but they are noise.
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)


class WebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, compressing at zlib's level 1.

    Every change of a table sends each client a view of about 4 kB, and
    compressing it at zlib's default level cost the event loop about
    0.1 ms a frame, a quarter of an action's time under load; level 1
    takes half that and leaves frames a third larger (825 bytes instead
    of 606 for a 4-player view: benchmarks/server_load.py, docs).
    """

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        if config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=12,
                client_max_window_bits=12,
                compress_settings={"memLevel": 5, "level": 1},
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=config.ws_max_size, logger=self.conn.logger
            )


class Server(uvicorn.Server):
    """uvicorn, with the table hub drained before the sockets close."""

    _loop: asyncio.AbstractEventLoop | None = None
    _draining = False

    async def serve(self, sockets: Any = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        # A stop asked for by a signal is a clean stop: exit 0 afterwards,
        # not by re-raising the signal.
        if self._draining or self._loop is None:
            self.force_exit = self._draining
            self.should_exit = True
            return
        self._draining = True
        self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._drain()))

    async def _drain(self) -> None:
        started = time.monotonic()
        hub = _hub_of(self.config.loaded_app)
        if hub is not None:
            await hub.stop()
        logging.getLogger("triominoes.server").info(
            "stopped", extra={"drain_seconds": round(time.monotonic() - started, 3)}
        )
        self.should_exit = True


def _hub_of(app: Any) -> Any:
    """The hub of the FastAPI app inside uvicorn's middleware wrappers."""
    while app is not None:
        hub = getattr(getattr(app, "state", None), "hub", None)
        if hub is not None:
            return hub
        app = getattr(app, "app", None)
    return None


class StartError(Exception):
    """The server cannot start: one line for the person who started it."""


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything else happens (port 0: any free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # As uvicorn binds: a port left in TIME_WAIT by a server just stopped is free.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise StartError(
                f"port {port} on {host} is taken (another server?): stop it or give --port"
            ) from None
        if error.errno == errno.EACCES:
            raise StartError(f"port {port} on {host}: permission denied (give --port)") from None
        why = error.strerror or str(error)
        raise StartError(f"cannot listen on {host} port {port}: {why}") from None
    sock.set_inheritable(True)
    return sock


def check_database(url: str) -> None:
    """Fail now, in one line, on a database the server could not use: not
    SQLite or PostgreSQL, a folder that does not exist, a PostgreSQL that
    does not answer. Creates nothing (SQLite's file is made by the store)."""
    shown = _safe_url(url)
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///") :].split("?", 1)[0]
        if path in ("", ":memory:"):
            return
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise StartError(f"--db {shown}: there is no folder {folder}")
        if not os.access(folder, os.W_OK):
            raise StartError(f"--db {shown}: the folder {folder} is not writable")
        return
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in ("postgresql", "postgres", "postgresql+psycopg"):
        raise StartError(f"--db {shown}: give sqlite:///FILE or postgresql://...")
    import psycopg

    try:
        connection = psycopg.connect(
            "postgresql://" + url.split("://", 1)[1], connect_timeout=DATABASE_WAIT
        )
    except (psycopg.Error, ValueError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise StartError(f"cannot use the database {shown}: {first}") from None
    connection.close()


def check_redis(url: str) -> None:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=DATABASE_WAIT)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError) as error:
        raise StartError(f"cannot use Redis at {_safe_url(url)}: {error}") from None


DATABASE_WAIT = 5
"""Seconds a database (or Redis) may take to answer at the start."""


def serve(config: ServerConfig) -> None:
    """Run until stopped; :class:`StartError` when it cannot start."""
    configure_logging(config.log_json)
    sock = listen(config.host, config.port)
    try:
        check_database(config.db)
        if config.redis:
            check_redis(config.redis)
    except StartError:
        sock.close()
        raise
    port = int(sock.getsockname()[1])
    # The writer thread hands the GIL back and forth with the event loop
    # several times a commit; at the default 5 ms switch interval each
    # hand-over can wait that long while the loop is busy sending views.
    # Measured at 200 games: commit p99 252 ms at 0.5 ms, 41 ms at 0.1 ms.
    sys.setswitchinterval(0.0001)
    app = create_app(config)
    uv = uvicorn.Config(
        app,
        host=config.host,
        port=port,
        ws_max_size=config.max_frame,
        log_config=None,
        timeout_graceful_shutdown=10,
        lifespan="on",
        ws=WebSockets,
    )
    server = Server(uv)
    where = config.public_url or f"http://{config.host}:{port}/"
    print(f"Triominoes is served at {where}", flush=True)
    server.run(sockets=[sock])
