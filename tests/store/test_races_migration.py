"""Revision 0012: matches stored before it keep their readings, and their missplays count
against their offenders.

A Carte et Plouc match with an immediate contre (PL-ZZ-1) and a CitronCoco match whose quick
play covered another quick play (CC-QP-8) are stored as the code before revision 0012 kept them:
without ``contre_when``, and with the contre counted against its caller in the seats' read
model. After the migration both replay with the verdicts they had, carry their earlier readings,
and the contre counts against the forgetter.
"""

from __future__ import annotations

import json
from typing import Any

from alembic import command
from sqlalchemy import create_engine, text

from referee import create_app, database
from referee.cli import alembic_config
from referee.service import queries
from tests.helpers import Table, move, new_match

CONTRE_LOG = ((2, "turn_up", {"card": "5H"}), (0, "play", {"cards": ["5S"]}),
              (1, "play", {"cards": ["8S"]}), (2, "play", {"cards": ["8C"]}),
              (1, "contre", {"target_seat": 2}))
RACE_LOG = ((0, "draw", {"source": "stock"}), (0, "discard", {"value": 1}),
            (1, "quick_play", {"slot": 1, "value": 1}),
            (2, "quick_play", {"slot": 1, "value": 1}))


def options_of(url: str, match_id: int) -> dict[str, Any]:
    engine = create_engine(url)
    with engine.begin() as conn:
        value = conn.execute(text("SELECT options FROM matches WHERE id = :id"),
                             {"id": match_id}).scalar_one()
    engine.dispose()
    return json.loads(value) if isinstance(value, str) else dict(value)


def count_against_the_caller(url: str, match_id: int) -> None:
    """The seats' read model as the code before revision 0012 wrote it: the contre (#5) is
    the caller's (seat 1) missplay."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE seats SET missplays = CASE seat WHEN 1 THEN 1 ELSE 0 END "
                          "WHERE match_id = :id"), {"id": match_id})
    engine.dispose()


def played(client: Any, table: Table, log: tuple[tuple[int, str, dict[str, Any]], ...]
           ) -> None:
    for seat, type_, payload in log:
        assert move(client, table, type_, seat, payload).status_code == 201


def test_stored_matches_replay_with_their_verdicts_after_revision_0012(
        empty_database: str) -> None:
    """PL-ZZ-1 / CC-QP-8: after the migration the early contre is still upheld and the
    second ace still covers the first, as they were judged; the contre's missplay is the
    forgetter's (seat 2) in the seats' figures."""
    config = alembic_config(empty_database)
    command.upgrade(config, "head")
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    plouc = new_match(client, "plouc", 3, {"zouzou": True, "hand_size": 2, "dealer": 2,
                                           "contre_when": "immediate"})
    played(client, plouc, CONTRE_LOG)
    race = new_match(client, "citroncoco", 3, {"quick_play_on_quick_play": True})
    played(client, race, RACE_LOG)
    database(app).engine.dispose()

    command.downgrade(config, "0011")  # the options as the older code stored them
    engine = create_engine(empty_database)
    with engine.begin() as conn:
        stored = options_of(empty_database, race.id)
        stored.pop("quick_play_on_quick_play")
        conn.execute(text("UPDATE matches SET options = :options WHERE id = :id"),
                     {"options": json.dumps(stored), "id": race.id})
    engine.dispose()
    count_against_the_caller(empty_database, plouc.id)
    assert "contre_when" not in options_of(empty_database, plouc.id)

    command.upgrade(config, "head")
    assert options_of(empty_database, plouc.id)["contre_when"] == "immediate"
    race_options = options_of(empty_database, race.id)
    assert (race_options["quick_play_on_quick_play"], race_options["value_fault_first"]) == \
        (True, False)
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    db = database(app)
    try:
        for table, last_rule in ((plouc, "PL-ZZ-1"), (race, "CC-QP-1")):
            timeline = queries.timeline(db, table.id)
            events = timeline["events"]
            assert [e["judged_now"] for e in events] == [e["verdict"] for e in events]
            assert all(e["impossible_now"] is None for e in events)
            assert events[-1]["verdict"]["rule"] == last_rule
        seats = app.test_client().get(f"/api/matches/{plouc.id}").json["seats"]
        assert [s["missplays"] for s in seats] == [0, 0, 1]
    finally:
        db.engine.dispose()
