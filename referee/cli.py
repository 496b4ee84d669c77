"""The ``referee`` command line: the database, the development server, replay, export, import."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from flask import Flask, current_app
from flask.cli import FlaskGroup, with_appcontext
from werkzeug.serving import run_simple

from referee import ROOT, create_app, database
from referee.service import matches
from referee.service.errors import ServiceError


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade_database(app: Flask) -> None:
    """Bring the database to the newest schema (creates the SQLite file when needed)."""
    command.upgrade(alembic_config(database(app).engine.url.render_as_string(False)), "head")


@click.group(cls=FlaskGroup, create_app=create_app, add_default_commands=False,
             add_version_option=False)
def main() -> None:
    """Referee: judge and score card games played at a real table."""


@main.group()
def db() -> None:
    """The database schema (Alembic migrations)."""


@db.command("upgrade")
@with_appcontext
def db_upgrade() -> None:
    """Create or migrate the database to the newest schema."""
    upgrade_database(current_app)
    click.echo(f"Database at {database(current_app).engine.url!r} is up to date.")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--debug/--no-debug", default=False)
@with_appcontext
def serve(host: str, port: int, debug: bool) -> None:
    """Run the development server (migrating the database first). Production: gunicorn."""
    upgrade_database(current_app)
    click.echo(f"Referee on http://{host}:{port}/  (API docs: /api/docs)")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    run_simple(host, port, app, use_debugger=debug, use_reloader=False, threaded=True)


def fail(error: ServiceError) -> None:
    click.echo(f"error: {error.message}", err=True)
    sys.exit(1)


@main.command()
@click.argument("match_id", type=int)
@click.option("--json", "as_json", is_flag=True, help="Print the timeline as JSON.")
@with_appcontext
def replay(match_id: int, as_json: bool) -> None:
    """Re-judge a match from its log and print its timeline with verdicts."""
    try:
        result = matches.timeline(database(current_app), match_id, None)
    except ServiceError as err:
        fail(err)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    for event in result["events"]:
        click.echo(timeline_line(event))
    click.echo(f"Standings: {standings_line(result['standings'])}")


def timeline_line(event: dict[str, Any]) -> str:
    who = "table" if event["seat"] is None else f"seat {event['seat']}"
    given = {k: v for k, v in event["payload"].items() if v is not None}
    head = f"{event['seq']:>5}  {event['type']:<12} {who:<8} {json.dumps(given)}"
    if event["voided_by"]:
        return f"{head}\n       VOIDED by {event['voided_by']}: {event['void_reason']}"
    if event.get("correction"):
        fix = event["correction"]
        who = "table" if fix["seat"] is None else f"seat {fix['seat']}"
        head += (f"\n       CORRECTED by {event['corrected_by']}: {fix['type']} {who} "
                 f"{json.dumps(fix['payload'])}")
    if event["impossible_now"]:
        return f"{head}\n       IMPOSSIBLE now: {event['impossible_now']['reason']}"
    verdict = event["judged_now"]
    if not verdict:
        return head
    line = f"{head}\n       {verdict['kind'].upper()} [{verdict['rule']}] {verdict['reason']}"
    if verdict.get("penalty"):
        line += f" Penalty: {verdict['penalty']}"
    return line


def standings_line(standings: dict[str, Any]) -> str:
    totals = ", ".join(f"{ln['side']}: {ln['total']}" for ln in standings["lines"])
    return f"{totals} ({standings['unit']}). {standings['outcome']}".strip()


@main.command("export")
@click.argument("match_id", type=int)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def export_match(match_id: int, output: Path | None) -> None:
    """Write a match's whole log as JSON (to stdout, or to a file)."""
    try:
        data = matches.export(database(current_app), match_id, None)
    except ServiceError as err:
        fail(err)
    text = json.dumps(data, indent=2)
    if output:
        output.write_text(text + "\n")
        click.echo(f"Match {match_id} written to {output}")
    else:
        click.echo(text)


@main.command("import")
@click.argument("file", type=click.File("r"))
@click.option("--copy", is_flag=True,
              help="Import as a copy (new identity, not counted in the players' records).")
@with_appcontext
def import_match(file: Any, copy: bool) -> None:
    """Import an exported match as a new match, judging every event; prints its tokens.

    A match already here is refused, unless --copy asks for a copy."""
    try:
        data = json.load(file)
    except json.JSONDecodeError as err:
        click.echo(f"error: {file.name} is not JSON: {err}", err=True)
        sys.exit(1)
    try:
        created = matches.import_match(database(current_app), data, copy=copy)
    except ServiceError as err:
        where = err.details.get("where")
        click.echo(f"error: {err.message}" + (f" (at {where})" if where else ""), err=True)
        sys.exit(1)
    click.echo(f"Imported as match {created.match.id}")
    click.echo(f"host token: {created.host_token}")
    for seat, token in enumerate(created.seat_tokens):
        click.echo(f"seat {seat} token: {token}")


if __name__ == "__main__":
    main()
