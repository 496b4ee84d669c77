"""The ratings on the pages, in both languages: the player's (rating, uncertainty, trend),
the leaderboards (linked from the players and history pages), the night's changes, a match's
chances before it ends, and the « updating » state."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import database
from referee.store import models
from tests.helpers import Table, move, new_match, new_night
from tests.service.test_ratings import player_of, plouc, settled
from tests.web.helpers import plain

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}


@pytest.fixture
def played(app: Flask, client: FlaskClient) -> list[Table]:
    """Three matches of Carte et Plouc, Bob winning two."""
    tables = [plouc(client, winner=w) for w in (1, 0, 1)]
    settled(app)
    return tables


def test_the_player_page_shows_each_rating(client: FlaskClient, played: list[Table]) -> None:
    """Requirement: the player page shows the rating with its uncertainty, overall and per
    game, and its trend (a sparkline and the last change)."""
    bob = player_of(played[0], 1)
    page = client.get(f"/players/{bob}")
    text = plain(page)
    assert "Ratings" in text and "All games" in text and "Carte et Plouc" in text
    assert "±" in text and 'class="sparkline"' in page.get_data(as_text=True)
    assert "Rating over the last 3 matches" in page.get_data(as_text=True)


def test_the_player_page_in_french(client: FlaskClient, played: list[Table]) -> None:
    """Everything a person reads is translated: the ratings' words in French."""
    text = plain(client.get(f"/players/{player_of(played[0], 1)}", headers=FRENCH))
    assert "Cotes" in text and "Tous les jeux" in text and "Estimation ± incertitude" in text


def test_the_leaderboard_puts_the_strongest_first(client: FlaskClient,
                                                   played: list[Table]) -> None:
    """Requirement: a rating leaderboard per game (a page), best first."""
    text = plain(client.get("/ratings?game=plouc"))
    assert text.index("Bob") < text.index("Alice") < text.index("Chloé")
    assert "Nobody has a rating" not in text


def test_an_unknown_game_has_no_leaderboard_page(client: FlaskClient) -> None:
    """House rule: bad input is a clear 4xx, never a 500."""
    answer = client.get("/ratings?game=chess")
    assert answer.status_code == 404 and "chess" in plain(answer)


def test_the_players_and_history_pages_link_to_it(client: FlaskClient) -> None:
    """Requirement: the leaderboard is linked from the players and history pages."""
    for path in ("/players", "/history?game=plouc"):
        assert 'href="/ratings' in client.get(path).get_data(as_text=True), path


def test_the_pages_say_updating_while_due(app: Flask, client: FlaskClient,
                                          played: list[Table]) -> None:
    """Requirement: pages show the ratings as « updating » until done, in both languages."""
    with database(app).unit_of_work() as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    bob = player_of(played[0], 1)
    assert "updating" in plain(client.get(f"/players/{bob}"))
    assert "mise à jour" in plain(client.get(f"/players/{bob}", headers=FRENCH))
    settled(app)
    client.get("/ratings")  # a read that wakes the job for a mark left behind
    settled(app)
    assert "The ratings are being updated" not in plain(client.get(f"/players/{bob}"))


def test_the_night_page_shows_each_change(app: Flask, client: FlaskClient) -> None:
    """Requirement: the night page shows each player's rating change for the night."""
    night = new_night(client)
    plouc(client, winner=2, night_id=night.id, night_token=night.host)
    settled(app)
    text = plain(client.get(f"/nights/{night.id}"))
    assert "Ratings tonight" in text and "Chloé +" in text and "Bob -" in text
    assert "Les cotes ce soir" in plain(client.get(f"/nights/{night.id}", headers=FRENCH))


def test_the_night_tv_shows_each_change_once_rated(app: Flask, client: FlaskClient) -> None:
    """Requirement: the night's TV shows the standings and each player's rating change; its
    poll's version moves when the ratings are done, so the TV does not keep « updating »."""
    night = new_night(client)
    plouc(client, winner=2, night_id=night.id, night_token=night.host)
    settled(app)
    with database(app).unit_of_work() as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    due = client.get(f"/nights/{night.id}/tv/live").headers["ETag"]
    client.get("/ratings")  # a read that wakes the job for the mark left above
    settled(app)
    live = client.get(f"/nights/{night.id}/tv/live")
    assert live.headers["ETag"] != due
    text = plain(live)
    assert "Ratings tonight" in text and "Chloé +" in text and "Bob -" in text
    assert "Chloé +" in plain(client.get(f"/nights/{night.id}/tv", headers=FRENCH))


def test_a_match_page_gives_the_chances_before_it_ends(app: Flask, client: FlaskClient,
                                                        played: list[Table]) -> None:
    """Requirement: before a match starts, each side's chance of winning, when the seats are
    known players; none once it is over."""
    table = new_match(client, game="plouc", mode="rounds")
    text = plain(client.get(f"/m/{table.id}"))
    assert "Chances of winning" in text and "Bob" in text and "%" in text
    move(client, table, "round", None, {"winner": 0, "cards": [0, 3, 4]})
    assert "Chances of winning" not in plain(client.get(f"/m/{table.id}"))


def test_no_chances_with_a_newcomer(client: FlaskClient, played: list[Table]) -> None:
    """Requirement: the chances need every seat's player rated in the game."""
    table = new_match(client, game="plouc", mode="rounds", players=4)  # Dan never played
    assert "Chances of winning" not in plain(client.get(f"/m/{table.id}"))
