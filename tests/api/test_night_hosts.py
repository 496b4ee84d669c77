"""A game night's host token, on both databases: only the night's host changes the night (its
placement points) or files a match into it (created or imported); reading a night stays public;
creating nights is rate-limited per address; a night made before nights had hosts is read-only
until the command line issues it a token; a backup keeps the night's host in control."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from referee import create_app, database
from referee.cli import main, upgrade_database
from tests.helpers import NightMade, auth, new_match, new_night
from tests.night_fixture import export_of

SEATS = [{"name": "Alice"}, {"name": "Bob"}]


def points_of(client: FlaskClient, night: int) -> list[int]:
    return list(client.get(f"/api/nights/{night}/board").json["placement_points"])


def matches_in(client: FlaskClient, night: int) -> list[int]:
    return [m["id"] for m in client.get(f"/api/nights/{night}").json["matches"]]


def put_points(client: FlaskClient, night: int, headers: dict[str, str] | None = None) -> Any:
    return client.put(f"/api/nights/{night}/points", json={"placement_points": [3, 1]},
                      headers=headers)


# --- creating a night -----------------------------------------------------------------------


def test_a_new_night_answers_its_host_token_once(client: FlaskClient) -> None:
    """201 with ``host_token``; reading the night or the list of nights never shows it."""
    made = client.post("/api/nights", json={"name": "Friday"})
    assert made.status_code == 201
    token = made.json["host_token"]
    assert isinstance(token, str) and len(token) >= 20
    assert token not in client.get(f"/api/nights/{made.json['id']}").get_data(as_text=True)
    assert token not in client.get("/api/nights").get_data(as_text=True)
    assert token not in client.get(f"/api/nights/{made.json['id']}/board").get_data(as_text=True)


def test_each_night_has_its_own_host_token(client: FlaskClient) -> None:
    assert new_night(client, "One").host != new_night(client, "Two").host


# --- the night's points ---------------------------------------------------------------------


def test_points_without_a_token_are_401_and_change_nothing(client: FlaskClient) -> None:
    """401 in the API's one error shape, ``where`` the Authorization header, as for a match."""
    night = new_night(client)
    answer = put_points(client, night.id)
    assert answer.status_code == 401
    assert answer.json["code"] == 401 and answer.json["status"] == "Unauthorized"
    assert answer.json["where"] == "header.Authorization"
    assert "host token" in answer.json["message"]
    assert points_of(client, night.id) == [5, 3, 2, 1]


def test_points_with_another_nights_token_are_403_and_change_nothing(
        client: FlaskClient) -> None:
    night, other = new_night(client, "Ours"), new_night(client, "Theirs")
    answer = put_points(client, night.id, auth(other.host))
    assert answer.status_code == 403
    assert answer.json["code"] == 403 and answer.json["where"] == "header.Authorization"
    assert points_of(client, night.id) == [5, 3, 2, 1]


def test_points_with_a_matchs_host_token_are_403(client: FlaskClient) -> None:
    """A match's host token is no night's: the two kinds of token do not mix."""
    night = new_night(client)
    table = new_match(client, players=2)
    assert put_points(client, night.id, auth(table.host)).status_code == 403
    assert points_of(client, night.id) == [5, 3, 2, 1]


def test_points_with_the_host_token_are_set(client: FlaskClient) -> None:
    night = new_night(client)
    answer = put_points(client, night.id, auth(night.host))
    assert answer.status_code == 200 and answer.json == {"placement_points": [3, 1]}
    assert points_of(client, night.id) == [3, 1]


def test_points_of_a_missing_night_are_404_whatever_the_token(client: FlaskClient) -> None:
    night = new_night(client)
    assert put_points(client, 999, auth(night.host)).status_code == 404


# --- filing a match into a night ------------------------------------------------------------


