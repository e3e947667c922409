"""A player's name: 3 to 20 letters (a-z, A-Z), digits, ``_`` and ``-``,
unique regardless of case.

Only ASCII letters: names are shown to everyone and put in addresses
(``/p/NAME``), and letters of other scripts that look alike (a Latin ``a``
and a Cyrillic one) would let one player pass for another.
"""

from __future__ import annotations

import re

NAME = re.compile(r"^[A-Za-z0-9_-]{3,20}$")
PATTERN = NAME.pattern


def valid(name: str) -> bool:
    return NAME.fullmatch(name) is not None


def key(name: str) -> str:
    """What makes two names the same (``Ann`` and ``ann`` are one name)."""
    return name.lower()
