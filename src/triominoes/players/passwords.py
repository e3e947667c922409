"""Passwords, stored only as argon2id hashes (argon2-cffi, RFC 9106's
second recommended setting: 3 passes over 64 MiB).

Checking a name that has no account costs the same as checking a wrong
password: the password is checked against a hash of a random secret, so
the time of an answer does not tell whether a name exists.
"""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

SHORTEST = 10
"""A shorter password is refused (``weak-password``)."""
LONGEST = 1024
"""A longer one is refused before it is hashed (hashing is the costly part)."""

_HASHER = PasswordHasher()
_DUMMY: list[str] = []
"""The hash of a random secret, made at the first check (no password matches it)."""


def weak(password: str) -> bool:
    return len(password) < SHORTEST


def hashed(password: str) -> str:
    """The hash to store (its own random salt inside)."""
    return _HASHER.hash(password)


def matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from; ``stored``
    None (no such account) costs one verification all the same."""
    if not _DUMMY:
        _DUMMY.append(_HASHER.hash(secrets.token_hex(16)))
    against = _DUMMY[0] if stored is None else stored
    try:
        return _HASHER.verify(against, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def outdated(stored: str) -> bool:
    """A hash made with weaker parameters than today's (rehash at sign-in)."""
    try:
        return _HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True
