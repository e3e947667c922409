"""The puzzles package uses the engine and the AI only: the server, the
terminal and the command line use it, never the other way round."""

from __future__ import annotations

import sys

from tests.test_imports import PACKAGE, imports_of, modules


def test_puzzles_import_only_the_engine_and_the_ai() -> None:
    found = []
    for path in modules("puzzles"):
        for name in imports_of(path):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top == "__future__":
                continue
            allowed = ("triominoes.core", "triominoes.ai", "triominoes.puzzles")
            if not any(name == a or name.startswith(a + ".") for a in allowed):
                found.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert found == []
