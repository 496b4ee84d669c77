"""Scale-out, for real: two gunicorn instances and a stream server (``referee serve``) behind a
throwaway PostgreSQL primary with a streaming replica, started from the machine's PostgreSQL
binaries.

A move logged on instance A reaches a stream on the stream server within a second (NOTIFY, not the
timed look at the log, which is set a minute away); history on B is served by the replica and
shows it; a reader never sees history older than their own write (read-your-writes); with the
replica stopped, everything keeps working from the primary.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
import requests

from referee import ROOT
from tests.pgcluster import Server, free_port, primary_and_replica

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.load,
              pytest.mark.xdist_group("scale-out")]

CREATE = {"game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}
DRAW = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
DISCARD = {"type": "discard", "seat": 0, "payload": {"value": 5}}


@dataclass
class Deployment:
    primary: Server
    replica: Server
    a: str  # instance A's base URL
    b: str  # instance B's base URL
    streams: str  # the stream server's base URL


def gunicorn(port: int, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """One app instance: the project's gunicorn.conf.py (gthread workers), on its own port."""
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py"),
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", "16", "wsgi:app"],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)


def wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn at {url} exited with {process.returncode}")
        try:
            if requests.get(f"{url}/api/games", timeout=10).status_code == 200:
                return
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn at {url} did not answer within 60 s")


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    logs = tmp_path_factory.mktemp("scale-out")
    with primary_and_replica() as (primary, replica):
        env = {**os.environ, "DATABASE_URL": primary.url(), "DATABASE_REPLICA_URL":
               replica.url(), "REFEREE_SECRET_KEY": "scale-out-test",
               "REFEREE_STREAM_RECHECK": "60"}
        subprocess.run([sys.executable, "-m", "referee.cli", "db", "upgrade"], cwd=ROOT,
                       env={**env, "FLASK_APP": "wsgi:app"}, check=True,
                       stdout=subprocess.DEVNULL)
        ports = [free_port(), free_port(), free_port()]
        processes = [gunicorn(port, env, logs / f"gunicorn-{port}.log") for port in ports[:2]]
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "referee", "serve", "--port", str(ports[2])], cwd=ROOT,
            env=env, stdout=(logs / "serve.log").open("wb"), stderr=subprocess.STDOUT))
        try:
            urls = [f"http://127.0.0.1:{port}" for port in ports]
            for url, process in zip(urls, processes, strict=True):
                wait_until_up(url, process)
            yield Deployment(primary, replica, *urls)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    process.kill()


class Stream:
    """A Server-Sent Events client on a thread: each move's (arrival time, data)."""

    def __init__(self, url: str) -> None:
        self.response = requests.get(url, headers={"Accept": "text/event-stream"},
                                     stream=True, timeout=(5, None))
        assert self.response.status_code == 200, self.response.text
        self.moves: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        self.opened = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.opened.wait(5), "the stream sent nothing"

    def _read(self) -> None:
        try:
            for line in self.response.iter_lines(decode_unicode=True):
                self.opened.set()
                if line and line.startswith("data:"):
                    self.moves.put((time.monotonic(), json.loads(line[5:])))
        except (requests.RequestException, AttributeError, ValueError):
            pass

    def close(self) -> None:
        self.response.close()


def new_match(base: str) -> tuple[int, str]:
    created = requests.post(f"{base}/api/matches", json=CREATE, timeout=10)
    assert created.status_code == 201, created.text
    return created.json()["id"], created.json()["host_token"]


def log_move(base: str, match_id: int, token: str, body: dict[str, Any]) -> requests.Response:
    response = requests.post(f"{base}/api/matches/{match_id}/events", json=body, timeout=10,
                             headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 201, response.text
    return response


def history_on(base: str, lsn: str | None = None) -> requests.Response:
    headers = {"Referee-LSN": lsn} if lsn else {}
    response = requests.get(f"{base}/api/matches", params={"per_page": 50}, headers=headers,
                            timeout=10)
    assert response.status_code == 200, response.text
    return response


def last_seq_in(history: requests.Response, match_id: int) -> int:
    return next(m["last_seq"] for m in history.json()["items"] if m["id"] == match_id)


def replica_caught_up(replica: Server, lsn: str) -> None:
    with psycopg.connect(replica.conninfo, autocommit=True) as conn:
        for _ in range(100):
            row = conn.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (lsn,))
            if row.fetchone() == (True,):
                return
            time.sleep(0.05)
    raise AssertionError(f"the replica did not replay {lsn} within 5 s")


