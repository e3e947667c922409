"""The training example runs (briefly: CI does not train for minutes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "train_masked_policy.py"


def test_the_training_example_runs_and_plots(tmp_path: Path) -> None:
    curve = tmp_path / "curve.png"
    args = ["--seconds", "2", "--report", "5", "--evaluate", "5", "--plot", str(curve)]
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, check=True
    )
    assert "mean reward" in done.stdout
    assert "evaluation on 5 fixed rounds" in done.stdout
    assert "trained, its likeliest action" in done.stdout
    assert curve.read_bytes().startswith(b"\x89PNG")
