"""A database outage is a 503 with Retry-After, never a 500, and the app recovers by itself.

PostgreSQL: a throwaway server (``tests.pgcluster``) is stopped mid-use: writes, reads, pages
and ``/healthz`` answer 503 (the pages in the reader's language), and once it is started
again the next request works (the pool replaces its dead connections).

SQLite: the database lives on a tiny tmpfs that is then filled to the brim (as root; this is
the real "database or disk is full"), or reaches its ``max_page_count`` (anywhere): writes
answer 503, ``/healthz`` says nothing can be written, reads still work.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, exc

from referee import create_app, database
from referee.cli import upgrade_database
from tests.helpers import Table, auth, new_match
from tests.pgcluster import Server, primary_server

GAME = {"game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}
DRAW = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
DISCARD = {"type": "discard", "seat": 0, "payload": {"value": 5}}


def outage_app(url: str, folder: Path, **config: Any) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": url, "OUTAGE_RETRY_AFTER": 7, **config})
    app.instance_path = str(folder)
    return app


def draw(client: FlaskClient, table: Table, what: dict[str, Any] = DRAW) -> Any:
    return client.post(f"/api/matches/{table.id}/events", json=what, headers=auth(table.host))


def assert_api_503(answer: Any, limited: bool = False) -> None:
    """The API's one error shape, with when to come back: in 7 seconds, or (where a rate limit
    counts too: a creation) when that limit's window ends, if later."""
    assert answer.status_code == 503, answer.get_data(as_text=True)[:500]
    retry_after = answer.headers["Retry-After"]
    assert retry_after == "7" or (limited and int(retry_after) >= 7), retry_after
    body = answer.get_json()
    assert body["code"] == 503 and body["status"] == "Service Unavailable"
    assert body["where"] == "database"
    assert "try again in 7 seconds" in body["message"]


# --- PostgreSQL stopped and started again ----------------------------------------------------


@pytest.fixture(scope="module")
def pg_server() -> Iterator[Server]:
    with primary_server() as server:
        yield server


