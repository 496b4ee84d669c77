"""Tapping a verdict shows the clause it cites (Chromium): on a phone's pad at 390×844 and on
the TV board at 1920×1080, the rule opens onto the text's own sentence, its rendering for a
reader of another language, and the link to the clause on the rules page, which it opens at
that clause. What is expected is read from the catalogue. Screenshots go to
test-artifacts/screenshots/rules/."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from referee import ROOT
from referee.service import rulebook
from tests.web.test_browser import PHONE, TV, expect, server
from tests.web.test_languages_browser import axe_violations
from tests.web.test_pad_now_browser import api_move, pad

pytestmark = pytest.mark.browser
__all__ = ["server"]

SHOTS = ROOT / "test-artifacts" / "screenshots" / "rules"


def played(server: str) -> tuple[dict[str, Any], str]:
    """Carte et Plouc for three: the 5♠ turned up, Bob's 5♥ on it (PL-PLAY-1); the rule its
    verdict cites."""
    match = requests.post(f"{server}/api/matches", timeout=10, json={
        "game": "plouc", "seats": [{"name": n} for n in ("Alice", "Bob", "Chloé")]}).json()
    assert api_move(server, match, match["host_token"], "turn_up", None,
                    {"card": "5S"}).status_code == 201
    answer = api_move(server, match, match["seat_tokens"][1], "play", 1, {"cards": ["5H"]})
    assert answer.status_code == 201, answer.text
    return match, answer.json()["verdict"]["rule"]


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def sees_the_clause(page: Any, rule: str, lang: str) -> None:
    """The opened clause: its quotation, its rendering when the reader's language is not the
    text's, and its link."""
    book, clause = rulebook.find(rule) or pytest.fail(f"{rule} is not catalogued")
    body = page.locator(".clause-body").first
    expect(body).to_be_visible()
    expect(body.locator(".clause-quote")).to_contain_text(clause.quote or "")
    expect(body.locator(".clause-rendering")).to_have_count(
        1 if book.language != lang else 0)
    expect(body.locator(f'a[href="/rules/{book.game}#{clause.id}"]')).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tapping_a_verdict_on_the_pad_shows_its_clause(server: str, chromium: Any,
                                                       lang: str) -> None:
    match, rule = played(server)
    bob = pad(chromium, server, match, 1, lang)
    bob.goto(f"{server}/m/{match['id']}/play?logged=2")
    expect(bob.locator("#verdict .clause-body")).to_be_hidden()
    bob.locator("#verdict details.clause summary").tap()
    sees_the_clause(bob.locator("#verdict"), rule, lang)
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(bob, f"pad-verdict-{lang}")
    bob.locator("#verdict .clause-link a").tap()
    expect(bob.locator(f"[id='{rule}']")).to_be_in_viewport()
    shoot(bob, f"rules-at-clause-{lang}")
    bob.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tapping_a_move_on_the_tv_board_shows_its_clause(server: str, chromium: Any,
                                                         lang: str) -> None:
    match, rule = played(server)
    tv = chromium.new_context(viewport=TV, locale=lang).new_page()
    tv.goto(f"{server}/m/{match['id']}/board?lang={lang}")
    move = tv.locator('.recent[data-seq="2"]')
    move.locator("summary").click()
    sees_the_clause(move, rule, lang)
    shoot(tv, f"board-verdict-{lang}")
    tv.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_page_reads_on_a_phone_and_passes_axe(server: str, chromium: Any,
                                                        lang: str) -> None:
    """/m/<id>/rules at 390×844: nothing wider than the screen, a tapped verdict's clause
    open on the match page, and axe-core finds nothing on either."""
    match, _rule = played(server)
    page = chromium.new_context(viewport=PHONE, locale=lang, has_touch=True,
                                bypass_csp=True).new_page()  # axe-core is added as a script
    page.goto(f"{server}/m/{match['id']}/rules?lang={lang}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(page) == []
    page.goto(f"{server}/m/{match['id']}?lang={lang}")
    page.locator("#e2 details.clause summary").tap()
    expect(page.locator("#e2 .clause-body")).to_be_visible()
    assert axe_violations(page) == []
    page.context.close()
