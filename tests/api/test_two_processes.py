"""Two processes judge and append to one match at once, each with its own cache of the match's
state: the database decides (row lock, unique seq), so the log is gapless, every move is
logged once, and every stored verdict is the one a full re-judge of the log gives."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import database
from referee.service import queries
from referee.service.messages import reword
from tests.api.race_writer import race_log
from tests.helpers import new_match

pytestmark = pytest.mark.load

ROOT = Path(__file__).resolve().parents[2]
TARGET = 60


def test_two_processes_racing_on_one_match_never_judge_from_a_stale_state(
        app: Flask, client: FlaskClient, database_url: str, tmp_path: Path) -> None:
    """CC-QP-3: the quick plays of a wrong value are missplays with a penalty card; a writer
    judging from a state that missed the other's moves would log a different verdict, or a
    move the rules refuse."""
    table = new_match(client, players=2)
    go = tmp_path / "go"
    writers = [subprocess.Popen(
        [sys.executable, "-m", "tests.api.race_writer", database_url, str(table.id),
         table.host, str(TARGET), str(go)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)]
    deadline = time.monotonic() + 120
    while len(list(tmp_path.glob("go.ready.*"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    go.touch()
    results = [w.communicate(timeout=240) for w in writers]
    assert [w.returncode for w in writers] == [0, 0], [err[-2000:] for _, err in results]
    wins = [int(out.strip()) for out, _ in results]
    assert sum(wins) == TARGET  # every move logged once, by one writer or the other
    assert min(wins) > 0, wins  # both took part: each judged from a cache the other staled
    full = queries.full_timeline(database(app), table.id)
    assert [e["seq"] for e in full["events"]] == list(range(1, TARGET + 1))
    assert [(e["type"], e["seat"]) for e in full["events"]] == \
        [(t, s) for t, s, _ in race_log(TARGET)]
    assert [e["verdict"] for e in full["events"]] == [e["judged_now"] for e in full["events"]]
    assert {e["verdict"]["kind"] for e in full["events"]} == {"ok", "missplay"}
    assert client.get(f"/api/matches/{table.id}/standings").json == reword(
        full["standings"], ["Alice", "Bob"], "en")
