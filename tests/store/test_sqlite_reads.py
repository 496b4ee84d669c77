"""SQLite in WAL mode: reads never wait for a writer, a write that joins a page's read still
queues for the lock, and the WAL file does not keep what a long reader made it grow to."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, select, text
from sqlalchemy.orm import Session

from referee import database
from referee.service import backup as backups
from referee.store import models
from referee.store.db import WAL_SIZE_LIMIT, Database
from tests.night_fixture import build_night

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

#: How long a page may take with another connection holding the write lock (seconds).
PROMPT = 2.0
#: The busy timeout the app's connections get in these tests: a read that waited for the lock
#: fails after it (a second), not after the production 30 s.
BUSY_MS = 1000


def file_of(db: Database) -> Path:
    assert db.engine.url.database
    return Path(db.engine.url.database)


def short_busy_timeout(db: Database) -> None:
    """New connections wait BUSY_MS for a lock; the pooled ones are dropped."""
    event.listen(db.engine, "connect",
                 lambda connection, _: connection.execute(f"PRAGMA busy_timeout={BUSY_MS}"))
    db.engine.dispose()


@pytest.fixture
def write_lock_held(app: Flask) -> Iterator[sqlite3.Connection]:
    """Another process's connection, as the sqlite3 shell would be, holding the write lock."""
    outside = sqlite3.connect(file_of(database(app)), isolation_level=None)
    outside.execute("BEGIN IMMEDIATE")
    yield outside
    outside.rollback()
    outside.close()


def read_pages(night: dict[str, Any]) -> list[str]:
    """Every page and API read of a match, a player and a night, and the lists."""
    match, night_id = night["matches"][0], night["night"]
    alice, bob = night["players"]["Alice"], night["players"]["Bob"]
    return [
        "/", "/history", "/history.csv", "/players", f"/players/{alice}",
        f"/players/{alice}/versus?other={bob}", f"/players/{alice}/chart.svg",
        f"/nights/{night_id}", f"/nights/{night_id}/recap", f"/nights/{night_id}/tv",
        f"/nights/{night_id}/board.svg", f"/m/{match}", f"/m/{match}/play",
        f"/m/{match}/board", f"/m/{match}/export.json", f"/m/{match}/what-if",
        f"/m/{match}/bgstats",
        "/api/matches", f"/api/matches/{match}", f"/api/matches/{match}/events",
        f"/api/matches/{match}/state", f"/api/matches/{match}/timeline",
        f"/api/matches/{match}/standings", f"/api/matches/{match}/export",
        f"/api/matches/{match}/sheet.csv", f"/api/matches/{match}/bgstats",
        f"/api/matches/{match}/legal-moves", "/api/nights", f"/api/nights/{night_id}",
        f"/api/nights/{night_id}/board", f"/api/nights/{night_id}/results.csv",
        "/api/players", f"/api/players/{alice}", f"/api/players/{alice}/stats",
        f"/api/players/{alice}/matches.csv", f"/api/players/{alice}/versus/{bob}",
    ]


def test_every_read_answers_at_once_while_another_connection_holds_the_write_lock(
        app: Flask, request: pytest.FixtureRequest) -> None:
    """With an outside connection in BEGIN IMMEDIATE (a writer, a backup tool, a long
    import), every page and API read answers 200 well within a second or two: a read begins
    deferred and reads its WAL snapshot, it never waits for the write lock."""
    client = app.test_client()
    night = build_night(client)
    db = database(app)
    short_busy_timeout(db)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a failed read answers 500, as in production
    request.getfixturevalue("write_lock_held")
    slow = []
    for url in read_pages(night):
        started = time.monotonic()
        status = client.get(url).status_code
        took = time.monotonic() - started
        if status != 200 or took > PROMPT:
            slow.append(f"{url}: {status} in {took:.1f} s")
    assert not slow, slow


def test_a_write_joining_a_pages_read_waits_for_the_lock_and_sees_what_was_committed(
        app: Flask) -> None:
    """A unit of work that joins a page's read (begun deferred, with a snapshot older than
    another writer's commit) neither fails (SQLite's BUSY_SNAPSHOT: a deferred read cannot
    take the write lock once another writer has committed) nor skips the queue: it waits for
    the lock the outside writer holds, then writes after that writer's commit."""
    db = database(app)
    short_busy_timeout(db)
    outside = sqlite3.connect(file_of(db), isolation_level=None, check_same_thread=False)
    try:
        with db.one_read() as session:
            assert session.scalars(select(models.Player)).all() == []  # the snapshot begins
            outside.execute("BEGIN IMMEDIATE")
            outside.execute("INSERT INTO players (name, name_key, created_at) "
                            "VALUES ('Outside', 'outside', '2026-01-01 00:00:00')")
            threading.Timer(0.3, outside.commit).start()
            with db.unit_of_work() as writing:
                writing.add(models.Player(name="Inside", name_key="inside"))
                writing.flush()
                names = sorted(writing.scalars(select(models.Player.name)))
    finally:
        outside.close()
    assert names == ["Inside", "Outside"]
    with db.reading() as session:
        assert sorted(session.scalars(select(models.Player.name))) == ["Inside", "Outside"]


def wal_bytes(db: Database) -> int:
    wal = file_of(db).with_name(file_of(db).name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def test_the_wal_is_cut_back_once_a_long_reader_lets_go(app: Flask) -> None:
    """A reader holding its snapshot lets the WAL grow past WAL_SIZE_LIMIT while writers go
    on; once it lets go, the next checkpoint starts the WAL again and the file is cut back to
    the limit, instead of keeping its largest size for good."""
    db = database(app)
    blob = b"\0" * (1024 * 1024)
    reader = sqlite3.connect(file_of(db), isolation_level=None)
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE ballast (data BLOB)"))
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM players").fetchall()  # holds its snapshot
        for _ in range(WAL_SIZE_LIMIT // len(blob) + 4):
            with db.engine.begin() as connection:
                connection.execute(text("INSERT INTO ballast VALUES (:data)"), {"data": blob})
        grown = wal_bytes(db)
        assert grown > WAL_SIZE_LIMIT
    finally:
        reader.rollback()
        reader.close()
    for _ in range(2):  # a commit checkpoints the whole WAL; the next write starts it again
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM ballast"))
    assert wal_bytes(db) <= WAL_SIZE_LIMIT, (grown, wal_bytes(db))


def test_a_backup_reads_the_live_file_only_while_it_copies_its_pages(app: Flask) -> None:
    """A backup builds its document from a copy taken in one step: while it reads the copy,
    the live file has no reader, so a checkpoint can take the whole WAL back into it at once
    (TRUNCATE answers "busy" while a reader holds an older snapshot) — and what is written
    then is not in the backup."""
    build_night(app.test_client())
    db = database(app)
    checkpoints: list[tuple[int, int, int]] = []

    def write_and_checkpoint(*_: Any) -> None:
        """Once the backup has read its first row: another process writes and checkpoints."""
        if checkpoints:
            return
        outside = sqlite3.connect(file_of(db), isolation_level=None, timeout=0.2)
        try:
            outside.execute("INSERT INTO players (name, name_key, created_at) VALUES "
                            "('Late', 'late', '2026-01-01 00:00:00')")
            checkpoints.append(outside.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())
        finally:
            outside.close()

    event.listen(Session, "loaded_as_persistent", write_and_checkpoint)
    try:
        data = backups.dump(db)
    finally:
        event.remove(Session, "loaded_as_persistent", write_and_checkpoint)
    assert checkpoints == [(0, 0, 0)]  # not busy; the WAL emptied into the file
    assert "Late" not in {p["name"] for p in data["players"]}
