"""Finished games over HTTP: records, step-by-step replays and analyses,
and the reference lists a client reads once (phrases, rules, bots)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse

from triominoes.ai.registry import LEVELS, PLAYERS
from triominoes.core.errors import TriominoesError
from triominoes.core.record import Record, replay, replay_steps
from triominoes.core.record import read as read_record
from triominoes.core.rules import PRESETS, rules_schema
from triominoes.server.errors import ApiError
from triominoes.server.hub import Hub
from triominoes.server.lobby import game_record
from triominoes.server.phrases import PHRASES

ANALYSIS_STREAM: dict[str, Any] = {
    "description": "JSON lines: progress as decisions are judged, then the analysis",
    "content": {
        "application/x-ndjson": {
            "schema": {
                "type": "object",
                "required": ["type"],
                "properties": {
                    "type": {"enum": ["progress", "analysis"]},
                    "done": {"type": "integer"},
                    "total": {"type": "integer"},
                    "analysis": {"type": "object"},
                },
            }
        }
    },
}

Seats = Annotated[list[int] | None, Query(description="Only these seats (0 first).")]


async def _uploaded(request: Request) -> Record:
    try:
        return read_record(json.loads(await request.body()))
    except (ValueError, RecursionError) as exc:
        message = str(exc) if isinstance(exc, TriominoesError) else "the body is not a record"
        raise ApiError("bad-record", message[:300]) from None


def replay_routes(hub: Callable[[], Hub]) -> APIRouter:
    router = APIRouter()

    @router.get("/api/tables/{table_id}/games/{number}/record", tags=["lobby"], responses={404: {}})
    async def finished_record(table_id: str, number: int) -> dict[str, Any]:
        return await game_record(hub(), table_id, number)

    @router.post("/api/replay", tags=["replay"])
    async def replay_record(request: Request) -> dict[str, Any]:
        """A record (as uploaded to the replay viewer) step by step, by the engine."""
        record = await _uploaded(request)
        try:
            return replay_steps(record)
        except TriominoesError as exc:
            raise ApiError("bad-record", str(exc)[:300]) from None

    @router.get(
        "/api/tables/{table_id}/games/{number}/replay", tags=["replay"], responses={404: {}}
    )
    async def game_replay(table_id: str, number: int) -> dict[str, Any]:
        return replay_steps(read_record(await game_record(hub(), table_id, number)))

    @router.post(
        "/api/analysis",
        tags=["replay"],
        response_class=StreamingResponse,
        responses={200: ANALYSIS_STREAM},
    )
    async def analyse_record(request: Request, seat: Seats = None) -> StreamingResponse:
        """Every decision of a record (as uploaded to the replay viewer)
        judged by search from the deciding seat's view: JSON lines, a
        ``progress`` line per decision, then the ``analysis``."""
        return analysis_stream(await _uploaded(request), seat)

    @router.get(
        "/api/tables/{table_id}/games/{number}/analysis",
        tags=["replay"],
        response_class=StreamingResponse,
        responses={200: ANALYSIS_STREAM, 404: {}},
    )
    async def game_analysis(table_id: str, number: int, seat: Seats = None) -> StreamingResponse:
        """A finished game of a table, analysed (as ``POST /api/analysis``)."""
        record = read_record(await game_record(hub(), table_id, number))
        return analysis_stream(record, seat)

    def analysis_stream(record: Record, seats: list[int] | None) -> StreamingResponse:
        if seats is not None and not all(0 <= s < len(record.players) for s in seats):
            raise ApiError("bad-seat", f"seats are 0 to {len(record.players) - 1} in this game")
        try:
            replay(record)
        except TriominoesError as exc:
            raise ApiError("bad-record", str(exc)[:300]) from None
        return StreamingResponse(
            hub().analyses.stream(record, seats), media_type="application/x-ndjson"
        )

    @router.get("/api/phrases", tags=["reference"])
    async def phrases() -> dict[str, str]:
        """The quick-chat phrases: id -> English text (translated by clients)."""
        return dict(PHRASES)

    @router.get("/api/rules", tags=["reference"])
    async def rules() -> dict[str, Any]:
        """The presets (every field) and the JSON Schema of house rules."""
        return {
            "presets": {name: r.to_json() for name, r in PRESETS.items()},
            "schema": rules_schema(),
        }

    @router.get("/api/bots", tags=["reference"])
    async def bots() -> dict[str, Any]:
        return {"levels": dict(LEVELS), "players": list(PLAYERS)}

    return router
