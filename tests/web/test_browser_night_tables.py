"""A night of three tables in Chromium, in French and in English: the host (this phone made the
night) fills the roster, seats the next round, moves a player, starts it (three matches in the
night), and the night's TV shows every table live. Screenshots of the night page, the proposal
and the TV at 390×844 and 1920×1080 go to /tmp/shots-tables/ (looked at, never committed)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from tests.helpers import auth
from tests.web.helpers import served
from tests.web.test_browser import PHONE, TIMEOUT, TV, expect
from tests.web.test_languages_browser import axe_violations

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-tables")
TWELVE = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès", "Jules",
          "Karim", "Léa"]
WORDS = {
    "fr": {"add": "Ajouter à la soirée", "seat": "Placer la prochaine manche",
           "move": "Déplacer les joueurs", "start": "Lancer la manche : 3 parties",
           "clean": "personne ne retrouve un adversaire ni un partenaire", "table": "Table",
           "level": "Tous à égalité", "missplay": "Faute", "round": "Manche 1"},
    "en": {"add": "Add to the night", "seat": "Seat the next round",
           "move": "Move the players", "start": "Start the round: 3 matches",
           "clean": "nobody meets an opponent or partner again", "table": "Table",
           "level": "All level", "missplay": "Missplay", "round": "Round 1"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    path = tmp_path_factory.mktemp("night-tables") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}", app
    database(app).engine.dispose()


def context(chromium: Any, lang: str, viewport: dict[str, int]) -> Any:
    mobile = viewport == PHONE
    return chromium.new_context(viewport=viewport, locale="fr-FR" if lang == "fr" else "en-GB",
                                is_mobile=mobile, has_touch=mobile,
                                device_scale_factor=2 if mobile else 1,
                                bypass_csp=True)  # axe-core is added as a script


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def made_night(page: Any, base: str, name: str) -> int:
    """A night made from the home page: this browser is its host."""
    page.goto(base + "/")
    page.locator("#night-name").fill(name)
    page.locator("#night-name").press("Enter")
    page.wait_for_url(re.compile(r"/nights/\d+$"), timeout=TIMEOUT)
    return int(page.url.rsplit("/", 1)[1])


def seated_round(page: Any, lang: str) -> None:
    words = WORDS[lang]
    page.locator("#roster-names").fill("\n".join(TWELVE))
    page.get_by_role("button", name=words["add"]).click()
    expect(page.locator(".roster li")).to_have_count(12, timeout=TIMEOUT)
    page.locator("#seat-game").select_option("citroncoco")
    page.locator("form.seat-next button").click()
    expect(page.locator(".seat-table")).to_have_count(3, timeout=TIMEOUT)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_host_seats_adjusts_and_starts_a_round_of_three_tables(
        chromium: Any, site: Any, lang: str) -> None:
    """Requirement: twelve players, three tables of four, no repeat in the first round; a
    player moved to another table; starting makes three matches in the night."""
    base, _app = site
    words = WORDS[lang]
    page = context(chromium, lang, PHONE).new_page()
    night = made_night(page, base, f"Club {lang}")
    shoot(page, f"night-empty-{lang}-phone")
    seated_round(page, lang)
    expect(page.locator(".badness")).to_contain_text(words["clean"])
    for table in range(3):
        expect(page.locator(".seat-table").nth(table).locator("li")).to_have_count(4)
    shoot(page, f"proposal-{lang}-phone")
    assert axe_violations(page) == []
    wide = context(chromium, lang, TV).new_page()
    wide.context.add_cookies(page.context.cookies())  # the host's browser, on a laptop
    wide.goto(f"{base}/nights/{night}#proposal")
    expect(wide.locator(".seat-table")).to_have_count(3, timeout=TIMEOUT)
    shoot(wide, f"proposal-{lang}-tv")
    wide.context.close()
    moved = page.locator(".seat-table").nth(0).locator("select").first
    moved.select_option("2")
    page.get_by_role("button", name=words["move"]).click()
    expect(page.locator(".seat-table").nth(1).locator("li")).to_have_count(5, timeout=TIMEOUT)
    expect(page.locator(".seat-table").nth(0).locator("li")).to_have_count(3)
    page.get_by_role("button", name=words["start"]).click()
    expect(page.locator("#round-1 .round-tables a.join-links")).to_have_count(3, timeout=TIMEOUT)
    expect(page.locator("#round-1")).to_contain_text(words["round"])
    matches = client_matches(site, night)
    assert sorted(len(m["seats"]) for m in matches) == [3, 4, 5]
    shoot(page, f"night-started-{lang}-phone")
    page.locator("#round-1 a.join-links").first.click()  # this phone hosts each table's match
    seats = page.locator(".invites li.invite[id^=seat-]")
    expect(seats).to_have_count(3, timeout=TIMEOUT)  # table 1 kept three players
    expect(seats.locator("a.join-link")).to_have_count(3)  # each seat's link, kept here
    page.context.close()


def client_matches(site: Any, night: int) -> list[dict[str, Any]]:
    _base, app = site
    return list(app.test_client().get(f"/api/nights/{night}").json["matches"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_night_tv_shows_every_table_live(chromium: Any, site: Any, lang: str) -> None:
    """The TV lists each table of the round under way: its players, leader and last verdict;
    a missplay logged at a table shows there within seconds (the TV's poll)."""
    base, app = site
    words = WORDS[lang]
    page = context(chromium, lang, PHONE).new_page()
    night = made_night(page, base, f"TV {lang}")
    seated_round(page, lang)
    shoot(page, f"proposal-{lang}-phone-full")
    page.locator("form.start-round button").click()
    expect(page.locator("#round-1 .round-tables a.join-links")).to_have_count(3, timeout=TIMEOUT)
    host_cookies = page.context.cookies()
    page.context.close()
    tv = context(chromium, lang, TV).new_page()
    tv.goto(f"{base}/nights/{night}/tv")
    expect(tv.locator(".tv-table")).to_have_count(3, timeout=TIMEOUT)
    shoot(tv, f"night-tv-{lang}-tv")
    first = client_matches(site, night)[0]
    token = next(c["value"] for c in host_cookies if c["name"] == f"referee_m{first['id']}")
    logged = app.test_client().post(f"/api/matches/{first['id']}/events", json={
        "type": "missplay", "seat": 0, "payload": {"rule": "CC-MISS-3"}}, headers=auth(token))
    assert logged.status_code in (200, 201), logged.json
    table = tv.locator(f'.tv-table[data-match="{first["id"]}"]')
    expect(table.locator(".tv-table-last")).to_contain_text(words["missplay"], timeout=TIMEOUT)
    expect(table.locator(".tv-table-leader")).to_contain_text(words["level"])
    shoot(tv, f"night-tv-live-{lang}-tv")
    assert axe_violations(tv) == []
    phone_tv = context(chromium, lang, PHONE).new_page()
    phone_tv.goto(f"{base}/nights/{night}/tv")
    expect(phone_tv.locator(".tv-table")).to_have_count(3, timeout=TIMEOUT)
    shoot(phone_tv, f"night-tv-{lang}-phone")
    wide = context(chromium, lang, TV).new_page()
    wide.context.add_cookies(host_cookies)
    wide.goto(f"{base}/nights/{night}")
    shoot(wide, f"night-page-{lang}-tv")
    for p in (tv, phone_tv, wide):
        p.context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_move_is_said_on_the_night_page(chromium: Any, site: Any, lang: str) -> None:
    """CroCoNounours is played by 2 to 4: a fifth player moved to table 1 is refused, and the
    night's page says so in the proposal, beside its tables as the host left them."""
    base, _app = site
    words = WORDS[lang]
    page = context(chromium, lang, PHONE).new_page()
    made_night(page, base, f"Refused {lang}")
    page.locator("#roster-names").fill("\n".join(TWELVE[:8]))
    page.get_by_role("button", name=words["add"]).click()
    expect(page.locator(".roster li")).to_have_count(8, timeout=TIMEOUT)
    page.locator("#seat-game").select_option("croconounours")
    page.locator("form.seat-next button").click()
    expect(page.locator(".seat-table")).to_have_count(2, timeout=TIMEOUT)
    page.locator(".seat-table").nth(1).locator("select").first.select_option("1")
    page.get_by_role("button", name=words["move"]).click()
    refused = page.locator("#proposal #proposal-refused")
    expect(refused).to_contain_text({"fr": "La table 1 compte 5 joueurs",
                                     "en": "Table 1 has 5 players"}[lang], timeout=TIMEOUT)
    expect(page.locator("h1")).to_have_text(f"Refused {lang}")
    expect(page.locator(".seat-table").nth(1).locator("select").first).to_have_value("1")
    shoot(page, f"proposal-refused-{lang}-phone")
    assert axe_violations(page) == []
    page.context.close()
