"""schemathesis, every check and the stateful phase (create, log, read through the document's
links), against a live gunicorn on each database: no 5xx, no schema violation, no finding."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from referee import ROOT

VENV = Path(os.environ.get("VIRTUAL_ENV") or ROOT / ".venv") / "bin"
CONFIG = Path(__file__).with_name("schemathesis.toml")
EXAMPLES = "5"  # per operation, fuzzing and stateful phases: the run stays short

pytestmark = pytest.mark.load  # a live gunicorn per test


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live(database_url: str, tmp_path: Path) -> Iterator[str]:
    """gunicorn (two workers) on the test's database, as in production."""
    env = {**os.environ, "DATABASE_URL": database_url, "REFEREE_SECRET_KEY": "fuzz",
           "REFEREE_RATELIMIT_CREATE": "100000 per minute",
           "REFEREE_RATELIMIT_IMPORT": "100000 per minute",
           "REFEREE_RATELIMIT_NIGHTS": "100000 per minute"}
    port = free_port()
    server = subprocess.Popen(
        [str(VENV / "gunicorn"), "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "wsgi:app"], cwd=ROOT, env=env,
        stderr=(tmp_path / "gunicorn.log").open("w"))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                requests.get(f"{base}/api/games", timeout=10)
                break
            except requests.RequestException:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("gunicorn did not start: "
                                + (tmp_path / "gunicorn.log").read_text()[-3000:])
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(15)
    errors = (tmp_path / "gunicorn.log").read_text()
    assert "Traceback" not in errors, errors[-3000:]


@pytest.mark.property  # hypothesis, in schemathesis' own process
def test_schemathesis_finds_nothing(live: str, tmp_path: Path) -> None:
    created = requests.post(f"{live}/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}, timeout=10)
    assert created.status_code == 201
    token = created.json()["host_token"]
    # one worker: hypothesis describing its strategies from several threads trips CPython 3.11
    run = subprocess.run(
        [str(VENV / "schemathesis"), "--config-file", str(CONFIG), "run",
         f"{live}/api/openapi.json", "--checks", "all",
         "--phases", "examples,coverage,fuzzing,stateful", "--max-examples", EXAMPLES,
         "--workers", "1", "--seed", "15", "--no-color", "--request-timeout", "60",
         "-H", f"Authorization: Bearer {token}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=240)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    assert "Stateful" in report and "❌" not in report, report[-6000:]


def chunked(body: bytes) -> Iterator[bytes]:
    """A body sent with chunked transfer encoding (no Content-Length), in small pieces."""
    for start in range(0, len(body), 7):
        yield body[start:start + 7]


def test_nul_sent_chunked_is_refused(live: str) -> None:
    """Into a player's name and into a note: 422, nothing stored."""
    headers = {"Content-Type": "application/json"}
    body = b'{"game": "citroncoco", "seats": [{"name": "A\\u0000"}, {"name": "B"}]}'
    response = requests.post(f"{live}/api/matches", data=chunked(body), headers=headers,
                             timeout=10)
    assert response.status_code == 422, response.text
    assert response.json()["where"] == "body.seats.0.name"
    assert requests.get(f"{live}/api/players", timeout=10).json()["items"] == []
    made = requests.post(f"{live}/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}, timeout=10).json()
    auth = {"Authorization": f"Bearer {made['host_token']}", **headers}
    url = f"{live}/api/matches/{made['id']}/events"
    assert requests.post(url, json={"type": "draw", "seat": 0, "payload": {"source": "stock"}},
                         headers=auth, timeout=10).status_code == 201
    note = b'{"type": "challenge", "payload": {"seq": 1, "claim": "a\\u0000b"}}'
    response = requests.post(url, data=chunked(note), headers=auth, timeout=10)
    assert response.status_code == 422 and response.json()["where"] == "body.payload.claim"
    assert requests.get(url, timeout=10).json()["last_seq"] == 1


def test_a_body_over_64_kib_sent_chunked_is_refused(live: str) -> None:
    body = b'{"name": "' + b"x" * 70000 + b'"}'
    response = requests.post(f"{live}/api/nights", data=chunked(body),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 413, response.text
