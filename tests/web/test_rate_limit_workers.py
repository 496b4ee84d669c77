"""Real gunicorn, two workers, no Redis: one client address gets its limit once, not once per
worker, because both workers count in the app's database (the default store)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.slowclients import gunicorn

# a gunicorn start; test_rate_limit_store runs the same count
pytestmark = [pytest.mark.slow, pytest.mark.load]

GAME = {"game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}
LIMIT = 5


@pytest.fixture
def two_workers(sqlite_template: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """gunicorn with two workers on one SQLite database; its access log names the worker
    (process id) that answered each request."""
    path = tmp_path / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    access = tmp_path / "access.log"
    with gunicorn({"REFEREE_RATELIMIT_ENABLED": "1",
                   "REFEREE_RATELIMIT_CREATE": f"{LIMIT} per minute"},
                  ("--workers", "2", "--threads", "2", "--access-logfile", str(access),
                   "--access-logformat", "%(p)s %(m)s %(s)s"),
                  served=path, unset=("REFEREE_RATELIMIT_STORAGE_URI",)) as server:
        yield server.base, access


def creating_workers(access: Path) -> set[str]:
    """The workers (process ids) that answered a creation so far."""
    lines = (line.split() for line in access.read_text().splitlines())
    return {fields[0] for fields in lines if len(fields) == 3 and fields[1] == "POST"}


def test_two_gunicorn_workers_count_one_address_together(
        two_workers: tuple[str, Path]) -> None:
    """Creations go on fresh connections until both workers have answered some: exactly
    LIMIT of them are 201, every other one 429, whichever worker answered."""
    base, access = two_workers
    answers: list[int] = []
    while len(answers) < 3 * LIMIT or len(creating_workers(access)) < 2:
        assert len(answers) < 200, "one worker answered every request"
        with requests.Session() as fresh:  # a new connection: either worker may take it
            answers.append(fresh.post(f"{base}/api/matches", json=GAME, timeout=30,
                                      headers={"Connection": "close"}).status_code)
    assert answers.count(201) == LIMIT, answers
    assert set(answers[LIMIT:]) == {429}, answers
