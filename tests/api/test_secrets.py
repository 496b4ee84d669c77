"""Secrets a seat logs from its own device are shown only to that seat and the host
(DESIGN.md, "Hidden information")."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match


def test_a_free_team_choice_is_sealed_in_the_log_but_for_its_seat_and_the_host(
        client: FlaskClient) -> None:
    """CN-TEAM-2: the free secret choice of colours."""
    table = new_match(client, game="croconounours", players=2,
                      options={"free_choice": True})
    chosen = move(client, table, "choose_team", 0, {"colours": ["red", "red", "yellow"]})
    assert chosen.status_code == 201, chosen.json
    url = f"/api/matches/{table.id}/events"
    public = client.get(url).json["events"][0]["payload"]
    rival = client.get(url, headers=auth(table.seats[1])).json["events"][0]["payload"]
    own = client.get(url, headers=auth(table.seats[0])).json["events"][0]["payload"]
    host = client.get(url, headers=auth(table.host)).json["events"][0]["payload"]
    assert public == rival == {"colours": ["sealed"] * 3}
    assert own == host == {"colours": ["red", "red", "yellow"]}
    assert client.get(f"/api/matches/{table.id}/export").json["complete"] is False


def test_a_sealed_neurotrio_token_is_hidden_in_the_log_until_the_treasure_is_known(
        client: FlaskClient) -> None:
    """NT-BID-6: tokens logged from the bidder's own device stay sealed until the end."""
    table = new_match(client, game="neurotrio", players=3)
    assert move(client, table, "start_domain", None, {"card": "coeur-noir-1"}).status_code == 201
    placed = move(client, table, "place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1})
    assert placed.status_code == 201, placed.json
    assert move(client, table, "neuro", 1).status_code == 201
    bid = move(client, table, "bid", 1, {"base": 5, "row": 0, "col": 0, "token": "2"})
    assert bid.status_code == 201, bid.json
    url = f"/api/matches/{table.id}/events"
    public = client.get(url).json["events"][-1]["payload"]
    own = client.get(url, headers=auth(table.seats[1])).json["events"][-1]["payload"]
    assert public["token"] == "sealed" and public["base"] == 5
    assert own["token"] == "2"
