"""The ``--plot`` picture: each entrant's distribution of score margins."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from triominoes.sim.stats import entrant_names


def margins_by_entrant(specs: Sequence[str], results: Sequence[dict[str, Any]]) -> list[list[int]]:
    """Per entrant, its margin (own total minus best other) in each unit."""
    out: list[list[int]] = [[] for _ in specs]
    for result in results:
        totals = result["totals"]
        for seat, entrant in enumerate(result["lineup"]):
            best_other = max(t for s, t in enumerate(totals) if s != seat)
            out[entrant].append(totals[seat] - best_other)
    return out


def check_plot_path(path: Path) -> None:
    """Refuse a picture that could not be saved, before the tournament runs."""
    from matplotlib.figure import Figure

    formats = Figure().canvas.get_supported_filetypes()
    if path.suffix.lower().lstrip(".") not in formats:
        raise ValueError(
            f"--plot {path}: name a picture file ({', '.join('.' + f for f in sorted(formats))})"
        )
    if path.is_dir():
        raise ValueError(f"--plot {path} is a folder")
    for folder in path.parents:
        if folder.exists():
            if not folder.is_dir():
                raise ValueError(f"--plot {path}: {folder} is not a folder")
            break


def plot_margins(specs: Sequence[str], results: Sequence[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = entrant_names(specs)
    margins = margins_by_entrant(specs, results)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    low = min(min(m) for m in margins if m)
    high = max(max(m) for m in margins if m)
    bins = max(10, min(60, (high - low) // 10 + 1))
    for name, values in zip(names, margins, strict=True):
        ax.hist(values, bins=bins, range=(low, high), histtype="step", linewidth=1.6, label=name)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("score margin per unit (own total minus best other)")
    ax.set_ylabel("units")
    ax.set_title(f"Score margins over {len(results)} units")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
