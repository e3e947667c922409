"""What the commands write: output paths checked before any work, and counts
said in words.

Every output (``selfplay -o``, ``tournament --out``, ``--plot``,
``--records``) follows one rule: the folder it goes into must already exist
(a typo in a path makes no tree of folders), and it must be writable there,
which is found out by trying, before a game is played: a long run must not
end in "cannot write".
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputError(ValueError):
    """An output path that could not be written."""


def check_file(option: str, path: Path) -> None:
    """``path`` can be written as a file (created or replaced)."""
    where = f"{option} {path}"
    if path.is_dir():
        raise OutputError(f"{where} is a folder")
    _check_folder_of(where, path)
    if path.exists():
        try:
            path.open("a").close()  # appends nothing: the file is unchanged
        except OSError as exc:
            raise OutputError(f"{where}: cannot write it ({exc.strerror})") from None
    else:
        _try_writing_in(where, path.parent)


def check_folder(option: str, path: Path) -> None:
    """``path`` is a folder that files can be written in, or can be made."""
    where = f"{option} {path}"
    if path.exists():
        if not path.is_dir():
            raise OutputError(f"{where} is a file, not a folder")
        _try_writing_in(where, path)
    else:
        _check_folder_of(where, path)
        _try_writing_in(where, path.parent)


def _check_folder_of(where: str, path: Path) -> None:
    folder = path.parent
    if folder.is_dir():
        return
    if folder.exists():
        raise OutputError(f"{where}: {folder} is not a folder")
    raise OutputError(f"{where}: there is no folder {folder}")


def _try_writing_in(where: str, folder: Path) -> None:
    # Permissions alone do not tell (root, read-only mounts, /sys): try.
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=".triominoes-", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{where}: cannot write in {folder} ({exc.strerror})") from None
    os.close(handle)
    os.unlink(name)


def counted(count: int, noun: str) -> str:
    """``1 round``, ``1,000 rounds``."""
    return f"{count:,} {noun if count == 1 else noun + 's'}"
