"""Running the server: uvicorn, structured logs, a graceful SIGTERM.

On SIGTERM (or Ctrl-C) the server first lets every action in flight be
committed and acknowledged, closes each WebSocket with code 1012 (service
restart: clients reconnect), and only then stops listening.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from triominoes.server.app import create_app
from triominoes.server.config import ServerConfig

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


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


def configure_logging(json_lines: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    if json_lines:
        handler.setFormatter(JsonLines())
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


def serve(config: ServerConfig) -> None:
    configure_logging(config.log_json)
    # The writer thread hands the GIL back and forth with the event loop
    # several times a commit; at the default 5 ms switch interval each
    # hand-over can wait that long while the loop is busy sending views.
    # Measured at 200 games: commit p99 252 ms at 0.5 ms, 41 ms at 0.1 ms.
    sys.setswitchinterval(0.0001)
    app = create_app(config)
    uv = uvicorn.Config(
        app,
        host=config.host,
        port=config.port,
        ws_max_size=config.max_frame,
        log_config=None,
        timeout_graceful_shutdown=10,
        lifespan="on",
        ws=WebSockets,
    )
    server = Server(uv)
    where = config.public_url or f"http://{config.host}:{config.port}/"
    print(f"Triominoes is served at {where}", flush=True)
    server.run()
