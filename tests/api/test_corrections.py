"""Corrections and disputes (DESIGN.md, "Events, corrections, disputes"): nothing is edited."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import Table, move, new_match, plain_turn


def timeline(client: FlaskClient, table: Table) -> list[dict]:
    return client.get(f"/api/matches/{table.id}/timeline").json["events"]


def test_void_keeps_the_event_and_replay_skips_it(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    bad = move(client, table, "quick_play", 2, {"slot": 1, "value": 4})  # missplay, 1 penalty
    assert bad.json["verdict"]["kind"] == "missplay"
    voided = move(client, table, "void", None, {"seq": bad.json["seq"],
                                                "reason": "logged on the wrong seat"})
    assert voided.status_code == 201
    events = timeline(client, table)
    assert len(events) == 4
    struck = events[2]
    assert struck["voided_by"] == 4 and struck["void_reason"] == "logged on the wrong seat"
    assert struck["judged_now"] is None
    assert struck["verdict"]["kind"] == "missplay"  # as judged when logged: never edited
    assert client.get(f"/api/matches/{table.id}").json["seats"][2]["missplays"] == 0


def test_void_re_judges_every_later_move(client: FlaskClient) -> None:
    """Voiding seat 0's discard makes seat 1's draw from the discard impossible now."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    assert move(client, table, "draw", 1, {"source": "discard"}).status_code == 201
    move(client, table, "void", None, {"seq": 1, "reason": "seat 0 had not drawn yet"})
    events = timeline(client, table)
    assert events[0]["voided_by"] == 4
    later = [e for e in events[1:3] if e["impossible_now"]]
    assert later, "a move that the correction made impossible is shown as such"


def test_a_void_of_a_void_is_refused(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "void", None, {"seq": 2, "reason": "typo"})
    response = move(client, table, "void", None, {"seq": 3, "reason": "undo"})
    assert response.status_code == 422
    assert response.json["where"] == "body.payload.seq"


def test_voiding_twice_is_refused(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "void", None, {"seq": 2, "reason": "typo"})
    response = move(client, table, "void", None, {"seq": 2, "reason": "again"})
    assert response.status_code == 422


def test_voiding_a_missing_event_is_refused(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "void", None, {"seq": 7, "reason": "?"})
    assert response.status_code == 422


def test_a_challenge_is_recorded_and_an_upheld_ruling_applies_the_penalty(
        client: FlaskClient) -> None:
    """CC missplays the table reports: looking at a card without permission, penalty card
    (reports accepted as logged: option ``check_reports`` off, the reading before it)."""
    table = new_match(client, options={"check_reports": False})
    plain_turn(client, table, 0)
    challenge = move(client, table, "challenge", 1, {"seq": 2, "claim": "Alice peeked"})
    assert challenge.status_code == 201
    assert challenge.json["verdict"]["rule"] == "PLATFORM-CHALLENGE"
    rule = next(iter(client.get("/api/games/citroncoco").json["reportable_missplays"]))
    ruling = move(client, table, "ruling", None,
                  {"challenge": challenge.json["seq"], "upheld": True, "rule": rule})
    assert ruling.status_code == 201
    assert ruling.json["verdict"]["kind"] == "missplay"
    assert client.get(f"/api/matches/{table.id}").json["seats"][0]["missplays"] == 1


def test_a_dismissed_ruling_changes_nothing(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    challenge = move(client, table, "challenge", 1, {"seq": 2, "claim": "that was a 6"})
    ruling = move(client, table, "ruling", None,
                  {"challenge": challenge.json["seq"], "upheld": False})
    assert ruling.json["verdict"]["kind"] == "ok"
    assert client.get(f"/api/matches/{table.id}").json["seats"][0]["missplays"] == 0


def test_a_challenge_is_ruled_once(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    challenge = move(client, table, "challenge", 1, {"seq": 2, "claim": "x"}).json["seq"]
    move(client, table, "ruling", None, {"challenge": challenge, "upheld": False})
    again = move(client, table, "ruling", None, {"challenge": challenge, "upheld": False})
    assert again.status_code == 422
    assert again.json["where"] == "body.payload.challenge"


def test_the_host_reports_a_missplay_the_table_saw(client: FlaskClient) -> None:
    """(Reports accepted as logged: option ``check_reports`` off, the reading before it.)"""
    table = new_match(client, options={"check_reports": False})
    plain_turn(client, table, 0)
    rule = next(iter(client.get("/api/games/citroncoco").json["reportable_missplays"]))
    response = move(client, table, "missplay", 1, {"rule": rule, "note": "looked at a card"},
                    token=table.host)
    assert response.status_code == 201
    assert response.json["verdict"]["kind"] == "missplay"
    assert move(client, table, "missplay", 1, {"rule": rule}).status_code == 403
