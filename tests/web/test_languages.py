"""Pages in French and English: the reader's explicit choice (``?lang=``, kept in a cookie), then
the browser's Accept-Language, then English; the catalogues compiled by the app itself.

Requirement: "Two languages, French first for French browsers … The locale comes from an
explicit choice (a switch on every page, kept in a cookie, and ``?lang=``), then
Accept-Language, then English."
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from flask_babel import gettext

from referee import catalogues, create_app
from referee.i18n import COOKIE

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def html_lang(body: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', body)
    assert found, "the page names its language"
    return found.group(1)


def test_a_french_browser_reads_french(client: FlaskClient) -> None:
    body = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert html_lang(body) == "fr"
    assert ">Nouvelle partie<" in body and ">Historique<" in body
    assert "Accept-Language" in client.get("/", headers=FRENCH).headers["Vary"]


def test_other_browsers_read_english(client: FlaskClient) -> None:
    for header in ({}, {"Accept-Language": "de-DE,de;q=0.9"}, {"Accept-Language": "en-US"}):
        body = client.get("/", headers=header).get_data(as_text=True)
        assert html_lang(body) == "en"
        assert ">New match<" in body


def test_the_switch_wins_over_the_browser_and_is_kept_in_a_cookie(client: FlaskClient) -> None:
    response = client.get("/?lang=en", headers=FRENCH)
    assert html_lang(response.get_data(as_text=True)) == "en"
    assert f"{COOKIE}=en" in response.headers["Set-Cookie"]
    later = client.get("/players", headers=FRENCH).get_data(as_text=True)
    assert html_lang(later) == "en", "the choice is kept for the next pages"
    client.get("/?lang=fr")
    assert html_lang(client.get("/players").get_data(as_text=True)) == "fr"


def test_an_unknown_language_is_ignored(client: FlaskClient) -> None:
    response = client.get("/?lang=xx", headers=FRENCH)
    assert response.status_code == 200
    assert html_lang(response.get_data(as_text=True)) == "fr"
    assert "Set-Cookie" not in response.headers or COOKIE not in response.headers["Set-Cookie"]


def test_every_page_has_the_switch_to_the_same_address(client: FlaskClient) -> None:
    body = client.get("/players?page=2", headers=FRENCH).get_data(as_text=True)
    assert 'href="/players?page=2&amp;lang=en"' in body
    assert 'lang="fr" hreflang="fr" aria-current="true">Français<' in body


def test_the_app_compiles_a_missing_or_stale_catalogue(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """No step to remember: a checkout or an editable install without .mo files still speaks
    French once the app starts (here on a copy of the catalogues, so other tests keep theirs)."""
    source = tmp_path / "translations"
    shutil.copytree(catalogues.SOURCE, source, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(catalogues, "SOURCE", source)
    po = source / "fr" / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    assert mo.exists()
    assert app.config["BABEL_TRANSLATION_DIRECTORIES"] == str(source)
    with app.test_request_context("/", headers=FRENCH):
        assert gettext("New match") == "Nouvelle partie"
    old = time.time() - 3600
    os.utime(mo, (old, old))
    assert catalogues.stale(po, mo)
    create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'y.sqlite3'}"})
    assert not catalogues.stale(po, mo)
