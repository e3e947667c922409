"""``triominoes serve`` as a person starts it: what it says when it cannot
start (one line, status 2, nothing made), and its logs' two forms."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.server.harness import ROOT, free_port

STARTUP = 60.0


def serve(*options: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "triominoes", "serve", *options],
        check=False,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def one_error_line(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("error: "), lines
    assert "Traceback" not in run.stderr
    assert "served at" not in run.stdout  # no URL for a server that is not there
    return lines[0]


def test_a_taken_port_is_one_line_before_a_url_or_a_database(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = serve("--port", str(port), cwd=tmp_path)
    line = one_error_line(run)
    assert f"port {port}" in line and "taken" in line
    assert list(tmp_path.iterdir()) == []  # no triominoes.db made


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("mysql://ann:secret@db.example/games", "give sqlite:///FILE or postgresql://"),
        ("postgresql://postgres:secret@127.0.0.1:1/triominoes", "Connection refused"),
        ("sqlite:///no/such/folder/games.db", "there is no folder"),
    ],
)
def test_a_database_the_server_cannot_use_is_one_line(tmp_path: Path, db: str, said: str) -> None:
    run = serve("--port", str(free_port()), "--db", db, cwd=tmp_path)
    line = one_error_line(run)
    assert said in line
    assert "secret" not in run.stderr  # the password stays off the screen
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_redis_is_one_line(tmp_path: Path) -> None:
    run = serve(
        "--port",
        str(free_port()),
        "--db",
        "postgresql://postgres@127.0.0.1:1/triominoes",
        "--redis",
        "redis://127.0.0.1:1",
        cwd=tmp_path,
    )
    one_error_line(run)


def started(process: subprocess.Popen[bytes], read: int, until: bytes) -> bytes:
    """What the server wrote to ``read`` until ``until`` appeared."""
    seen = b""
    deadline = time.monotonic() + STARTUP
    while until not in seen:
        assert time.monotonic() < deadline, seen.decode(errors="replace")
        assert process.poll() is None, seen.decode(errors="replace")
        ready, _, _ = select.select([read], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(read, 65536)
            except OSError:  # a terminal closed by the other end
                break
            seen += chunk
    return seen


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.mark.parametrize(
    ("options", "terminal", "as_json"),
    [
        ((), False, True),  # a service's log collector: JSON objects
        ((), True, False),  # a person at a terminal: lines to read
        (("--log-format", "json"), True, True),
        (("--log-format", "plain"), False, False),
        (("--plain-logs",), False, False),  # the older flag still works
    ],
)
def test_logs_are_lines_for_people_on_a_terminal_and_json_otherwise(
    tmp_path: Path, options: tuple[str, ...], terminal: bool, as_json: bool
) -> None:
    if terminal:
        read, write = pty.openpty()
    else:
        read, write = os.pipe()
    process = subprocess.Popen(
        [sys.executable, "-m", "triominoes", "serve", "--port", "0", *options],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=write,
    )
    os.close(write)
    try:
        text = started(process, read, b"startup complete").decode()
    finally:
        stop(process)
        os.close(read)
    lines = [line for line in text.replace("\r\n", "\n").splitlines() if line.strip()]
    # The word, not "already" in a migration's description that alembic logs.
    ready = next(line for line in lines if re.search(r"\bready\b", line))
    if as_json:
        assert all(line.startswith("{") for line in lines), lines
        assert json.loads(ready)["message"] == "ready"
    else:
        assert not any(line.startswith("{") for line in lines), lines
        assert " ready db=sqlite:///triominoes.db" in ready
        assert "\x1b[" not in text  # no colour codes from uvicorn's own lines
