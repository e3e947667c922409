"""The catalog files: every translation fills in the same named parameters
as its English, and a compiled catalog does not depend on the clock."""

from __future__ import annotations

import gettext
import importlib.util
import io
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from triominoes.i18n import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

TOOLS = Path(__file__).parent.parent.parent / "tools" / "i18n.py"
TRANSLATIONS = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]


def fields(text: object) -> set[str]:
    assert isinstance(text, str)
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def texts(value: object) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, list | tuple) else (value,)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translations_keep_the_parameters(language: str) -> None:
    path = Path(LOCALE_DIR) / language / "LC_MESSAGES" / "triominoes.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    for message in catalog:
        if not message.id or "python-brace-format" not in message.flags:
            continue
        wanted = set().union(*(fields(i) for i in texts(message.id)))
        for text in texts(message.string):
            # A plural form may leave the count out ("one tile"), never add one.
            assert fields(text) <= wanted, (message.id, text)
            if not isinstance(message.id, tuple):
                assert fields(text) == wanted, (message.id, text)


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool_files", TOOLS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool_files"] = module
    spec.loader.exec_module(module)
    return module


def test_a_compiled_catalog_carries_fixed_dates() -> None:
    """Not the time of the compile: ``check`` compares compiled bytes."""
    i18n = tool()
    compiled = i18n.render_mo(i18n.read(i18n.po_path("de"), "de"))
    translations = gettext.GNUTranslations(io.BytesIO(compiled))
    fixed = i18n.FIXED_DATE.strftime("%Y-%m-%d %H:%M")
    assert translations.info()["pot-creation-date"].startswith(fixed)
