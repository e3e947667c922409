"""How a command ends on the user's mistake: one ``error: ...`` line on
standard error and exit status 2, never a traceback.

Its own module so that every command (and the ``play`` command's setup)
uses it without importing the command line's entry point.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import typer

EXIT_BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def read_text(path: str) -> str:
    """A file's text, or standard input's for ``-``."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {path}: {exc}")
