"""Players over HTTP (server.md, "Players, ratings and matchmaking"):
signing up, in and out, one's own games, profiles and leaderboards.

Passwords are hashed in a thread, two at a time at most (each hash takes
64 MiB and tens of milliseconds): sign-ins never stall the games' event
loop, and a flood of them cannot take the machine's memory.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, StringConstraints

from triominoes.players import names, passwords, ratings
from triominoes.server import people
from triominoes.server.errors import ApiError
from triominoes.server.hub import Hub
from triominoes.server.security import token_hash
from triominoes.server.sessions import (
    FAILURES_PER_ADDRESS,
    FAILURES_PER_NAME,
    SIGNUPS_PER_ADDRESS,
    address,
    close_session,
    open_session,
    session_token,
    signed_in,
)
from triominoes.storage import NameTaken, PlayerRow

_HASHING = asyncio.Semaphore(2)

Password = Annotated[str, StringConstraints(min_length=1, max_length=passwords.LONGEST)]


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    password: Password


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    password: Password
    """The password now."""
    new: Password


class Confirm(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    password: Password


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    puzzles_from_my_games: bool
    """My finished games may become puzzles (docs/puzzles.md)."""


class Named(BaseModel):
    name: str


class Rating(BaseModel):
    rating: int
    games: int
    provisional: bool


class Entry(BaseModel):
    name: str
    rating: int
    games: int
    provisional: bool = False
    bot: str | None = None
    """The level, for a bot's line (with ``bots=true``)."""


async def _hashed(password: str) -> str:
    async with _HASHING:
        return await asyncio.to_thread(passwords.hashed, password)


async def _matches(stored: str | None, password: str) -> bool:
    async with _HASHING:
        return await asyncio.to_thread(passwords.matches, stored, password)


def ratings_json(skills: dict[str, ratings.Skill], *, bot: bool = False) -> dict[str, Any]:
    return {
        pool: {
            "rating": ratings.displayed(skill),
            "games": skill.games,
            "provisional": ratings.provisional(skill, bot=bot),
        }
        for pool, skill in skills.items()
    }


