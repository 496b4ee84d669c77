"""Fixtures of the store's tests: an empty database for migrations to build step by step, and
the test PostgreSQL server's engine as the store makes it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text

from referee.store import db as store_db
from tests.conftest import BACKENDS, POSTGRES_URL


@pytest.fixture
def postgres_engine() -> Iterator[Engine]:
    """An engine on the test PostgreSQL server, made as the store makes its own."""
    made = store_db.make_engine(POSTGRES_URL)
    yield made
    made.dispose()


@pytest.fixture(params=BACKENDS)
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no schema yet, for migrations to build step by step."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    schema = f"referee_migration_{os.getpid()}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    admin.dispose()
