"""Rate limits counted in the app's own database (``referee+db://``, the default store): every
process serving the database counts one client address together, so a second worker does not
double what an address may create; a hit is atomic; ended windows start again from one and are
swept away. And when a store cannot be reached (Redis stopped), creations go on, counted in
each process's memory, and the log says so.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import text

from referee import create_app, database
from referee.store.db import Database
from referee.store.ratelimits import DatabaseStorage
from tests.redisserver import redis_server

GAME = {"game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}


def instance(database_url: str, folder: Path, **config: object) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "RATELIMIT_CREATE": "3 per minute", **config})
    app.instance_path = str(folder)
    return app


@pytest.fixture
def two_workers(database_url: str, tmp_path: Path,
                monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Flask]]:
    """Two apps on one database with the default store, as two gunicorn workers are."""
    monkeypatch.delenv("REFEREE_RATELIMIT_STORAGE_URI", raising=False)
    apps = [instance(database_url, tmp_path / name) for name in ("a", "b")]
    yield apps
    for app in apps:
        database(app).engine.dispose()


@pytest.fixture
def storages(database_url: str) -> Iterator[list[DatabaseStorage]]:
    """Two stores on one database, each on its own engine (two processes)."""
    dbs = [Database(database_url) for _ in range(2)]
    yield [DatabaseStorage("referee+db://", engine=db.engine) for db in dbs]
    for db in dbs:
        db.engine.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the same on both
def test_the_default_store_is_the_apps_database(two_workers: list[Flask]) -> None:
    limiter = two_workers[0].extensions["referee.limiter"]
    assert two_workers[0].config["RATELIMIT_STORAGE_URI"] == "referee+db://"
    assert isinstance(limiter.storage, DatabaseStorage)
    assert limiter.storage.engine is database(two_workers[0]).engine


def test_the_fourth_creation_is_429_whichever_worker_answers(two_workers: list[Flask]) -> None:
    """3 per minute, spread over two workers: the fourth is refused by either, which the
    per-process memory would have let through (each worker had seen at most two)."""
    first, second = (app.test_client() for app in two_workers)
    assert [c.post("/api/matches", json=GAME).status_code
            for c in (first, second, first)] == [201, 201, 201]
    refused = second.post("/api/matches", json=GAME)
    assert refused.status_code == 429
    assert "at most 3 per minute" in refused.get_json()["message"]
    assert first.post("/api/matches", json=GAME).status_code == 429


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the same on both
def test_another_address_has_its_own_count(two_workers: list[Flask]) -> None:
    first, second = (app.test_client() for app in two_workers)
    for _ in range(3):
        assert first.post("/api/matches", json=GAME).status_code == 201
    other = {"REMOTE_ADDR": "10.0.0.7"}
    assert second.post("/api/matches", json=GAME, environ_base=other).status_code == 201


def test_hits_from_two_processes_at_once_are_each_counted_once(
        storages: list[DatabaseStorage]) -> None:
    """Eight threads on two engines hit one key together: every hit is counted, and each
    hit saw a different count (the increment is one atomic statement)."""
    seen: list[int] = []
    go = threading.Barrier(8)

    def hit(storage: DatabaseStorage) -> None:
        go.wait()
        for _ in range(5):
            seen.append(storage.incr("LIMITER/10.0.0.1/create/3/1/minute", 60))

    threads = [threading.Thread(target=hit, args=(storages[n % 2],)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seen) == list(range(1, 41))
    assert storages[1].get("LIMITER/10.0.0.1/create/3/1/minute") == 40


def test_an_ended_window_starts_again_from_one(storages: list[DatabaseStorage]) -> None:
    store = storages[0]
    assert store.incr("k", 1) == 1
    assert store.incr("k", 1) == 2
    time.sleep(1.05)
    assert store.get("k") == 0
    assert store.incr("k", 60) == 1
    assert store.get_expiry("k") == pytest.approx(time.time() + 60, abs=2)


def test_ended_windows_are_swept_away(storages: list[DatabaseStorage]) -> None:
    """Rows of windows that ended go the next time a process sweeps (once a minute at most)."""
    store = storages[0]
    with store.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO rate_limit_counters (limit_key, hits, expires_at) VALUES "
            "('old-1', 5, 1000.0), ('old-2', 1, 2000.0)"))
    store.incr("new", 60)
    with store.engine.connect() as connection:
        keys = connection.execute(text("SELECT limit_key FROM rate_limit_counters")).scalars()
        assert list(keys) == ["new"]


def test_with_redis_stopped_creations_go_on_and_the_log_says_so(
        database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The shared store stops answering: a creation is not a 500, it is counted in the
    process's memory (the limit still holds there), and a warning says the store is down."""
    with redis_server() as url:
        app = instance(database_url, tmp_path / "a", RATELIMIT_STORAGE_URI=url)
        client = app.test_client()
        assert client.post("/api/matches", json=GAME).status_code == 201
    with caplog.at_level(logging.WARNING, logger="referee.ratelimit"):
        answers = [client.post("/api/matches", json=GAME).status_code for _ in range(4)]
    assert answers == [201, 201, 201, 429]  # counted afresh, in memory
    assert "Rate limit storage unreachable - falling back to in-memory storage" in caplog.text
    database(app).engine.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_with_the_fallback_on_the_limits_are_looked_at_before_limited_views_only(
        app: Flask) -> None:
    """Enabling the in-memory fallback adds no limit to other requests: the limiter's look
    before each request stays confined to creations and imports (a move, /healthz never pay
    for it, nor, while the store is down, for its reconnection attempts)."""
    limiter = app.extensions["referee.limiter"]
    assert app.config["RATELIMIT_IN_MEMORY_FALLBACK_ENABLED"]
    hooks = app.before_request_funcs[None]
    assert limiter._check_request_limit not in hooks
    assert any(hook.__name__ == "check_limited_requests" for hook in hooks)
