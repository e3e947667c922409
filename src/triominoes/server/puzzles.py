"""Puzzles over HTTP (docs/protocol.md, "Puzzles"): the daily puzzle, the
next one near the solver's rating, one by id, and trying an answer.

The puzzles are the ones shipped with the package (checked by the tests);
a client gets the solver's view and never the answer until it tries one.
Signed-in players have a puzzle rating in the database
(:mod:`triominoes.puzzles.rating`); guests keep their streak in the
browser and nothing here.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import random
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from triominoes.core.errors import BadToken
from triominoes.puzzles import rating, solving
from triominoes.puzzles.model import THEMES, Puzzle, shipped
from triominoes.server.errors import ApiError
from triominoes.server.hub import Hub
from triominoes.server.sessions import current, session_token, signed_in

NEAREST = 12
"""``next`` picks at random among this many puzzles nearest the rating."""


class Attempt(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    action: Annotated[str, Field(max_length=40)]
    """The solver's action (a token of the view's legal actions)."""
    line: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=16)] = []
    """What was played since the puzzle's position: the solver's actions
    and the replies the server gave, in order."""


def daily(puzzles: Sequence[Puzzle], day: datetime.date) -> Puzzle:
    """The puzzle of a UTC day: the same for everyone, from the date alone."""
    digest = hashlib.sha256(day.isoformat().encode()).digest()
    ordered = sorted(puzzles, key=lambda p: p.id)
    return ordered[int.from_bytes(digest[:8], "big") % len(ordered)]


def nearest(
    puzzles: Sequence[Puzzle],
    wanted: float,
    *,
    theme: str | None = None,
    after: str | None = None,
    tried: Collection[str] = (),
    rng: random.Random | None = None,
) -> Puzzle | None:
    """A puzzle near ``wanted`` in difficulty: of ``theme`` if given, never
    ``after``, untried ones first."""
    fitting = [p for p in puzzles if (theme is None or p.theme == theme) and p.id != after]
    fresh = [p for p in fitting if p.id not in tried] or fitting
    if not fresh:
        return None
    close = sorted(fresh, key=lambda p: (abs(p.difficulty - wanted), p.id))[:NEAREST]
    return (rng or random).choice(close)


def puzzle_routes(hub: Callable[[], Hub], puzzles: Sequence[Puzzle] | None = None) -> APIRouter:
    router = APIRouter(tags=["puzzles"])
    every = tuple(puzzles) if puzzles is not None else shipped()
    by_id = {p.id: p for p in every}

    @lru_cache(maxsize=512)
    def served(ident: str) -> dict[str, Any]:
        return by_id[ident].served()

    def find(ident: str) -> Puzzle:
        puzzle = by_id.get(ident)
        if puzzle is None:
            raise ApiError("no-puzzle", f"there is no puzzle {ident[:40]}", 404)
        return puzzle

    @router.get("/api/puzzles/daily")
    async def daily_puzzle() -> dict[str, Any]:
        """Today's puzzle (UTC), the same for everyone."""
        today = datetime.datetime.now(datetime.UTC).date()
        return {"date": today.isoformat(), "puzzle": served(daily(every, today).id)}

    @router.get("/api/puzzles/themes")
    async def themes() -> list[dict[str, Any]]:
        """Every theme and how many puzzles it has."""
        return [{"theme": t, "count": sum(p.theme == t for p in every)} for t in THEMES]

    @router.get("/api/puzzles/next", responses={404: {}})
    async def next_puzzle(
        request: Request,
        theme: str | None = None,
        rating_: Annotated[int | None, Query(alias="rating", ge=0, le=4000)] = None,
        after: Annotated[str | None, Query(max_length=40)] = None,
    ) -> dict[str, Any]:
        """A puzzle near the solver's puzzle rating (signed in: the stored
        one; a guest: ``rating``, else the starting rating)."""
        if theme is not None and theme not in THEMES:
            raise ApiError("bad-theme", f"themes are {', '.join(THEMES)}")
        current_hub = hub()
        player = await current(current_hub, session_token(request))
        wanted = float(rating_) if rating_ is not None else rating.START
        tried: set[str] = set()
        if player is not None:
            store = current_hub.store.puzzles
            wanted = (await asyncio.to_thread(store.standing, player.id)).rating
            tried = await asyncio.to_thread(store.tried, player.id)
        puzzle = nearest(every, wanted, theme=theme, after=after, tried=tried)
        if puzzle is None:
            raise ApiError("no-puzzle", "no puzzle of that theme", 404)
        return served(puzzle.id)

    @router.get("/api/puzzles/{puzzle_id}", responses={404: {}})
    async def one_puzzle(puzzle_id: str) -> dict[str, Any]:
        return served(find(puzzle_id).id)

    @router.post("/api/puzzles/{puzzle_id}/attempt", responses={404: {}})
    async def attempt(puzzle_id: str, body: Attempt, request: Request) -> dict[str, Any]:
        """Try an action: right or wrong, the best line and why; the next
        reply while a line goes on; a signed-in solver's rating change
        when the try ends."""
        puzzle = find(puzzle_id)
        try:
            judged = await asyncio.to_thread(solving.answer, puzzle, body.line, body.action)
        except BadToken as exc:
            raise ApiError.of("bad-action", exc) from None
        except solving.BadLine as exc:
            raise ApiError("bad-line", str(exc)) from None
        except solving.NotLegal as exc:
            raise ApiError("illegal-action", str(exc)) from None
        correct, goes_on = judged.correct, judged.goes_on
        answer: dict[str, Any] = {
            "correct": correct,
            "solution": list(puzzle.solution),
            "explanation": {
                "played_points": judged.played_points,
                "best_points": judged.best_points,
                "margin": judged.margin,
                "cells": [list(c) for c in judged.cells],
                "reason": judged.reason,
            },
            "reply": judged.reply,
            "next": goes_on,
            "rating": None,
        }
        if judged.next_view is not None:
            # A client that decides no rule (the web page) takes the next
            # move's cells and points from the view after the reply.
            answer["view"] = judged.next_view.to_json()
        current_hub = hub()
        player = await current(current_hub, session_token(request))
        if player is not None and not goes_on:
            tried = await asyncio.to_thread(
                current_hub.store.puzzles.attempt,
                player.id,
                puzzle.id,
                puzzle.difficulty,
                correct,
            )
            answer["rating"] = {
                "before": rating.shown(tried.before),
                "after": rating.shown(tried.after),
            }
        return answer

    @router.get("/api/me/puzzles", responses={401: {}})
    async def my_puzzles(request: Request) -> dict[str, Any]:
        """A signed-in player's puzzle rating and first tries (solved of tried)."""
        current_hub = hub()
        player = await signed_in(current_hub, request)
        standing = await asyncio.to_thread(current_hub.store.puzzles.standing, player.id)
        return {
            "rating": rating.shown(standing.rating),
            "solved": standing.solved,
            "tried": standing.tried,
        }

    return router
