"""An export's digest covers the log as its reader sees it (DESIGN.md, "Hidden information":
a secret a seat logs from its own device is shown only to that seat and the host until the
rules reveal it): the public's and the other seats' exports of two matches differing only in a
sealed secret carry the same digest, so the few possible secrets cannot be tried offline
against it; the host's differ. Every export still imports."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import Table, auth, move, new_match


def sealed_bid(client: FlaskClient, token: str) -> Table:
    """NT-BID-6: a Neurotrio match whose one secret is seat 1's sealed bid token."""
    table = new_match(client, game="neurotrio", players=3)
    for type_, seat, payload in [("start_domain", None, {"card": "coeur-noir-1"}),
                                 ("place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1}),
                                 ("neuro", 1, {}),
                                 ("bid", 1, {"base": 5, "row": 0, "col": 0, "token": token})]:
        assert move(client, table, type_, seat, payload).status_code == 201
    return table


def secret_teams(client: FlaskClient, colours: list[str]) -> Table:
    """CN-TEAM-2: a CrocoNounours match whose one secret is seat 0's free choice of colours."""
    table = new_match(client, game="croconounours", players=2, options={"free_choice": True})
    assert move(client, table, "choose_team", 0, {"colours": colours}).status_code == 201
    return table


SECRETS = {
    "neurotrio bid": (sealed_bid, "2", "1"),
    "croconounours teams": (secret_teams, ["red", "red", "yellow"], ["green", "green", "yellow"]),
}


def export(client: FlaskClient, table: Table, reader: str | None) -> dict[str, Any]:
    """The match's export as ``reader`` reads it: None the public, "rival" the last seat (who
    logged no secret), "host"."""
    headers = {None: {}, "rival": auth(table.seats[-1]), "host": auth(table.host)}[reader]
    response = client.get(f"/api/matches/{table.id}/export", headers=headers)
    assert response.status_code == 200
    return response.json


@pytest.mark.parametrize("secret", SECRETS)
@pytest.mark.parametrize("reader", [None, "rival"])
def test_outsiders_exports_differing_only_in_a_sealed_secret_carry_one_digest(
        client: FlaskClient, secret: str, reader: str | None) -> None:
    make, one, other = SECRETS[secret]
    first = export(client, make(client, one), reader)
    second = export(client, make(client, other), reader)
    assert first["complete"] is False
    assert first["digest"] == second["digest"]


@pytest.mark.parametrize("secret", SECRETS)
def test_the_hosts_exports_differing_in_a_secret_carry_two_digests(
        client: FlaskClient, secret: str) -> None:
    make, one, other = SECRETS[secret]
    first = export(client, make(client, one), "host")
    second = export(client, make(client, other), "host")
    assert first["complete"] is True
    assert first["digest"] != second["digest"]


def test_the_hosts_export_imports_as_a_copy_with_its_digest(client: FlaskClient) -> None:
    """The whole log, secret included, replays elsewhere: the copy's host exports it with the
    digest it came with."""
    data = export(client, sealed_bid(client, "2"), "host")
    made = client.post("/api/matches/import?copy=true", json=data)
    assert made.status_code == 201, made.json
    again = client.get(f"/api/matches/{made.json['id']}/export",
                       headers=auth(made.json["host_token"])).json
    assert again["digest"] == data["digest"]


def test_the_hosts_export_of_a_match_here_is_known_by_its_log(client: FlaskClient) -> None:
    table = sealed_bid(client, "2")
    refused = client.post("/api/matches/import", json=export(client, table, "host"))
    assert refused.status_code == 409
    assert refused.json["match_id"] == table.id and refused.json["same_log"] is True


@pytest.mark.parametrize("reader", [None, "rival"])
def test_an_outsiders_export_of_a_match_here_is_known_as_that_match(
        client: FlaskClient, reader: str | None) -> None:
    """The match's identity is its uuid, which every reader's export carries."""
    table = sealed_bid(client, "2")
    refused = client.post("/api/matches/import", json=export(client, table, reader))
    assert refused.status_code == 409 and refused.json["match_id"] == table.id


@pytest.mark.parametrize("reader", [None, "rival"])
def test_an_outsiders_export_of_a_match_here_is_its_same_log(
        client: FlaskClient, reader: str | None) -> None:
    """What the outsider's export hides is not a difference: it is the log here, as that
    reader sees it."""
    table = sealed_bid(client, "2")
    refused = client.post("/api/matches/import", json=export(client, table, reader))
    assert refused.json["same_log"] is True and "with the same log" in refused.json["message"]


def test_an_export_of_an_earlier_moment_is_not_the_same_log(client: FlaskClient) -> None:
    table = sealed_bid(client, "2")
    earlier = export(client, table, None)
    assert move(client, table, "void", None, {"seq": 2, "reason": "wrong card"}).status_code == 201
    refused = client.post("/api/matches/import", json=earlier)
    assert refused.status_code == 409 and refused.json["same_log"] is False
    assert "(4 events in the file, 5 here)" in refused.json["message"]


@pytest.mark.parametrize("secret", SECRETS)
def test_an_outsiders_export_does_not_replay_as_a_copy(client: FlaskClient,
                                                       secret: str) -> None:
    """Its sealed payloads are no moves to judge: it says so (``complete``: false), and an
    import refuses it at the payload."""
    make, one, _ = SECRETS[secret]
    data = export(client, make(client, one), None)
    refused = client.post("/api/matches/import?copy=true", json=data)
    assert refused.status_code == 422 and "payload" in refused.json["errors"]
