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
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from flask_babel import gettext

from referee import catalogues, create_app
from referee.edge.i18n import COOKIE

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
    old = po.stat().st_mtime - 3600  # older than its text, however old the checkout is
    os.utime(mo, (old, old))
    assert catalogues.stale(po, mo)
    create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'y.sqlite3'}"})
    assert not catalogues.stale(po, mo)


def test_times_read_in_the_readers_language_and_the_servers_time_zone(tmp_path: Path) -> None:
    """Requirement: "Dates and times in the reader's locale and in the server's time zone
    (REFEREE_TIMEZONE …)": 20:00 UTC in November is 21:00 in Paris."""
    from referee.web.filters import when

    app = create_app({"TESTING": True, "TIMEZONE": "Europe/Paris",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    with app.test_request_context("/", headers=FRENCH):
        assert when("2026-11-20T20:00:00+00:00") == "20 nov. 2026 21:00"
    with app.test_request_context("/", headers={"Accept-Language": "en-US"}):
        assert when("2026-11-20T20:00:00+00:00").startswith("Nov 20, 2026 9:00")


def test_the_time_zone_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """REFEREE_TIMEZONE names the zone; unset, the machine's; unknown, a clear refusal."""
    from referee.config import machine_timezone, timezone_setting

    monkeypatch.setenv("REFEREE_TIMEZONE", "America/Montreal")
    assert timezone_setting() == "America/Montreal"
    monkeypatch.delenv("REFEREE_TIMEZONE")
    assert timezone_setting() == machine_timezone()
    monkeypatch.setenv("REFEREE_TIMEZONE", "Mars/Olympus")
    with pytest.raises(ValueError, match="REFEREE_TIMEZONE: unknown time zone 'Mars/Olympus'"):
        timezone_setting()


def test_the_api_speaks_the_clients_language_in_its_message_only(client: FlaskClient) -> None:
    """Requirement: the API's ``message`` fields follow Accept-Language; data fields do not."""
    english = client.get("/api/no-such-thing").get_json()
    french = client.get("/api/no-such-thing", headers=FRENCH).get_json()
    assert english["message"] == "There is nothing at this address."
    assert french["message"] == "Il n'y a rien à cette adresse."
    assert french["code"] == english["code"] == 404
    assert french["status"] == english["status"] == "Not Found"
    refused = client.delete("/api/games", headers=FRENCH)
    assert refused.status_code == 405
    assert refused.get_json()["message"] == "Cette adresse n'accepte pas cette méthode."


def test_an_error_page_reads_in_french(client: FlaskClient) -> None:
    response = client.get("/nowhere", headers=FRENCH)
    body = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "<h1 id=\"error-title\">Introuvable</h1>" in body
    assert "Il n&#39;y a pas de page à l&#39;adresse /nowhere." in body


def test_the_nights_image_reads_in_french(client: FlaskClient) -> None:
    """The recap's picture (an SVG drawn on the server) speaks the reader's language too."""
    night = client.post("/api/nights", json={"name": "Vendredi"}).get_json()["id"]
    image = client.get(f"/nights/{night}/board.svg", headers=FRENCH).get_data(as_text=True)
    assert "Vendredi : classement final" in image
    assert "Aucune partie terminée pour le moment." in image


def test_the_switch_on_a_page_answering_a_form_leads_somewhere_readable(
        client: FlaskClient) -> None:
    """A refused form (a night with no name, answered at /nights, which only takes forms): the
    switch opens the home page in the other language rather than a 405."""
    response = client.post("/nights", data={"name": " "}, headers=FRENCH)
    assert response.status_code == 422
    assert 'href="/?lang=en"' in response.get_data(as_text=True)
    assert client.get("/?lang=en").status_code == 200


def test_a_language_forced_inside_a_request_words_in_that_language(tmp_path: Path) -> None:
    """``replay --lang`` and the like word a sentence in a language other than the request's:
    the catalogue kept for the request must not answer for the other language, and the
    request's own language comes back after."""
    from referee.edge.i18n import told_in
    from referee.service.sentences import sentence

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    with app.test_request_context("/", headers={"Accept-Language": "en-US"}):
        assert gettext("New match") == "New match"
        assert told_in(sentence("There is no match {match}.", match=7), "fr") == (
            "Il n'y a pas de partie 7.")
        assert gettext("New match") == "New match"
