"""The ``referee`` command line: the database, the development server, replay, export, import,
what-if, read models, backup and restore."""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import click
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import Flask, current_app
from flask.cli import FlaskGroup, with_appcontext
from sqlalchemy import inspect, text
from werkzeug.serving import run_simple

from referee import PACKAGE, create_app, hosting
from referee.edge import database
from referee.edge.i18n import told_in
from referee.edge.validation import Refused, load_json
from referee.service import matches, queries
from referee.service.errors import ServiceError
from referee.service.messages import (
    LOCALES,
    locale_of,
    reword,
    seat_names,
    unit_label,
)
from referee.service.messages import words as said_words

Command = TypeVar("Command", bound=Callable[..., Any])
VERSION_TABLE = "alembic_version"  # Alembic's default, which migrations/env.py keeps
MIGRATIONS = PACKAGE / "migrations"


def alembic_config(url: str) -> Config:
    """Alembic's settings, built here rather than read from a file, so that an installed
    Referee migrates with nothing but its package. The app's logging (referee.logs) writes
    Alembic's lines."""
    # stdout read now, not when Alembic was imported: the command's own (a test runner's too)
    config = Config(stdout=sys.stdout)
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    # A new migration's file is NN_REV_slug.py, NN its place in the chain, so that the files
    # sort in chain order (the revision ids do not: 0003 comes before 0002). migrations/env.py
    # writes NN, which is why the environment runs for a new revision too.
    config.set_main_option("file_template", "NN_%%(rev)s_%%(slug)s")
    config.set_main_option("revision_environment", "true")
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def app_alembic_config(app: Flask) -> Config:
    return alembic_config(database(app).engine.url.render_as_string(False))


def upgrade_database(app: Flask) -> None:
    """Bring the database to the newest schema (creates the SQLite file when needed)."""
    command.upgrade(app_alembic_config(app), "head")


@functools.cache
def head_revision() -> str | None:
    """The newest migration this Referee has (the schema its code reads)."""
    return ScriptDirectory.from_config(alembic_config("")).get_current_head()


def database_revision(app: Flask) -> str | None:
    """The migration the database is at; None before the first. Read from Alembic's table
    without Alembic's context, which logs two lines before every command that checks."""
    with database(app).engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return None
        return connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()


def missing_file(app: Flask) -> str | None:
    """The SQLite file the app is set to, when it does not exist (connecting would make it)."""
    url = database(app).engine.url
    path = url.database or ""
    if url.get_backend_name() != "sqlite" or path in ("", ":memory:") or path.startswith("file:"):
        return None
    return None if Path(path).exists() else path


def schema_problem(app: Flask) -> str | None:
    """Why this Referee cannot read the database yet, or None when it is at the newest schema."""
    path = missing_file(app)
    if path is not None:
        return f"no database at {path}: run `referee db upgrade`"
    where, current = repr(database(app).engine.url), database_revision(app)
    if current == head_revision():
        return None
    if current is None:
        return f"no Referee database at {where} yet: run `referee db upgrade`"
    return (f"the database at {where} is at migration {current}, this Referee reads "
            f"{head_revision()}: run `referee db upgrade`")


def with_schema(migrate: bool) -> Callable[[Command], Command]:
    """A command run on the newest schema. One that writes what it is given (``import``,
    ``restore``, ``serve``) migrates first, as a new database is where those begin; one that
    reads what is there (``backup``, ``export``, ``replay``…) leaves the database as it is and
    says what to run: a backup is taken before a migration, not after one it started itself."""

    def decorate(run: Command) -> Command:
        @functools.wraps(run)
        def checked(*args: Any, **kwargs: Any) -> Any:
            if migrate:
                upgrade_database(current_app)
            elif (problem := schema_problem(current_app)) is not None:
                click.echo(f"error: {problem}", err=True)
                sys.exit(1)
            return run(*args, **kwargs)

        return with_appcontext(checked)  # type: ignore[return-value]

    return decorate


class RefereeGroup(FlaskGroup):
    """Flask's command group with Referee's commands and options only: no ``--app``,
    ``--env-file`` or ``--debug`` (the app is the factory, its settings come from the
    environment, ``serve --debug`` debugs), no other package's commands but flask-smorest's
    ``openapi``. An Alembic error is said in words, not as a traceback."""

    FLASK_OPTIONS = frozenset({"app", "env_file", "debug"})
    KEPT_FROM_EXTENSIONS = frozenset({"openapi"})

    def __init__(self, **extra: Any) -> None:
        super().__init__(create_app=create_app, add_default_commands=False,
                         add_version_option=False, load_dotenv=False, **extra)
        self.params = [p for p in self.params if p.name not in self.FLASK_OPTIONS]

    def _load_plugin_commands(self) -> None:
        """Other packages' commands (Flask's ``flask.commands`` entry points) are not ours."""

    def ours(self, name: str) -> bool:
        return name in self.commands or name in self.KEPT_FROM_EXTENSIONS

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in super().list_commands(ctx) if self.ours(name)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return super().get_command(ctx, name) if self.ours(name) else None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CommandError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(1)


