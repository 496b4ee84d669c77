"""Corrections a table can live with: dry runs, ``correct`` events, a seat's take-back.

Nothing is edited (DESIGN.md, "Events, corrections, disputes"): a void or a correction is a later
event, replay judges a correction in the replaced event's place.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import Table, auth, move, new_match, plain_turn


def dry(client: FlaskClient, table: Table, type_: str, seat: int | None,
        payload: dict[str, Any], *, token: str | None = None,
        headers: dict[str, str] | None = None) -> TestResponse:
    return client.post(f"/api/matches/{table.id}/events?dry_run=1",
                       json={"type": type_, "seat": seat, "payload": payload},
                       headers={**auth(token or table.token(seat)), **(headers or {})})


def match(client: FlaskClient, table: Table) -> dict[str, Any]:
    return client.get(f"/api/matches/{table.id}").json


def timeline(client: FlaskClient, table: Table) -> list[dict[str, Any]]:
    return client.get(f"/api/matches/{table.id}/timeline").json["events"]


@pytest.fixture
def round_with_missplay(client: FlaskClient) -> Table:
    """Two seats. #3: Bob's wrong quick play (CC-MISS-2: a penalty card, 5 cards); Alice calls
    Citron Coco (#4), Bob plays his last turn (#5, #6), the hands are revealed (#7)."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0, value=5)
    assert move(client, table, "quick_play", 1, {"slot": 1, "value": 3}
                ).json["verdict"]["kind"] == "missplay"
    assert move(client, table, "citron_coco", 0).status_code == 201
    plain_turn(client, table, 1, value=6)
    reveal = move(client, table, "reveal", None, {"hands": [[1, 2, 3, 4], [3, 6, 7, 8, 9]]})
    assert reveal.status_code == 201, reveal.json
    return table


# --- dry runs ------------------------------------------------------------------------------------


def test_a_dry_run_judges_and_appends_nothing(client: FlaskClient) -> None:
    """CC-TURN-1: the draw's verdict and standings, 200, and the log still at seq 0."""
    table = new_match(client)
    response = dry(client, table, "draw", 0, {"source": "stock"})
    assert response.status_code == 200
    assert response.json["dry_run"] is True and response.json["seq"] == 1
    assert response.json["verdict"]["rule"] == "CC-TURN-1"
    assert response.json["standings"]["unit"] == "coconuts"
    assert match(client, table)["last_seq"] == 0


def test_a_dry_run_records_no_idempotency_key(client: FlaskClient) -> None:
    table = new_match(client)
    key = {"Idempotency-Key": "draw-1"}
    assert dry(client, table, "draw", 0, {"source": "stock"}, headers=key).status_code == 200
    real = move(client, table, "draw", 0, {"source": "stock"}, headers=key)
    assert real.status_code == 201 and "Idempotent-Replayed" not in real.headers


def test_a_dry_run_is_authorised_like_its_append(client: FlaskClient) -> None:
    """A seat cannot void another seat's move, dry run or not: 403."""
    table = new_match(client)
    plain_turn(client, table, 0)
    response = dry(client, table, "void", 1, {"seq": 2, "reason": "no"})
    assert response.status_code == 403


def test_a_dry_run_keeps_the_if_match_check(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = dry(client, table, "draw", 1, {"source": "stock"}, headers={"If-Match": '"1"'})
    assert response.status_code == 409 and response.json["last_seq"] == 2


def test_a_dry_run_refuses_an_impossible_move_like_its_append(client: FlaskClient) -> None:
    """CC-TURN-1: seat 1 cannot discard before drawing: 422, dry run or not."""
    table = new_match(client)
    response = dry(client, table, "discard", 1, {"value": 4})
    assert response.status_code == 422 and response.json["kind"] == "impossible"


def test_a_void_preview_lists_the_moves_it_would_make_impossible(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """CC-MISS-2's penalty card gone, Bob holds 4 cards: the 5-card reveal (#7) is impossible."""
    response = dry(client, round_with_missplay, "void", None,
                   {"seq": 3, "reason": "Bob's 3 was logged by mistake"})
    assert response.status_code == 200
    changes = {c["seq"]: c for c in response.json["changes"]}
    assert changes[7]["type"] == "reveal"
    assert changes[7]["old"]["kind"] == "ok" and changes[7]["new"]["kind"] == "impossible"
    assert set(response.json["totals"]) == {"before", "after"}
    assert response.json["totals"]["before"] != response.json["totals"]["after"]
    assert match(client, round_with_missplay)["last_seq"] == 7  # nothing logged


# --- correct ----------------------------------------------------------------------------------


def test_a_correction_is_judged_in_the_replaced_events_place(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """CC-CALL-3: the reveal corrected to Bob's true hand; the totals follow the new values."""
    response = move(client, round_with_missplay, "correct", None, {
        "seq": 7, "reason": "Bob's 9 was a 2",
        "move": {"type": "reveal", "seat": None,
                 "payload": {"hands": [[1, 2, 3, 4], [3, 6, 7, 8, 2]]}}})
    assert response.status_code == 201, response.json
    assert response.json["seq"] == 8
    assert "Event 7 (hands revealed) corrected" in response.json["verdict"]["reason"]
    line = {ln["side"]: ln["total"] for ln in response.json["standings"]["lines"]}
    assert line["1"] == 3 + 6 + 7 + 8 + 2


def test_the_timeline_shows_the_correction_on_the_replaced_event(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """Both events are kept; the replaced one carries the move judged in its place."""
    fix = {"type": "reveal", "seat": None, "payload": {"hands": [[1, 2, 3, 4], [3, 6, 7, 8, 2]]}}
    move(client, round_with_missplay, "correct", None, {"seq": 7, "move": fix})
    events = timeline(client, round_with_missplay)
    replaced, correction = events[6], events[7]
    assert replaced["corrected_by"] == 8
    assert replaced["correction"]["payload"]["hands"][1][-1] == 2
    assert replaced["payload"]["hands"][1][-1] == 9  # as logged: never edited
    assert correction["type"] == "correct" and correction["payload"]["seq"] == 7


def test_a_correction_of_an_earlier_move_re_judges_the_later_ones_after_it(
        client: FlaskClient) -> None:
    """CC-MISS-2 then CC-QP-1: Bob's quick play corrected from a 3 to the 5 it really was;
    Chloé's later quick play of a 5 (#4) was a missplay against a gap, now it is ok."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    move(client, table, "quick_play", 1, {"slot": 1, "value": 3})
    assert move(client, table, "quick_play", 2, {"slot": 1, "value": 5}
                ).json["verdict"]["kind"] == "ok"
    move(client, table, "correct", None, {"seq": 3, "move": {
        "type": "quick_play", "seat": 1, "payload": {"slot": 1, "value": 5}}})
    events = timeline(client, table)
    assert events[2]["judged_now"]["kind"] == "ok"
    assert match(client, table)["seats"][1]["missplays"] == 0


def test_a_correction_preview_lists_what_it_changes(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """CC-QP-1: Bob's quick play (#3) corrected to the 5 it was leaves him 3 cards, so the
    5-card reveal (#7) would become impossible; the preview says so and logs nothing."""
    response = dry(client, round_with_missplay, "correct", None, {"seq": 3, "move": {
        "type": "quick_play", "seat": 1, "payload": {"slot": 1, "value": 5}}})
    assert response.status_code == 200
    changes = {c["seq"]: c for c in response.json["changes"]}
    assert changes[7]["new"]["kind"] == "impossible"  # Bob holds 3 cards then, not 5
    assert match(client, round_with_missplay)["last_seq"] == 7


def test_a_move_made_impossible_by_a_correction_can_itself_be_corrected(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """CC-CALL-3: after the void of #3 the 5-card reveal is impossible; its correction to Bob's
    4 cards makes the round count again."""
    move(client, round_with_missplay, "void", None, {"seq": 3, "reason": "mistake"})
    assert timeline(client, round_with_missplay)[6]["impossible_now"]
    response = move(client, round_with_missplay, "correct", None, {"seq": 7, "move": {
        "type": "reveal", "seat": None, "payload": {"hands": [[1, 2, 3, 4], [6, 7, 8, 9]]}}})
    assert response.status_code == 201, response.json
    events = timeline(client, round_with_missplay)
    assert events[6]["impossible_now"] is None and events[6]["judged_now"]["kind"] == "ok"


def test_a_correction_that_cannot_have_happened_is_refused(
        client: FlaskClient, round_with_missplay: Table) -> None:
    """CC-CALL-3: a reveal with hands of the wrong sizes cannot replace the reveal: 422."""
    response = move(client, round_with_missplay, "correct", None, {"seq": 7, "move": {
        "type": "reveal", "seat": None, "payload": {"hands": [[1, 2], [3]]}}})
    assert response.status_code == 422
    assert response.json["where"] == "body.payload.move" and response.json["kind"] == "impossible"
    assert match(client, round_with_missplay)["last_seq"] == 7


@pytest.mark.parametrize(("payload", "where"), [
    ({"seq": 99, "move": {"type": "draw", "seat": 0, "payload": {"source": "stock"}}},
     "body.payload.seq"),
    ({"seq": 1, "move": {"type": "fly", "seat": 0, "payload": {}}}, "body.payload.move.type"),
    ({"seq": 1, "move": {"type": "draw", "seat": 7, "payload": {"source": "stock"}}},
     "body.payload.move.seat"),
    ({"seq": 1, "move": {"type": "draw", "seat": 0, "payload": {"source": "sky"}}},
     "body.payload.move.payload"),
])
def test_a_malformed_correction_says_where(client: FlaskClient, payload: dict[str, Any],
                                           where: str) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = move(client, table, "correct", None, payload)
    assert response.status_code == 422 and response.json["where"] == where


def test_only_the_host_corrects(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = move(client, table, "correct", 0, {"seq": 2, "move": {
        "type": "discard", "seat": 0, "payload": {"value": 6}}})
    assert response.status_code == 403


def test_a_voided_correction_restores_the_move_it_replaced(
        client: FlaskClient, round_with_missplay: Table) -> None:
    fix = {"type": "reveal", "seat": None, "payload": {"hands": [[1, 2, 3, 4], [3, 6, 7, 8, 2]]}}
    move(client, round_with_missplay, "correct", None, {"seq": 7, "move": fix})
    move(client, round_with_missplay, "void", None, {"seq": 8, "reason": "it was a 9 after all"})
    events = timeline(client, round_with_missplay)
    assert events[6]["corrected_by"] is None
    totals = {ln["side"]: ln["total"] for ln in
              client.get(f"/api/matches/{round_with_missplay.id}/standings").json["lines"]}
    assert totals["1"] == 3 + 6 + 7 + 8 + 9


def test_export_and_import_replay_a_correction_identically(
        client: FlaskClient, round_with_missplay: Table) -> None:
    fix = {"type": "reveal", "seat": None, "payload": {"hands": [[1, 2, 3, 4], [3, 6, 7, 8, 2]]}}
    move(client, round_with_missplay, "correct", None, {"seq": 7, "move": fix})
    exported = client.get(f"/api/matches/{round_with_missplay.id}/export",
                          headers=auth(round_with_missplay.host)).json
    imported = client.post("/api/matches/import?copy=true", json=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["standings"] == match(client, round_with_missplay)["standings"]
    copy = client.get(f"/api/matches/{imported.json['id']}/timeline").json["events"]
    assert copy[6]["corrected_by"] == 8


# --- a seat takes back its own slip ----------------------------------------------------------


def test_a_seat_takes_back_its_own_last_draw(client: FlaskClient) -> None:
    """CC-TURN-1: Alice drew by mistake; she takes it back herself, and the void says who."""
    table = new_match(client)
    move(client, table, "draw", 0, {"source": "stock"})
    response = move(client, table, "void", 0, {"seq": 1, "reason": "tapped draw by mistake"})
    assert response.status_code == 201, response.json
    events = timeline(client, table)
    assert events[0]["voided_by"] == 2
    assert events[1]["actor"] == "seat:0" and events[1]["recorded_at"]
    assert client.get(f"/api/matches/{table.id}/state").json["table"]["turn"] == 0


def test_a_take_back_without_a_reason_is_kept_as_data(client: FlaskClient) -> None:
    """CC-TURN-1: Alice takes back her draw and says nothing: the log keeps who took it back
    (a message id and its parameters), and each reader reads it in their own words."""
    table = new_match(client)
    move(client, table, "draw", 0, {"source": "stock"})
    response = move(client, table, "void", 0, {"seq": 1})
    assert response.status_code == 201, response.json
    verdict = response.json["verdict"]
    assert verdict["message_id"] == "platform.void.taken_back"
    assert verdict["params"] == {"seat": 0, "voided": 1, "type": "draw"}
    events = client.get(f"/api/matches/{table.id}/events").json["events"]
    assert events[1]["payload"] == {"seq": 1, "reason": ""}
    french = client.get(f"/api/matches/{table.id}/timeline",
                        headers={"Accept-Language": "fr"}).json["events"]
    assert french[1]["verdict"]["reason"].startswith("Alice reprend son coup n° 1")


def test_the_host_says_why_a_move_is_voided(client: FlaskClient) -> None:
    """Only a seat taking back its own move may leave the reason out."""
    table = new_match(client)
    move(client, table, "draw", 0, {"source": "stock"})
    response = move(client, table, "void", None, {"seq": 1})
    assert response.status_code == 422 and response.json["where"] == "body.payload.reason"
    assert len(timeline(client, table)) == 1


def test_a_seat_cannot_take_back_a_move_followed_by_another(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = move(client, table, "void", 0, {"seq": 1, "reason": "oops"})
    assert response.status_code == 403 and "last move" in response.json["message"]


def test_a_seat_cannot_take_back_another_seats_move(client: FlaskClient) -> None:
    table = new_match(client)
    move(client, table, "draw", 0, {"source": "stock"})
    assert move(client, table, "void", 1, {"seq": 1, "reason": "oops"}).status_code == 403


def test_a_seat_cannot_take_back_a_missplay(client: FlaskClient) -> None:
    """CC-MISS-2: the penalty cannot be dodged by taking the quick play back."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    move(client, table, "quick_play", 1, {"slot": 1, "value": 3})
    response = move(client, table, "void", 1, {"seq": 3, "reason": "oops"})
    assert response.status_code == 403 and "missplay" in response.json["message"]


def test_a_seat_cannot_take_back_a_call(client: FlaskClient) -> None:
    """CC-CALL-1: « Citron Coco » said at the table stands; the host rules."""
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "citron_coco", 0)
    response = move(client, table, "void", 0, {"seq": 3, "reason": "oops"})
    assert response.status_code == 403 and "call" in response.json["message"]
    assert move(client, table, "void", None, {"seq": 3, "reason": "host"}).status_code == 201


def test_each_game_declares_its_calls(client: FlaskClient) -> None:
    """The move vocabulary says which moves are calls (a seat cannot take them back)."""
    moves = {g["id"]: g["moves"] for g in client.get("/api/games").json}
    assert moves["citroncoco"]["citron_coco"]["call"] is True
    assert moves["citroncoco"]["draw"]["call"] is False
    assert moves["citroncoco-teams"]["nano"]["call"] is True
    assert moves["plouc"]["announce"]["call"] is True
    assert moves["neurotrio"]["deux_cartes"]["call"] is True


def test_a_seat_cannot_void_an_earlier_move_by_spelling_its_seq_as_text(
        client: FlaskClient) -> None:
    """The take-back rule reads the seq as the void's schema loads it."""
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "draw", 1, {"source": "stock"})
    response = move(client, table, "void", 1, {"seq": "2", "reason": "oops"})
    assert response.status_code == 403
