"""Migration 0008: players stored under another form of their name are rewritten in the form
names are compared in now, unless that would make two players one; the key's column holds
three times a name."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from referee.cli import alembic_config

OLD_PLAYERS = [
    (1, "Chloe\u0301", "chloe\u0301"),  # NFD: becomes « Chloé »
    (2, "Bob\u200b", "bob\u200b"),  # a zero-width space: becomes « Bob »
    (3, "Ann", "ann"),
    (4, "ANN\u2060", "ann\u2060"),  # would be Ann (3): both kept as they are
    (5, "\u200b", "\u200b"),  # nothing visible would be left: kept
]


def test_older_names_are_rewritten_in_their_normal_form_where_no_two_players_merge(
        empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0007")
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        for player_id, name, key in OLD_PLAYERS:
            conn.execute(text("INSERT INTO players (id, name, name_key, created_at) "
                              "VALUES (:id, :name, :key, CURRENT_TIMESTAMP)"),
                         {"id": player_id, "name": name, "key": key})
    command.upgrade(config, "0008")
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT id, name, name_key FROM players ORDER BY id")).all()
        conn.execute(text("INSERT INTO players (id, name, name_key, created_at) "
                          "VALUES (6, :name, :key, CURRENT_TIMESTAMP)"),
                     {"name": "ΐ" * 80, "key": "ΐ".casefold() * 80})  # 240 characters
    engine.dispose()
    assert [tuple(r) for r in rows] == [
        (1, "Chloé", "chloé"), (2, "Bob", "bob"), (3, "Ann", "ann"),
        (4, "ANN\u2060", "ann\u2060"), (5, "\u200b", "\u200b")]
