"""A player's ratings in a real browser (Debian's Chromium through Playwright) on a phone:
the table with the rating, its uncertainty and its trend drawn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from referee.service import ratings
from tests.service.test_ratings import plouc
from tests.web.helpers import served
from tests.web.test_browser import TIMEOUT, expect, phone

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """The app on a migrated SQLite file where Bob won two matches of three, served over real
    HTTP: its address and Bob's id."""
    path = tmp_path_factory.mktemp("browser-ratings") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}"})
    upgrade_database(app)
    client = app.test_client()
    tables = [plouc(client, winner=w) for w in (1, 0, 1)]
    assert ratings.job_of(database(app)).wait(30)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}", int(tables[0].body["seats"][1]["player_id"])
    database(app).engine.dispose()


#: What the page says, per reader's language.
SAID = {"en": ("All games", "Rating over the last 3 matches"),
        "fr": ("Tous les jeux", "Cote sur les 3 dernières parties")}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_player_page_draws_the_ratings_trend(chromium: Any, site: tuple[str, int],
                                                 lang: str) -> None:
    """Requirement: the player page shows each rating with its uncertainty and its trend (a
    sparkline), readable on a phone, in the reader's language."""
    base, bob = site
    everything, trend = SAID[lang]
    page = phone(chromium)
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{base}/players/{bob}")
    table = page.locator("table.ratings")
    expect(table).to_be_visible(timeout=TIMEOUT)
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(table.locator("tbody tr").first).to_contain_text(everything)
    expect(table.locator("tbody tr").first).to_contain_text("±")
    spark = table.locator("svg.sparkline").first
    expect(spark).to_be_visible()
    assert spark.bounding_box()["width"] > 50
    assert spark.get_attribute("aria-label").startswith(trend)
    page.context.close()
