"""The package's layers, read from the source: who may import whom.

Every import is read (a function's lazy ones too), so a circle cannot hide
behind an import inside a function.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import triominoes

PACKAGE = Path(triominoes.__file__).parent


def imports_of(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, as an absolute dotted name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = ["triominoes", *path.relative_to(PACKAGE).with_suffix("").parts]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package up
                base = here[: len(here) - node.level]
                yield ".".join([*base, node.module] if node.module else base)
            elif node.module is not None:
                yield node.module


def modules(package: str) -> list[Path]:
    return sorted((PACKAGE / package).rglob("*.py"))


def test_the_terminal_game_imports_nothing_of_the_command_line() -> None:
    found = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in modules("tui")
        for name in imports_of(path)
        if name == "triominoes.cli" or name.startswith("triominoes.cli.")
    ]
    assert found == []


def test_the_rules_engine_imports_only_itself_and_the_standard_library() -> None:
    allowed = sys.stdlib_module_names - {"asyncio", "sqlite3", "tkinter", "curses"}
    found = []
    for path in modules("core"):
        for name in imports_of(path):
            top = name.split(".")[0]
            inside = name == "triominoes.core" or name.startswith("triominoes.core.")
            if not inside and top not in allowed and top != "__future__":
                found.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert found == []


def test_the_rl_environment_needs_no_tournament_runner() -> None:
    found = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in modules("rl")
        for name in imports_of(path)
        if name.startswith("triominoes.sim")
    ]
    assert found == []


def test_workers_die_with_their_parent_by_one_module_shared_by_ai_sim_and_server() -> None:
    users = {
        name: [path for path in modules(name) if "die_with_parent" in path.read_text()]
        for name in ("ai", "sim", "server")
    }
    for package, paths in users.items():
        assert paths, f"{package} no longer stops its workers with their parent"
        for path in paths:
            assert "triominoes.processes" in set(imports_of(path)), path
    assert not any(
        "def die_with_parent" in path.read_text()
        for package in ("ai", "sim", "server")
        for path in modules(package)
    )
