"""Players by name, on SQLite and PostgreSQL: names that look alike are one player wherever they
come in (the API, the creation page, an import, a restore), a name with nothing visible is
refused, and matches created at the same moment naming one new player all succeed."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from referee import database
from referee.service import backup
from referee.service.errors import Invalid
from referee.store import models
from tests.web.helpers import create, plain

#: « Chloé » as it may come in: each is the same player as the NFC name typed plainly.
LOOKALIKES = {
    "decomposed (NFD)": "Chloe\u0301",
    "zero-width space": "Chlo\u200bé",
    "zero-width joiner": "Ch\u200dloé",
    "zero-width non-joiner": "Chl\u200coé",
    "byte order mark": "\ufeffChloé",
    "soft hyphen": "Chlo\u00adé",
    "left-to-right mark": "Chloé\u200e",
    "word joiner": "Chloé\u2060",
    "variation selector": "Chloé\ufe0f",
    "control character": "Chlo\x07é",
    "spaces around, no-break space": "\u00a0 Chloé \t",
    "upper case": "CHLOÉ",
}

#: Names with nothing visible in them.
INVISIBLE = {
    "zero-width space": "\u200b",
    "format characters only": "\u200b\u200d\ufeff\u00ad\u2060",
    "spaces and a word joiner": "  \u2060  ",
    "blank braille pattern": "\u2800",
    "control characters": "\x07\x1b",
    "hangul filler": "\u3164",
}


def player_count(app: Flask) -> int:
    with database(app).reading() as session:
        return int(session.scalar(select(func.count(models.Player.id))) or 0)


def names(app: Flask) -> list[str]:
    """Every player's name, in alphabetical order."""
    with database(app).reading() as session:
        return sorted(session.scalars(select(models.Player.name)))


def created(client: FlaskClient, *names: str) -> dict[str, Any]:
    response = client.post("/api/matches", json={"game": "citroncoco",
                                                 "seats": [{"name": n} for n in names]})
    assert response.status_code == 201, response.json
    return dict(response.json)


def export_naming(*names: str) -> dict[str, Any]:
    """A match export with no move yet, naming these players."""
    return {"format": "referee-match", "version": 2, "game": "citroncoco", "options": {},
            "seats": [{"name": n} for n in names], "events": []}


# --- the same player, however the name is written --------------------------------------------


@pytest.mark.parametrize("written", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_name_written_otherwise_is_the_same_player(client: FlaskClient, app: Flask,
                                                     written: str) -> None:
    """« Chloé » with an invisible character, in NFD, with odd white space or in capitals is
    the player « Chloé » already known, kept under the name as first typed."""
    first = created(client, "Chloé", "Bob")
    again = created(client, written, "Bob")
    assert again["seats"][0]["player_id"] == first["seats"][0]["player_id"]
    assert names(app) == ["Bob", "Chloé"]


def test_a_new_player_is_stored_under_the_normal_form_of_their_name(client: FlaskClient,
                                                                   app: Flask) -> None:
    """A first name typed in NFD, with a zero-width space and runs of spaces, is stored in NFC
    without them: the name the seat shows."""
    made = created(client, "  Chloe\u0301\u200b   Martin ", "Bob")
    assert made["seats"][0]["name"] == "Chloé Martin"
    assert names(app) == ["Bob", "Chloé Martin"]


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_name_with_nothing_visible_is_refused(client: FlaskClient, app: Flask,
                                                name: str) -> None:
    response = client.post("/api/matches", json={"game": "citroncoco",
                                                 "seats": [{"name": "Bob"}, {"name": name}]})
    assert response.status_code == 422, response.json
    assert response.json["where"] == "body.seats.1.name"
    assert "visible character" in str(response.json["errors"])
    assert player_count(app) == 0 and client.get("/api/matches").json["total"] == 0


def test_the_creation_page_takes_a_lookalike_name_as_the_known_player(client: FlaskClient,
                                                                      app: Flask) -> None:
    created(client, "Chloé", "Bob")
    create(client, names=("Chloe\u0301", "Bo\u200bb"))
    assert names(app) == ["Bob", "Chloé"]


def test_the_creation_page_refuses_an_invisible_name(client: FlaskClient, app: Flask) -> None:
    response = client.post("/new/citroncoco", data={"seat": ["Alice", "\u200b\u2060"]})
    assert response.status_code == 422
    assert "name needs at least one visible character" in plain(response)
    assert player_count(app) == 0


def test_the_creation_page_says_in_french_that_a_name_is_invisible(client: FlaskClient) -> None:
    response = client.post("/new/citroncoco?lang=fr", data={"seat": ["Alice", "\u200b"]})
    assert response.status_code == 422
    assert "au moins un caractère visible" in plain(response)


def test_an_import_takes_a_lookalike_name_as_the_known_player(client: FlaskClient,
                                                            app: Flask) -> None:
    created(client, "Chloé", "Bob")
    response = client.post("/api/matches/import", json=export_naming("\ufeffCHLOE\u0301", "Bob"))
    assert response.status_code == 201, response.json
    assert names(app) == ["Bob", "Chloé"]


def test_an_import_naming_an_invisible_player_is_refused(client: FlaskClient,
                                                         app: Flask) -> None:
    response = client.post("/api/matches/import", json=export_naming("Alice", "\u200b"))
    assert response.status_code == 422, response.json
    assert response.json["where"] == "body.seats.1.name"
    assert player_count(app) == 0


def backup_of(*names: str) -> dict[str, Any]:
    return {"format": "referee-backup", "version": 1, "nights": [], "matches": [],
            "players": [{"id": i, "name": n} for i, n in enumerate(names, start=1)]}


def test_a_restore_takes_lookalike_names_as_one_player(app: Flask) -> None:
    counts = backup.restore(database(app), backup_of("Chloé", "Chloe\u0301", "Chlo\u200bé"))
    assert counts["players"] == 3  # each of the backup's players has a player here…
    assert names(app) == ["Chloé"]  # … and it is the same one


def test_a_restore_naming_an_invisible_player_is_refused(app: Flask) -> None:
    with pytest.raises(Invalid) as refused:
        backup.restore(database(app), backup_of("Alice", "\u2060"))
    assert refused.value.details["where"] == "players.1.name"
    assert player_count(app) == 0


# --- at the same moment ----------------------------------------------------------------------

THREADS = 8


def test_matches_created_at_once_naming_new_players_all_succeed_with_the_same_players(
        app: Flask) -> None:
    """Eight creations released together by a barrier, each on its own connection, name the
    same two new players (in both orders, and a quarter of them by importing a file): all
    201, every one seats the same two players, and two players exist."""
    barrier = threading.Barrier(THREADS)
    new = ("Zoé Nouvelle", "Yann Neuf")

    def one(index: int) -> tuple[int, dict[str, int]]:
        client = app.test_client()
        order = new if index % 2 == 0 else new[::-1]
        barrier.wait()
        if index % 4 == 3:
            response = client.post("/api/matches/import", json=export_naming(*order))
        else:
            response = client.post("/api/matches", json={
                "game": "citroncoco", "seats": [{"name": n} for n in order]})
        seated = {s["name"]: s["player_id"] for s in (response.json or {}).get("seats", [])}
        return response.status_code, seated

    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(one, range(THREADS)))
    assert [status for status, _ in answers] == [201] * THREADS, answers
    assert len({tuple(sorted(seated.items())) for _, seated in answers}) == 1
    assert player_count(app) == 2
