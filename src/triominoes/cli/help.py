"""The command line's help for people: words, not Python types.

Typer's plain help shows each argument's and each unnamed option's Python
type (``FILE <str>``, ``--port <int range>``, ``SPEC... <list[str]>``) and
cuts a command's description in the command list where the terminal's width
runs out ("from the..."). Here a command's parameters are shown by their
metavar (an option without one by its own name: ``--seed SEED``) and the
command list wraps each first sentence whole.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperGroup, TyperOption


def plain_parameters(command: Any) -> Any:
    """Show ``command``'s parameters by name (idempotent)."""
    for param in command.params:
        if isinstance(param, TyperArgument):
            # The metavar says it; typer would add the Python type after it.
            param.display_type_rich = _no_type  # type: ignore[method-assign]
        elif (
            isinstance(param, TyperOption)
            and param.metavar is None
            and not param.is_flag
            and not param.count
        ):
            param.metavar = param.opts[-1].lstrip("-").upper()
    return command


def _no_type(ctx: Any) -> None:
    return None


class PlainHelp(TyperGroup):
    """The ``triominoes`` group: whole descriptions, parameters by name."""

    # Typer carries its own copy of click: its contexts and commands are typed Any here.
    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        return plain_parameters(command) if command is not None else None

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        plain_parameters(self)
        super().format_help(ctx, formatter)
