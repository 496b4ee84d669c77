"""Hostile or odd input through the pages: a page in words with a 4xx, nothing stored, and a
stray value already stored never breaks a page or an export."""

from __future__ import annotations

import io
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import database
from referee.store import models
from tests.web.helpers import create, move, plain

HUGE = "18446744073709551616"


@pytest.mark.parametrize("address", [
    f"/history?player={HUGE}", f"/history?night={HUGE}",
    f"/players?page={HUGE}", "/players?page=" + "9" * 5000, f"/new?night={HUGE}",
])
def test_page_integers_beyond_their_range_are_400(client: FlaskClient, address: str) -> None:
    create(client)  # player 1 exists
    response = client.get(address)
    assert response.status_code == 400 and "must be at most" in plain(response)


@pytest.mark.parametrize("address", [
    f"/history?before=1.{HUGE}", f"/history?after={HUGE}{HUGE}.1", "/history?before=" + "9" * 5000,
    f"/players/1?before=1.{HUGE}", "/players/1?after=" + "9" * 5000 + ".1",
])
def test_page_cursors_beyond_their_range_are_refused(client: FlaskClient, address: str) -> None:
    """History pages by key: a cursor the pages never made is refused in words, never a 500."""
    create(client)  # player 1 exists
    response = client.get(address)
    assert response.status_code == 422 and "is not a page cursor" in plain(response)


def test_the_play_pages_logged_beyond_range_is_400(client: FlaskClient) -> None:
    made = create(client)
    response = client.get(f"/m/{made.id}/play?logged={HUGE}")
    assert response.status_code == 400


def test_a_new_match_following_a_huge_id_is_refused(client: FlaskClient) -> None:
    response = client.post("/new/citroncoco", data={"seat": ["A", "B"], "follows": HUGE})
    assert 400 <= response.status_code < 500
    assert client.get("/api/matches").get_json()["total"] == 0


@pytest.mark.parametrize("form", [{"name": "Fri\x00day"}])
def test_nul_in_a_nights_name_is_refused(client: FlaskClient, form: dict[str, str]) -> None:
    response = client.post("/nights", data=form)
    assert response.status_code == 422 and "NUL" in plain(response)
    assert client.get("/api/nights").get_json()["items"] == []


def test_nul_in_a_players_name_is_refused(client: FlaskClient) -> None:
    response = client.post("/new/citroncoco", data={"seat": ["Al\x00ice", "Bob"]})
    assert response.status_code == 422 and "NUL" in plain(response)
    assert client.get("/api/players").get_json()["items"] == []


def test_a_huge_number_in_a_move_form_is_explained(client: FlaskClient) -> None:
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    response = move(client, made.id, "discard", 0, {"p.value": "9" * 5000})
    assert response.status_code == 422 and "whole number up to" in plain(response)


def test_a_move_form_larger_than_64_kib_is_413_in_words(client: FlaskClient) -> None:
    """A move posted with a 100 KB field: the page says the request is too large (413) and
    logs nothing; the error page, which links back to the pad, never reads the body again."""
    made = create(client)
    response = move(client, made.id, "draw", 0, {"p.source": "stock", "p.claim": "x" * 100_000})
    assert response.status_code == 413 and "What was sent is too large" in plain(response)
    assert client.get(f"/api/matches/{made.id}").get_json()["last_seq"] == 0


def test_a_hostile_seat_in_an_imported_file_is_refused(client: FlaskClient) -> None:
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    data = json.loads(client.get(f"/m/{made.id}/export.json").get_data())
    data["events"][0]["seat"] = 10**30
    response = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()),
                                                      "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "events" in plain(response)
    assert client.get("/api/matches").get_json()["total"] == 1


def test_a_deeply_nested_imported_file_is_refused(client: FlaskClient) -> None:
    body = b"[" * 100000 + b"]" * 100000
    response = client.post("/import", data={"file": (io.BytesIO(body[:60000]), "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "nests deeper" in plain(response)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_stored_lone_surrogate_never_breaks_the_match_page_or_its_export(
        app: Flask, client: FlaskClient) -> None:
    """A value stored in JSON before the policy (only SQLite can hold one: PostgreSQL refuses
    it), in a note and in a seat's name."""
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    move(client, made.id, "challenge", None, {"p.seq": "1", "p.claim": "peeked"}, back="match")
    with database(app).unit_of_work() as session:
        event = session.query(models.Event).filter_by(match_id=made.id, seq=2).one()
        event.payload = {**event.payload, "claim": "peeked \udc80"}
        summary = session.get(models.MatchSummary, made.id)
        summary.seat_names = ["Alice \udc80", "Bob"]
    for address in (f"/m/{made.id}", f"/m/{made.id}/export.json", f"/m/{made.id}/play",
                    f"/m/{made.id}/board", "/players/1", "/history"):
        response = client.get(address)
        assert response.status_code == 200, address
    exported = client.get(f"/m/{made.id}/export.json").get_data().decode("utf-8")
    assert "peeked \ufffd" in exported


# --- every form, fuzzed ----------------------------------------------------------------------

FORMS = ["/nights", "/new/citroncoco", "/new/plouc", "/m/{id}/moves", "/m/{id}/leave",
         "/m/{id}/seats/1/token", "/import"]
NAMES = ["name", "seat", "follows", "night", "type", "back", "key", "p.source", "p.value",
         "p.hands", "p.slot", "p.seq", "p.claim", "o.target", "grid.hands", "grid.hands.0.0",
         "part.cards.0", "records.draws", "records.draws.0"]
TEXT = st.one_of(st.text(max_size=30), st.integers().map(str),
                 st.sampled_from([HUGE, "9" * 5000, "-1", "", "draw", "reveal", "1e999",
                                  "\x00", "[[[[[[[[[[", "stock"]))


@pytest.mark.property  # its @given is inside, out of the reach of tests/conftest.py
def test_fuzzed_form_posts_never_answer_5xx(app: Flask, client: FlaskClient) -> None:
    """Random fields (and raw bytes) posted to every form, with the page's CSRF token."""
    made = create(client)
    token = client.csrf_token()

    @settings(max_examples=60, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(address=st.sampled_from(FORMS),
           fields=st.dictionaries(st.sampled_from(NAMES), TEXT, max_size=6),
           raw=st.one_of(st.none(), st.binary(max_size=40)))
    def post(address: str, fields: dict[str, str], raw: bytes | None) -> None:
        url = address.replace("{id}", str(made.id))
        if raw is not None:
            body = b"csrf_token=" + token.encode() + b"&name=" + re.sub(
                rb"[&=]", b"", raw).replace(b"%", b"%25") + b"%ff%fe"
            response = client.post(url, data=body,
                                   content_type="application/x-www-form-urlencoded")
        else:
            response = client.post(url, data={**fields, "csrf_token": token})
        assert response.status_code < 500, (url, fields, raw)

    post()
