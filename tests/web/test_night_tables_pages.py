"""The night page's tables through the pages' forms, on both databases: only the night's host's
browser changes the roster or seats a round (403 for another); a move to a table outside the
game's seat range is refused saying so, nothing changed; starting makes this browser each
table's host; the night's TV shows the round's tables and still answers 304 while nothing
changed."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import plain

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
NAMES = "Alice, Bob, Chloé, Dan\nEve, Fanny, Gus, Hugo"


@pytest.fixture
def night(client: FlaskClient) -> int:
    """A night made from the page: this client's browser is its host."""
    made = client.post("/nights", data={"name": "Club"})
    assert made.status_code == 303
    return int(re.search(r"/nights/(\d+)", made.location).group(1))  # type: ignore[union-attr]


def seated(client: FlaskClient, night: int) -> dict:
    assert client.post(f"/nights/{night}/roster", data={"names": NAMES}).status_code == 303
    assert client.post(f"/nights/{night}/rounds",
                       data={"game": "citroncoco", "tables": ""}).status_code == 303
    return client.get(f"/api/nights/{night}/rounds").json["rounds"][-1]


def test_the_host_adds_players_one_a_line_or_by_commas(client: FlaskClient, night: int) -> None:
    seated(client, night)
    page = plain(client.get(f"/nights/{night}", headers=FRENCH))
    assert "Joueurs présents (8)" in page
    assert "Manche 1: la proposition" in page  # plain() drops the space before ":"
    assert "Malus 0" in page


def test_another_browser_cannot_change_the_night(app: Flask, client: FlaskClient,
                                                 night: int) -> None:
    other = app.test_client()
    assert other.post(f"/nights/{night}/roster", data={"names": "Zoé"}).status_code == 403
    assert other.post(f"/nights/{night}/rounds", data={"game": "plouc"}).status_code == 403
    assert "Ajouter à la soirée" not in plain(other.get(f"/nights/{night}", headers=FRENCH))
    assert client.get(f"/api/nights/{night}/roster").json["items"] == []


def test_a_table_too_big_for_the_game_is_refused_and_nothing_changes(
        client: FlaskClient, night: int) -> None:
    """CroCoNounours is played by 2 to 4: all eight at table 1 is a 422 naming the table."""
    client.post(f"/nights/{night}/roster", data={"names": NAMES})
    client.post(f"/nights/{night}/rounds", data={"game": "croconounours"})
    before = client.get(f"/api/nights/{night}/rounds").json["rounds"][-1]
    everyone = [p["player_id"] for t in before["tables"] for p in t["players"]]
    answer = client.post(f"/nights/{night}/rounds/1",
                         data={f"p{p}": "1" for p in everyone}, headers=FRENCH)
    assert answer.status_code == 422
    assert "La table 1 compte 8 joueurs" in plain(answer)
    assert client.get(f"/api/nights/{night}/rounds").json["rounds"][-1] == before


def test_starting_makes_this_browser_each_tables_host(client: FlaskClient, night: int) -> None:
    seated(client, night)
    assert client.post(f"/nights/{night}/rounds/1/start").status_code == 303
    tables = client.get(f"/api/nights/{night}/rounds").json["rounds"][-1]["tables"]
    assert len(tables) == 2
    for table in tables:
        invite = plain(client.get(f"/m/{table['match_id']}/invite", headers=FRENCH))
        assert "Hôte" in invite and "/join/link#t=" in client.get(
            f"/m/{table['match_id']}/invite").get_data(as_text=True)


def test_the_night_tv_shows_the_rounds_tables_and_answers_304_while_unchanged(
        client: FlaskClient, night: int) -> None:
    seated(client, night)
    client.post(f"/nights/{night}/rounds/1/start")
    live = client.get(f"/nights/{night}/tv/live", headers=FRENCH)
    text = plain(live)
    assert "Manche 1" in text and "Table 1" in text and "Table 2" in text
    assert "Aucun coup encore" in text
    again = client.get(f"/nights/{night}/tv/live", headers={"If-None-Match": live.headers["ETag"]})
    assert again.status_code == 304
