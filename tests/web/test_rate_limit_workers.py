"""Real gunicorn, two workers, no Redis: one client address gets its limit once, not once per
worker, because both workers count in the app's database (the default store)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from referee import ROOT
from tests.pgcluster import free_port

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
    port = free_port()
    access = tmp_path / "access.log"
    env = {key: value for key, value in os.environ.items()
           if key != "REFEREE_RATELIMIT_STORAGE_URI"}
    env.update({"DATABASE_URL": f"sqlite:///{path}", "REFEREE_SECRET_KEY": "two-workers",
                "REFEREE_RATELIMIT_CREATE": f"{LIMIT} per minute"})
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py"),
         "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "2",
         "--access-logfile", str(access), "--access-logformat", "%(p)s %(m)s %(s)s", "wsgi:app"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "gunicorn exited"
            try:
                if requests.get(f"{base}/healthz", timeout=10).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass
            assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
            time.sleep(0.1)
        yield base, access
    finally:
        server.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
        server.wait(30)


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