@click.group(cls=RefereeGroup)
def main() -> None:
    """Referee: judge and score card games played at a real table."""


@main.group()
def db() -> None:
    """The database schema (Alembic migrations)."""


@db.command("upgrade")
@with_schema(migrate=True)
def db_upgrade() -> None:
    """Create or migrate the database to the newest schema."""
    click.echo(f"Database at {database(current_app).engine.url!r} is up to date.")


@db.command("current")
@with_appcontext
def db_current() -> None:
    """Say which migration the database is at ("(head)": the newest)."""
    path = missing_file(current_app)
    if path is not None:
        click.echo(f"error: no database at {path}: run `referee db upgrade`", err=True)
        sys.exit(1)
    command.current(app_alembic_config(current_app))
    if database_revision(current_app) is None:
        click.echo("No migration yet: run `referee db upgrade`.")


@db.command("check")
@with_schema(migrate=False)
def db_check() -> None:
    """Check that the database's schema is the one the code's models describe."""
    command.check(app_alembic_config(current_app))


@db.command("downgrade")
@click.argument("revision")
@click.option("--yes", is_flag=True, help="Downgrade: what later migrations keep is lost.")
@with_appcontext
def db_downgrade(revision: str, yes: bool) -> None:
    """Take the database back to an older migration (REVISION, as `referee db current` says)."""
    if not yes:
        click.echo(f"error: going back to {revision} drops what the later migrations keep. "
                   "Take a backup first (`referee backup FILE`), then run "
                   f"`referee db downgrade {revision} --yes`.", err=True)
        sys.exit(1)
    path = missing_file(current_app)
    if path is not None:
        click.echo(f"error: no database at {path}", err=True)
        sys.exit(1)
    command.downgrade(app_alembic_config(current_app), revision)
    click.echo(f"Database at {database(current_app).engine.url!r} is at "
               f"{database_revision(current_app) or 'no migration'}.")


@main.command()
@click.option("--lan", is_flag=True,
              help="Listen on the local network and print the link (and QR code) phones open.")
@click.option("--host", default=None,
              help="The address to listen on [default: 127.0.0.1; with --lan, 0.0.0.0].")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--threads", type=click.IntRange(4, 1024), show_default=True,
              default=lambda: int(os.environ.get("REFEREE_THREADS", "64")),
              help="Threads serving pages and moves; live streams hold none "
              "(REFEREE_THREADS).")
@click.option("--debug", is_flag=True,
              help="Werkzeug's development server and debugger instead (never for a night).")
@with_schema(migrate=True)
def serve(lan: bool, host: str | None, port: int, threads: int, debug: bool) -> None:
    """Serve a game night: migrate the database, then answer the phones and the TV."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    host = host or (hosting.EVERYWHERE if lan else hosting.LOCAL)
    click.echo(f"Database: {database(app).engine.url.render_as_string(hide_password=True)}")
    hosting.announce(click.echo, host, port, lan)
    if debug:
        if app.config["ACCESS_LOG"]:  # the app writes its own access lines (referee.logs)
            logging.getLogger("werkzeug").setLevel(logging.WARNING)
        run_simple(host, port, app, use_debugger=True, use_reloader=False, threaded=True)
        return
    hosting.run(app, host, port, threads)


def fail(error: ServiceError, locale: str | None = None) -> None:
    """Say what went wrong (in ``locale``, for a command that has --lang) and stop."""
    said = error.message if locale is None else told_in(error.sentence, locale)
    click.echo(f"error: {said}", err=True)
    sys.exit(1)


def environment_locale() -> str:
    """The reader's language from the environment (LC_ALL, LC_MESSAGES, LANG): French when it
    says French, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return locale_of(os.environ[name])
    return locale_of(None)


@main.command()
@click.argument("match_id", type=int)
@click.option("--json", "as_json", is_flag=True, help="Print the timeline as JSON.")
@click.option("--lang", type=click.Choice(LOCALES), default=None,
              help="The language of the verdicts (default: French if LANG says so, else "
              "English).")