def account_routes(hub: Callable[[], Hub], base_url: Callable[[Request], str]) -> APIRouter:
    router = APIRouter(tags=["players"])

    @router.post(
        "/api/players", status_code=201, response_model=Named, responses={409: {}, 429: {}}
    )
    async def sign_up(body: Credentials, request: Request, response: Response) -> Named:
        """A new account, and a session for it."""
        if not names.valid(body.name):
            raise ApiError(
                "bad-name", "a name is 3 to 20 letters (a-z), digits, _ and -, nothing else"
            )
        if passwords.weak(body.password):
            raise ApiError(
                "weak-password", f"a password has at least {passwords.SHORTEST} characters"
            )
        current_hub = hub()
        where = f"signup:{address(request)}"
        if await current_hub.limits.count(where) >= SIGNUPS_PER_ADDRESS:
            raise ApiError("rate-limited", "too many new accounts from here; try later", 429)
        await current_hub.limits.add(where)
        stored = await _hashed(body.password)
        try:
            player = await asyncio.to_thread(
                current_hub.store.accounts.create,
                secrets.token_urlsafe(12),
                body.name,
                names.key(body.name),
                stored,
            )
        except NameTaken:
            raise ApiError("name-taken", "this name is taken", 409) from None
        await open_session(current_hub, player, request, response)
        return Named(name=player.name)

    @router.post("/api/session", response_model=Named, responses={401: {}, 429: {}})
    async def sign_in(body: Credentials, request: Request, response: Response) -> Named:
        """A session for a name and its password. A name with no account
        and a wrong password get the same answer, in the same time."""
        current_hub = hub()
        limits = current_hub.limits
        by_name = f"name:{names.key(body.name)}"
        by_address = f"address:{address(request)}"
        if (
            await limits.count(by_name) >= FAILURES_PER_NAME
            or await limits.count(by_address) >= FAILURES_PER_ADDRESS
        ):
            raise ApiError("rate-limited", "too many failed sign-ins; try again later", 429)
        found = None
        if names.valid(body.name):
            found = await asyncio.to_thread(
                current_hub.store.accounts.by_name, names.key(body.name)
            )
        if not await _matches(found.password_hash if found else None, body.password):
            await limits.add(by_name)
            await limits.add(by_address)
            raise ApiError("bad-login", "wrong name or password", 401)
        assert found is not None
        await limits.clear(by_name)
        if passwords.outdated(found.password_hash):
            stored = await _hashed(body.password)
            await asyncio.to_thread(current_hub.store.accounts.set_password, found.id, stored)
        await open_session(current_hub, found, request, response)
        return Named(name=found.name)

    @router.delete("/api/session", status_code=204, response_class=Response)
    async def sign_out(request: Request) -> Response:
        """End this session, on every server process."""
        current_hub = hub()
        token = session_token(request)
        if token is not None:
            await asyncio.to_thread(current_hub.store.accounts.end_session, token_hash(token))
        response = Response(status_code=204)
        close_session(response, current_hub, request)
        return response

    @router.get("/api/me", responses={401: {}})
    async def me(request: Request) -> dict[str, Any]:
        """Who is signed in, their ratings, and their unfinished tables,
        those where it is their turn first."""
        current_hub = hub()
        player = await signed_in(current_hub, request)
        skills = await asyncio.to_thread(current_hub.store.accounts.skills, player.id)
        games = await people.games_of(current_hub, player, base_url(request))
        return {
            "name": player.name,
            "ratings": ratings_json(skills),
            "games": games,
            "settings": {"puzzles_from_my_games": player.puzzles_from_games},
        }

    @router.put("/api/me/settings", responses={401: {}})
    async def change_settings(body: Settings, request: Request) -> Settings:
        """The player's settings; the answer is them as kept."""
        current_hub = hub()
        player = await signed_in(current_hub, request)
        await asyncio.to_thread(
            current_hub.store.accounts.set_puzzles_from_games,
            player.id,
            body.puzzles_from_my_games,
        )
        return body

    @router.post(
        "/api/me/password",
        status_code=204,
        response_class=Response,
        responses={401: {}, 429: {}},
    )
    async def change_password(body: NewPassword, request: Request) -> Response:
        """A new password; every other session of the player ends."""
        current_hub = hub()
        player = await _confirmed(current_hub, request, body.password)
        if passwords.weak(body.new):
            raise ApiError(
                "weak-password", f"a password has at least {passwords.SHORTEST} characters"
            )
        stored = await _hashed(body.new)
        accounts = current_hub.store.accounts
        await asyncio.to_thread(accounts.set_password, player.id, stored)
        token = session_token(request)
        keep = token_hash(token) if token else None
        await asyncio.to_thread(accounts.end_sessions, player.id, keep)
        return Response(status_code=204)

    @router.delete(
        "/api/me", status_code=204, response_class=Response, responses={401: {}, 429: {}}
    )
    async def delete_account(body: Confirm, request: Request) -> Response:
        """Delete the account (the password again, to be sure): its games
        stay, under "deleted player"; its unfinished games are resigned."""
        current_hub = hub()
        player = await _confirmed(current_hub, request, body.password)
        await people.delete_player(current_hub, player)
        response = Response(status_code=204)
        close_session(response, current_hub, request)
        return response

    @router.get("/api/players/{name}", responses={404: {}})
    async def profile(name: str) -> dict[str, Any]:
        """A player's ratings, rating history, recent games and statistics."""
        current_hub = hub()
        accounts = current_hub.store.accounts
        player = None
        if names.valid(name):
            player = await asyncio.to_thread(accounts.by_name, names.key(name))
        if player is None:
            raise ApiError("not-found", f"there is no player {name}", 404)

        def read() -> dict[str, Any]:
            return {
                "name": player.name,
                "since": player.created_at,
                "ratings": ratings_json(accounts.skills(player.id)),
                "recent": accounts.recent(player.id),
                "history": accounts.history(player.id),
                "stats": accounts.stats(player.id),
            }

        return await asyncio.to_thread(read)

    @router.get("/api/leaderboard", response_model=list[Entry])
    async def leaderboard(
        pool: Annotated[str, Query(pattern="^(duel|table)$")] = "duel",
        bots: bool = False,
        provisional: bool = False,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> list[Entry]:
        """Players who are not provisional, best first; ``provisional=true``
        adds the others (marked), ``bots=true`` the bot levels (with ``bot``)."""
        least = 1 if provisional else ratings.PROVISIONAL_GAMES
        rows = await asyncio.to_thread(hub().store.accounts.leaderboard, pool, limit, least, bots)
        out = []
        for row in rows:
            level = row.subject[4:] if row.subject.startswith("bot:") else None
            unsure = ratings.provisional(row.skill, bot=level is not None)
            out.append(
                Entry(
                    name=row.name if level is None else level,
                    rating=ratings.displayed(row.skill),
                    games=row.skill.games,
                    provisional=unsure,
                    bot=level,
                )
            )
        return out

    async def _confirmed(current_hub: Hub, request: Request, password: str) -> PlayerRow:
        player = await signed_in(current_hub, request)
        by_name = f"name:{names.key(player.name)}"
        if await current_hub.limits.count(by_name) >= FAILURES_PER_NAME:
            raise ApiError("rate-limited", "too many failed tries; try again later", 429)
        if not await _matches(player.password_hash, password):
            await current_hub.limits.add(by_name)
            raise ApiError("bad-login", "wrong password", 401)
        return player

    return router
