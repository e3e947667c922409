"""The translation catalogs: extract, update, compile, export, check.

    python tools/i18n.py extract   # source strings -> locale/triominoes.pot
    python tools/i18n.py update    # .pot -> each language's .po (new messages empty)
    python tools/i18n.py compile   # .po -> .mo (what Python reads)
    python tools/i18n.py json DIR  # .po -> DIR/<lang>.json (what the page reads)
    python tools/i18n.py fill FILE # set translations from {lang: {msgid: msgstr}} JSON
    python tools/i18n.py check     # all of the above is current, and complete

One catalog for the whole project (src/triominoes/i18n): Python marks
strings with ``_``/``N_``/``ngettext``, the engine's error templates are
found by their error types, the web app's TypeScript marks them with
``t``/``nt``. A translator edits one ``.po`` per language.
"""

from __future__ import annotations

import io
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from triominoes.core.errors import ERRORS, BadToken, IllegalAction  # noqa: E402
from triominoes.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "t": None,
    "nt": (1, 2),
    # What a player may read of the engine: why an action is not allowed.
    **{e.__name__: None for e in ERRORS if issubclass(e, IllegalAction | BadToken)},
}
COMMENT_TAGS = ("translators:",)
PLURAL_EXPRESSION = re.compile(r"^[n0-9\s()?:<>=!&|%]+$")


def translations() -> list[str]:
    return [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extracted() -> Catalog:
    """Every marked string of the sources, as a template catalog."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="triominoes", domain=DOMAIN, fuzzy=False)
    for filename, _lineno, message, comments, context in extract_from_dir(
        ROOT,
        method_map,
        options_map,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
        directory_filter=lambda path: "node_modules" not in path,
    ):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        # A keyword that takes one string may still report a tuple.
        text = message[0] if isinstance(message, tuple) and message[1] is None else message
        catalog.add(text, None, [(filename, 0)], auto_comments=comments, context=context)
    return catalog


def render_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, sort_output=True, omit_header=False)
    return _stable(out.getvalue())


def _stable(text: bytes) -> bytes:
    """Drop the header lines that change on every run (dates)."""
    lines = [
        line
        for line in text.split(b"\n")
        if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))
    ]
    return b"\n".join(lines)


FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The dates compiled catalogs carry: the files do not keep any (they would
change every run), and the compiled ones must be the same on every run."""


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    return catalog


def updated(language: str, template: Catalog) -> Catalog:
    path = po_path(language)
    if path.exists():
        catalog = read(path, language)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project="triominoes", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    return catalog


def render_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def page_json(catalog: Catalog, language: str) -> dict[str, Any]:
    """A catalog as the page reads it: messages and the plural rule."""
    expression = catalog.plural_expr
    if not PLURAL_EXPRESSION.fullmatch(expression):
        raise ValueError(f"{language}: unsupported Plural-Forms expression {expression!r}")
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = [str(f) for f in message.string] if isinstance(message.string, tuple) else []
            if forms and all(forms):
                messages[str(message.id[0])] = forms
        elif message.string:
            messages[str(message.id)] = str(message.string)
    return {
        "language": language,
        "nplurals": catalog.num_plurals,
        "plural": expression,
        "messages": messages,
    }


def problems() -> list[str]:
    """What is out of date or untranslated (empty: all is well)."""
    found = []
    template = extracted()
    if not POT.exists() or POT.read_bytes() != render_po(template):
        found.append(f"{POT.relative_to(ROOT)} is stale: run tools/i18n.py extract")
    for language in translations():
        path = po_path(language)
        if not path.exists():
            found.append(f"{language}: no catalog: run tools/i18n.py update")
            continue
        catalog = read(path, language)
        ids = {m.id for m in catalog if m.id}
        for message in template:
            if message.id and message.id not in ids:
                found.append(f"{language}: missing {message.id!r}: run tools/i18n.py update")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                found.append(f"{language}: untranslated {message.id!r}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != render_mo(catalog):
            found.append(f"{mo.relative_to(ROOT)} is stale: run tools/i18n.py compile")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        POT.parent.mkdir(parents=True, exist_ok=True)
        POT.write_bytes(render_po(extracted()))
    elif command == "update":
        template = read(POT)
        for language in translations():
            path = po_path(language)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(render_po(updated(language, template)))
    elif command == "compile":
        for language in translations():
            path = po_path(language)
            path.with_suffix(".mo").write_bytes(render_mo(read(path, language)))
    elif command == "json":
        out = Path(argv[1])
        out.mkdir(parents=True, exist_ok=True)
        for language in translations():
            data = page_json(read(po_path(language), language), language)
            text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            (out / f"{language}.json").write_text(text, encoding="utf-8")
    elif command == "fill":
        wanted = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        for language, strings in wanted.items():
            path = po_path(language)
            catalog = read(path, language)
            for message in catalog:
                if message.id:
                    key = message.id[0] if isinstance(message.id, tuple) else message.id
                    if key in strings:
                        value = strings[key]
                        message.string = tuple(value) if isinstance(value, list) else value
                        message.flags.discard("fuzzy")
            path.write_bytes(render_po(catalog))
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
