"""Fixtures: the app on a throwaway database, for each backend the suite runs against.

Backends come from REFEREE_TEST_DATABASES (default ``sqlite,postgresql``). PostgreSQL is the
server named by REFEREE_TEST_POSTGRES_URL (default: the local one, database ``test``); each test
worker migrates its own schema once and empties its tables before every test. A PostgreSQL that
cannot be reached fails the run: it is never skipped silently.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text

from referee import create_app, database
from referee.cli import upgrade_database
from referee.service import ratings
from referee.store.models import Base
from tests.web.helpers import Browser

POSTGRES_URL = os.environ.get("REFEREE_TEST_POSTGRES_URL",
                              "postgresql+psycopg://postgres@127.0.0.1:5432/test")
BACKENDS = [b.strip() for b in os.environ.get("REFEREE_TEST_DATABASES",
                                              "sqlite,postgresql").split(",") if b.strip()]


@pytest.fixture(autouse=True, scope="session")
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The tests' data folder (the secret key, a default database): never the user's own."""
    with pytest.MonkeyPatch.context() as patch:
        if not os.environ.get("REFEREE_DATA_DIR"):
            patch.setenv("REFEREE_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        yield Path(os.environ["REFEREE_DATA_DIR"])


def worker_id() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def empty_postgres(url: str) -> None:
    """Empty every table of the PostgreSQL schema at ``url`` and restart its ids, as a fresh
    migration leaves them. Rows are deleted, children first, and each sequence restarted: on
    tables holding one test's few rows that takes milliseconds, where TRUNCATE, which makes new
    files for every table and index, took hundreds."""
    engine = create_engine(url)
    with engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())
        sequences = conn.execute(text(
            "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()"))
        for (name,) in sequences.all():
            conn.execute(text(f'ALTER SEQUENCE "{name}" RESTART'))
    engine.dispose()


def migrated_app(url: str, **config: Any) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": url, **config})
    upgrade_database(app)
    return app


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what can be told from the test itself: hypothesis tests ``property``, and tests
    run on the PostgreSQL backend ``postgres``, so ``-m`` selects them like the marked ones."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "postgresql" in callspec.params.values():
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One SQLite file migrated by Alembic; each test gets a copy."""
    path = tmp_path_factory.mktemp("template") / "referee.sqlite3"
    app = migrated_app(f"sqlite:///{path}")
    database(app).engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgres_schema_url() -> Iterator[str]:
    schema = f"referee_test_{worker_id()}_{os.getpid()}"  # runs side by side never collide
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in POSTGRES_URL else "?"
    url = f"{POSTGRES_URL}{separator}options=-csearch_path%3D{schema}"
    app = migrated_app(url)
    database(app).engine.dispose()
    yield url
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        path = tmp_path / "referee.sqlite3"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_schema_url")
        empty_postgres(url)
        return url
    raise pytest.UsageError(f"unknown backend {request.param!r} in REFEREE_TEST_DATABASES")


@pytest.fixture
def snapshot_every() -> int:
    return 100


@pytest.fixture
def app(database_url: str, snapshot_every: int, tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "SNAPSHOT_EVERY": snapshot_every})
    app.instance_path = str(tmp_path / "instance")
    app.test_client_class = Browser  # posts a page's form with the page's CSRF token
    yield app
    ratings.job_of(database(app)).wait(30)  # its writes are over before the next test empties
    database(app).engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()
