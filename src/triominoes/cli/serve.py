"""``triominoes serve``: the game server on SQLite (default) or PostgreSQL."""

from __future__ import annotations

from typing import Annotated

import typer

from triominoes.server.config import ServerConfig


def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="sqlite:///FILE (default: a file here) or postgresql://..."),
    ] = "sqlite:///triominoes.db",
    redis: Annotated[
        str | None,
        typer.Option(help="redis://... to share tables between server processes on PostgreSQL."),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(help="Another page origin allowed to open WebSockets; repeatable."),
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(help="The URL people open, for invite links.")
    ] = None,
    bot_workers: Annotated[
        int, typer.Option(min=1, max=64, help="Processes that compute bot moves.")
    ] = 1,
    analysis_workers: Annotated[
        int,
        typer.Option(min=1, max=64, help="Processes that analyse finished games for the replay."),
    ] = 1,
    analysis_worlds: Annotated[
        int,
        typer.Option(min=1, max=1000, help="Sampled deals per decision analysed.", hidden=True),
    ] = 16,
    idle_hours: Annotated[
        float, typer.Option(min=0, help="Close tables nobody touched for this long.")
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
        float, typer.Option(min=0.1, help="Frames a second a connection may send on average.")
    ] = 20.0,
    plain_logs: Annotated[
        bool, typer.Option("--plain-logs", help="Log lines for people, not JSON.")
    ] = False,
) -> None:
    """Serve the game: the web app, the lobby and play over WebSockets."""
    from triominoes.server.run import serve

    if redis and db.startswith("sqlite"):
        raise typer.BadParameter("--redis shares tables between processes: use a PostgreSQL --db")
    serve(
        ServerConfig(
            host=host,
            port=port,
            db=db,
            redis=redis,
            origins=tuple(origin or ()),
            public_url=public_url,
            bot_workers=bot_workers,
            analysis_workers=analysis_workers,
            analysis_worlds=analysis_worlds,
            idle_hours=idle_hours,
            sweep_seconds=sweep_seconds,
            rate=rate,
            burst=2 * rate,
            lease_seconds=lease_seconds,
            log_json=not plain_logs,
        )
    )
