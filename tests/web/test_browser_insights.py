"""The night's board, TV view and recap, a player's stats and head-to-head, the what-if page and
the BG Stats link, in a real browser (Debian's Chromium through Playwright) against a real
server holding the hand-computed night of ``tests/night_fixture.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from tests.night_fixture import build_night
from tests.web.helpers import fill_hands, served
from tests.web.test_browser import ARGS, CHROMIUM, TIMEOUT, TV, expect, phone, shoot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    """Debian's Chromium, as the other browser tests launch it."""
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """The app on a migrated SQLite file holding the fixture night, served over real HTTP."""
    path = tmp_path_factory.mktemp("browser-insights") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}"})
    upgrade_database(app)
    night = build_night(app.test_client())
    with served(app) as port:
        yield f"http://127.0.0.1:{port}", night
    database(app).engine.dispose()


def test_night_page_shows_the_leaderboard_and_recap(chrome: Any, site: Any) -> None:
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/nights/{night['night']}")
    rows = page.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(4, timeout=TIMEOUT)
    expect(rows.first).to_contain_text("Bob")
    expect(rows.first.locator("td.points")).to_have_text("6")
    expect(page.locator("dl.recap")).to_contain_text("Alice, 16 coconuts")
    expect(page.locator("ul.running")).to_contain_text("Alice")
    shoot(page, "night-board")
    page.context.close()


def test_night_points_are_set_from_the_page(chrome: Any, site: Any) -> None:
    """The host (this phone opened the night's host link) sets the points from the page."""
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/nights/{night['night']}/host?token={night['night_token']}")
    page.locator("details.tool summary", has_text="Placement points").click()
    page.fill("#points", "5, 3, 2, 1")
    page.get_by_role("button", name="Set the points").click()
    page.wait_for_load_state()
    expect(page.locator("table.leaderboard tbody tr").first.locator("td.points")).to_have_text(
        "6")
    page.context.close()


def test_night_tv_view_on_a_tv(chrome: Any, site: Any) -> None:
    base, night = site
    page = chrome.new_context(viewport=TV).new_page()
    page.goto(f"{base}/nights/{night['night']}/tv")
    expect(page.locator("body.tv table.leaderboard")).to_contain_text("Chloé")
    shoot(page, "night-tv")
    page.context.close()


def font_px(page: Any, selector: str) -> float:
    """The smallest computed font size, in CSS pixels, of the elements ``selector`` finds."""
    sizes = page.locator(selector).evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes, selector
    return float(min(sizes))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_night_tv_reads_from_the_sofa(chrome: Any, site: Any, lang: str) -> None:
    """Read at 3 m on a 1080p screen: the headings, the matches under way and the recap at
    32 px or more, the placement points' footnote at 24 px or more, all on the first screen."""
    base, night = site
    page = chrome.new_context(viewport=TV).new_page()
    page.goto(f"{base}/nights/{night['night']}/tv?lang={lang}")
    for labels in (".night-tv h2", ".night-tv .running li", ".night-tv .recap dt",
                   ".night-tv .recap dd", ".leaderboard thead th"):
        assert font_px(page, labels) >= 32, labels
    assert font_px(page, ".night-tv .points-note") >= 24
    recap = page.locator(".night-tv .recap").bounding_box()
    assert recap is not None and recap["y"] + recap["height"] <= TV["height"]
    missplays = page.locator(".leaderboard thead th").last.bounding_box()  # no column hidden
    shown = page.locator(".night-tv .scroll").first.bounding_box()
    assert missplays is not None and shown is not None
    assert missplays["x"] + missplays["width"] <= shown["x"] + shown["width"] + 1
    page.context.close()


def test_night_recap_shows_the_board_image(chrome: Any, site: Any) -> None:
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/nights/{night['night']}/recap")
    image = page.locator("figure.night-image img")
    expect(image).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("img => img.naturalWidth", image.element_handle()) == 900
    expect(page.get_by_role("link", name="Results (CSV)")).to_be_visible()
    shoot(page, "night-recap")
    page.context.close()


def test_player_page_shows_stats_chart_and_head_to_head(chrome: Any, site: Any) -> None:
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/players/{night['players']['Bob']}")
    stats = page.locator("table.stats:not(.ratings) tbody tr").first
    expect(stats.locator("td").nth(4)).to_have_text("19")  # average score, as the locale writes it
    expect(page.locator("svg.chart circle")).to_have_count(2)
    page.select_option("#other", label="Alice (1)")
    page.get_by_role("button", name="Compare").click()
    page.wait_for_load_state()
    expect(page.locator("h1")).to_contain_text("Bob")
    expect(page.locator("table.versus tr.total")).to_contain_text("1")
    shoot(page, "player-stats")
    page.context.close()


