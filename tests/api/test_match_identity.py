"""A match keeps its identity through export and import, so that it never counts twice.

DESIGN, "Events, corrections, disputes" and the HTTP contract: a match has a uuid carried by
its export with a digest of its log; an import of a match already here is refused (409 with
``match_id``) whatever its digest, unless a copy is asked for, which is marked as a copy and
left out of the players' records.
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers import Table, move, new_match, plain_turn

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def played(client: FlaskClient) -> Table:
    """Two turns and a wrong quick play by Chloé (CC-MISS-2): a missplay in her record."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    assert move(client, table, "quick_play", 2, {"slot": 1, "value": 4}).status_code == 201
    return table


def exported(client: FlaskClient, table: Table) -> dict:
    return client.get(f"/api/matches/{table.id}/export", headers={
        "Authorization": f"Bearer {table.host}"}).json


def record(client: FlaskClient, player_id: int) -> dict:
    lines = client.get(f"/api/players/{player_id}").json["record"]
    return next(line for line in lines if line["game"] == "citroncoco")


def test_an_export_carries_the_match_uuid_and_a_digest_of_its_log(client: FlaskClient) -> None:
    table = played(client)
    data = exported(client, table)
    assert UUID.match(data["uuid"])
    assert data["uuid"] == client.get(f"/api/matches/{table.id}").json["uuid"]
    assert data["digest"].startswith("sha256:")
    plain_turn(client, table, 1)
    later = exported(client, table)
    assert later["uuid"] == data["uuid"] and later["digest"] != data["digest"]


def test_importing_a_match_already_here_is_409_with_its_id(client: FlaskClient) -> None:
    table = played(client)
    before = client.get("/api/matches").json["total"]
    response = client.post("/api/matches/import", json=exported(client, table))
    assert response.status_code == 409
    assert response.json["match_id"] == table.id
    assert response.json["where"] == "body.uuid"
    assert "already here" in response.json["message"]
    assert client.get("/api/matches").json["total"] == before


def test_an_older_export_of_the_same_match_is_refused_too(client: FlaskClient) -> None:
    """Whatever the digest: another moment of the same match's log is still that match."""
    table = played(client)
    earlier = exported(client, table)
    plain_turn(client, table, 1)
    response = client.post("/api/matches/import", json=earlier)
    assert response.status_code == 409 and response.json["match_id"] == table.id
    assert response.json["same_log"] is False


def test_a_match_imported_twice_counts_once_in_the_players_records(client: FlaskClient) -> None:
    table = played(client)
    chloe = client.get(f"/api/matches/{table.id}").json["seats"][2]["player_id"]
    assert record(client, chloe)["played"] == 1 and record(client, chloe)["missplays"] == 1
    data = exported(client, table)
    assert client.post("/api/matches/import", json=data).status_code == 409
    copy = client.post("/api/matches/import?copy=true", json=data)
    assert copy.status_code == 201
    assert record(client, chloe)["played"] == 1 and record(client, chloe)["missplays"] == 1


def test_a_copy_gets_a_new_uuid_and_is_marked_as_a_copy(client: FlaskClient) -> None:
    table = played(client)
    data = exported(client, table)
    copy = client.post("/api/matches/import?copy=true", json=data).json
    assert copy["is_copy"] is True and copy["copy_of"] == data["uuid"]
    assert UUID.match(copy["uuid"]) and copy["uuid"] != data["uuid"]
    assert copy["standings"] == data["standings"]
    assert client.get(f"/api/matches/{table.id}").json["is_copy"] is False


def test_an_export_from_another_server_keeps_its_uuid(client: FlaskClient) -> None:
    """A match not here yet is imported with the identity its export carries."""
    data = exported(client, played(client))
    data["uuid"] = "0b6f5a3e-2c1d-4e8f-9a7b-123456789abc"
    response = client.post("/api/matches/import", json=data)
    assert response.status_code == 201
    assert response.json["uuid"] == data["uuid"] and response.json["is_copy"] is False


def test_an_export_made_before_match_identities_imports_with_a_new_uuid(
        client: FlaskClient) -> None:
    data = exported(client, played(client))
    del data["uuid"], data["digest"]
    first = client.post("/api/matches/import", json=data)
    assert first.status_code == 201 and UUID.match(first.json["uuid"])
    assert first.json["is_copy"] is False


def test_a_malformed_uuid_is_422_where_it_is(client: FlaskClient) -> None:
    data = exported(client, played(client))
    data["uuid"] = "not-a-uuid"
    response = client.post("/api/matches/import", json=data)
    assert response.status_code == 422 and response.json["where"] == "body.uuid"