def test_a_move_logged_on_one_instance_reaches_a_stream_on_the_stream_server_within_a_second(
        deployment: Deployment) -> None:
    match_id, host = new_match(deployment.a)
    stream = Stream(f"{deployment.streams}/api/matches/{match_id}/stream?after=0")
    try:
        log_move(deployment.a, match_id, host, DRAW)
        logged = time.monotonic()
        arrived, data = stream.moves.get(timeout=5)
        assert data["seq"] == 1 and data["verdict"]["rule"] == "CC-TURN-1"
        assert arrived - logged < 1.0
    finally:
        stream.close()


def test_history_on_the_other_instance_is_served_by_the_replica_and_shows_the_move(
        deployment: Deployment) -> None:
    match_id, host = new_match(deployment.a)
    lsn = log_move(deployment.a, match_id, host, DRAW).headers["Referee-LSN"]
    replica_caught_up(deployment.replica, lsn)
    history = history_on(deployment.b, lsn)
    assert history.headers["Referee-Read-From"] == "replica"
    assert last_seq_in(history, match_id) == 1


def test_a_reader_never_sees_history_older_than_their_own_move(deployment: Deployment) -> None:
    """With the replica's replay paused, the writer's LSN sends their read to the primary,
    while a reader who wrote nothing is served the replica's older page."""
    match_id, host = new_match(deployment.a)
    first = log_move(deployment.a, match_id, host, DRAW).headers["Referee-LSN"]
    replica_caught_up(deployment.replica, first)
    with psycopg.connect(deployment.replica.conninfo, autocommit=True) as replica:
        replica.execute("SELECT pg_wal_replay_pause()")
        try:
            second = log_move(deployment.a, match_id, host, DISCARD).headers["Referee-LSN"]
            mine = history_on(deployment.b, second)
            theirs = history_on(deployment.b)
        finally:
            replica.execute("SELECT pg_wal_replay_resume()")
    assert (mine.headers["Referee-Read-From"], last_seq_in(mine, match_id)) == ("primary", 2)
    assert (theirs.headers["Referee-Read-From"], last_seq_in(theirs, match_id)) == (
        "replica", 1)


def test_the_browser_carries_its_last_write_in_a_cookie(deployment: Deployment) -> None:
    match_id, host = new_match(deployment.a)
    browser = requests.Session()
    browser.post(f"{deployment.a}/api/matches/{match_id}/events", json=DRAW, timeout=10,
                 headers={"Authorization": f"Bearer {host}"})
    assert browser.cookies.get("referee_lsn")
    page = browser.get(f"{deployment.b}/history", timeout=10)
    assert page.status_code == 200
    assert page.headers["Referee-Read-From"] in ("replica", "primary")


def test_with_the_replica_stopped_everything_works_from_the_primary(
        deployment: Deployment) -> None:
    """Last in this module: it stops the replica."""
    deployment.replica.stop()
    match_id, host = new_match(deployment.a)
    stream = Stream(f"{deployment.streams}/api/matches/{match_id}/stream?after=0")
    try:
        log_move(deployment.a, match_id, host, DRAW)
        _, data = stream.moves.get(timeout=5)
        assert data["seq"] == 1
    finally:
        stream.close()
    history = history_on(deployment.b)
    assert history.headers["Referee-Read-From"] == "primary"
    assert last_seq_in(history, match_id) == 1
    for page in ("/history", "/players", f"/m/{match_id}", "/api/players", "/api/nights"):
        assert requests.get(f"{deployment.b}{page}", timeout=10).status_code == 200, page
