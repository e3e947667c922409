"""Browser tests: Debian's Chromium driven by Playwright against a real
``triominoes serve`` on loopback (tests/server/harness.py).

Without a browser, the built page or Playwright these tests are skipped on a
developer's machine and fail in CI (CI=true), where .ci/run installs all three.
Screenshots for the README are written to docs/screenshots/ only with
SCREENSHOTS=1; every run keeps its screenshots in build/screenshots/ (CI's
artefacts).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import ROOT, ServerProcess

CHROMIUM = "/usr/bin/chromium"
STATIC = ROOT / "src" / "triominoes" / "static"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
ARTEFACTS = ROOT / "build" / "screenshots"
README_SHOTS = ROOT / "docs" / "screenshots"
README_NAMES = {"home", "game", "score-sheet", "replay", "phone"}
"""The pictures the README shows; the others are CI's artefacts only."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no browser at {CHROMIUM}"
    if not (STATIC / "index.html").exists():
        return "the web app is not built (npm run build in web/)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The browser tests go last: once a process has started Playwright's
    # (session-long) event loop, asyncio.run() in a later test of that
    # process fails, and xdist hands tests out in this order.
    browser_tests = [item for item in items if "tests/web" in str(item.fspath)]
    items[:] = [item for item in items if "tests/web" not in str(item.fspath)] + browser_tests
    reason = _missing()
    if reason is None:
        return
    if browser_tests and os.environ.get("CI"):
        raise pytest.UsageError(f"the browser tests cannot run in CI: {reason}")
    for item in browser_tests:
        item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the browser tests (of each xdist worker); every test
    makes its own tables."""
    folder = tmp_path_factory.mktemp("web")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield instance
        finally:
            instance.close()


class Pages:
    """New browser contexts (each a separate person), closed after the test;
    every page's errors are collected and must stay empty."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self, **options: Any) -> Any:
        options.setdefault("viewport", {"width": 1280, "height": 860})
        context = self.browser.new_context(base_url=self.base, **options)
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        made = getattr(item, "_pages", None)
        if made is not None:
            ARTEFACTS.mkdir(parents=True, exist_ok=True)
            for i, context in enumerate(made.contexts):
                for j, page in enumerate(context.pages):
                    path = ARTEFACTS / f"failed-{item.name}-{i}-{j}.png"
                    with contextlib.suppress(Exception):
                        page.screenshot(path=str(path), full_page=True)
    return report


@pytest.fixture
def pages(request: pytest.FixtureRequest, browser: Any, server: ServerProcess) -> Iterator[Pages]:
    made = Pages(browser, server.url)
    request.node._pages = made
    try:
        yield made
    finally:
        made.close()
    assert made.errors == [], made.errors


def screenshot(target: Any, name: str, *, full_page: bool = False) -> Path:
    """Keep a screenshot of a page or an element in build/screenshots/ (and in
    docs/screenshots/ with SCREENSHOTS=1, for the README)."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    options: dict[str, Any] = {"path": str(path), "animations": "disabled"}
    if full_page:
        options["full_page"] = True
    target.screenshot(**options)
    if os.environ.get("SCREENSHOTS") == "1" and name in README_NAMES:
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, README_SHOTS / f"{name}.png")
    return path


def axe_violations(page: Any) -> dict[str, list[str]]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    found: dict[str, list[str]] = {}
    for violation in result["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [", ".join(map(str, n["target"])) for n in violation["nodes"]][:5]
            found.setdefault(violation["id"], []).extend(targets)
    return found
