"""CSV sheets a French spreadsheet opens as written: UTF-8 with a byte order mark, ``;`` when
asked, headers, games and statuses in the reader's language, seats counted from 1, and the
codes in columns of their own for scripts.

The figures are the hand-computed night of ``tests/night_fixture.py``.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.night_fixture import build_night

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    return build_night(client)


def sheets(night: dict[str, Any]) -> list[str]:
    """Every CSV of the night: a match's sheet, the night's results, a player's matches, the
    history page's filter."""
    return [f"/api/matches/{night['matches'][0]}/sheet.csv",
            f"/api/nights/{night['night']}/results.csv",
            f"/api/players/{night['players']['Bob']}/matches.csv", "/history.csv"]


def table(body: bytes, sep: str = ",") -> list[list[str]]:
    assert body.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=sep))


@pytest.mark.parametrize("which", range(4))
def test_every_sheet_starts_with_utf8s_byte_order_mark(
        client: FlaskClient, night: dict[str, Any], which: int) -> None:
    """A spreadsheet reads « Chloé » as written, in either language."""
    for headers in ({}, FRENCH):
        response = client.get(sheets(night)[which], headers=headers)
        assert response.status_code == 200
        assert response.data.startswith("\ufeff".encode())
        assert "Chloé" in response.data.decode("utf-8-sig") or which == 2


@pytest.mark.parametrize("which", range(4))
def test_a_semicolon_separates_the_cells_when_asked(
        client: FlaskClient, night: dict[str, Any], which: int) -> None:
    """``?sep=semicolon``: the separator French spreadsheets expect; the rows are the same."""
    address = sheets(night)[which]
    joiner = "&" if "?" in address else "?"
    semicolons = client.get(f"{address}{joiner}sep=semicolon").data
    commas = client.get(address).data
    assert b";" in semicolons.splitlines()[0]
    assert table(semicolons, ";") == table(commas)


def test_an_unknown_separator_is_refused_and_says_which_are_known(
        client: FlaskClient, night: dict[str, Any]) -> None:
    api = client.get(f"/api/nights/{night['night']}/results.csv?sep=tab")
    assert api.status_code == 422 and "semicolon" in api.get_data(as_text=True)
    page = client.get("/history.csv?sep=tab")
    assert page.status_code == 400 and "semicolon" in page.get_data(as_text=True)


def test_the_night_results_read_in_french_with_their_codes_kept(
        client: FlaskClient, night: dict[str, Any]) -> None:
    """French headers, seats from 1, « oui »/« non », the game's and the status's words; the
    game id and the status code in columns of their own."""
    rows = table(client.get(f"/api/nights/{night['night']}/results.csv?sep=semicolon",
                            headers=FRENCH).data, ";")
    assert rows[0] == ["partie", "jeu (code)", "statut (code)", "place", "joueur (id)", "joueur",
                       "score", "rang", "gagné", "points", "fautes de jeu", "jeu", "statut"]
    alice = rows[1]
    assert alice[1:4] == ["citroncoco", "finished", "1"] and alice[5] == "Alice"
    assert alice[8] == "oui" and alice[11:] == ["Le Citron Coco en individuel", "finie"]


def test_the_language_may_be_asked_in_the_address(client: FlaskClient,
                                                  night: dict[str, Any]) -> None:
    """``?lang=fr``: the pages' download links name the page's language, whatever the
    browser's Accept-Language."""
    rows = table(client.get(f"/api/matches/{night['matches'][0]}/sheet.csv?lang=fr").data)
    assert rows[0] == ["manche", "Alice", "Bob", "Chloé"] and rows[-1][0] == "total"
    assert table(client.get(f"/api/matches/{night['matches'][0]}/sheet.csv").data)[0][0] \
        == "round"


def test_the_history_sheet_reads_in_french(client: FlaskClient, night: dict[str, Any]) -> None:
    rows = table(client.get("/history.csv?lang=fr&sep=semicolon").data, ";")
    assert rows[0][:4] == ["partie", "créée le", "modifiée le", "jeu (code)"]
    assert rows[0][-2:] == ["jeu", "statut"]
    assert {r[-1] for r in rows[1:]} == {"finie", "en cours"}
    assert {r[5] for r in rows[1:]} == {"finished", "in progress"}


def test_a_players_matches_count_seats_from_1(client: FlaskClient,
                                              night: dict[str, Any]) -> None:
    """Bob sat second in the first match and first in the second: seats 2 and 1."""
    rows = table(client.get(f"/api/players/{night['players']['Bob']}/matches.csv").data)
    seat = rows[0].index("seat")
    assert [r[seat] for r in rows[1:]] == ["1", "2"]


def test_french_pages_link_their_sheets_with_semicolons(client: FlaskClient,
                                                       night: dict[str, Any]) -> None:
    """A French reader's download links ask for ``;`` and French; an English reader's for
    English and the default comma."""
    match = night["matches"][0]
    french = client.get(f"/m/{match}?lang=fr").get_data(as_text=True)
    assert f"/api/matches/{match}/sheet.csv?lang=fr&amp;sep=semicolon" in french
    english = client.get(f"/m/{match}?lang=en").get_data(as_text=True)
    assert f"/api/matches/{match}/sheet.csv?lang=en\"" in english
    history = client.get("/history?status=finished&lang=fr").get_data(as_text=True)
    assert "/history.csv?status=finished&amp;lang=fr&amp;sep=semicolon" in history


@pytest.mark.parametrize("path", ["/api/matches/{match_id}/sheet.csv",
                                  "/api/nights/{night_id}/results.csv",
                                  "/api/players/{player_id}/matches.csv"])
def test_the_openapi_document_says_how_to_ask_for_a_sheet(client: FlaskClient,
                                                         path: str) -> None:
    """``sep`` (comma or semicolon) and ``lang`` are documented query parameters."""
    document = client.get("/api/openapi.json").json
    parameters = {p["name"]: p for p in document["paths"][path]["get"]["parameters"]
                  if p["in"] == "query"}
    assert parameters["sep"]["schema"]["enum"] == ["comma", "semicolon"]
    assert set(parameters["lang"]["schema"]["enum"]) == {"en", "fr"}
