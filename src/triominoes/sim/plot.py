"""The ``--plot`` picture: each entrant's distribution of score margins.

Drawing needs matplotlib, an optional dependency (``triominoes[plot]``):
the engine and the server install without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from triominoes.sim.stats import entrant_names

if TYPE_CHECKING:
    from matplotlib.figure import Figure

NEEDS_MATPLOTLIB = "--plot needs matplotlib: pip install 'triominoes[plot]'"


class PlotUnavailable(ValueError):
    """matplotlib is not installed."""


def margins_by_entrant(specs: Sequence[str], results: Sequence[dict[str, Any]]) -> list[list[int]]:
    """Per entrant, its margin (own total minus best other) in each unit."""
    out: list[list[int]] = [[] for _ in specs]
    for result in results:
        totals = result["totals"]
        for seat, entrant in enumerate(result["lineup"]):
            best_other = max(t for s, t in enumerate(totals) if s != seat)
            out[entrant].append(totals[seat] - best_other)
    return out


def _figure_class() -> type[Figure]:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable(NEEDS_MATPLOTLIB) from None
    return Figure


def check_plot_path(path: Path) -> None:
    """Refuse a picture that could not be drawn, before the tournament runs
    (where it may be written is the interface's check)."""
    formats = _figure_class()().canvas.get_supported_filetypes()
    if path.suffix.lower().lstrip(".") not in formats:
        raise ValueError(
            f"--plot {path}: name a picture file ({', '.join('.' + f for f in sorted(formats))})"
        )


def margins_figure(
    specs: Sequence[str], results: Sequence[dict[str, Any]], unit: str = "unit"
) -> Figure:
    """The picture: a histogram of margins per entrant, counting ``unit``s."""
    from matplotlib.ticker import MaxNLocator

    names = entrant_names(specs)
    margins = margins_by_entrant(specs, results)
    # A Figure of its own, not pyplot's: no global state, no GUI backend.
    fig = _figure_class()(figsize=(8, 4.5))
    ax = fig.subplots()
    low = min(min(m) for m in margins if m)
    high = max(max(m) for m in margins if m)
    bins = max(10, min(60, (high - low) // 10 + 1))
    for name, values in zip(names, margins, strict=True):
        ax.hist(values, bins=bins, range=(low, high), histtype="step", linewidth=1.6, label=name)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel(f"score margin per {unit} (own total minus best other)")
    ax.set_ylabel(f"{unit}s")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no 0.5 of a round
    ax.set_title(f"Score margins over {len(results):,} {unit if len(results) == 1 else unit + 's'}")
    ax.legend()
    fig.tight_layout()
    return fig


def plot_margins(
    specs: Sequence[str], results: Sequence[dict[str, Any]], path: Path, unit: str = "unit"
) -> None:
    margins_figure(specs, results, unit).savefig(path, dpi=110)
