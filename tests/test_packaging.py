"""What the package promises to install: a lean core, plotting as an extra."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_the_license_is_an_spdx_expression() -> None:
    # The table form ({text = "MIT"}) is deprecated by setuptools.
    assert PROJECT["license"] == "MIT"


def test_plotting_is_an_extra_and_ci_installs_it() -> None:
    assert not any(d.startswith("matplotlib") for d in PROJECT["dependencies"])
    assert any(d.startswith("matplotlib") for d in PROJECT["optional-dependencies"]["plot"])
    assert "plot" in (ROOT / ".ci" / "run").read_text().split("-e '.[")[1].split("]")[0]


def test_the_command_and_the_engine_do_not_load_matplotlib() -> None:
    script = (
        "import sys, triominoes.cli.main, triominoes.sim.tournament, triominoes.sim.plot; "
        "assert 'matplotlib' not in sys.modules, 'matplotlib was imported'"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
