"""A match keeps the readings it was created under: its full options are stored at creation and
travel with its export, so a later change of a default never changes its verdicts."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.engines import REGISTRY
from referee.service.readings import INTRODUCED_IN_0002
from tests.helpers import Table, move, new_match

WITH_ONES = {"3": 36, "1": 4, "7": 4, "11": 4, "13": 4}
HANDS = {"hands": [[3, 3, 3, 3], [], [3, 3, 3, 3]]}
#: Seat 1 covers its own quick-played 3s (CC-QP-8 on, the earlier default).
OWN_COVERS = {"quick_play_on_quick_play": True}


def empty_seat_1_with_a_one(client: FlaskClient, table: Table) -> None:
    """Seat 1 quick-plays its last card, a 1 (Assault), whose power it still owes (CC-END-1)."""
    log: list[tuple[str, int, dict[str, Any]]] = [
        ("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 3}),
        *[("quick_play", 1, {"slot": 1, "value": 3})] * 3,
        ("draw", 1, {"source": "stock"}), ("replace", 1, {"slot": 1, "value": 3}),
        ("draw", 2, {"source": "stock"}), ("discard", 2, {"value": 1}),
        ("quick_play", 1, {"slot": 1, "value": 1}),
    ]
    for type_, seat, payload in log:
        assert move(client, table, type_, seat, payload).status_code == 201


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_new_match_stores_every_option_with_its_value(client: FlaskClient, game: str) -> None:
    """Every option of the game is stored, defaults filled in: the match's readings."""
    engine = REGISTRY[game]
    table = new_match(client, game, engine.min_seats)
    stored = client.get(f"/api/matches/{table.id}").json["options"]
    assert set(stored) == set(engine.options_schema().fields)


def test_a_reveal_before_the_last_power_is_refused_by_default(client: FlaskClient) -> None:
    """CC-END-1 on a new match: the reveal waits for seat 1's owed power."""
    table = new_match(client, options={"deck": WITH_ONES, **OWN_COVERS})
    empty_seat_1_with_a_one(client, table)
    response = move(client, table, "reveal", None, HANDS)
    assert response.status_code == 422 and response.json["rule"] == "CC-END-1"


def test_an_export_carries_its_options_and_imports_under_them(client: FlaskClient) -> None:
    """A match created under the earlier reading (option off) exports it and imports under it,
    though the default now refuses that reveal."""
    table = new_match(client, options={"deck": WITH_ONES, **OWN_COVERS,
                                               "power_before_reveal": False})
    empty_seat_1_with_a_one(client, table)
    assert move(client, table, "reveal", None, HANDS).status_code == 201
    exported = client.get(f"/api/matches/{table.id}/export").json
    assert exported["version"] == 3 and exported["options"]["power_before_reveal"] is False
    response = client.post("/api/matches/import?copy=true", json=exported)
    assert response.status_code == 201, response.json
    imported = response.json
    assert imported["options"] == exported["options"]
    assert imported["standings"] == exported["standings"]


def test_a_version_1_export_imports_under_the_earlier_readings(client: FlaskClient) -> None:
    """An export made before the readings were explicit lacks the new options: it imports with
    their earlier readings (the reveal stands), where a current export without them would not."""
    table = new_match(client, options={"deck": WITH_ONES, **OWN_COVERS,
                                               "power_before_reveal": False})
    empty_seat_1_with_a_one(client, table)
    move(client, table, "reveal", None, HANDS)
    exported = client.get(f"/api/matches/{table.id}/export").json
    for key in INTRODUCED_IN_0002["citroncoco"]:
        exported["options"].pop(key)
    as_current = client.post("/api/matches/import?copy=true", json=exported)
    assert as_current.status_code == 422 and as_current.json["rule"] == "CC-END-1"
    response = client.post("/api/matches/import?copy=true", json={**exported, "version": 1})
    assert response.status_code == 201, response.json
    assert response.json["options"]["power_before_reveal"] is False
    assert response.json["standings"] == exported["standings"]


def test_an_upheld_ruling_must_name_a_fault_the_table_can_have_seen(client: FlaskClient) -> None:
    """CC-COIN-3 through a challenge: seat 0 never held the coin, so the ruling is refused and
    nothing is appended; looking at a card without permission (CC-MISS-3) stands."""
    table = new_match(client)
    move(client, table, "draw", 0, {"source": "stock"})
    move(client, table, "discard", 0, {"value": 5})
    challenge = move(client, table, "challenge", 1, {"seq": 2, "claim": "Alice used a power"})
    ruling = {"challenge": challenge.json["seq"], "upheld": True, "rule": "CC-COIN-3"}
    refused = move(client, table, "ruling", None, ruling)
    assert refused.status_code == 422 and refused.json["rule"] == "CC-COIN-3"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 3
    upheld = move(client, table, "ruling", None, {**ruling, "rule": "CC-MISS-3"})
    assert upheld.status_code == 201 and upheld.json["verdict"]["kind"] == "missplay"


def test_cc_qp_8_a_version_2_export_imports_with_quick_plays_covering_quick_plays(
        client: FlaskClient) -> None:
    """CC-QP-8: an export made before the default turned off, lacking the option, imports
    with its reading then (on): seat 1's 3s covering its own stand, as they were judged."""
    table = new_match(client, options={"deck": WITH_ONES, **OWN_COVERS})
    empty_seat_1_with_a_one(client, table)
    exported = client.get(f"/api/matches/{table.id}/export").json
    exported["options"].pop("quick_play_on_quick_play")
    response = client.post("/api/matches/import?copy=true", json={**exported, "version": 2})
    assert response.status_code == 201, response.json
    assert response.json["options"]["quick_play_on_quick_play"] is True
    assert response.json["standings"] == exported["standings"]


def test_pl_zz_1_a_version_2_export_imports_with_its_immediate_contre(
        client: FlaskClient) -> None:
    """PL-ZZ-1: an export made before a contre waited for the turn's end (no ``contre_when``)
    imports with the immediate reading: its early contre keeps its verdict."""
    table = new_match(client, "plouc", 3, {"zouzou": True, "hand_size": 2, "dealer": 2,
                                           "contre_when": "immediate"})
    for seat, payload, type_ in ((2, {"card": "5H"}, "turn_up"), (0, {"cards": ["5S"]}, "play"),
                                 (1, {"cards": ["8S"]}, "play"), (2, {"cards": ["8C"]}, "play"),
                                 (1, {"target_seat": 2}, "contre")):
        assert move(client, table, type_, seat, payload).status_code == 201
    exported = client.get(f"/api/matches/{table.id}/export").json
    exported["options"].pop("contre_when")
    as_current = client.post("/api/matches/import?copy=true", json=exported)
    assert as_current.status_code == 422 and as_current.json["rule"] == "PL-ZZ-1"
    response = client.post("/api/matches/import?copy=true", json={**exported, "version": 2})
    assert response.status_code == 201, response.json
    assert response.json["options"]["contre_when"] == "immediate"
    events = exported["events"]
    imported = client.get(f"/api/matches/{response.json['id']}/events",
                          headers={"Authorization": f"Bearer {response.json['host_token']}"})
    assert [e["verdict"]["rule"] for e in imported.json["events"]] == \
        [e["verdict"]["rule"] for e in events]
