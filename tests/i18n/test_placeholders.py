"""Every translation fills in the same named parameters as its English."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from triominoes.i18n import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_translations_keep_the_parameters(language: str) -> None:
    path = Path(LOCALE_DIR) / language / "LC_MESSAGES" / "triominoes.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    for message in catalog:
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(i) for i in ids))
        for text in strings:
            # A plural form may leave the count out ("one tile"), never add one.
            assert fields(text) <= wanted, (message.id, text)
            if not isinstance(message.id, tuple):
                assert fields(text) == wanted, (message.id, text)
