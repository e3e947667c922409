"""Running the server: uvicorn, structured logs, a graceful SIGTERM.

On SIGTERM (or Ctrl-C) the server first lets every action in flight be
committed and acknowledged, closes each WebSocket with code 1012 (service
restart: clients reconnect), and only then stops listening.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import sys
import time
from typing import Any

import uvicorn

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


class Server(uvicorn.Server):
    """uvicorn, with the table hub drained before the sockets close."""

    def install_signal_handlers(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(self._drain()))

    async def _drain(self) -> None:
        if self.should_exit:
            self.force_exit = True
            return
        app = self.config.loaded_app
        hub = getattr(getattr(app, "state", None), "hub", None)
        if hub is None:  # wrapped by middleware: find the FastAPI app
            inner = getattr(app, "app", None)
            while inner is not None and hub is None:
                hub = getattr(getattr(inner, "state", None), "hub", None)
                inner = getattr(inner, "app", None)
        started = time.monotonic()
        if hub is not None:
            await hub.stop()
        logging.getLogger("triominoes.server").info(
            "stopped", extra={"drain_seconds": round(time.monotonic() - started, 3)}
        )
        self.should_exit = True


def serve(config: ServerConfig) -> None:
    configure_logging(config.log_json)
    app = create_app(config)
    uv = uvicorn.Config(
        app,
        host=config.host,
        port=config.port,
        ws_max_size=config.max_frame,
        log_config=None,
        timeout_graceful_shutdown=10,
        lifespan="on",
    )
    server = Server(uv)
    where = config.public_url or f"http://{config.host}:{config.port}/"
    print(f"Triominoes is served at {where}", flush=True)
    server.run()
