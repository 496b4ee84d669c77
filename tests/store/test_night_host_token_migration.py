"""Migration 0010: nights made before nights had hosts keep everything and get no host token
(they stay readable, and read-only until ``referee night-token`` issues one); back down to 0007
the column goes and the nights stay."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, inspect, text

from referee.cli import alembic_config


def test_nights_made_before_hosts_have_no_host_token(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0009")
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO nights (id, name, created_at, placement_points) "
                          "VALUES (1, 'Friday', CURRENT_TIMESTAMP, '[3, 1]'), "
                          "(2, 'Saturday', CURRENT_TIMESTAMP, NULL)"))
    command.upgrade(config, "0010")
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT id, name, placement_points, host_token_hash "
                                 "FROM nights ORDER BY id")).all()
    assert [(r[0], r[1], r[3]) for r in rows] == [(1, "Friday", None), (2, "Saturday", None)]
    assert "[3, 1]" in str(rows[0][2]) or rows[0][2] == [3, 1]
    command.downgrade(config, "0009")
    with engine.begin() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM nights")).scalar_one() == 2
    assert "host_token_hash" not in {c["name"] for c in inspect(engine).get_columns("nights")}
    engine.dispose()
