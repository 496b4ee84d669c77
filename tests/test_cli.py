"""The ``referee`` command line: db upgrade, replay, export and import."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import Result
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import inspect

from referee import create_app, database
from referee.cli import main
from tests.helpers import move, new_match, plain_turn


def run(runner: FlaskCliRunner, *args: str) -> Result:
    return runner.invoke(main, list(args))


def test_db_upgrade_creates_every_table_in_a_new_sqlite_file(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'new.sqlite3'}"})
    result = app.test_cli_runner().invoke(main, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    tables = set(inspect(database(app).engine).get_table_names())
    assert {"matches", "events", "snapshots", "match_summaries", "players", "seats"} <= tables


def test_replay_prints_the_timeline_with_verdicts(client: FlaskClient,
                                                  runner: FlaskCliRunner) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "quick_play", 1, {"slot": 2, "value": 9})
    result = run(runner, "replay", str(table.id))
    assert result.exit_code == 0, result.output
    assert "MISSPLAY [CC-" in result.output
    assert "draw" in result.output and "Standings:" in result.output


def test_replay_judges_a_correction_in_the_replaced_moves_place(
        client: FlaskClient, runner: FlaskCliRunner) -> None:
    """CC-QP-1: the quick play corrected from a 9 to the 5 on the discard is ok on replay."""
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "quick_play", 1, {"slot": 2, "value": 9})
    move(client, table, "correct", None, {"seq": 3, "move": {
        "type": "quick_play", "seat": 1, "payload": {"slot": 2, "value": 5}}})
    result = run(runner, "replay", str(table.id))
    assert result.exit_code == 0, result.output
    assert "CORRECTED by 4: quick_play seat 2 (Bob)" in result.output
    assert "OK [CC-QP-1]" in result.output and "MISSPLAY" not in result.output


def test_replay_of_a_missing_match_fails_in_words(runner: FlaskCliRunner, app: Flask) -> None:
    result = run(runner, "replay", "4242")
    assert result.exit_code == 1
    assert "There is no match 4242" in result.output


def test_export_then_import_through_files(client: FlaskClient, runner: FlaskCliRunner,
                                          tmp_path: Path) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    out = tmp_path / "match.json"
    assert run(runner, "export", str(table.id), "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text())["events"][0]["type"] == "draw"
    result = run(runner, "import", str(out))
    assert result.exit_code == 1  # the match is here already: it would count twice
    assert f"already here, as match {table.id}" in result.output
    result = run(runner, "import", "--copy", str(out))
    assert result.exit_code == 0, result.output
    assert "Imported as match" in result.output and "host token:" in result.output


def test_import_prints_each_seats_token_counted_from_1(client: FlaskClient,
                                                       runner: FlaskCliRunner,
                                                       tmp_path: Path) -> None:
    """People count seats from 1: the first seat's token is "seat 1 (Alice)", never
    "seat 0"."""
    table = new_match(client)
    out = tmp_path / "match.json"
    assert run(runner, "export", str(table.id), "-o", str(out)).exit_code == 0
    result = run(runner, "import", "--copy", str(out))
    assert result.exit_code == 0, result.output
    assert "seat 1 (Alice) token: " in result.output
    assert "seat 3 (Chloé) token: " in result.output and "seat 0" not in result.output


def test_import_of_a_file_that_is_not_an_export_fails_in_words(runner: FlaskCliRunner,
                                                               tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "csv"}')
    result = run(runner, "import", str(bad))
    assert result.exit_code == 1
    assert "not a Referee match export" in result.output


def test_serve_creates_the_database_and_answers(tmp_path: Path) -> None:
    """`referee serve` on a fresh machine: migrates a new SQLite file, then serves."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'served.sqlite3'}"}
    server = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port",
                               str(port)], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    try:
        body = wait_for(f"http://127.0.0.1:{port}/api/games")
        assert any(game["id"] == "citroncoco" for game in json.loads(body))
        assert (tmp_path / "served.sqlite3").exists()
    finally:
        server.terminate()
        server.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 30) -> bytes:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.mark.parametrize("text, said", [
    ('{"format": "referee-match", "name": "a\\udc80"}', "lone surrogates"),
    ('{"format": "referee-match", "version": ' + "9" * 5000 + "}", "too large"),
    ("[" * 1000 + "]" * 1000, "nests deeper"),
])
def test_import_of_a_hostile_file_fails_in_words(runner: FlaskCliRunner, tmp_path: Path,
                                                 text: str, said: str) -> None:
    """The command line's import reads its file under the same policy as the API."""
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    result = run(runner, "import", str(bad))
    assert result.exit_code == 1 and said in result.output
