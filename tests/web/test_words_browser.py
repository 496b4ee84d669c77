"""On a French phone (390×844), the match page and its timeline read as sentences: players by
name, seats counted from 1, cards and rulings in words, no code a person would have to read.
The screenshots are kept for a person to look at (test-artifacts/screenshots/words)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee import ROOT
from tests.service.test_wording import faults_in
from tests.web.test_languages_browser import Night, night  # noqa: F401  (its fixture)

pytestmark = pytest.mark.browser
SHOTS = ROOT / "test-artifacts" / "screenshots" / "words"


@pytest.mark.parametrize("which", ["finished", "neuro", "croco"])
def test_a_match_page_reads_as_french_sentences(chromium: Any, night: Night,  # noqa: F811  (night)
                                                which: str) -> None:
    match = getattr(night, which)
    context = chromium.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{night.server}/m/{match}?lang=fr")
    text = page.inner_text("main")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"match-{which}-fr.png"), full_page=True)
    context.close()
    assert "(place 1)" in text or which == "croco"
    lines = [line for line in text.splitlines() if faults_in(line, "fr")]
    assert not lines, lines
    assert not re.search(r"\b(PLATFORM-|place 0\b|seat \d)", text)
