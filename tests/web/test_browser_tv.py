"""The TVs in Chromium at 1920×1080: each game's board at its largest table with long names fits
the screen (nothing scrolled, no name cut), the CitronCoco sheet over more than twelve rounds;
the night's TV shows a finished match within two seconds. And the phones' dark theme, read
by axe-core. Screenshots go to test-artifacts/screenshots/tv/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from referee import ROOT, create_app, database
from referee.cli import upgrade_database
from tests.helpers import auth
from tests.night_fixture import build_night
from tests.web.helpers import served
from tests.web.test_browser import PHONE, TV
from tests.web.test_languages_browser import AXE, axe_violations
from tests.web.tv_tables import BUILDERS, CITRONCOCO_ROUNDS, LARGEST

pytestmark = pytest.mark.browser

SHOTS = ROOT / "test-artifacts" / "screenshots" / "tv"

#: What on the board names a player or a side: each must show whole.
NAMES = (".board-line .name, table.sheet .name, table.sheet thead th, .recent .who, "
         ".board-turn, .board-outcome, .board-facts dd, .board-title h1")


@dataclass(frozen=True)
class Site:
    server: str
    tables: dict[str, int]  # game -> its match at its largest table
    seats: dict[str, str]  # game -> the token of its match's seat 1
    night: int
    night_token: str
    app: Any


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Each game at its largest table and the fixture night, on a real server."""
    path = tmp_path_factory.mktemp("tv") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    client = app.test_client()
    made = {game: build(client) for game, build in BUILDERS.items()}
    night = build_night(client)
    with served(app) as port:
        yield Site(f"http://127.0.0.1:{port}", {game: t.id for game, t in made.items()},
                   {game: t.seats[1] for game, t in made.items()}, night["night"],
                   night["night_token"], app)
    database(app).engine.dispose()


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def overflow(page: Any) -> dict[str, Any]:
    """What does not fit the screen: the page's scroll sizes, the board's parts reaching past
    the screen's edges, and every name whose text is wider or taller than its box."""
    return dict(page.evaluate("""(selector) => {
        const doc = document.documentElement;
        const shown = '.board-inner > *, .board-inner li, .board-inner tr';
        const parts = [...document.querySelectorAll(shown)]
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.right > innerWidth + 1 || r.bottom > innerHeight + 1; })
            .map(e => e.className || e.tagName);
        const cut = [...document.querySelectorAll(selector)]
            .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
                         || getComputedStyle(e).textOverflow === 'ellipsis')
            .map(e => e.textContent.trim());
        const main = document.querySelector('main');
        return {width: doc.scrollWidth, height: doc.scrollHeight, parts, cut,
                main: main.scrollHeight - main.clientHeight};
    }""", NAMES))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", list(LARGEST))
def test_the_board_fits_the_tv_with_every_name_whole(chromium: Any, site: Site, game: str,
                                                     lang: str) -> None:
    """At 1920×1080, the largest table of each game with long names: no scrolling either way,
    no part of the board past the screen's edge, no name cut or ellipsed."""
    page = chromium.new_context(viewport=TV, locale=lang).new_page()
    page.goto(f"{site.server}/m/{site.tables[game]}/board?lang={lang}")
    found = overflow(page)
    shoot(page, f"board-{game}-{lang}")
    assert found["width"] <= TV["width"] and found["height"] <= TV["height"], found
    assert found["main"] <= 0 and found["parts"] == [], found
    assert found["cut"] == [], found
    assert page.locator(".board-table").is_visible()  # every game shows its table
    page.context.close()


def test_the_croconounours_board_shows_its_warriors(chromium: Any, site: Site) -> None:
    """CN-SETUP-2: four players deployed in the four corners: the 7×7 board, each warrior on
    its square in its owner's colour."""
    page = chromium.new_context(viewport=TV).new_page()
    page.goto(f"{site.server}/m/{site.tables['croconounours']}/board")
    grid = page.locator("table.tv-grid")
    assert grid.locator("tr").count() == 7 and grid.locator("td").count() == 49
    assert grid.locator("td.occupied").count() == 12
    box = grid.bounding_box()
    assert box is not None and box["y"] + box["height"] <= TV["height"]
    page.context.close()


