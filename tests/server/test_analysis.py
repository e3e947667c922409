"""The replay viewer's analysis: a finished game judged by search on the
server, streamed as JSON lines (progress, then the report)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import ServerProcess
from triominoes.ai.analysis import analyze
from triominoes.core.record import loads

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
WORLDS = 2


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    options = ("--analysis-worlds", str(WORLDS))
    process = ServerProcess(sqlite_url, cwd=tmp_path, options=options).start()
    try:
        yield process
    finally:
        process.stop()


def lines(answer: httpx.Response) -> list[dict[str, Any]]:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in answer.text.splitlines()]


def test_a_record_is_analysed_with_its_progress(server: ServerProcess) -> None:
    text = (GOLDEN / "czech-2p.json").read_text()
    streamed = lines(httpx.post(f"{server.url}/api/analysis?seat=1", content=text, timeout=300))
    *progress, last = streamed
    total = progress[0]["total"]
    assert [p["done"] for p in progress] == list(range(total + 1))
    assert all(p == {"type": "progress", "done": p["done"], "total": total} for p in progress)
    assert last["type"] == "analysis"
    # What the library gives for the same record, worlds and seed.
    expected = analyze(loads(text), seats=[1], worlds=WORLDS, seed=0).to_json()
    assert last["analysis"] == expected
    assert len(expected["decisions"]) == total > 0
    # Asked again: the kept report at once.
    again = lines(httpx.post(f"{server.url}/api/analysis?seat=1", content=text, timeout=30))
    assert again == [last]


def test_bad_requests_are_refused(server: ServerProcess) -> None:
    text = (GOLDEN / "czech-2p.json").read_text()
    for body, query, code in (
        ("{", "", "bad-record"),
        ('{"format": "triominoes-record"}', "", "bad-record"),
        (text.replace('"441@0,1"', '"442@0,1"', 1), "", "bad-record"),
        (text, "?seat=2", "bad-seat"),
    ):
        answer = httpx.post(f"{server.url}/api/analysis{query}", content=body, timeout=30)
        assert answer.status_code == 400, (body[:40], answer.text)
        assert answer.json()["error"] == code


def test_a_finished_game_of_a_table_is_analysed(server: ServerProcess) -> None:
    playing = server.create(["human", "bot:easy"])
    url = f"{server.url}/api/tables/{playing}/games/1/analysis"
    assert httpx.get(url, timeout=30).status_code == 404  # not finished
    table = server.finished_bot_game(60)
    url = f"{server.url}/api/tables/{table}/games/1/analysis"
    report = lines(httpx.get(url, timeout=300))[-1]["analysis"]
    record = server.record(table).json()
    assert report == analyze(loads(json.dumps(record)), worlds=WORLDS, seed=0).to_json()
    assert [p["name"] for p in report["players"]] == record["players"]
    missing = httpx.get(f"{server.url}/api/tables/nope/games/1/analysis", timeout=30)
    assert missing.status_code == 404
