"""Quick scoring (rounds only) in a real browser (Debian's Chromium through Playwright), game by
game, as a table uses it: the host creates a rounds-only match from the creation page, logs the
game's result on the pad seat by seat, sees it judged, and corrects it from the match page.
The night's placement-points form refuses bad input with its reason and changes nothing.

Each test names the catalogue clause it checks (docs/rules/*.md, « Quick scoring »)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import TIMEOUT, expect, phone, shoot
from tests.web.test_browser_insights import chrome, site  # noqa: F401  (the module's fixtures)

pytestmark = pytest.mark.browser


@pytest.fixture
def page(chrome: Any) -> Iterator[Any]:  # noqa: F811
    """A phone's page, closed after the test."""
    opened = phone(chrome)
    opened.set_default_timeout(TIMEOUT)
    yield opened
    opened.context.close()


def api(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}") as response:
        return json.load(response)


#: The words the creation page and the badge use, by language.
WORDS = {"en": ("Create the match", "rounds only"), "fr": ("Créer la partie", "manches seulement")}


def create_rounds_match(page: Any, base: str, game: str, names: list[str],
                        lang: str = "en") -> int:
    """The creation page with « Rounds only » chosen; the host lands on the match's pad."""
    create, badge = WORDS[lang]
    page.goto(f"{base}/new/{game}" + ("?lang=fr" if lang == "fr" else ""))
    for seat, name in enumerate(names):
        page.fill(f"#seat-{seat}", name)
    page.check('input[name="mode"][value="rounds"]')
    page.get_by_role("button", name=create).click()
    page.wait_for_load_state()
    match_id = int(page.url.split("/m/")[1].split("/")[0])
    page.goto(f"{base}/m/{match_id}/play")
    expect(page.locator("h1 .badge.mode")).to_have_text(badge)
    return match_id


def refused(page: Any, base: str, match_id: int, rule: str) -> None:
    """The quick form sent with a result that cannot be: refused beside it, nothing logged."""
    page.get_by_role("button", name="Log the result").click()
    page.wait_for_load_state()
    expect(page.locator("#refused")).to_contain_text(rule)
    assert api(base, f"/api/matches/{match_id}")["last_seq"] == 0


def log_result(page: Any) -> None:
    """Press the quick form's button; a result that ends the game asks first (confirm)."""
    page.get_by_role("button", name="Log the result").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Yes, log round").click()
    page.wait_for_load_state()


def open_correction(page: Any, base: str, match_id: int) -> None:
    """The match page's « Correct this move » on event 1: the result asked seat by seat again,
    starting from the round's own values."""
    page.goto(f"{base}/m/{match_id}")
    page.locator("#e1").get_by_role("link", name="Correct this move").click()


def confirm_correction(page: Any, why: str) -> None:
    """Previewed first (nothing logged), then confirmed."""
    page.get_by_label("Why (shown in the timeline)").fill(why)
    page.get_by_role("button", name="Preview the correction").click()
    expect(page.locator(".preview")).to_contain_text("nothing is logged until you confirm")
    page.get_by_role("button", name="Confirm: correct event #1").click()
    page.wait_for_load_state()
    expect(page.locator("#e1")).to_contain_text("Corrected by #2 to round")


def test_neurotrio_rounds_only_from_creation_to_a_corrected_result(
        page: Any, site: Any) -> None:  # noqa: F811
    """NT-RND-1 and NT-RND-2: each player's victory points by source, the finish bonuses and
    the last player's loss checked, the deal's starting points added; a refused result changes
    nothing; the result corrected names another winner."""
    base, _night = site
    match_id = create_rounds_match(page, base, "neurotrio", ["Ana", "Ben", "Cid"])
    start = [ln["total"] for ln in api(base, f"/api/matches/{match_id}/standings")["lines"]]
    sources = {0: ("20", "0", "0", "5"), 1: ("12", "4", "0", "3"), 2: ("8", "0", "0", "0")}
    for seat, (laid, bids, penalties, finish) in sources.items():
        page.fill(f"#round-placements-{seat}", laid)
        page.fill(f"#round-bids-{seat}", bids)
        page.fill(f"#round-penalties-{seat}", penalties)
        page.select_option(f"#round-finish-{seat}", finish)
    page.select_option("#round-last", label="Cid")
    refused(page, base, match_id, "NT-END-2")  # Cid, the last, lost nothing (NT-END-2)
    expect(page.locator("#refused")).to_contain_text("Cid")
    page.fill("#round-penalties-2", "-5")
    log_result(page)
    expect(page.locator("#verdict")).to_contain_text("NT-END-1")
    expect(page.locator("#verdict")).to_contain_text("Ana wins")
    shoot(page, "rounds-neurotrio-pad")
    totals = [ln["total"] for ln in api(base, f"/api/matches/{match_id}/standings")["lines"]]
    assert totals == [start[0] + 25, start[1] + 19, start[2] + 3]
    open_correction(page, base, match_id)
    expect(page.locator("#round-placements-1")).to_have_value("12")  # the round's own values
    expect(page.locator("#round-penalties-2")).to_have_value("-5")
    page.fill("#round-placements-0", "10")
    page.select_option("#round-finish-0", "3")
    page.fill("#round-placements-1", "30")
    page.select_option("#round-finish-1", "5")
    confirm_correction(page, "Ben laid more than we counted")
    standings = api(base, f"/api/matches/{match_id}/standings")
    assert standings["winners"] == [1]
    # Ana 10 + 3; Ben 30 + 5 and his 4 from the bids, kept; Cid as before, 8 - 5
    assert [ln["total"] for ln in standings["lines"]] == [start[0] + 13, start[1] + 39,
                                                          start[2] + 3]


