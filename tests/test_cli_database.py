"""The ``referee`` command on a database that is not ready: every command either migrates first
(those that write what they are given: ``import``, ``restore``) or says what to run (those that
read what is there), never a traceback; the ``db`` commands over Alembic; ``--help`` offering
Referee's own commands and options only."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from referee import create_app, database
from referee.cli import head_revision, main
from tests.helpers import new_match, plain_turn

#: Every command that reads what the database holds, with arguments it would take.
READING = [["replay", "1"], ["replay", "1", "--json"], ["export", "1"], ["what-if", "1"],
           ["rebuild-read-models"], ["night-token", "1"], ["backup", "out.json"], ["db", "check"]]

COMMANDS = {"backup", "db", "export", "import", "night-token", "openapi", "rebuild-read-models",
            "replay", "restore", "serve", "what-if"}


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Flask]:
    """An app whose SQLite file does not exist yet."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'new.sqlite3'}"})
    yield app
    database(app).engine.dispose()


def run(app: Flask, *args: str) -> Result:
    return app.test_cli_runner().invoke(main, list(args))


def sqlite_path(app: Flask) -> Path:
    return Path(database(app).engine.url.database or "")


@pytest.mark.parametrize("args", READING, ids=" ".join)
def test_a_reading_command_on_no_database_says_to_upgrade_and_makes_no_file(
        fresh: Flask, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(fresh, *args)
    assert result.exit_code == 1, result.output
    assert result.output == (f"error: no database at {sqlite_path(fresh)}: "
                             "run `referee db upgrade`\n")
    assert not sqlite_path(fresh).exists() and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("args", READING, ids=" ".join)
def test_a_reading_command_on_an_empty_database_says_to_upgrade(
        fresh: Flask, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    sqlite_path(fresh).touch()
    result = run(fresh, *args)
    assert result.exit_code == 1, result.output
    assert result.output == (f"error: no Referee database at sqlite:///{sqlite_path(fresh)} "
                             "yet: run `referee db upgrade`\n")


def test_a_reading_command_on_an_older_schema_says_to_upgrade(fresh: Flask) -> None:
    assert run(fresh, "db", "upgrade").exit_code == 0
    assert run(fresh, "db", "downgrade", "0009", "--yes").exit_code == 0
    result = run(fresh, "export", "1")
    assert result.exit_code == 1
    assert f"is at migration 0009, this Referee reads {head_revision()}: run `referee db " \
           "upgrade`" in result.output


@pytest.fixture
def exported(client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> Path:
    """A match's export, and a backup holding it, written by the command line."""
    table = new_match(client)
    plain_turn(client, table, 0)
    assert runner.invoke(main, ["export", str(table.id), "-o",
                                str(tmp_path / "match.json")]).exit_code == 0
    assert runner.invoke(main, ["backup", str(tmp_path / "backup.json")]).exit_code == 0
    return tmp_path


def test_import_into_no_database_creates_it_first(exported: Path, fresh: Flask) -> None:
    result = run(fresh, "import", str(exported / "match.json"))
    assert result.exit_code == 0, result.output
    assert "Imported as match 1" in result.output


def test_restore_into_no_database_creates_it_first(exported: Path, fresh: Flask) -> None:
    result = run(fresh, "restore", str(exported / "backup.json"))
    assert result.exit_code == 0, result.output
    assert "Restored 1 match(es) (0 already here)" in result.output


def test_db_current_names_the_newest_migration_once_upgraded(fresh: Flask) -> None:
    run(fresh, "db", "upgrade")
    result = run(fresh, "db", "current")
    assert result.exit_code == 0, result.output
    assert f"{head_revision()} (head)" in result.output


def test_db_current_on_an_empty_database_says_to_upgrade(fresh: Flask) -> None:
    sqlite_path(fresh).touch()
    result = run(fresh, "db", "current")
    assert result.exit_code == 0, result.output
    assert "No migration yet: run `referee db upgrade`." in result.output


def test_db_current_on_no_database_makes_no_file(fresh: Flask) -> None:
    result = run(fresh, "db", "current")
    assert result.exit_code == 1
    assert "no database at" in result.output and not sqlite_path(fresh).exists()


def test_db_check_finds_the_migrated_schema_as_the_models_say(fresh: Flask) -> None:
    run(fresh, "db", "upgrade")
    result = run(fresh, "db", "check")
    assert result.exit_code == 0, result.output
    assert "No new upgrade operations detected." in result.output


def test_db_downgrade_without_yes_suggests_a_backup_and_changes_nothing(fresh: Flask) -> None:
    run(fresh, "db", "upgrade")
    result = run(fresh, "db", "downgrade", "0009")
    assert result.exit_code == 1
    assert "`referee backup FILE`" in result.output
    assert "`referee db downgrade 0009 --yes`" in result.output
    assert f"{head_revision()} (head)" in run(fresh, "db", "current").output


def test_db_downgrade_with_yes_takes_the_schema_back(fresh: Flask) -> None:
    run(fresh, "db", "upgrade")
    result = run(fresh, "db", "downgrade", "0009", "--yes")
    assert result.exit_code == 0, result.output
    assert result.output.endswith("is at 0009.\n")
    assert "0009" in run(fresh, "db", "current").output
    assert run(fresh, "db", "upgrade").exit_code == 0


def test_an_unknown_revision_is_said_in_words(fresh: Flask) -> None:
    run(fresh, "db", "upgrade")
    result = run(fresh, "db", "downgrade", "nowhere", "--yes")
    assert result.exit_code == 1
    assert result.output.endswith("error: Can't locate revision identified by 'nowhere'\n")
    assert "Traceback" not in result.output


def test_help_offers_referees_commands_and_options_only(fresh: Flask) -> None:
    """No Flask --app, --env-file, --debug, no Flask-Limiter commands; flask-smorest's
    openapi stays (it writes the API's document)."""
    result = run(fresh, "--help")
    assert result.exit_code == 0
    options = result.output.split("Options:")[1].split("Commands:")[0].split()
    assert [word for word in options if word.startswith("-")] == ["--help"]
    listed = {line.split()[0] for line in result.output.split("Commands:")[1].splitlines()
              if line.strip()}
    assert listed == COMMANDS


def test_limiters_commands_are_not_offered(fresh: Flask) -> None:
    result = run(fresh, "limiter", "--help")
    assert result.exit_code == 2 and "No such command 'limiter'" in result.output


@pytest.mark.parametrize("module", ["referee", "referee.cli"])
def test_python_m_runs_every_command(module: str, tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
           "REFEREE_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-m", module, "--help"], env=env,
                            capture_output=True, text=True, check=False, cwd=Path.cwd())
    assert result.returncode == 0, result.stderr
    listed = {line.split()[0] for line in result.stdout.split("Commands:")[1].splitlines()
              if line.strip()}
    assert listed == COMMANDS