def test_what_if_page_shows_the_changed_verdicts(chrome: Any, site: Any) -> None:
    """Match A's target raised to 50: its last reveal no longer ends it (CC-GOAL-1 becomes
    CC-CALL-5)."""
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/m/{night['matches'][0]}")
    page.get_by_role("link", name="What if…").click()
    page.fill('[name="o.target"]', "50")
    page.get_by_role("button", name="Replay under these options").click()
    page.wait_for_load_state()
    changes = page.locator("ol.what-if-changes li")
    expect(changes).to_have_count(1)
    expect(changes.first).to_contain_text("CC-GOAL-1")
    expect(changes.first).to_contain_text("CC-CALL-5")
    shoot(page, "what-if")
    page.context.close()


def test_finished_match_offers_bgstats_and_the_sheet(chrome: Any, site: Any) -> None:
    base, night = site
    page = phone(chrome)
    page.goto(f"{base}/m/{night['matches'][0]}")
    expect(page.get_by_role("link", name="Score sheet (CSV)")).to_be_visible()
    page.get_by_role("link", name="Send to BG Stats").click()
    page.wait_for_load_state()
    link = page.locator("#bgstats-link").get_attribute("href")
    assert link and link.startswith("bgstats://app.bgstatsapp.com/addPlay.html?data=")
    page.context.close()


def test_history_page_links_its_filter_as_csv(chrome: Any, site: Any) -> None:
    base, _ = site
    page = phone(chrome)
    page.goto(f"{base}/history?status=finished")
    href = page.get_by_role("link", name="These matches as CSV").get_attribute("href")
    assert href == "/history.csv?status=finished"
    page.context.close()


def test_quick_scoring_from_creation_to_a_logged_round(chrome: Any, site: Any) -> None:
    """A rounds-only match: chosen at creation, shown on the pad, a round logged and scored
    (CC-CALL-4)."""
    base, _ = site
    page = phone(chrome)
    page.goto(f"{base}/new/citroncoco")
    page.fill("#seat-0", "Eve")
    page.fill("#seat-1", "Fanny")
    page.check('input[name="mode"][value="rounds"]')
    page.get_by_role("button", name="Create the match").click()
    page.wait_for_load_state()
    page.goto(page.url.replace("/invite", "/play"))
    expect(page.locator("h1 .badge.mode")).to_have_text("rounds only")
    page.select_option("#round-caller", label="Eve")
    fill_hands(page.locator(".rounds-pad"), [[1, 2], [5, 6]])
    page.get_by_role("button", name="Log the result").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Yes, log round").click()  # a round ends: asked first
    page.wait_for_load_state()
    expect(page.locator("#verdict")).to_contain_text("CC-CALL-4")
    expect(page.locator(".mini-standings")).to_contain_text("-11")
    shoot(page, "rounds-pad")
    page.context.close()


def test_night_board_as_png(chrome: Any, site: Any) -> None:
    """The recap's PNG link gives a PNG image of the board."""
    base, night = site
    page = phone(chrome)
    answer = page.request.get(f"{base}/nights/{night['night']}/board.png")
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    assert answer.body()[:8] == b"\x89PNG\r\n\x1a\n"
    page.context.close()


def test_only_the_nights_host_browser_sees_its_controls(chrome: Any, site: Any) -> None:
    """The host's phone shows the points form and "New match in this night" and starts a
    match in the night; another phone shows neither, and the new-match page is a 403. (Last:
    it adds a match to the module's night.)"""
    base, night = site
    host = phone(chrome)
    # the night's host link as the page gives it: its token after "#"
    host.goto(f"{base}/nights/{night['night']}/host#t={night['night_token']}")
    expect(host.locator("details.tool summary", has_text="Placement points")).to_be_visible()
    host.get_by_role("link", name="New match in this night").click()
    host.locator('a.game-card[href*="/new/citroncoco?"]').click()
    for seat, name in enumerate(("Zoé", "Yann")):
        host.locator(f"#seat-{seat}").fill(name)
    host.get_by_role("button", name="Create the match").click()
    host.wait_for_url(re.compile(r"/m/\d+/invite"))
    host.goto(f"{base}/nights/{night['night']}")
    expect(host.locator("ul.running")).to_contain_text("Zoé")
    other = phone(chrome)
    other.goto(f"{base}/nights/{night['night']}")
    expect(other.locator("table.leaderboard")).to_be_visible()
    expect(other.locator("details.tool summary", has_text="Placement points")).to_have_count(0)
    expect(other.get_by_role("link", name="New match in this night")).to_have_count(0)
    response = other.goto(f"{base}/new?night={night['night']}")
    assert response is not None and response.status == 403
    host.context.close()
    other.context.close()
