"""What the README claims: its test command runs every test on a fresh
machine, and the game page's JavaScript is the size it says, as served."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from triominoes.server.static import encode

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
STATIC = ROOT / "src" / "triominoes" / "static"


def test_the_test_command_installs_the_web_app_s_packages_before_pytest() -> None:
    [command] = [line for line in README.splitlines() if "pytest" in line and "pip" in line]
    assert re.search(r"\(cd web && npm ci\) && python -m pytest -n auto$", command), command


@pytest.mark.skipif(not (STATIC / "index.html").is_file(), reason="the web app is not built")
def test_the_game_page_s_javascript_is_the_size_the_readme_says() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script[^>]*type="module"[^>]*src="/([^"]+)"', html)
    scripts += re.findall(r'<link[^>]*rel="modulepreload"[^>]*href="/([^"]+)"', html)
    served = [encode(STATIC / name) for name in scripts]
    brotli = sum(len(f.forms["br"]) for f in served) / 1024  # kB as size.mjs prints them
    gzip = sum(len(f.forms["gzip"]) for f in served) / 1024
    said = re.search(
        r"JavaScript\s+reaches a browser as ([\d.]+) kB \(brotli, over HTTPS\) or ([\d.]+) kB\s+"
        r"\(gzip, over\s+plain HTTP\)",
        README,
    )
    assert said is not None, "the README no longer says the page's size"
    # Within a tenth: the page changes a little with every feature, the
    # figure is rewritten now and then (npm run size in web/ prints it).
    assert float(said.group(1)) == pytest.approx(brotli, rel=0.1)
    assert float(said.group(2)) == pytest.approx(gzip, rel=0.1)
    assert max(brotli, gzip) <= 60  # the budget (scripts/size.mjs)
