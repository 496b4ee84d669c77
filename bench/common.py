"""Shared set-up for the benchmarks: an app on a fresh database and a long CitronCoco match."""

from __future__ import annotations

import argparse
import atexit
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import create_engine, text

from referee import create_app, database
from referee.cli import upgrade_database
from referee.service import matches, queries


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--database", default="sqlite",
                   help="sqlite (a fresh temporary file) or a PostgreSQL URL")
    p.add_argument("--sqlite-dir", default=None,
                   help="where the SQLite files go (default: the system's temporary folder; "
                        "/dev/shm takes the disk's fsync out of the figures)")
    return p


SQLITE_DIR: list[str | None] = [None]


def rounds_arguments(description: str, rounds: int, per_round: int) -> argparse.Namespace:
    """The arguments of a benchmark run in interleaved rounds; where the SQLite files go
    taken already."""
    p = parser(description)
    p.add_argument("--rounds", type=int, default=rounds)
    p.add_argument("--per-round", type=int, default=per_round)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    return args


def sqlite_folder() -> Path:
    folder = Path(tempfile.mkdtemp(dir=SQLITE_DIR[0]))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def fresh_app(database_arg: str) -> Flask:
    if database_arg == "sqlite":
        url = f"sqlite:///{sqlite_folder() / 'bench.sqlite3'}"
    else:
        schema = f"referee_bench_{os.getpid()}"
        with create_engine(database_arg).begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        sep = "&" if "?" in database_arg else "?"
        url = f"{database_arg}{sep}options=-csearch_path%3D{schema}"
        atexit.register(drop_schema, database_arg, schema)
    app = create_app({"DATABASE_URL": url})
    upgrade_database(app)
    return app


def drop_schema(url: str, schema: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    engine.dispose()


def citroncoco_moves() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """A legal endless CitronCoco round for two seats: a 5 passed back and forth."""
    yield "draw", 0, {"source": "stock"}
    yield "discard", 0, {"value": 5}
    for seat in itertools.cycle([1, 0]):
        yield "draw", seat, {"source": "discard"}
        yield "discard", seat, {"value": 5}


class Match:
    """A two-seat CitronCoco match fed by ``citroncoco_moves``."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.db = database(app)
        created = matches.create_match(self.db, "citroncoco", {},
                                       [matches.SeatSpec("Alice"), matches.SeatSpec("Bob")])
        self.id = created.match.id
        self.host = created.host_token
        self.moves = citroncoco_moves()
        self.seq = 0

    def append(self) -> None:
        move_type, seat, payload = next(self.moves)
        matches.record(self.db, self.id, self.host, move_type, seat, payload,
                       expected_seq=self.seq)
        self.seq += 1

    def grow_to(self, seq: int) -> None:
        while self.seq < seq:
            self.append()


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def imported_match(app: Flask, events: int) -> tuple[int, str]:
    """A two-seat CitronCoco match of ``events`` moves, imported in one transaction (judged on
    the way in, snapshots taken): (match id, host token)."""
    moves = itertools.islice(citroncoco_moves(), events)
    data = {"format": queries.EXPORT_FORMAT, "version": queries.EXPORT_VERSION,
            "game": "citroncoco", "options": {},
            "seats": [{"seat": 0, "name": f"Alice {events}"}, {"seat": 1, "name": f"Bob {events}"}],
            "events": [{"seq": seq, "type": t, "seat": s, "payload": p, "actor": "host"}
                       for seq, (t, s, p) in enumerate(moves, start=1)]}
    created = matches.import_match(database(app), data)
    return created.match.id, created.host_token


def database_url(app: Flask) -> str:
    return str(app.config["DATABASE_URL"])


def stop_server(server: Any) -> None:
    """Stop gunicorn, waiting for its workers (a loaded machine may take a while)."""
    server.terminate()
    try:
        server.wait(60)
    except Exception:  # noqa: BLE001 — still running: kill it rather than leave it behind
        server.kill()
        server.wait(10)


def schema_url(server: str, prefix: str) -> tuple[str, str]:
    """A fresh schema of its own on the PostgreSQL ``server`` (``<prefix>_<pid>``): its URL,
    searched first, and its name (to drop at the end)."""
    schema = f"{prefix}_{os.getpid()}"
    with create_engine(server).begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in server else "?"
    return f"{server}{separator}options=-csearch_path%3D{schema}", schema
