"""The pages' browser tests share one Chromium per module, with axe-core at hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from tests.web.test_browser import ARGS, CHROMIUM
from tests.web.test_languages_browser import AXE


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` at the repository's root")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()
