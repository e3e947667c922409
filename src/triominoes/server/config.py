"""How a server runs: where it listens, stores and publishes, and its limits."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def cores() -> int:
    """The machine's cores: the default number of bot workers. A bot's
    search is the server's one CPU-bound job; its own work (frames, the
    database) takes little, so every core may search (docs/benchmarks.md,
    "Bots on a busy server")."""
    return os.cpu_count() or 1


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    db: str = "sqlite:///triominoes.db"
    """``sqlite:///FILE`` (the default: a file in the current folder) or ``postgresql://...``."""
    redis: str | None = None
    """With several server processes on one PostgreSQL database: the Redis
    that carries each table's changes to the processes its clients use."""
    origins: tuple[str, ...] = ()
    """WebSocket origins allowed besides the served one (``https://example.org``)."""
    public_url: str | None = None
    """The URL people open (for invite links); by default the request's own."""
    idle_hours: float = 24.0
    """A table nobody touches this long is closed (and kept as history)."""
    max_frame: int = 4096
    """The largest client frame accepted, in bytes."""
    rate: float = 20.0
    """Frames per second a connection may send on average ..."""
    burst: float = 40.0
    """... and at once."""
    bot_workers: int = field(default_factory=cores)
    """Processes that compute bot moves (the search bots are CPU-bound)."""
    analysis_workers: int = 1
    """Processes that analyse finished games for the replay viewer (apart
    from the bots', so an analysis never holds up a bot's move)."""
    analysis_worlds: int = 16
    """Sampled deals per decision of such an analysis (about 0.1 s each)."""
    lease_seconds: float = 4.0
    """With several processes: how long a process that stopped answering
    keeps running its tables' follow-ups before another takes them over."""
    stand_in: str = "heuristic:draw_below=-1e9"
    """The bot that plays the turns of a person whose clock ran out: the
    ``hard`` level's judgement of placements, but it never draws while a
    tile fits (heads-up ``hard`` draws by choice about one turn in three,
    which is sound play but not what a person comes back to find)."""
    log_json: bool = True
    sweep_seconds: float = 60.0
    """How often idle tables are looked for."""
    extra: dict[str, str] = field(default_factory=dict)
