"""Export a match's log and import it elsewhere: replayed and judged on the way in."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import move, new_match, plain_turn


def played(client: FlaskClient) -> dict:
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    move(client, table, "quick_play", 2, {"slot": 1, "value": 4})
    plain_turn(client, table, 1, source="discard", value=5)
    move(client, table, "void", None, {"seq": 3, "reason": "wrong seat"})
    return client.get(f"/api/matches/{table.id}/export").json


def test_export_then_import_gives_the_same_log_and_standings(client: FlaskClient) -> None:
    exported = played(client)
    assert exported["format"] == "referee-match" and len(exported["events"]) == 6
    response = client.post("/api/matches/import?copy=true", json=exported)  # it is here too
    assert response.status_code == 201
    imported = response.json
    assert imported["last_seq"] == 6
    assert imported["standings"] == exported["standings"]
    again = client.get(f"/api/matches/{imported['id']}/export").json
    strip = [{k: e[k] for k in ("seq", "type", "seat", "payload", "verdict")}
             for e in exported["events"]]
    assert [{k: e[k] for k in ("seq", "type", "seat", "payload", "verdict")}
            for e in again["events"]] == strip


def test_an_import_with_an_impossible_event_is_refused_whole(client: FlaskClient) -> None:
    exported = played(client)
    exported["events"][1]["payload"] = {"value": 99}
    before = client.get("/api/matches").json["total"]
    response = client.post("/api/matches/import?copy=true", json=exported)
    assert response.status_code == 422
    assert response.json["where"].startswith("body.events.1")
    assert client.get("/api/matches").json["total"] == before


def test_an_import_that_is_not_an_export_is_422(client: FlaskClient) -> None:
    response = client.post("/api/matches/import", json={"format": "csv"})
    assert response.status_code == 422