def test_the_citroncoco_sheet_shows_twelve_rounds_and_folds_the_earlier(chromium: Any,
                                                                        site: Site) -> None:
    """CC-CALL-4/5 over thirteen rounds for six players: the sheet's last twelve rounds one
    by one, the first folded into its total, every side's row on the screen."""
    page = chromium.new_context(viewport=TV).new_page()
    page.goto(f"{site.server}/m/{site.tables['citroncoco']}/board")
    heads = page.locator("table.sheet thead th.round").all_inner_texts()
    assert heads == [f"R{n}" for n in range(CITRONCOCO_ROUNDS - 11, CITRONCOCO_ROUNDS + 1)]
    assert page.locator("table.sheet th.earlier").count() == 1
    rows = page.locator("table.sheet tbody tr")
    assert rows.count() == LARGEST["citroncoco"]
    last = rows.last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= TV["height"]
    page.context.close()


def test_tied_sides_share_a_place_on_the_tv(chromium: Any, site: Site) -> None:
    """Seats 2 and 3 hold as much as each other every round: one place for both, and the
    next side's place counts them both (1, …, 4, 4, 6)."""
    page = chromium.new_context(viewport=TV).new_page()
    page.goto(f"{site.server}/m/{site.tables['citroncoco']}/board")
    places = page.locator("table.sheet tbody td.place").all_inner_texts()
    totals = page.locator("table.sheet tbody td.total").all_inner_texts()
    tied = [p for p, t in zip(places, totals, strict=True) if totals.count(t) > 1]
    assert len(tied) >= 2 and len(set(tied)) == 1
    after = places[places.index(tied[0]) + len(tied)]
    assert int(after) == int(tied[0]) + len(tied)
    page.context.close()


def test_the_night_tv_shows_a_finished_match_within_two_seconds(chromium: Any,
                                                                site: Site) -> None:
    """A match of the night finishes while the TV shows the night: its winner is on the TV
    less than two seconds after the move that finished it was answered."""
    page = chromium.new_context(viewport=TV).new_page()
    page.goto(f"{site.server}/nights/{site.night}/tv")
    client = site.app.test_client()
    made = client.post("/api/matches", json={
        "game": "citroncoco", "mode": "rounds", "options": {"target": 10},
        "seats": [{"name": "Alice"}, {"name": "Dan"}], "night_id": site.night},
        headers=auth(site.night_token))
    assert made.status_code == 201, made.json
    match = made.json["id"]
    page.wait_for_timeout(1500)  # the TV has seen the match begin
    finished = client.post(f"/api/matches/{match}/events", json={
        "type": "round", "seat": None,
        "payload": {"caller": 0, "hands": [[1, 1, 1, 1], [6, 6, 6, 6]]}},
        headers=auth(made.json["host_token"]))
    answered = time.monotonic()
    assert finished.status_code == 201 and finished.json["standings"]["finished"]
    page.wait_for_function("(id) => [...document.querySelectorAll('.recap a')]"
                           ".some(a => a.textContent.includes('#' + id))", arg=match,
                           timeout=2000)
    assert time.monotonic() - answered < 2.0
    shoot(page, "night-tv-finished")
    page.context.close()


def test_a_phone_in_dark_mode_reads_the_match_page(chromium: Any, site: Site) -> None:
    """A phone set to dark: the match page (its timeline, its table at an event with the
    CrocoNounours board), the home, night and history pages are dark, and axe-core finds no
    violation on them, colour contrast included."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, color_scheme="dark", locale="fr-FR",
                                   bypass_csp=True)  # axe-core is added as a script
    page = context.new_page()
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` at the repository's root")
    for path, name in ((f"/m/{site.tables['plouc']}", "match"), ("/", "home"),
                       (f"/m/{site.tables['croconounours']}?at=7", "match-board"),
                       (f"/nights/{site.night}", "night"), ("/history", "history")):
        page.goto(site.server + path)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background != "rgb(255, 255, 255)", path
        assert axe_violations(page) == [], path
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"dark-{name}-phone.png"), full_page=True)
        page.screenshot(path=str(SHOTS / f"dark-{name}-phone-screen.png"))
    context.close()


@pytest.mark.parametrize("game", ["plouc", "croconounours", "neurotrio"])
def test_a_phone_in_dark_mode_reads_its_pad(chromium: Any, site: Site, game: str) -> None:
    """A seat's pad on a phone set to dark (its cards, pickers and board): dark, and no
    violation axe-core finds, colour contrast included."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                   has_touch=True, color_scheme="dark", locale="fr-FR",
                                   bypass_csp=True)  # axe-core is added as a script
    page = context.new_page()
    page.goto(f"{site.server}/m/{site.tables[game]}/join?token={site.seats[game]}")
    assert "/play" in page.url
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    assert axe_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dark-pad-{game}-phone-screen.png"))
    context.close()
