"""Revision 0002: matches stored before the readings were explicit keep the verdicts they had.

A database is migrated to revision 0001, a CitronCoco match is stored there as the earlier
engine stored it (its options lack the options added since) with the verdicts it was given, and
the database is migrated to the newest revision: the match replays with those verdicts, though
a new match would judge its last move otherwise (CC-END-1).
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from referee import create_app, database
from referee.cli import MIGRATIONS, alembic_config
from referee.engines import REGISTRY
from referee.engines.citroncoco import ENGINE
from referee.service import queries
from referee.service.readings import (
    INTRODUCED_IN_0002,
    INTRODUCED_IN_0012,
    READINGS_BEFORE_0002,
    READINGS_BEFORE_0012,
)
from tests.conftest import BACKENDS, POSTGRES_URL, worker_id
from tests.engines.citroncoco.helpers import Table

WITH_ONES = {"3": 36, "1": 4, "7": 4, "11": 4, "13": 4}
#: Seat 1 empties its hand with a 1 and the hands are revealed at once: the earlier reading
#: scored the round; the text's reading (the default now) waits for the 1's power.
LOG: list[tuple[str, int | None, dict[str, Any]]] = [
    ("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 3}),
    *[("quick_play", 1, {"slot": 1, "value": 3})] * 3,
    ("draw", 1, {"source": "stock"}), ("replace", 1, {"slot": 1, "value": 3}),
    ("draw", 2, {"source": "stock"}), ("discard", 2, {"value": 1}),
    ("quick_play", 1, {"slot": 1, "value": 1}),
    ("reveal", None, {"hands": [[3, 3, 3, 3], [], [3, 3, 3, 3]]}),
]


def stored_before_0002() -> dict[str, Any]:
    """The options as the earlier engine stored them: its full set, without the newer ones."""
    full = ENGINE.options_schema().load({"deck": WITH_ONES, **READINGS_BEFORE_0012["citroncoco"]})
    full["deck"] = {str(k): v for k, v in full["deck"].items()}
    return {k: v for k, v in full.items() if k not in INTRODUCED_IN_0002["citroncoco"]}


def earlier_verdicts() -> list[dict[str, Any]]:
    """The verdicts the earlier reading gave, as they were stored with each event."""
    table = Table(ENGINE, 3, deck=WITH_ONES, **READINGS_BEFORE_0002["citroncoco"],
                  **READINGS_BEFORE_0012["citroncoco"])
    return [table.play(t, s, by_host=s is None, **p).as_dict() for t, s, p in LOG]


@pytest.fixture(params=BACKENDS)
def url_at_0001(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database migrated to revision 0001 only."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
        command.upgrade(alembic_config(url), "0001")
        yield url
        return
    schema = f"referee_mig_{worker_id()}_{os.getpid()}"
    admin = sa.create_engine(POSTGRES_URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    url = f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    command.upgrade(alembic_config(url), "0001")
    yield url
    with admin.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    admin.dispose()


def store_old_match(url: str, options: dict[str, Any], game: str = "citroncoco",
                    log: list[tuple[str, int | None, dict[str, Any]]] = LOG,
                    names: tuple[str, ...] = ("Alice", "Bob", "Chloé")) -> int:
    """Write a match as revision 0001's application did: rows, not the service of today."""
    now = datetime.now(UTC)
    meta = sa.MetaData()
    engine = sa.create_engine(url)
    meta.reflect(engine, only=["players", "matches", "seats", "match_summaries", "events"])
    t = meta.tables
    verdicts = earlier_verdicts() if log else []
    with engine.begin() as conn:
        match_id = conn.execute(t["matches"].insert().values(
            game=game, options=options, host_token_hash="h" * 64, created_at=now,
        ).returning(t["matches"].c.id)).scalar_one()
        for seat, name in enumerate(names):
            player_id = conn.execute(t["players"].insert().values(
                name=name, name_key=name.casefold(), created_at=now,
            ).returning(t["players"].c.id)).scalar_one()
            conn.execute(t["seats"].insert().values(
                match_id=match_id, seat=seat, player_id=player_id, token_hash=f"{seat}" * 64,
                total=0, won=False, missplays=0))
        conn.execute(t["match_summaries"].insert().values(
            match_id=match_id, game=game, seat_names=list(names),
            status="in progress", totals={}, winners=[], outcome="", last_seq=len(log),
            created_at=now, updated_at=now))
        for seq, ((type_, seat, payload), verdict) in enumerate(zip(log, verdicts, strict=True),
                                                               start=1):
            conn.execute(t["events"].insert().values(
                match_id=match_id, seq=seq, type=type_, seat=seat, payload=payload,
                schema_version=1, actor="host" if seat is None else f"seat:{seat}",
                recorded_at=now, verdict=verdict))
    engine.dispose()
    return match_id


