"""Exports come back: a long match's export (past the 64 KiB any other request may send)
imports into another Referee, through the API and the import page, under an import limit of
its own (REFEREE_IMPORT_MAX_BYTES); past that limit the answer is a clear 413 and nothing is
stored."""

from __future__ import annotations

import io
import itertools
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.service import matches, queries
from tests.helpers import auth
from tests.web.helpers import Browser

KIB = 1024
EVENTS = 240  # a real export of this many events is well past 64 KiB


def passing_fives() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """A legal endless CitronCoco round for two seats: a 5 passed back and forth (CC-3: a
    turn is a draw, from the stock or the discard, then a discard)."""
    yield "draw", 0, {"source": "stock"}
    yield "discard", 0, {"value": 5}
    for seat in itertools.cycle([1, 0]):
        yield "draw", seat, {"source": "discard"}
        yield "discard", seat, {"value": 5}


def long_export(app: Flask, events: int = EVENTS) -> bytes:
    """The host's export of a two-seat match of ``events`` legal moves, as the API gives it."""
    moves = itertools.islice(passing_fives(), events)
    created = matches.import_match(database(app), {
        "format": queries.EXPORT_FORMAT, "version": queries.EXPORT_VERSION,
        "game": "citroncoco", "options": {}, "seats": [{"name": "Alice"}, {"name": "Bob"}],
        "events": [{"seq": seq, "type": t, "seat": s, "payload": p}
                   for seq, (t, s, p) in enumerate(moves, start=1)]})
    answer = app.test_client().get(f"/api/matches/{created.match.id}/export",
                                   headers=auth(created.host_token))
    assert answer.status_code == 200
    return answer.get_data()


@pytest.fixture
def other(sqlite_template: Path, tmp_path: Path) -> Iterator[Flask]:
    """Another Referee, on a database of its own."""
    path = tmp_path / "other.sqlite3"
    shutil.copy(sqlite_template, path)
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}"})
    app.instance_path = str(tmp_path / "other-instance")
    app.test_client_class = Browser
    yield app
    database(app).engine.dispose()


def stored(client: FlaskClient) -> int:
    return client.get("/api/matches").get_json()["total"]


def upload(client: FlaskClient, body: bytes) -> Any:
    return client.post("/import", data={"file": (io.BytesIO(body), "long.json")},
                       content_type="multipart/form-data")


def test_a_long_export_imports_into_another_referee_through_the_api(
        app: Flask, other: Flask) -> None:
    body = long_export(app)
    assert len(body) > 64 * KIB
    client = other.test_client()
    answer = client.post("/api/matches/import", data=body,
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.get_json()
    imported = client.get(f"/api/matches/{answer.get_json()['id']}").get_json()
    assert imported["last_seq"] == EVENTS
    assert imported["uuid"] == json.loads(body)["uuid"]  # the same match, not a copy


def test_a_long_export_imports_through_the_import_page(app: Flask, other: Flask) -> None:
    body = long_export(app)
    client = other.test_client()
    answer = upload(client, body)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    assert stored(client) == 1


def test_a_move_is_still_held_to_64_kib(other: Flask) -> None:
    """Only imports have the larger limit: any other body past 64 KiB is 413 as before."""
    client = other.test_client()
    answer = client.post("/api/matches", data=b'{"game": "' + b"x" * (64 * KIB) + b'"}',
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.get_json()["message"] == "The request body is larger than 64 KiB."


def test_an_import_past_its_limit_is_413_and_stores_nothing(app: Flask, other: Flask) -> None:
    """With REFEREE_IMPORT_MAX_BYTES at 96 KiB, a 100+ KiB export is refused in the API's
    error shape, saying the limit; the page says it in words; nothing is stored."""
    body = long_export(app, 400)
    assert len(body) > 100 * KIB
    other.config["IMPORT_MAX_BYTES"] = 96 * KIB
    client = other.test_client()
    answer = client.post("/api/matches/import", data=body,
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    error = answer.get_json()
    assert error["code"] == 413 and error["status"] == "Request Entity Too Large"
    assert error["message"] == "A match export to import may be at most 96 KiB."
    french = client.post("/api/matches/import", data=body, headers={
        "Content-Type": "application/json", "Accept-Language": "fr"}).get_json()
    assert french["message"] == "Un export de partie à importer fait au plus 96 Kio."
    page = upload(client, body)
    assert page.status_code == 413
    assert "A match export to import may be at most 96 KiB." in page.get_data(as_text=True)
    assert stored(client) == 0
    other.config["IMPORT_MAX_BYTES"] = len(body)  # the same export, just within the limit
    assert client.post("/api/matches/import", data=body, headers={
        "Content-Type": "application/json"}).status_code == 201
    assert stored(client) == 1


def test_the_import_limit_is_read_from_the_environment(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from referee.config import from_environment

    assert from_environment(str(tmp_path))["IMPORT_MAX_BYTES"] == 64 * KIB * KIB
    monkeypatch.setenv("REFEREE_IMPORT_MAX_BYTES", "1048576")
    assert from_environment(str(tmp_path))["IMPORT_MAX_BYTES"] == 1024 * KIB


def test_a_chunked_import_is_held_to_the_import_limit(app: Flask, other: Flask) -> None:
    """A body sent chunked (no Content-Length) is read up to the import's limit, not 64 KiB;
    past it, 413."""
    body = long_export(app)
    client = other.test_client()

    def chunked(limit: int) -> Any:
        other.config["IMPORT_MAX_BYTES"] = limit
        return client.post("/api/matches/import", input_stream=io.BytesIO(body),
                           headers={"Content-Type": "application/json"},
                           environ_overrides={"wsgi.input_terminated": True})

    assert chunked(len(body) - 1).status_code == 413
    assert stored(client) == 0
    answer = chunked(len(body))
    assert answer.status_code == 201, answer.get_json()
    assert stored(client) == 1
