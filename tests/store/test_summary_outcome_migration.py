"""Migration 0011: a summary's outcome is data. The ``outcome`` column (a sentence, in the
language of the request that last wrote the row) goes; a row written before the totals kept the
sentence keeps it there, shown only where its data cannot be said; every reader gets the outcome
said from the totals' data in their own language; ``referee rebuild-read-models`` rewrites the
row as data only; back down, the column comes back."""

from __future__ import annotations

import json
from typing import Any

from alembic import command
from sqlalchemy import create_engine, inspect, text

from referee import create_app, database
from referee.cli import alembic_config
from referee.cli import main as cli_main
from tests.helpers import new_match

FRENCH = "En cours : le moins de cartes (5) est chez Alice et Bob"


def totals_of(url: str) -> dict[str, Any]:
    engine = create_engine(url)
    with engine.begin() as conn:
        value = conn.execute(text("SELECT totals FROM match_summaries")).scalar_one()
    engine.dispose()
    return json.loads(value) if isinstance(value, str) else dict(value)


def test_a_summary_written_with_a_sentence_is_said_from_its_data(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "head")
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    table = new_match(client, "plouc", 2)
    database(app).engine.dispose()

    command.downgrade(config, "0010")  # the older code's schema, and a row as it wrote it
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        old = {k: v for k, v in totals_of(empty_database).items() if k != "outcome"}
        conn.execute(text("UPDATE match_summaries SET outcome = :outcome, totals = :totals"),
                     {"outcome": FRENCH, "totals": json.dumps(old)})
    engine.dispose()

    command.upgrade(config, "0011")
    assert "outcome" not in {c["name"] for c in inspect(create_engine(empty_database))
                             .get_columns("match_summaries")}
    assert totals_of(empty_database)["outcome"] == FRENCH  # kept, for an id no catalogue knows
    english = client.get(f"/api/matches/{table.id}", headers={"Accept-Language": "en"}).json
    assert english["outcome"].startswith("In play: fewest cards")  # said from its data
    assert english["standings"]["outcome"] == english["outcome"]

    command.upgrade(config, "head")  # the command reads the newest schema only
    result = app.test_cli_runner().invoke(cli_main, ["rebuild-read-models"])
    assert result.exit_code == 0, result.output
    rebuilt = totals_of(empty_database)
    assert "outcome" not in rebuilt and rebuilt["outcome_data"]["message_id"] == \
        "plouc.outcome.in_play"
    french = client.get(f"/api/matches/{table.id}", headers={"Accept-Language": "fr"}).json
    assert french["outcome"].startswith("En cours : le moins de cartes")
    database(app).engine.dispose()

    command.downgrade(config, "0010")
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        assert conn.execute(text("SELECT outcome FROM match_summaries")).scalar_one() == ""
    engine.dispose()
