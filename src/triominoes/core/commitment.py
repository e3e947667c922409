"""A shuffle anyone can check: hash commitments to deals.

When a server deals a round it publishes ``commit(deal, salt)``: the SHA-256
of a secret random salt and the deal (every hand and the pool, in order).
The salt stays secret while the round is played, so the commitment tells
nothing about the tiles; with the record the server reveals every salt, and
anyone can recompute each commitment from the record's deal and check that
it is the one published when the round was dealt: the tiles were not
arranged during play. The record keeps them in ``meta.deal_commitments``
and ``meta.deal_salts`` (hex strings, one per round).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from triominoes.core.errors import RecordError

SALT_BYTES = 16


def deal_text(hands: Sequence[Sequence[str]], pool: Sequence[str]) -> bytes:
    """The deal as committed to: canonical tile names, compact JSON."""
    data = {"hands": [list(h) for h in hands], "pool": list(pool)}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode()


def commit(hands: Sequence[Sequence[str]], pool: Sequence[str], salt: bytes) -> str:
    """The commitment to a deal: hex SHA-256 of the salt and the deal."""
    return hashlib.sha256(salt + deal_text(hands, pool)).hexdigest()


def verify(record: Mapping[str, Any]) -> int:
    """Check a record's deal commitments; return how many rounds were checked.

    Raises RecordError naming the first round whose deal does not match the
    commitment published for it, or when the record carries none.
    """
    meta = record.get("meta")
    if not isinstance(meta, Mapping):
        raise RecordError("the record has no deal commitments (no 'meta')")
    commitments = meta.get("deal_commitments")
    salts = meta.get("deal_salts")
    rounds = record.get("rounds")
    if not isinstance(commitments, list) or not isinstance(salts, list):
        raise RecordError("the record has no 'deal_commitments' and 'deal_salts' in its meta")
    if not isinstance(rounds, list) or not (len(commitments) == len(salts) == len(rounds)):
        raise RecordError("the record needs one commitment and one salt per round")
    for number, (round_data, published, salt) in enumerate(
        zip(rounds, commitments, salts, strict=True), 1
    ):
        try:
            salt_bytes = bytes.fromhex(salt)
            hands, pool = round_data["hands"], round_data["pool"]
            computed = commit(hands, pool, salt_bytes)
        except (TypeError, ValueError, KeyError):
            raise RecordError("the deal or its salt cannot be read", round_number=number) from None
        if computed != published:
            raise RecordError(
                "the deal does not match the commitment published when it was dealt",
                round_number=number,
            )
    return len(rounds)
