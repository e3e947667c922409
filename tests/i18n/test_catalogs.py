"""One set of catalogs, current and complete in every language."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from triominoes.core.errors import CannotDraw, NotYourTurn
from triominoes.i18n import LANGUAGES, N_, negotiate, translation

TOOLS = Path(__file__).parent.parent.parent / "tools" / "i18n.py"


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", TOOLS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_catalogs_are_current_and_every_message_is_translated() -> None:
    assert tool().problems() == []


def test_engine_reasons_read_in_every_language() -> None:
    error = NotYourTurn("it is seat {to_move}'s turn, not seat {seat}'s", to_move=1, seat=0)
    assert str(error) == "it is seat 1's turn, not seat 0's"
    texts = {
        lang: translation(lang).gettext(error.template).format(**error.params) for lang in LANGUAGES
    }
    assert texts["en"] == str(error)
    assert texts["de"] == "Platz 1 ist am Zug, nicht Platz 0"
    assert len(set(texts.values())) == len(LANGUAGES)
    pool = CannotDraw("the pool is empty")
    assert translation("th").gettext(pool.template) == "กองจั่วหมดแล้ว"


@pytest.mark.parametrize(
    ("wanted", "language"),
    [(["de_DE.UTF-8"], "de"), (["cs-CZ", "en"], "cs"), (["fr", "es_MX"], "es"), (["fr"], "en")],
)
def test_negotiation(wanted: list[str], language: str) -> None:
    assert negotiate(wanted) == language


def test_unknown_language_falls_back_to_the_source() -> None:
    assert translation("xx").gettext(N_("the pool is empty")) == "the pool is empty"


def test_translations_keep_the_placeholders() -> None:
    """A translation names the same ``{placeholders}`` as its English text
    (the page and Python fill them in by name)."""
    import re

    from babel.messages.pofile import read_po

    names = re.compile(r"\{(\w+)\}")
    problems = []
    for language in tool().translations():
        with tool().po_path(language).open("rb") as f:
            catalog = read_po(f, locale=language)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wanted = set().union(*(set(names.findall(str(i))) for i in ids))
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                found = set(names.findall(str(text)))
                # A form may leave out the count ("one" in some languages) but never invents one.
                if not found <= wanted or not (wanted - {"n"}) <= found:
                    problems.append((language, message.id, text))
    assert problems == []
