"""A backup taken while the referee is in use reads one snapshot, on SQLite and PostgreSQL:
every match in it comes with its players and its night, and the file restores whole."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from referee import create_app, database
from referee.service import backup as backups
from referee.service import matches, nights
from referee.service.matches import SeatSpec
from referee.store import models
from referee.store.db import Database

#: Writers beside the backups, and how long they write (seconds).
WRITERS = 2
WRITING = 1.5
#: The turns (a draw and a discard each) played in each match a writer creates.
TURNS = 3


def write_matches(db: Database, writer: int, stop: threading.Event,
                  failed: list[BaseException]) -> None:
    """Until ``stop``: a new night, a match in it between two new players, a few turns."""
    number = 0
    try:
        while not stop.is_set():
            number += 1
            night = nights.create(db, f"Night {writer}.{number}")
            created = matches.create_match(
                db, "citroncoco", {}, [SeatSpec(name=f"Player {writer}.{number}.{seat}")
                                       for seat in range(2)], night_id=night.night["id"],
                night_token=night.host_token)
            for turn in range(TURNS):
                seat = turn % 2
                token = created.seat_tokens[seat]
                matches.record(db, created.match.id, token, "draw", seat, {"source": "stock"})
                matches.record(db, created.match.id, token, "discard", seat, {"value": 5})
    except BaseException as error:  # noqa: BLE001 — reported by the test
        failed.append(error)


@pytest.fixture
def fresh(tmp_path: Path, sqlite_template: Path) -> Iterator[Flask]:
    """Another instance, empty (a migrated SQLite file of its own): where the backup restores."""
    path = tmp_path / "fresh.sqlite3"
    shutil.copy(sqlite_template, path)
    other = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}"})
    yield other
    database(other).engine.dispose()


def backups_while_writing(db: Database) -> list[dict[str, Any]]:
    """Backups taken one after the other while the writers create matches and log moves."""
    stop = threading.Event()
    failed: list[BaseException] = []
    writers = [threading.Thread(target=write_matches, args=(db, n, stop, failed))
               for n in range(WRITERS)]
    for writer in writers:
        writer.start()
    taken = []
    try:
        ends = time.monotonic() + WRITING
        while time.monotonic() < ends:
            taken.append(backups.dump(db))
    finally:
        stop.set()
        for writer in writers:
            writer.join(timeout=30)
    assert not failed, failed
    return taken


def logged(db: Database, match_id: int, upto: int) -> list[tuple[Any, ...]]:
    """A match's log up to ``upto``, each event with its verdict."""
    with db.reading() as session:
        return [(e.seq, e.type, e.seat, e.payload, e.verdict) for e in session.scalars(
            select(models.Event).where(models.Event.match_id == match_id,
                                       models.Event.seq <= upto).order_by(models.Event.seq))]


def test_a_backup_taken_while_matches_are_created_restores_every_match(
        app: Flask, fresh: Flask) -> None:
    """Backups taken while writers create nights, players and matches and log moves: each
    holds every player its matches seat and every night they belong to (a backup read in
    several snapshots misses those created between its statements, and its restore refuses
    the whole file), and one taken mid-way restores into an empty instance with every match's
    log and verdicts as the source had them at the backup's seq."""
    db = database(app)
    taken = backups_while_writing(db)
    assert len(taken) >= 3, "too few backups to overlap the writes"
    for data in taken:
        players = {p["id"] for p in data["players"]}
        nights = {n["id"] for n in data["nights"]}
        seated = {s["player_id"] for m in data["matches"] for s in m["seats"]}
        assert seated <= players, f"players missing: {sorted(seated - players)}"
        assert {m["night_id"] for m in data["matches"]} <= nights
    middle = taken[len(taken) // 2]
    assert middle["matches"], "the backup holds no match"
    counts = backups.restore(database(fresh), middle)
    assert counts["matches"] == len(middle["matches"])
    for item in middle["matches"]:
        upto = len(item["events"])
        assert logged(database(fresh), item["id"], upto) == logged(db, item["id"], upto), (
            f"match {item['id']} restored otherwise")
