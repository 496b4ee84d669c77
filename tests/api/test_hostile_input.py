"""Hostile or merely odd input at the API: refused with a 4xx saying what and where, nothing
changed, never a 500 (the validation policy at the edges, referee/edge/validation.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from referee import database
from referee.service import backup
from referee.service.errors import Invalid
from referee.store.bounds import (
    ACTOR_LENGTH,
    HASH_LENGTH,
    IDEMPOTENCY_KEY_LENGTH,
    INT32_MAX,
    MODE_LENGTH,
    NAME_LENGTH,
    NIGHT_NAME_LENGTH,
    TYPE_LENGTH,
    UUID_LENGTH,
)
from tests.helpers import Table, auth, move, new_match, new_night
from tests.web.helpers import create
from tests.web.helpers import move as web_move


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
    assert response.json["where"] == "body.events.0.recorded_at"
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
    assert response.json["where"] == "body.events.0.schema_version"
    assert "Arbitre plus récent" in response.json["message"]
    assert client.get("/api/matches").json["total"] == 1


def test_an_import_naming_a_seat_the_match_lacks_is_refused(client: FlaskClient,
                                                            table: Table) -> None:
    data = export_of(client, table)
    data["events"][0]["seat"] = 7
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 422 and response.json["where"] == "body.events.0.seat"


def test_an_import_keeps_the_actor_it_was_given(client: FlaskClient, table: Table) -> None:
    data = export_of(client, table)
    response = client.post("/api/matches/import?copy=true", json=data)
    assert response.status_code == 201
    events = client.get(f"/api/matches/{response.json['id']}/events").json["events"]
    assert events[0]["actor"] == data["events"][0]["actor"]


def test_trace_on_a_page_is_not_allowed(client: FlaskClient) -> None:
    response = client.open("/history", method="TRACE")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]


# --- the columns' bounds, checked at the edge: never the database's error --------------------

INT32_OVER = str(INT32_MAX + 1)  # the first number an INTEGER column cannot hold
#: The bounds are PostgreSQL's (SQLite holds any length and 64-bit integers): walked there.
on_postgresql = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


def fingerprint(client: FlaskClient, table: Table) -> tuple[int, int, int]:
    """What a refused request must leave as it was: the matches, the players, the log."""
    players = len(client.get("/api/players?per_page=200").json["items"])
    return client.get("/api/matches").json["total"], players, last_seq(client, table)


@on_postgresql
@pytest.mark.parametrize("if_match", [f'"{INT32_OVER}"', f'W/"{INT32_OVER}"', '"999999999999"'])
def test_an_if_match_beyond_any_seq_is_refused(client: FlaskClient, table: Table,
                                               if_match: str) -> None:
    """If-Match past the largest seq a log can reach (an INTEGER): 400 naming the header, the
    move not logged (the database was asked nothing about it)."""
    before = fingerprint(client, table)
    response = move(client, table, "draw", 1, {"source": "stock"},
                    headers={"If-Match": if_match})
    assert response.status_code == 400, response.json
    assert response.json["where"] == "header.If-Match"
    assert str(INT32_MAX) in response.json["message"]
    assert fingerprint(client, table) == before


@on_postgresql
@pytest.mark.parametrize("address", [
    f"/api/matches/{INT32_OVER}", f"/api/matches/{INT32_OVER}/events",
    f"/api/matches/{INT32_OVER}/state", f"/api/matches/{INT32_OVER}/timeline",
    f"/api/matches/{INT32_OVER}/standings", f"/api/matches/{INT32_OVER}/export",
    f"/api/matches/{INT32_OVER}/legal-moves", f"/api/matches/{INT32_OVER}/sheet.csv",
    f"/api/players/{INT32_OVER}", f"/api/players/{INT32_OVER}/stats",
    f"/api/nights/{INT32_OVER}", f"/api/nights/{INT32_OVER}/board",
    f"/m/{INT32_OVER}", f"/m/{INT32_OVER}/play", f"/m/{INT32_OVER}/board",
    f"/nights/{INT32_OVER}", f"/players/{INT32_OVER}", f"/players/{INT32_OVER}/versus",
])
def test_an_id_beyond_its_column_is_not_found(client: FlaskClient, address: str) -> None:
    """A path's id that no INTEGER column holds names nothing: 404, not the database's
    overflow."""
    assert client.get(address).status_code == 404


@on_postgresql
@pytest.mark.parametrize("query", [
    f"events?after={INT32_OVER}", f"state?at={INT32_OVER}", f"timeline?before={INT32_OVER}",
    f"timeline?after={INT32_OVER}",
])
def test_a_seq_in_a_query_beyond_its_column_is_refused(client: FlaskClient, table: Table,
                                                       query: str) -> None:
    response = client.get(f"/api/matches/{table.id}/{query}")
    assert response.status_code == 422 and response.json["where"].startswith("query.")


@on_postgresql
@pytest.mark.parametrize("query", [f"player={INT32_OVER}", f"night={INT32_OVER}",
                                   f"per_page={INT32_OVER}"])
def test_a_list_filter_beyond_its_column_is_refused(client: FlaskClient, table: Table,
                                                    query: str) -> None:
    response = client.get(f"/api/matches?{query}")
    assert response.status_code == 422 and response.json["where"].startswith("query.")


LONG_NAME = "x" * (NAME_LENGTH + 1)


@on_postgresql
@pytest.mark.parametrize("change, where", [
    ({"seats": [{"player_id": INT32_MAX + 1}, {"name": "Bob"}]}, "body.seats.0.player_id"),
    ({"night_id": INT32_MAX + 1}, "body.night_id"),
    ({"follows": INT32_MAX + 1}, "body.follows"),
    ({"seats": [{"name": LONG_NAME}, {"name": "Bob"}]}, "body.seats.0.name"),
    ({"seats": [{"name": "Ann"}, {"name": " " + "y" * NAME_LENGTH + "\u200b "}]}, None),
])
def test_a_creation_beyond_a_column_is_refused(client: FlaskClient, table: Table,
                                               change: dict[str, Any], where: str | None) -> None:
    """A player id, night, followed match or name the columns cannot hold: 422 naming it, no
    match and no player made. (A name whose invisible characters and spaces take it past 80
    is 80 characters once read, and is taken: the last case.)"""
    before = fingerprint(client, table)
    response = client.post("/api/matches", json={"game": "citroncoco", "seats": [
        {"name": "Ann"}, {"name": "Bob"}], **change})
    if where is None:
        assert response.status_code == 201 and response.json["seats"][1]["name"] == "y" * 80
        return
    assert response.status_code == 422, response.json
    assert response.json["where"] == where
    assert fingerprint(client, table) == before


@on_postgresql
@pytest.mark.parametrize("name", ["ß" * NAME_LENGTH, "\u0390" * NAME_LENGTH, "ﬃ" * NAME_LENGTH],
                         ids=["ß", "ΐ", "ﬃ"])
def test_a_name_whose_case_folded_key_is_longer_than_the_name_is_taken(
        client: FlaskClient, app: Flask, name: str) -> None:
    """80 « ß » fold to 160 characters, 80 « ΐ » or « ﬃ » to 240: the key's column holds three
    times a name, so each is a player (where the key used to overflow VARCHAR(80) on
    PostgreSQL), found again by the same name."""
    first = client.post("/api/matches", json={"game": "citroncoco",
                                               "seats": [{"name": name}, {"name": "Bob"}]})
    assert first.status_code == 201, first.json
    again = client.post("/api/matches", json={"game": "citroncoco",
                                               "seats": [{"name": name}, {"name": "Bob"}]})
    assert again.status_code == 201, again.json
    assert again.json["seats"][0]["player_id"] == first.json["seats"][0]["player_id"]


@on_postgresql
def test_a_nights_name_beyond_its_column_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/nights", json={"name": "n" * (NIGHT_NAME_LENGTH + 1)})
    assert response.status_code == 422 and response.json["where"] == "body.name"
    assert client.get("/api/nights").json["items"] == []


@on_postgresql
@pytest.mark.parametrize("seen", [INT32_MAX + 1, 10**30])
def test_a_seen_seq_beyond_its_column_is_refused(client: FlaskClient, table: Table,
                                                 seen: int) -> None:
    before = fingerprint(client, table)
    response = client.post(f"/api/matches/{table.id}/events", headers=auth(table.seats[1]),
                           json={"type": "draw", "seat": 1, "payload": {"source": "stock"},
                                 "seen": seen})
    assert response.status_code == 422 and response.json["where"] == "body.seen"
    assert fingerprint(client, table) == before


@on_postgresql
def test_an_idempotency_key_beyond_its_column_is_refused(client: FlaskClient,
                                                         table: Table) -> None:
    before = fingerprint(client, table)
    response = move(client, table, "draw", 1, {"source": "stock"}, headers={
        "Idempotency-Key": "k" * (IDEMPOTENCY_KEY_LENGTH + 1)})
    assert response.status_code == 422 and response.json["where"] == "header.Idempotency-Key"
    assert fingerprint(client, table) == before


@on_postgresql
@pytest.mark.parametrize("change, where", [
    ({"night_id": INT32_MAX + 1}, "body.night_id"),
    ({"seats": [{"name": LONG_NAME}, {"name": "Bob"}]}, "body.seats.0.name"),
])
def test_an_import_beyond_a_column_is_refused(client: FlaskClient, table: Table,
                                              change: dict[str, Any], where: str) -> None:
    before = fingerprint(client, table)
    response = client.post("/api/matches/import?copy=true",
                           json={**export_of(client, table), **change})
    assert response.status_code == 422, response.json
    assert response.json["where"] == where
    assert fingerprint(client, table) == before


@on_postgresql
def test_the_creation_page_refuses_a_name_beyond_its_column(client: FlaskClient,
                                                            table: Table) -> None:
    before = fingerprint(client, table)
    response = client.post("/new/citroncoco", data={"seat": ["Ann", LONG_NAME]})
    assert response.status_code == 422
    assert f"name is at most {NAME_LENGTH} characters" in response.get_data(as_text=True)
    assert fingerprint(client, table) == before


@on_postgresql
def test_the_creation_page_takes_a_name_whose_key_is_longer(client: FlaskClient) -> None:
    response = client.post("/new/citroncoco", data={"seat": ["ß" * NAME_LENGTH, "Bob"]})
    assert response.status_code == 303


@on_postgresql
@pytest.mark.parametrize("field, value, status, said", [
    ("expected", INT32_OVER, 400, f"seq must be between 0 and {INT32_MAX}"),
    ("key", "k" * (IDEMPOTENCY_KEY_LENGTH + 1), 422,
     f"key is at most {IDEMPOTENCY_KEY_LENGTH} characters")])
def test_a_confirmation_beyond_a_column_is_refused(client: FlaskClient, field: str,
                                                   value: str, status: int, said: str) -> None:
    """A void's confirmation page posted back with a seq or a key the columns cannot hold: a
    4xx page saying which, nothing logged."""
    made = create(client)
    host = made.host_client
    assert web_move(host, made.id, "draw", 0, {"p.source": "stock"}).status_code == 303
    preview = host.post(f"/m/{made.id}/void/1", data={"reason": "wrong seat"})
    form = dict(re.findall(r'name="(confirm|body|expected|key)" value="([^"]*)"',
                           preview.get_data(as_text=True)))
    form["body"] = form["body"].replace("&#34;", '"')
    response = host.post(f"/m/{made.id}/void/1", data={**form, field: value})
    assert response.status_code == status
    assert said in response.get_data(as_text=True)
    assert client.get(f"/api/matches/{made.id}").json["last_seq"] == 1


@on_postgresql
def test_a_move_forms_key_beyond_its_column_is_refused(client: FlaskClient) -> None:
    """A pad's move posted with a key longer than the column holds: 422 on the pad, naming the
    key, nothing logged."""
    made = create(client)
    response = web_move(made.host_client, made.id, "draw", 0, {"p.source": "stock"},
                        key="k" * (IDEMPOTENCY_KEY_LENGTH + 1))
    assert response.status_code == 422
    assert "key is at most 200 characters" in response.get_data(as_text=True)
    assert client.get(f"/api/matches/{made.id}").json["last_seq"] == 0


def a_backup(client: FlaskClient, app: Flask) -> dict[str, Any]:
    """A backup of an instance with one match (one move logged), one night, two players."""
    night = new_night(client, "Friday")
    made = new_match(client, players=2, night_id=night.id, night_token=night.host)
    assert move(client, made, "draw", 0, {"source": "stock"},
                headers={"Idempotency-Key": "k1"}).status_code == 201
    return backup.dump(database(app))


@on_postgresql
@pytest.mark.parametrize("path, value, where", [
    (("players", 0, "name"), LONG_NAME, "players.0.name"),
    (("players", 0, "name"), "\u200b", "players.0.name"),
    (("nights", 0, "name"), "n" * (NIGHT_NAME_LENGTH + 1), "nights.0.name"),
    (("matches", 0, "host_token_hash"), "h" * (HASH_LENGTH + 1), "matches.0.host_token_hash"),
    (("matches", 0, "uuid"), "u" * (UUID_LENGTH + 1), "matches.0.uuid"),
    (("matches", 0, "mode"), "m" * (MODE_LENGTH + 1), "matches.0.mode"),
    (("matches", 0, "game"), "g" * (TYPE_LENGTH + 1), "matches.0.game"),
    (("matches", 0, "events", 0, "idempotency_key"), "k" * (IDEMPOTENCY_KEY_LENGTH + 1),
     "matches.0.events"),
    (("matches", 0, "events", 0, "actor"), "a" * (ACTOR_LENGTH + 1), "matches.0.events"),
    (("matches", 0, "events", 0, "type"), "t" * (TYPE_LENGTH + 1), "matches.0.events"),
])
def test_a_restore_beyond_a_column_is_refused(client: FlaskClient, app: Flask,
                                              path: tuple[Any, ...], value: Any,
                                              where: str) -> None:
    """A backup whose value no column holds is refused naming it, before anything is written:
    restored into an emptied instance, nothing is there afterwards."""
    data = a_backup(client, app)
    item = data
    for step in path[:-1]:
        item = item[step]
    item[path[-1]] = value
    with database(app).unit_of_work() as session:  # an empty instance to restore into
        for table in ("seat_results", "match_results", "match_tallies", "match_summaries",
                      "events", "snapshots", "seats", "matches", "nights", "players"):
            session.execute(text(f"DELETE FROM {table}"))
    with pytest.raises(Invalid) as refused:
        backup.restore(database(app), data)
    assert refused.value.details["where"] == where
    assert client.get("/api/matches").json["total"] == 0
    assert client.get("/api/players").json["items"] == []
