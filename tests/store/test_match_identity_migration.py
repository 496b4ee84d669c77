"""Migration 0003: every match already in the database gets its own identity (a uuid)."""

from __future__ import annotations

import re

from alembic import command
from sqlalchemy import create_engine, text

from referee.cli import alembic_config

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def test_matches_made_before_identities_each_get_a_uuid(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0001")
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        for n in (1, 2):
            conn.execute(text(
                "INSERT INTO matches (id, game, options, host_token_hash, created_at) "
                "VALUES (:id, 'citroncoco', '{}', :hash, CURRENT_TIMESTAMP)"),
                {"id": n, "hash": f"h{n}"})
    command.upgrade(config, "0003")
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT uuid, is_copy, copy_of FROM matches ORDER BY id")).all()
    engine.dispose()
    assert len(rows) == 2 and all(UUID.match(r[0]) for r in rows)
    assert rows[0][0] != rows[1][0]
    assert [(bool(r[1]), r[2]) for r in rows] == [(False, None), (False, None)]