def test_a_match_into_a_night_without_a_token_is_401_and_not_made(client: FlaskClient) -> None:
    night = new_night(client)
    answer = client.post("/api/matches", json={"game": "citroncoco", "seats": SEATS,
                                               "night_id": night.id})
    assert answer.status_code == 401 and answer.json["where"] == "header.Authorization"
    assert matches_in(client, night.id) == []
    assert client.get("/api/matches").json["items"] == []


def test_a_match_into_a_night_with_another_nights_token_is_403_and_not_made(
        client: FlaskClient) -> None:
    night, other = new_night(client, "Ours"), new_night(client, "Theirs")
    answer = client.post("/api/matches", json={"game": "citroncoco", "seats": SEATS,
                                               "night_id": night.id}, headers=auth(other.host))
    assert answer.status_code == 403 and answer.json["where"] == "header.Authorization"
    assert matches_in(client, night.id) == [] and matches_in(client, other.id) == []


def test_a_match_into_a_night_with_its_host_token_is_filed_there(client: FlaskClient) -> None:
    """201; the match's own host and seat tokens are new ones, not the night's."""
    night = new_night(client)
    table = new_match(client, players=2, night_id=night.id, night_token=night.host)
    assert table.body["night_id"] == night.id and night.host not in (table.host, *table.seats)
    assert matches_in(client, night.id) == [table.id]


def test_a_match_outside_any_night_needs_no_token(client: FlaskClient) -> None:
    assert client.post("/api/matches", json={"game": "citroncoco", "seats": SEATS}
                       ).status_code == 201


def test_a_match_into_a_missing_night_is_422(client: FlaskClient) -> None:
    night = new_night(client)
    answer = client.post("/api/matches", json={"game": "citroncoco", "seats": SEATS,
                                               "night_id": 999}, headers=auth(night.host))
    assert answer.status_code == 422 and answer.json["where"] == "body.night_id"


@pytest.mark.parametrize(("token", "status"), [(None, 401), ("other", 403), ("own", 201)])
def test_an_import_into_a_night_needs_its_host_token(client: FlaskClient, token: str | None,
                                                     status: int) -> None:
    """An imported log is filed into a night as a created match is: by the night's host."""
    night, other = new_night(client, "Ours"), new_night(client, "Theirs")
    body = {**export_of(["Alice", "Bob"], {}, [], 20, 0), "night_id": night.id}
    headers = {None: None, "other": auth(other.host), "own": auth(night.host)}[token]
    answer = client.post("/api/matches/import", json=body, headers=headers)
    assert answer.status_code == status, answer.json
    assert matches_in(client, night.id) == ([answer.json["id"]] if status == 201 else [])


# --- rate limit -----------------------------------------------------------------------------