@with_schema(migrate=False)
def replay(match_id: int, as_json: bool, lang: str | None) -> None:
    """Re-judge a match from its log and print its timeline with verdicts."""
    locale = lang or environment_locale()
    try:
        result = queries.full_timeline(database(current_app), match_id, None)
    except ServiceError as err:
        fail(err, locale)
    names = seat_names(database(current_app), match_id) or []
    result = reword(result, names, locale)
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    reading = Reading(said_words(locale)["replay"], names)
    for event in result["events"]:
        click.echo(timeline_line(event, reading))
    click.echo(f"{reading.words['standings']}{reading.words['colon']} "
               f"{standings_line(result['standings'], locale, reading)}")


class Reading:
    """The replay's words and the players' names, for one reader."""

    def __init__(self, words: Mapping[str, str], names: list[str]) -> None:
        self.words, self.names = words, names

    def side(self, side: str) -> str:
        """A side of the standings: a seat's player by name, a team by its name."""
        if side.isdigit() and int(side) < len(self.names) and self.names[int(side)]:
            return self.names[int(side)]
        return side

    def who(self, seat: int | None) -> str:
        """"table", or "seat 3 (Chloé)": the seat counted from 1, as the table counts them,
        and who sat there."""
        if seat is None:
            return self.words["table"]
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        return f"{self.words['seat']} {seat + 1}" + (f" ({name})" if name else "")


def timeline_line(event: dict[str, Any], reading: Reading | None = None) -> str:
    reading = reading or Reading(said_words("en")["replay"], [])
    words = reading.words
    given = {k: v for k, v in event["payload"].items() if v is not None}
    head = (f"{event['seq']:>5}  {event['type']:<12} {reading.who(event['seat']):<8} "
            f"{json.dumps(given, ensure_ascii=False)}")
    if event["voided_by"]:
        return (f"{head}\n       {words['voided']} {event['voided_by']}{words['colon']} "
                f"{event['void_reason'] or words['taken_back']}")
    if event.get("correction"):
        fix = event["correction"]
        head += (f"\n       {words['corrected']} {event['corrected_by']}{words['colon']} "
                 f"{fix['type']} "
                 f"{reading.who(fix['seat'])} {json.dumps(fix['payload'], ensure_ascii=False)}")
    if event["impossible_now"]:
        return (f"{head}\n       {words['impossible']}{words['colon']} "
                f"{event['impossible_now']['reason']}")
    verdict = event["judged_now"]
    if not verdict:
        return head
    line = (f"{head}\n       {words[verdict['kind']]} [{verdict['rule']}] "
            f"{verdict['reason']}")
    if verdict.get("penalty"):
        line += f" {words['penalty']}{words['colon']} {verdict['penalty']}"
    return line


def standings_line(standings: dict[str, Any], locale: str = "en",
                   reading: Reading | None = None) -> str:
    """Each side's total (a seat by its player's name), the unit, and the outcome."""
    colon = reading.words["colon"] if reading else ":"
    totals = ", ".join(f"{reading.side(ln['side']) if reading else ln['side']}{colon} "
                       f"{ln['total']}" for ln in standings["lines"])
    return f"{totals} ({unit_label(standings['unit'], locale)}). {standings['outcome']}".strip()


@main.command("export")
@click.argument("match_id", type=int)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
@with_schema(migrate=False)
def export_match(match_id: int, output: Path | None) -> None:
    """Write a match's whole log as JSON (to stdout, or to a file)."""
    try:
        data = queries.export(database(current_app), match_id, None)
    except ServiceError as err:
        fail(err)
    text = json.dumps(data, indent=2)
    if output:
        output.write_text(text + "\n")
        click.echo(f"Match {match_id} written to {output}")
    else:
        click.echo(text)


@main.command("import")
@click.argument("file", type=click.File("rb"))
@click.option("--copy", is_flag=True,
              help="Import as a copy (new identity, not counted in the players' records).")
@with_schema(migrate=True)
def import_match(file: Any, copy: bool) -> None:
    """Import an exported match as a new match, judging every event; prints its tokens.

    A match already here is refused, unless --copy asks for a copy."""
    try:
        data = load_json(file.read(), "file")
    except Refused as err:
        click.echo(f"error: {file.name}: {err.message} (at {err.where})", err=True)
        sys.exit(1)
    try:
        created = matches.import_match(database(current_app), data, copy=copy)
    except ServiceError as err:
        where = err.details.get("where")
        click.echo(f"error: {err.message}" + (f" (at {where})" if where else ""), err=True)
        sys.exit(1)
    click.echo(f"Imported as match {created.match.id}")
    click.echo(f"host token: {created.host_token}")
    reading = Reading(said_words("en")["replay"],
                      seat_names(database(current_app), created.match.id) or [])
    for seat, token in enumerate(created.seat_tokens):  # seats counted from 1, with names
        click.echo(f"{reading.who(seat)} token: {token}")


