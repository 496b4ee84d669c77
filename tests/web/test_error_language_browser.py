"""An error read in French in a real browser (Debian's Chromium, a fr-FR context) against a real
server: a page that does not exist and a file that is not a match, refused in the reader's words.

Requirement: "Everything a person reads is translated" — the language comes from the browser's
Accept-Language when the reader has made no choice (``referee.edge.i18n``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from tests.web.helpers import served

pytestmark = pytest.mark.browser
expect = playwright_api.expect

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a migrated SQLite file, served over real HTTP from a thread."""
    path = tmp_path_factory.mktemp("errors") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}"
    database(app).engine.dispose()


@pytest.fixture(scope="module")
def french_page(server: str) -> Iterator[Any]:
    """A page of a French browser (locale fr-FR: Accept-Language fr-FR)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = chromium.new_context(locale="fr-FR", base_url=server).new_page()
        page.set_default_timeout(10_000)
        yield page
        chromium.close()


def test_a_match_that_does_not_exist_reads_in_french(french_page: Any) -> None:
    answer = french_page.goto("/m/999")
    assert answer is not None and answer.status == 404
    expect(french_page.locator("h1")).to_have_text("Introuvable")
    expect(french_page.locator("p.lead")).to_have_text("Il n'y a pas de partie 999.")


def test_a_file_that_is_not_json_is_refused_in_french(french_page: Any) -> None:
    """The import page: the refusal and the JSON parser's own words, both in French."""
    french_page.goto("/import")
    french_page.set_input_files("#file", files=[{"name": "m.json", "mimeType":
                                                 "application/json", "buffer": b"not json"}])
    french_page.get_by_role("button", name="Importer", exact=True).click()
    french_page.wait_for_load_state()
    expect(french_page.locator("p.lead")).to_have_text(
        "m.json n'est pas un fichier JSON : valeur attendue à la ligne 1, colonne 1 "
        "(caractère 0)")
