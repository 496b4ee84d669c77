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
