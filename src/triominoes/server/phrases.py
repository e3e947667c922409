"""Quick chat: preset phrases, each shown to a reader in their own language.

There is no free text, so nothing to moderate: a chat frame names a phrase
by its id, and each client shows that phrase's text from its catalog.
"""

from __future__ import annotations

from triominoes.i18n import N_

PHRASES: dict[str, str] = {
    "hello": N_("Hello!"),
    "good-luck": N_("Good luck!"),
    "nice-move": N_("Nice move!"),
    "well-played": N_("Well played!"),
    "thanks": N_("Thanks!"),
    "oops": N_("Oops!"),
    "thinking": N_("Let me think…"),
    "hurry": N_("Your turn!"),
    "again": N_("Another game?"),
    "good-game": N_("Good game!"),
    "bye": N_("Bye!"),
}
"""Phrase id -> its English text (the catalogs' message id)."""
