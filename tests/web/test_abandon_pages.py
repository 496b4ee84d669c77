"""« Abandonner la partie » on the host's match page (PLATFORM-ABANDON): a confirmation that
says what it does, then the abandon logged; the history lists the match as abandoned."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import create, joined, move, plain

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}


def test_the_host_s_page_offers_to_abandon(client: FlaskClient) -> None:
    made = create(client)
    page = plain(client.get(f"/m/{made.id}", headers=FRENCH))
    assert "Abandonner la partie" in page


def test_the_confirmation_says_what_abandoning_does(client: FlaskClient) -> None:
    made = create(client)
    page = plain(client.get(f"/m/{made.id}/abandon", headers=FRENCH))
    assert "Abandonner la partie ?" in page
    assert "ne prend plus aucun coup" in page
    assert "ne compte ni dans les statistiques" in page
    assert client.get(f"/api/matches/{made.id}").json["status"] == "in progress"


def test_a_seat_s_phone_gets_no_confirmation(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    seat = joined(app, made.id, made.seats[0])
    assert seat.get(f"/m/{made.id}/abandon").status_code == 403
    assert "Abandon the match" not in plain(seat.get(f"/m/{made.id}"))


def test_confirming_abandons_and_the_history_says_so(client: FlaskClient) -> None:
    made = create(client)
    response = move(client, made.id, "abandon", None, back="match")
    assert response.status_code == 303
    assert client.get(f"/api/matches/{made.id}").json["status"] == "abandoned"
    listed = plain(client.get("/history?status=abandoned", headers=FRENCH))
    assert f"#{made.id}" in listed and "abandonnée" in listed
    assert "Abandonner la partie" not in plain(client.get(f"/m/{made.id}", headers=FRENCH))


def test_the_tv_says_the_match_was_abandoned_not_whose_turn_it_is(client: FlaskClient) -> None:
    """PLATFORM-ABANDON: an abandoned match's TV board names no player to play."""
    made = create(client)
    move(client, made.id, "abandon", None, back="match")
    board = plain(client.get(f"/m/{made.id}/board", headers=FRENCH))
    assert "Abandonnée par l'hôte." in board
    assert "À jouer" not in board


def test_voiding_the_abandon_from_the_timeline_takes_the_match_up_again(
        client: FlaskClient) -> None:
    """The void's preview, then its confirmation: the match is in progress again."""
    made = create(client)
    move(client, made.id, "abandon", None, back="match")
    preview = client.post(f"/m/{made.id}/void/1", data={"reason": "on reprend", "seen": "1"})
    assert preview.status_code == 200
    page = preview.get_data(as_text=True)
    fields = dict(re.findall(r'name="(body|expected|key)" value="([^"]*)"', page))
    confirmed = client.post(f"/m/{made.id}/void/1", data={
        "confirm": "1", **{k: html.unescape(v) for k, v in fields.items()}})
    assert confirmed.status_code == 303
    assert client.get(f"/api/matches/{made.id}").json["status"] == "in progress"