def test_night_creation_is_rate_limited_per_address(database_url: str, tmp_path: Path) -> None:
    """The API and the home page's form count together; 429 past the limit, in the API's error
    shape; another address still creates; reading the nights is not counted."""
    from tests.web.helpers import Browser

    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "RATELIMIT_NIGHTS": "2 per minute"})
    app.instance_path = str(tmp_path / "instance")
    app.test_client_class = Browser
    upgrade_database(app)
    client = app.test_client()
    assert client.post("/api/nights", json={"name": "One"}).status_code == 201
    assert client.post("/nights", data={"name": "Two"}).status_code == 303
    refused = client.post("/api/nights", json={"name": "Three"})
    assert refused.status_code == 429 and refused.json["code"] == 429
    assert "2 per minute" in refused.json["message"]
    assert refused.json["message"].startswith("Too many nights created")
    assert client.post("/nights", data={"name": "Four"}).status_code == 429
    assert client.get("/api/nights").status_code == 200
    assert [n["name"] for n in client.get("/api/nights").json["items"]] == ["Two", "One"]
    other = app.test_client()
    assert other.post("/api/nights", json={"name": "Elsewhere"},
                      environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 201
    database(app).engine.dispose()


# --- nights made before nights had hosts ----------------------------------------------------


def tokenless_night(app: Flask) -> int:
    """A night as migration 0008 leaves one made before it: no host token's hash."""
    with database(app).unit_of_work() as session:
        session.execute(text("INSERT INTO nights (name, created_at) "
                             "VALUES ('Before hosts', CURRENT_TIMESTAMP)"))
        return int(session.execute(text("SELECT MAX(id) FROM nights")).scalar_one())


def test_a_night_made_before_hosts_is_read_only(app: Flask, client: FlaskClient) -> None:
    """Readable; any token is refused (403, saying how to issue one), no match is filed in."""
    night = tokenless_night(app)
    other = new_night(client)
    assert client.get(f"/api/nights/{night}").status_code == 200
    answer = put_points(client, night, auth(other.host))
    assert answer.status_code == 403 and f"referee night-token {night}" in answer.json["message"]
    assert put_points(client, night).status_code == 403
    assert client.post("/api/matches", json={"game": "citroncoco", "seats": SEATS,
                                             "night_id": night},
                       headers=auth(other.host)).status_code == 403
    assert points_of(client, night) == [5, 3, 2, 1] and matches_in(client, night) == []


def test_the_command_line_issues_a_night_its_host_token(app: Flask, client: FlaskClient) -> None:
    """``referee night-token N`` prints a token that then sets the night's points; a second
    one replaces the first."""
    night = tokenless_night(app)
    runner = app.test_cli_runner()
    first = runner.invoke(main, ["night-token", str(night)])
    assert first.exit_code == 0, first.output
    token = first.output.split("host token: ")[1].split()[0]
    assert f"/nights/{night}/host#t={token}" in first.output
    assert put_points(client, night, auth(token)).status_code == 200
    second = runner.invoke(main, ["night-token", str(night)]).output.split("host token: ")[1]
    assert put_points(client, night, auth(token)).status_code == 403
    assert put_points(client, night, auth(second.split()[0])).status_code == 200


def test_the_command_line_refuses_a_token_for_a_missing_night(app: Flask) -> None:
    result = app.test_cli_runner().invoke(main, ["night-token", "999"])
    assert result.exit_code == 1 and "There is no night 999." in result.output


# --- backup and restore ---------------------------------------------------------------------


def test_a_restored_night_keeps_its_host(app: Flask, client: FlaskClient,
                                         tmp_path: Path) -> None:
    """The backup carries the host token's hash (never the token): after a restore into an
    empty instance the host's token still sets the points and files matches; another does not."""
    night: NightMade = new_night(client)
    other = new_night(client, "Other")
    file = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(main, ["backup", str(file)]).exit_code == 0
    assert night.host not in file.read_text()
    assert json.loads(file.read_text())["nights"][0]["host_token_hash"]
    fresh = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.db'}"})
    upgrade_database(fresh)
    assert fresh.test_cli_runner().invoke(main, ["restore", str(file)]).exit_code == 0
    restored = fresh.test_client()
    assert put_points(restored, night.id, auth(other.host)).status_code == 403
    assert put_points(restored, night.id, auth(night.host)).status_code == 200
    assert new_match(restored, players=2, night_id=night.id, night_token=night.host).id
    database(fresh).engine.dispose()


# --- the OpenAPI document ---------------------------------------------------------------------


def test_the_document_says_who_may_change_a_night(client: FlaskClient) -> None:
    """Creating a night answers its host token and links to setting its points with it;
    setting the points needs a bearer token; creating or importing a match takes one
    optionally (the night's host's, with ``night_id``)."""
    spec = client.get("/api/openapi.json").json
    created = spec["paths"]["/api/nights"]["post"]["responses"]["201"]
    schema = created["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert "host_token" in spec["components"]["schemas"][schema]["required"]
    assert created["links"]["SetNightPoints"]["operationId"] == "setNightPoints"
    assert spec["paths"]["/api/nights/{night_id}/points"]["put"]["security"] == [{"bearer": []}]
    for path in ("/api/matches", "/api/matches/import"):
        assert spec["paths"][path]["post"]["security"] == [{}, {"bearer": []}]
    assert "host token" in spec["components"]["schemas"]["MatchCreate"]["properties"][
        "night_id"]["description"]
