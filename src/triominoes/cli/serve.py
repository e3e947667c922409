"""``triominoes serve``: the game server on SQLite (default) or PostgreSQL."""

from __future__ import annotations

from typing import Annotated

import typer

from triominoes.cli.errors import fail
from triominoes.server.config import ServerConfig, cores


def serve_command(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="The address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            min=0, max=65535, metavar="PORT", help="The port to listen on (0: any free one)."
        ),
    ] = 8000,
    db: Annotated[
        str,
        typer.Option(
            metavar="URL", help="sqlite:///FILE (default: a file here) or postgresql://..."
        ),
    ] = "sqlite:///triominoes.db",
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="redis://... to share tables between server processes on PostgreSQL.",
        ),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="URL", help="Another page origin allowed to open WebSockets; repeatable."
        ),
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(metavar="URL", help="The URL people open, for invite links.")
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            metavar="N",
            help="Processes that compute bot moves.  [default: the machine's cores]",
        ),
    ] = None,
    analysis_workers: Annotated[
        int,
        typer.Option(
            min=1, max=64, metavar="N", help="Processes that analyse finished games for the replay."
        ),
    ] = 1,
    analysis_worlds: Annotated[
        int,
        typer.Option(min=1, max=1000, help="Sampled deals per decision analysed.", hidden=True),
    ] = 16,
    idle_hours: Annotated[
        float,
        typer.Option(min=0, metavar="HOURS", help="Close tables nobody touched for this long."),
    ] = 24.0,
    sweep_seconds: Annotated[
        float, typer.Option(min=0.1, help="How often to look for idle tables.", hidden=True)
    ] = 60.0,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=1.0,
            help="With --redis: how soon another process takes a silent one's tables.",
            hidden=True,
        ),
    ] = 4.0,
    rate: Annotated[
        float,
        typer.Option(
            min=0.1, metavar="N", help="Frames a second a connection may send on average."
        ),
    ] = 20.0,
    log_format: Annotated[
        str,
        typer.Option(
            metavar="auto|plain|json",
            help="Log lines for people or JSON objects; auto: for people on a terminal.",
        ),
    ] = "auto",
    plain_logs: Annotated[
        bool, typer.Option("--plain-logs", hidden=True, help="The same as --log-format plain.")
    ] = False,
) -> None:
    """Serve the game: the web app, the lobby and play over WebSockets."""
    from triominoes.server.run import LOG_FORMATS, StartError, logs_as_json, serve

    if redis and db.startswith("sqlite"):
        fail("--redis shares tables between processes: use a PostgreSQL --db")
    if log_format not in LOG_FORMATS:
        fail(f"--log-format {log_format!r}: one of {', '.join(LOG_FORMATS)}")
    config = ServerConfig(
        host=host,
        port=port,
        db=db,
        redis=redis,
        origins=tuple(origin or ()),
        public_url=public_url,
        bot_workers=bot_workers or cores(),
        analysis_workers=analysis_workers,
        analysis_worlds=analysis_worlds,
        idle_hours=idle_hours,
        sweep_seconds=sweep_seconds,
        rate=rate,
        burst=2 * rate,
        lease_seconds=lease_seconds,
        log_json=logs_as_json("plain" if plain_logs else log_format),
    )
    try:
        serve(config)
    except StartError as error:
        fail(str(error))
