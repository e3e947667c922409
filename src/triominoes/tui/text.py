"""The terminal game's words: one language per process, from the catalogs.

Both faces of ``triominoes play`` (the Textual app and the plain line mode)
speak through :func:`_` and :func:`ngettext`, which read the catalog chosen
by :func:`use_language` (the locale's language until then). Everything a
player reads is built here or marked where it is written, so that
``tools/i18n.py extract`` finds it; the engine's reasons are translated by
their templates (:func:`reason`).
"""

from __future__ import annotations

import gettext

from triominoes.core.errors import TriominoesError
from triominoes.i18n import LANGUAGES, N_, system_language, translation

__all__ = ["N_", "_", "language", "ngettext", "reason", "use_language"]

_current: list[tuple[str, gettext.NullTranslations]] = []


def use_language(code: str | None) -> str:
    """Speak ``code`` (``None``: the locale's language) from now on; returns it."""
    chosen = code if code in LANGUAGES else system_language()
    _current[:] = [(chosen, translation(chosen))]
    return chosen


def _catalog() -> gettext.NullTranslations:
    if not _current:
        use_language(None)
    return _current[0][1]


def language() -> str:
    _catalog()
    return _current[0][0]


def _(message: str) -> str:
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog().ngettext(singular, plural, count)


def reason(error: TriominoesError) -> str:
    """An engine error's sentence in the player's language."""
    return _(error.template).format(**error.params) if error.params else _(error.template)
