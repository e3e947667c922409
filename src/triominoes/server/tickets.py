"""Quick match's waiting tickets: in this process, or in Redis so that every
process sees the same queue (a player may ask any of them).

In Redis (keys after the installation's prefix,
:func:`triominoes.server.instances.namespace`) a ticket is a field of one
hash (``queue``: id →
JSON), its result a key of its own that expires after ten minutes, and
the tickets of a match are moved out of the hash by one script, all or
none (a ticket its player withdrew meanwhile is never seated), into the
hash of tickets being seated, where they stay until their table is made
(their players see them still waiting, never gone).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

from triominoes.players.matching import Ticket

QUEUE = "queue"
SEATING = "queue:seating"
RESULT = "queue:result:"
RESULT_SECONDS = 600

_TAKE = """
for i, id in ipairs(ARGV) do
  if redis.call('hexists', KEYS[1], id) == 0 then return 0 end
end
for i, id in ipairs(ARGV) do
  redis.call('hset', KEYS[2], id, redis.call('hget', KEYS[1], id))
  redis.call('hdel', KEYS[1], id)
end
return 1
"""


@dataclass(frozen=True)
class Waiting:
    ticket: Ticket
    base: str
    """The address the player came by (their table's link is made from it)."""
    seen: float
    """When the player last asked: a ticket nobody asks about is dropped."""

    def to_json(self) -> str:
        return json.dumps({"ticket": asdict(self.ticket), "base": self.base, "seen": self.seen})

    @staticmethod
    def from_json(text: str | bytes) -> Waiting:
        data = json.loads(text)
        return Waiting(Ticket(**data["ticket"]), str(data["base"]), float(data["seen"]))


class Tickets:
    """The queue in this process (one server alone)."""

    def __init__(self) -> None:
        self._waiting: dict[str, Waiting] = {}
        self._seating: dict[str, Waiting] = {}
        self._results: dict[str, tuple[float, dict[str, Any]]] = {}

    async def put(self, waiting: Waiting) -> None:
        """Queue a ticket, in place of the player's earlier ones."""
        for known in await self.waiting():
            if known.ticket.player == waiting.ticket.player:
                await self.remove(known.ticket.id)
        await self._set(waiting)

    async def _set(self, waiting: Waiting) -> None:
        self._waiting[waiting.ticket.id] = waiting

    async def get(self, ticket_id: str) -> Waiting | None:
        return self._waiting.get(ticket_id)

    async def seating(self, ticket_id: str) -> Waiting | None:
        """A ticket matched whose table is being made."""
        return self._seating.get(ticket_id)

    async def touch(self, waiting: Waiting, now: float) -> None:
        if await self.get(waiting.ticket.id) is not None:
            await self._set(replace(waiting, seen=now))

    async def remove(self, ticket_id: str) -> bool:
        return self._waiting.pop(ticket_id, None) is not None

    async def waiting(self) -> list[Waiting]:
        return list(self._waiting.values())

    async def count(self) -> int:
        return len(self._waiting)

    async def take(self, ids: list[str]) -> bool:
        """Take these tickets out of the queue to seat them, all or none."""
        if not all(i in self._waiting for i in ids):
            return False
        for i in ids:
            self._seating[i] = self._waiting.pop(i)
        return True

    async def put_back(self, taken: list[Waiting]) -> None:
        """Tickets taken whose table could not be made wait again."""
        for waiting in taken:
            self._seating.pop(waiting.ticket.id, None)
            await self._set(waiting)

    async def settle(self, ticket_id: str, result: dict[str, Any]) -> None:
        now = time.time()
        self._results = {k: v for k, v in self._results.items() if v[0] > now}
        self._results[ticket_id] = (now + RESULT_SECONDS, result)
        self._seating.pop(ticket_id, None)

    async def result(self, ticket_id: str) -> dict[str, Any] | None:
        found = self._results.get(ticket_id)
        return found[1] if found and found[0] > time.time() else None

    async def lock(self, name: str) -> bool:
        """Whether this process may match now (alone: always)."""
        return True

    async def unlock(self, name: str) -> None:
        return None


LOCK = "matcher"
_UNLOCK = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class SharedTickets(Tickets):
    """The queue in Redis, for every process; one matches at a time."""

    def __init__(self, redis: Any, prefix: str, lock_seconds: float = 10.0) -> None:
        super().__init__()
        self.redis = redis
        self.queue, self.seated = prefix + QUEUE, prefix + SEATING
        self.results, self.lock_key = prefix + RESULT, prefix + LOCK
        self.lock_seconds = lock_seconds
        self._take = redis.register_script(_TAKE)
        self._unlock = redis.register_script(_UNLOCK)

    async def _set(self, waiting: Waiting) -> None:
        await self.redis.hset(self.queue, waiting.ticket.id, waiting.to_json())

    async def get(self, ticket_id: str) -> Waiting | None:
        found = await self.redis.hget(self.queue, ticket_id)
        return Waiting.from_json(found) if found else None

    async def seating(self, ticket_id: str) -> Waiting | None:
        found = await self.redis.hget(self.seated, ticket_id)
        return Waiting.from_json(found) if found else None

    async def put_back(self, taken: list[Waiting]) -> None:
        for waiting in taken:
            await self.redis.hdel(self.seated, waiting.ticket.id)
            await self._set(waiting)

    async def remove(self, ticket_id: str) -> bool:
        return bool(await self.redis.hdel(self.queue, ticket_id))

    async def waiting(self) -> list[Waiting]:
        found = await self.redis.hgetall(self.queue)
        return [Waiting.from_json(v) for v in found.values()]

    async def count(self) -> int:
        return int(await self.redis.hlen(self.queue))

    async def take(self, ids: list[str]) -> bool:
        return bool(await self._take(keys=[self.queue, self.seated], args=ids))

    async def settle(self, ticket_id: str, result: dict[str, Any]) -> None:
        await self.redis.set(self.results + ticket_id, json.dumps(result), ex=RESULT_SECONDS)
        await self.redis.hdel(self.seated, ticket_id)

    async def result(self, ticket_id: str) -> dict[str, Any] | None:
        found = await self.redis.get(self.results + ticket_id)
        return dict(json.loads(found)) if found else None

    async def lock(self, name: str) -> bool:
        millis = int(self.lock_seconds * 1000)
        return bool(await self.redis.set(self.lock_key, name, nx=True, px=millis))

    async def unlock(self, name: str) -> None:
        await self._unlock(keys=[self.lock_key], args=[name])