def test_croconounours_rounds_only_from_creation_to_a_corrected_result(
        page: Any, site: Any) -> None:  # noqa: F811
    """CN-RND-1 and CN-RND-2: the winning side and the warriors left on each side; the side
    with none left loses; corrected, the other side wins."""
    base, _night = site
    match_id = create_rounds_match(page, base, "croconounours", ["Ana", "Ben"])
    page.select_option("#round-winner", label="Ana")
    page.fill("#round-warriors-0", "2")
    page.fill("#round-warriors-1", "1")  # nobody is out: refused (CN-END-1)
    refused(page, base, match_id, "CN-END-1")
    page.fill("#round-warriors-1", "0")
    log_result(page)
    expect(page.locator("#verdict")).to_contain_text("CN-END-1")
    expect(page.locator("#verdict")).to_contain_text("Ana wins with 2 warriors standing")
    shoot(page, "rounds-croconounours-pad")
    open_correction(page, base, match_id)
    expect(page.locator("#round-warriors-0")).to_have_value("2")
    page.select_option("#round-winner", label="Ben")
    page.fill("#round-warriors-0", "0")
    page.fill("#round-warriors-1", "3")
    confirm_correction(page, "Ben's warriors were miscounted")
    standings = api(base, f"/api/matches/{match_id}/standings")
    assert standings["winners"] == [1] and [ln["total"] for ln in standings["lines"]] == [0, 3]


def test_plouc_rounds_only_from_creation_to_a_corrected_result(
        page: Any, site: Any) -> None:  # noqa: F811
    """PL-RND-1 and PL-RND-2: the first « plouc » and the cards left in each other hand; a
    second empty hand is refused (PL-END-1); corrected, another seat won."""
    base, _night = site
    match_id = create_rounds_match(page, base, "plouc", ["Ana", "Ben", "Cid"])
    page.select_option("#round-winner", label="Ben")
    for seat, cards in enumerate(("0", "0", "5")):
        page.fill(f"#round-cards-{seat}", cards)
    refused(page, base, match_id, "PL-END-1")
    page.fill("#round-cards-0", "3")
    log_result(page)
    expect(page.locator("#verdict")).to_contain_text("PL-GOAL-1")
    expect(page.locator("#verdict")).to_contain_text("Ben laid their last card first")
    shoot(page, "rounds-plouc-pad")
    assert [ln["total"] for ln in api(base, f"/api/matches/{match_id}/standings")["lines"]] \
        == [3, 0, 5]
    open_correction(page, base, match_id)
    page.select_option("#round-winner", label="Cid")
    page.fill("#round-cards-1", "4")
    page.fill("#round-cards-2", "0")
    page.get_by_label("Why (shown in the timeline)").fill("Cid went out first")
    page.get_by_role("button", name="Preview the correction").click()
    expect(page.locator(".preview .verdict")).to_contain_text("Cid laid their last card first")
    page.get_by_role("button", name="Confirm: correct event #1").click()
    page.wait_for_load_state()
    expect(page.locator("#e1")).to_contain_text("Corrected by #2 to round")
    standings = api(base, f"/api/matches/{match_id}/standings")
    assert standings["winners"] == [2]
    assert [ln["total"] for ln in standings["lines"]] == [3, 4, 0]


def test_rounds_pad_in_french(chrome: Any, site: Any) -> None:  # noqa: F811
    """The quick form reads in French, the players by name (PL-RND-1)."""
    base, _night = site
    page = chrome.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR").new_page()
    page.set_default_timeout(TIMEOUT)
    create_rounds_match(page, base, "plouc", ["Ana", "Ben"], lang="fr")
    expect(page.locator(".rounds-pad")).to_contain_text("Cartes restantes dans chaque main")
    expect(page.locator(".now .turn")).to_contain_text("score rapide")
    shoot(page, "rounds-plouc-pad-fr")
    page.context.close()


def test_night_points_form_refuses_bad_input_and_changes_nothing(
        page: Any, site: Any) -> None:  # noqa: F811
    """Placement points that rise (3, 5) are refused beside the form, with the reason and what
    was typed; the night's points and leaderboard are unchanged (5, 3, 2, 1: Bob 6). The phone
    is the night's host (it opened the night's host link)."""
    base, night = site
    page.goto(f"{base}/nights/{night['night']}/host?token={night['night_token']}")
    page.locator("details.tool summary", has_text="Placement points").click()
    for typed, reason in (("3, 5", "A better place never gives fewer points than a worse one."),
                          ("five, three", "Placement points are whole numbers, like 5, 3, 2, 1.")):
        page.fill("#points", typed)
        page.get_by_role("button", name="Set the points").click()
        page.wait_for_load_state()
        refused = page.locator("#points-refused")
        expect(refused).to_contain_text(reason)
        expect(refused).to_contain_text("The night's placement points are unchanged.")
        expect(page.locator("#points")).to_have_value(typed)
        expect(page.locator("table.leaderboard tbody tr").first.locator("td.points")
               ).to_have_text("6")
    shoot(page, "night-points-refused")
    assert api(base, f"/api/nights/{night['night']}/board")["placement_points"] == [5, 3, 2, 1]