def test_an_old_match_replays_with_its_verdicts_after_the_migration(url_at_0001: str) -> None:
    """CC-END-1: the stored reveal was judged under the earlier reading; after revision 0002 the
    match replays it the same (scored round, same verdicts), with the reading written in."""
    match_id = store_old_match(url_at_0001, stored_before_0002())
    command.upgrade(alembic_config(url_at_0001), "head")
    app = create_app({"TESTING": True, "DATABASE_URL": url_at_0001})
    db = database(app)
    try:
        timeline = queries.timeline(db, match_id)
        stored = [e["verdict"] for e in timeline["events"]]
        assert [e["judged_now"] for e in timeline["events"]] == stored
        assert all(e["impossible_now"] is None for e in timeline["events"])
        assert stored[-1]["rule"] == "CC-END-2"
        assert timeline["standings"]["rounds"] == [{"0": 12, "1": 0, "2": 12}]
        options = queries.export(db, match_id)["options"]
        assert options["power_before_reveal"] is False and options["check_reports"] is False
    finally:
        db.engine.dispose()


def test_the_migration_keeps_an_option_the_match_names(url_at_0001: str) -> None:
    """Only absent options take the earlier reading; one the match already names keeps its
    value, and every other option stays as stored."""
    options = {**stored_before_0002(), "power_before_reveal": True}
    match_id = store_old_match(url_at_0001, options)
    command.upgrade(alembic_config(url_at_0001), "head")
    engine = sa.create_engine(url_at_0001)
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT options FROM matches WHERE id = :id"),
                              {"id": match_id}).scalar_one()
    engine.dispose()
    stored = stored if isinstance(stored, dict) else json.loads(stored)
    assert stored == {**options, "check_reports": False}


@pytest.mark.parametrize("game", sorted(READINGS_BEFORE_0002))
def test_every_game_replays_after_the_migration(url_at_0001: str, game: str) -> None:
    """A match of each game, stored with its options of revision 0001, is given its earlier
    readings and still loads (its table and its export)."""
    engine = REGISTRY[game]
    options = json.loads(json.dumps(engine.options_schema().load({})))
    introduced = INTRODUCED_IN_0002[game] | INTRODUCED_IN_0012.get(game, frozenset())
    options = {k: v for k, v in options.items() if k not in introduced}
    names = ("Alice", "Bob", "Chloé", "Dan")[:max(3, engine.min_seats)]
    match_id = store_old_match(url_at_0001, options, game, log=[], names=names)
    command.upgrade(alembic_config(url_at_0001), "head")
    app = create_app({"TESTING": True, "DATABASE_URL": url_at_0001})
    db = database(app)
    try:
        assert queries.state_at(db, match_id, None, None, None)["table"]["game"] == game
        exported = queries.export(db, match_id)["options"]
        assert {k: exported[k] for k in READINGS_BEFORE_0002[game] if k not in options} == {
            k: v for k, v in READINGS_BEFORE_0002[game].items() if k not in options}
    finally:
        db.engine.dispose()


def test_undoing_the_migration_takes_the_new_options_out(url_at_0001: str) -> None:
    """Revision 0002's downgrade leaves each match with the options revision 0001 knew."""
    options = stored_before_0002()
    match_id = store_old_match(url_at_0001, options)
    command.upgrade(alembic_config(url_at_0001), "head")
    path = MIGRATIONS / "versions/03_0002_explicit_match_options.py"
    spec = importlib.util.spec_from_file_location("explicit_match_options", path)
    assert spec is not None and spec.loader is not None
    revision = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(revision)
    engine = sa.create_engine(url_at_0001)
    with engine.begin() as conn:
        revision.drop_introduced_options(conn)
        stored = conn.execute(sa.text("SELECT options FROM matches WHERE id = :id"),
                              {"id": match_id}).scalar_one()
    engine.dispose()
    assert (stored if isinstance(stored, dict) else json.loads(stored)) == options
