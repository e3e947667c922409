"""The page is served at every address the server gives it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Pages


@pytest.mark.parametrize("path", ["/", "/replay"])
def test_the_page_loads(pages: Pages, path: str) -> None:
    page: Any = pages.new()
    page.goto(path)
    page.get_by_role("heading", level=1).wait_for()