# --- what-if, read models, backup -------------------------------------------------------------


def option_value(text: str) -> Any:
    """A --option value: JSON when it reads as JSON (true, 3, {"7": 4}), else the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@main.command("what-if")
@click.argument("match_id", type=int)
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="An option to replay under (repeat it); VALUE is JSON or text.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@with_schema(migrate=False)
def what_if(match_id: int, options: tuple[str, ...], as_json: bool) -> None:
    """Replay a match's log under other options: which verdicts and totals would change.
    Nothing is appended."""
    from referee.service import whatif

    changes: dict[str, Any] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            click.echo(f"error: --option takes NAME=VALUE, not {item!r}", err=True)
            sys.exit(2)
        changes[name.strip()] = option_value(value)
    try:
        result = whatif.what_if(database(current_app), match_id, changes)
    except ServiceError as err:
        where = err.details.get("where")
        click.echo(f"error: {err.message}" + (f" (at {where})" if where else ""), err=True)
        sys.exit(1)
    names = seat_names(database(current_app), match_id) or []
    result = reword(result, names, "en")  # the verdicts and outcomes, by the players' names
    if as_json:
        click.echo(json.dumps(result, indent=2, default=str))
        return
    click.echo(f"Options changed: {', '.join(result['changed_options']) or 'none'}")
    for change in result["changes"]:
        old, new = change["old"] or {}, change["new"] or {}
        click.echo(f"{change['seq']:>5}  {change['type']:<12} "
                   f"{old.get('kind', '-')} [{old.get('rule', '')}] -> "
                   f"{new.get('kind', '-')} [{new.get('rule', '')}] {new.get('reason', '')}")
    if not result["changes"]:
        click.echo("No verdict would change.")
    reading = Reading(said_words("en")["replay"], names)
    click.echo(f"Standings now:     {standings_line(result['own_standings'], 'en', reading)}")
    click.echo(f"Standings what-if: {standings_line(result['standings'], 'en', reading)}")


@main.command("rebuild-read-models")
@click.argument("match_id", type=int, required=False)
@with_schema(migrate=False)
def rebuild_read_models(match_id: int | None) -> None:
    """Fold matches again from their logs and rewrite every read model (one match, or all)."""
    from referee.service import stats

    try:
        done = stats.rebuild(database(current_app), None if match_id is None else [match_id])
    except ServiceError as err:
        fail(err)
    click.echo(f"Rebuilt the read models of {done} match(es).")


@main.command("night-token")
@click.argument("night_id", type=int)
@with_schema(migrate=False)
def night_token(night_id: int) -> None:
    """Issue a night's host token (a night made before nights had hosts, or a lost token); the
    old one stops working. Prints the token and the night's host link (path)."""
    from referee.service import nights

    try:
        token = nights.issue_token(database(current_app), night_id)
    except ServiceError as err:
        fail(err)
    click.echo(f"night {night_id} host token: {token}")
    click.echo(f"host link: /nights/{night_id}/host#t={token}")


@main.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@with_schema(migrate=False)
def backup(file: Path) -> None:
    """Write everything (players, nights, matches with their logs, tokens' hashes) to FILE."""
    from referee.service import backup as backups

    data = backups.dump(database(current_app))
    file.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    click.echo(f"{len(data['matches'])} match(es), {len(data['nights'])} night(s), "
               f"{len(data['players'])} player(s) written to {file}")


@main.command("restore")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@with_schema(migrate=True)
def restore(file: Any) -> None:
    """Restore a backup, judging every match again; matches already here are skipped."""
    from referee.service import backup as backups

    try:
        data = json.load(file)
    except json.JSONDecodeError as err:
        click.echo(f"error: {file.name} is not JSON: {err}", err=True)
        sys.exit(1)
    try:
        counts = backups.restore(database(current_app), data)
    except ServiceError as err:
        where = err.details.get("where")
        click.echo(f"error: {err.message}" + (f" (at {where})" if where else ""), err=True)
        sys.exit(1)
    click.echo(f"Restored {counts['matches']} match(es) ({counts['skipped']} already here), "
               f"{counts['nights']} night(s), {counts['players']} player(s).")


if __name__ == "__main__":  # last: every command is defined by now
    main()
