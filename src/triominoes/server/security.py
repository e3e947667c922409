"""Secrets and limits: seat tokens, their hashes, origins, rates.

A seat's token is 32 random bytes (``secrets``), given once to the person
who takes the seat and stored only as its SHA-256; a token presented later
is hashed and compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from urllib.parse import urlsplit

TABLE_ID_BYTES = 9
TOKEN_BYTES = 32


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_hash(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (constant time)."""
    if stored is None:
        return False
    return hmac.compare_digest(token_hash(token), stored)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket ``Origin`` must be the page the server served
    (the same host) or one configured; programs that send none may connect."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.netloc == host and parts.scheme in ("http", "https")


class RateLimit:
    """A token bucket: ``rate`` frames a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
