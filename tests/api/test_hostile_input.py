"""Hostile or merely odd input at the API: refused with a 4xx saying what and where, nothing
changed, never a 500 (the validation policy at the edges, referee/validation.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import Table, auth, move, new_match


def raw_post(client: FlaskClient, url: str, text: str, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **(auth(token) if token else {})}
    return client.post(url, data=text.encode("utf-8", "surrogatepass"), headers=headers)


def last_seq(client: FlaskClient, table: Table) -> int:
    return client.get(f"/api/matches/{table.id}").json["last_seq"]


@pytest.fixture
def table(client: FlaskClient) -> Table:
    """A CitronCoco match with one move logged (so there is an event to challenge)."""
    made = new_match(client, players=2)
    assert move(client, made, "draw", 0, {"source": "stock"}).status_code == 201
    return made


def test_a_lone_surrogate_in_a_note_is_refused(client: FlaskClient, table: Table) -> None:
    """A challenge's claim (a note) holding "\\udc80", valid JSON, is not text: 422, nothing
    appended, and the match page and export still answer."""
    body = '{"type": "challenge", "seat": 1, "payload": {"seq": 1, "claim": "\\udc80"}}'
    response = raw_post(client, f"/api/matches/{table.id}/events", body, table.seats[1])
    assert response.status_code == 422
    assert "surrogate" in response.json["message"]
    assert response.json["where"] == "body.payload.claim"
    assert last_seq(client, table) == 1
    assert client.get(f"/m/{table.id}").status_code == 200
    assert client.get(f"/m/{table.id}/export.json").status_code == 200


def test_a_lone_surrogate_in_a_players_name_is_refused(client: FlaskClient) -> None:
    body = '{"game": "citroncoco", "seats": [{"name": "A\\ud800"}, {"name": "B"}]}'
    response = raw_post(client, "/api/matches", body)
    assert response.status_code == 422 and response.json["where"] == "body.seats.0.name"
    assert client.get("/api/matches").json["total"] == 0


def test_nul_in_a_note_is_refused(client: FlaskClient, table: Table) -> None:
    body = '{"type": "challenge", "seat": 1, "payload": {"seq": 1, "claim": "a\\u0000b"}}'
    response = raw_post(client, f"/api/matches/{table.id}/events", body, table.seats[1])
    assert response.status_code == 422 and "NUL" in response.json["message"]
    assert last_seq(client, table) == 1


@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a":', "}")])
def test_deeply_nested_json_is_refused(client: FlaskClient, table: Table, opening: str,
                                       closing: str) -> None:
    body = ('{"type": "draw", "seat": 0, "payload": {"source": '
            + opening * 5000 + "1" + closing * 5000 + "}}")
    response = raw_post(client, f"/api/matches/{table.id}/events", body, table.host)
    assert response.status_code == 400 and "nests deeper" in response.json["message"]
    assert last_seq(client, table) == 1


def test_an_integer_of_5000_digits_is_refused(client: FlaskClient, table: Table) -> None:
    body = '{"type": "discard", "seat": 0, "payload": {"value": ' + "9" * 5000 + "}}"
    response = raw_post(client, f"/api/matches/{table.id}/events", body, table.host)
    assert response.status_code == 400 and "too large" in response.json["message"]
    assert response.json["where"] == "body.payload.value"
    assert last_seq(client, table) == 1


def test_invalid_utf8_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/nights", data=b'{"name": "caf\xe9"}',
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "UTF-8" in response.json["message"]


@pytest.mark.parametrize("query", ["after=18446744073709551616", "after=-1",
                                   "after=" + "9" * 5000, "limit=99999999999999999999"])
def test_query_integers_beyond_their_range_are_refused(client: FlaskClient, table: Table,
                                                       query: str) -> None:
    response = client.get(f"/api/matches/{table.id}/events?{query}")
    assert response.status_code == 422, response.json
    assert response.json["where"].startswith("query.")


def test_state_at_a_huge_seq_is_refused(client: FlaskClient, table: Table) -> None:
    response = client.get(f"/api/matches/{table.id}/state?at=18446744073709551616")
    assert response.status_code == 422 and response.json["where"] == "query.at"


def test_nul_in_a_query_is_refused(client: FlaskClient) -> None:
    response = client.get("/api/matches?game=a%00b")
    assert response.status_code == 422 and response.json["where"] == "query.game"


def test_trace_is_not_allowed(client: FlaskClient, table: Table) -> None:
    response = client.open(f"/api/matches/{table.id}", method="TRACE")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]


# --- imports: every field of an event typed and bounded -----------------------------------


def export_of(client: FlaskClient, table: Table) -> dict[str, Any]:
    return client.get(f"/api/matches/{table.id}/export", headers=auth(table.host)).json


@pytest.mark.parametrize("field, value", [
    ("actor", {"seat": 0}),
    ("actor", "x" * 100),
    ("seat", "0"),
    ("seat", 10**30),
    ("schema_version", "1"),
    ("schema_version", -1),
    ("recorded_at", 1700000000),
    ("seq", "1"),
])
def test_an_import_with_a_wrongly_typed_event_field_is_refused(client: FlaskClient,
                                                               table: Table, field: str,
                                                               value: Any) -> None:
    data = export_of(client, table)
    data["events"][0][field] = value
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 422, response.json
    assert field in json.dumps(response.json["errors"])
    assert client.get("/api/matches").json["total"] == 1  # nothing imported


@pytest.mark.parametrize("value", ["yesterday", "0001-01-01T00:00:00+14:00"])
def test_an_import_with_an_event_time_the_log_cannot_keep_is_refused(
        client: FlaskClient, table: Table, value: str) -> None:
    """An event's recorded_at that is no ISO 8601 time, or one whose offset puts it before year
    1 in UTC (PostgreSQL cannot store it): 422 naming the field, nothing imported, no 500."""
    data = export_of(client, table)
    data["events"][0]["recorded_at"] = value
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 422, response.json
    assert response.json["where"] == "json.events.0.recorded_at"
    assert client.get("/api/matches").json["total"] == 1


def test_an_imported_event_time_keeps_its_instant_in_utc(client: FlaskClient,
                                                         table: Table) -> None:
    """recorded_at 2020-01-01T00:00:00+14:00 is kept as 2019-12-31T10:00:00 UTC on every
    database (SQLite used to drop the offset and keep 00:00 UTC, fourteen hours off)."""
    data = export_of(client, table)
    data["events"][0]["recorded_at"] = "2020-01-01T00:00:00+14:00"
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 201
    events = client.get(f"/api/matches/{response.json['id']}/events").json["events"]
    assert events[0]["recorded_at"] == "2019-12-31T10:00:00+00:00"


def test_an_import_with_a_move_version_from_a_newer_referee_is_refused(
        client: FlaskClient, table: Table) -> None:
    """schema_version 99 for a draw (this Referee writes version 1): the payload cannot be
    read as this version's, so the import is refused (422 naming it) rather than taken as
    version 1."""
    data = export_of(client, table)
    data["events"][0]["schema_version"] = 99
    response = client.post("/api/matches/import?copy=true", json=data,
                           headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    assert response.json["where"] == "events.0.schema_version"
    assert "Arbitre plus récent" in response.json["message"]
    assert client.get("/api/matches").json["total"] == 1


def test_an_import_naming_a_seat_the_match_lacks_is_refused(client: FlaskClient,
                                                            table: Table) -> None:
    data = export_of(client, table)
    data["events"][0]["seat"] = 7
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 422 and response.json["where"] == "events.0.seat"


def test_an_import_keeps_the_actor_it_was_given(client: FlaskClient, table: Table) -> None:
    data = export_of(client, table)
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 201
    events = client.get(f"/api/matches/{response.json['id']}/events").json["events"]
    assert events[0]["actor"] == data["events"][0]["actor"]


def test_trace_on_a_page_is_not_allowed(client: FlaskClient) -> None:
    response = client.open("/history", method="TRACE")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]