@pytest.fixture(scope="module")
def pg_app(pg_server: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = outage_app(pg_server.url(), tmp_path_factory.mktemp("pg-outage"))
    upgrade_database(app)
    yield app
    database(app).engine.dispose()


@pytest.fixture(scope="module")
def pg_table(pg_app: Flask) -> Table:
    return new_match(pg_app.test_client(), players=2)


@pytest.fixture(scope="module")
def stopped(pg_server: Server, pg_app: Flask, pg_table: Table) -> Server:
    """The server stopped, for the rest of the module (the tests that need it up run first:
    one stop for all those that need it down)."""
    pg_server.stop()
    return pg_server


pg = pytest.mark.postgres


@pg
def test_the_first_request_after_postgresql_is_back_works(pg_app: Flask, pg_table: Table,
                                                          pg_server: Server) -> None:
    """The pool held connections to the server that went away: once it is back, the next
    request is served on fresh ones, no 5xx on the way."""
    client = pg_app.test_client()
    assert draw(client, pg_table).status_code == 201
    pg_server.stop()
    try:
        assert_api_503(draw(client, pg_table, DISCARD))
    finally:
        pg_server.start()
    assert client.get("/healthz").get_json() == {"status": "ok", "database": "ok",
                                                 "writable": True}
    again = draw(client, pg_table, DISCARD)
    assert again.status_code == 201, again.get_json()
    assert again.get_json()["seq"] == 2
    assert client.post("/api/matches", json=GAME).status_code == 201


@pg
def test_writes_answer_503_with_retry_after_while_postgresql_is_stopped(
        pg_app: Flask, pg_table: Table, stopped: Server) -> None:
    """Creating a match and logging a move: 503, Retry-After, the API's error shape."""
    client = pg_app.test_client()
    assert_api_503(client.post("/api/matches", json=GAME), limited=True)
    assert_api_503(draw(client, pg_table))


@pg
def test_reads_answer_503_while_postgresql_is_stopped(pg_app: Flask, pg_table: Table,
                                                      stopped: Server) -> None:
    client = pg_app.test_client()
    assert_api_503(client.get(f"/api/matches/{pg_table.id}"))
    assert_api_503(client.get("/api/matches"))


@pg
def test_a_page_answers_503_in_the_readers_language_while_postgresql_is_stopped(
        pg_app: Flask, pg_table: Table, stopped: Server) -> None:
    page = pg_app.test_client().get(f"/m/{pg_table.id}", headers={"Accept-Language": "fr"})
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "7"
    text = page.get_data(as_text=True)
    assert "Service indisponible" in text
    assert "La base de données est indisponible pour le moment" in text


@pg
def test_healthz_says_503_while_postgresql_is_stopped(pg_app: Flask, stopped: Server) -> None:
    health = pg_app.test_client().get("/healthz")
    assert health.status_code == 503
    assert health.get_json() == {"status": "unavailable", "database": "not answering",
                                 "writable": False}


# --- SQLite: the disk full -------------------------------------------------------------------


def can_mount() -> bool:
    return os.geteuid() == 0 and shutil.which("mount") is not None


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs, unmounted at the end."""
    if not can_mount():
        pytest.skip("mounting a tmpfs needs root (the max_page_count test runs anywhere)")
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine refuses a tmpfs mount: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Write a ballast file until the file system has no byte left."""
    ballast = disk / "ballast"
    with ballast.open("wb", buffering=0) as out:
        for chunk in (65536, 4096, 512, 1):
            try:
                while True:
                    out.write(b"\0" * chunk)
            except OSError:
                pass
    return ballast


@pytest.fixture
def full_disk_app(tiny_disk: Path, sqlite_template: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app's SQLite database on the tiny disk, opened (its WAL made, empty), and then the
    disk filled: the next write has nowhere to go."""
    path = tiny_disk / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    app = outage_app(f"sqlite:///{path}", tmp_path / "instance")
    client = app.test_client()
    table = new_match(client, players=2)
    app.config["table"] = table
    database(app).engine.dispose()  # a checkpoint: the WAL starts again from nothing
    assert client.get(f"/api/matches/{table.id}").status_code == 200
    fill(tiny_disk)
    yield app
    database(app).engine.dispose()


def test_with_the_disk_full_writes_answer_503(full_disk_app: Flask) -> None:
    client = full_disk_app.test_client()
    assert_api_503(client.post("/api/matches", json=GAME), limited=True)
    assert_api_503(draw(client, full_disk_app.config["table"]))


def test_with_the_disk_full_healthz_says_nothing_can_be_written(full_disk_app: Flask) -> None:
    health = full_disk_app.test_client().get("/healthz")
    assert health.status_code == 503
    assert health.get_json() == {"status": "unavailable", "database": "ok", "writable": False,
                                 "reason": "the disk is full"}


def test_with_the_disk_full_reads_still_work(full_disk_app: Flask) -> None:
    table = full_disk_app.config["table"]
    assert full_disk_app.test_client().get(f"/api/matches/{table.id}").status_code == 200


# --- SQLite: max_page_count reached (anywhere, no root needed) -------------------------------


@pytest.fixture
def capped_app(sqlite_template: Path, tmp_path: Path) -> Iterator[Flask]:
    """Every connection of the app may not grow the database past the size it has now."""
    path = tmp_path / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    app = outage_app(f"sqlite:///{path}", tmp_path / "instance",
                     RATELIMIT_ENABLED=False)  # the creations below are many

    @event.listens_for(database(app).engine, "connect")
    def cap(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("PRAGMA max_page_count = 1")  # no smaller than it is now

    database(app).engine.dispose()
    yield app
    database(app).engine.dispose()


def test_at_max_page_count_creations_answer_503_once_the_pages_are_full(
        capped_app: Flask) -> None:
    """Matches are created until one needs a page the database may not add: SQLITE_FULL,
    "database or disk is full", is a 503 with Retry-After, never a 500."""
    client = capped_app.test_client()
    answers = []
    for _ in range(60):
        answers.append(client.post("/api/matches", json=GAME))
        if answers[-1].status_code != 201:
            break
    assert_api_503(answers[-1])
    assert len(answers) > 1  # what fitted in the pages it had was written


def test_at_max_page_count_healthz_says_nothing_can_be_written(capped_app: Flask) -> None:
    health = capped_app.test_client().get("/healthz")
    assert health.status_code == 503
    assert health.get_json()["reason"] == "the database has reached its max_page_count"


def test_a_database_error_that_is_no_outage_stays_a_bug(sqlite_template: Path,
                                                        tmp_path: Path) -> None:
    """A missing table is no outage to wait out: it is not answered 503 (it goes on to the
    500 and its traceback; the test client raises it)."""
    path = tmp_path / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    app = outage_app(f"sqlite:///{path}", tmp_path / "instance")
    table = new_match(app.test_client(), players=2)
    with database(app).engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE match_summaries")
    with pytest.raises(exc.OperationalError, match="no such table"):
        draw(app.test_client(), table)
    database(app).engine.dispose()


def test_the_openapi_document_declares_the_503_of_every_operation(sqlite_template: Path,
                                                                  tmp_path: Path) -> None:
    path = tmp_path / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    app = outage_app(f"sqlite:///{path}", tmp_path / "instance")
    document = app.test_client().get("/api/openapi.json").get_json()
    operations = [operation for methods in document["paths"].values()
                  for operation in methods.values() if "responses" in operation]
    assert operations
    for operation in operations:
        unavailable = operation["responses"]["503"]
        assert "Retry-After" in unavailable["headers"]


# --- a database nobody migrated ----------------------------------------------------------------


def test_a_database_nobody_migrated_answers_503_saying_what_to_run(tmp_path: Path) -> None:
    """gunicorn started on a fresh database before ``referee db upgrade``: the pages and the
    API say the database is not ready and what its host runs, never a 500."""
    app = outage_app(f"sqlite:///{tmp_path / 'fresh.sqlite3'}", tmp_path)
    client = app.test_client()
    page = client.get("/", headers={"Accept-Language": "fr"})
    assert page.status_code == 503 and "referee db upgrade" in page.get_data(as_text=True)
    answer = client.post("/api/matches", json=GAME)
    assert answer.status_code == 503, answer.get_data(as_text=True)[:300]
    assert answer.get_json()["where"] == "database"
    assert "referee db upgrade" in answer.get_json()["message"]
    database(app).engine.dispose()
