"""Rate limits counted in a shared store (REFEREE_RATELIMIT_STORAGE_URI=redis://…): several
processes serving one database count one client's creations together, so adding a worker does
not multiply what one address may create."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from flask import Flask

from referee import create_app, database
from referee.cli import upgrade_database
from tests.redisserver import redis_server

GAME = {"game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


def instance(database_url: str, storage: str, folder: Path) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "RATELIMIT_CREATE": "2 per minute", "RATELIMIT_STORAGE_URI": storage})
    app.instance_path = str(folder)
    return app


@pytest.fixture
def two_instances(database_url: str, redis_url: str, tmp_path: Path) -> Iterator[list[Flask]]:
    """Two apps on one database and one Redis, as two gunicorn workers would be; the store
    starts empty (each test counts from zero)."""
    redis.Redis.from_url(redis_url).flushall()
    apps = [instance(database_url, redis_url, tmp_path / name) for name in ("a", "b")]
    upgrade_database(apps[0])
    yield apps
    for app in apps:
        database(app).engine.dispose()


def test_creations_on_two_instances_count_against_one_limit(two_instances: list[Flask]) -> None:
    first, second = (app.test_client() for app in two_instances)
    assert first.post("/api/matches", json=GAME).status_code == 201
    assert second.post("/api/matches", json=GAME).status_code == 201
    refused = first.post("/api/matches", json=GAME)
    assert refused.status_code == 429 and "at most 2 per minute" in refused.get_json()["message"]
    assert second.post("/api/matches", json=GAME).status_code == 429


def test_the_shared_count_is_per_client_address(two_instances: list[Flask]) -> None:
    first, second = (app.test_client() for app in two_instances)
    for _ in range(2):
        assert first.post("/api/matches", json=GAME).status_code == 201
    other = {"REMOTE_ADDR": "10.0.0.7"}
    assert second.post("/api/matches", json=GAME, environ_base=other).status_code == 201


def test_a_refused_creation_changes_nothing(two_instances: list[Flask]) -> None:
    first, second = (app.test_client() for app in two_instances)
    for client in (first, second):
        client.post("/api/matches", json=GAME)
    before = first.get("/api/matches").get_json()
    assert second.post("/api/matches", json=GAME).status_code == 429
    assert first.get("/api/matches").get_json() == before
