"""Translations: one set of gettext catalogs for Python and the browser.

Every string a person reads is written in English in the source, marked
for extraction (``_("...")`` or ``N_("...")`` in Python, ``t("...")`` in
the web app's TypeScript; the engine's error templates by their error
types), and translated in ``locale/<lang>/LC_MESSAGES/triominoes.po``: one
file per language for the whole project. ``tools/i18n.py`` extracts,
updates and compiles them (the ``.mo`` files Python reads, the JSON the
page reads); tests check that every message is translated in every
language.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

DOMAIN = "triominoes"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "cs": "Čeština",
    "es": "Español",
    "th": "ไทย",
}
"""The languages, each by its own name (what a language picker shows)."""


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a string for translation where it is defined; translate it where shown."""
    return message


@cache
def translation(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (English, or an unknown language: the
    source strings as they are)."""
    if language == SOURCE_LANGUAGE or language not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def negotiate(wanted: Iterable[str], default: str = SOURCE_LANGUAGE) -> str:
    """The first of ``wanted`` (``de_DE.UTF-8``, ``cs-CZ``, ``es``...) that we
    speak, else ``default``."""
    for tag in wanted:
        code = tag.replace("-", "_").split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return default


def system_language() -> str:
    """The language of the user's locale settings (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    wanted: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            wanted.extend(value.split(":"))
    current = locale.getlocale()[0]
    if current:
        wanted.append(current)
    return negotiate(wanted)
