"""Shared set-up for the benchmarks: an app on a fresh database and a long CitronCoco match."""

from __future__ import annotations

import argparse
import atexit
import itertools
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import create_engine, text

from referee import create_app, database
from referee.cli import upgrade_database
from referee.service import matches


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--database", default="sqlite",
                   help="sqlite (a fresh temporary file) or a PostgreSQL URL")
    return p


def fresh_app(database_arg: str) -> Flask:
    if database_arg == "sqlite":
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.sqlite3'}"
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
