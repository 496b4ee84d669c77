"""Judged append, in process, vs a plain save by pyeventsourcing on the same kind of database.

The referee judges each move by the game's rules, checks the token, appends the event and
updates the read models in one transaction; the peer (``eventsourcing`` 9.5, the optional
``bench`` dependency) saves one new event of an aggregate and judges nothing. Both run in this
process against the same database kind — a throwaway SQLite file each, or the PostgreSQL
database given, each in its own schema, dropped at the end — in interleaved rounds, so that the
machine's noise falls on both alike. Prints each one's rate, their ratio (target >= 0.5, aim
1.0) and the SQL statements one judged append sends.

    pip install -e ".[bench]"
    .venv/bin/python bench/append_peer.py [--database postgresql+psycopg://…/test] [--rounds 8]
"""

from __future__ import annotations

import atexit
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Match, drop_schema, fresh_app, rounds_arguments, sqlite_folder  # noqa: E402
from sqlalchemy import create_engine, event, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from referee import database  # noqa: E402


def peer_application(database_arg: str) -> Any:
    """A pyeventsourcing application on a throwaway SQLite file or PostgreSQL schema."""
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Tally(Aggregate):
        def __init__(self) -> None:
            self.total = 0

        @event("Counted")
        def add(self, value: int) -> None:
            self.total += value

    if database_arg == "sqlite":
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
               "SQLITE_DBNAME": str(sqlite_folder() / "peer.sqlite3")}
    else:
        url = make_url(database_arg)
        schema = f"peer_bench_{os.getpid()}"
        with create_engine(database_arg).begin() as conn:
            conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        atexit.register(drop_schema, database_arg, schema)
        env = {"PERSISTENCE_MODULE": "eventsourcing.postgres",
               "POSTGRES_DBNAME": url.database or "test", "POSTGRES_HOST": url.host or "",
               "POSTGRES_PORT": str(url.port or 5432), "POSTGRES_USER": url.username or "",
               "POSTGRES_PASSWORD": url.password or "unused", "POSTGRES_SCHEMA": schema}
    app = Application(env=env)
    tally = Tally()
    app.save(tally)

    def save() -> None:
        tally.add(5)
        app.save(tally)

    return save


def rate(fn: Any, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        fn()
    return count / (time.perf_counter() - start)


def statements_per_append(match: Match, samples: int = 20) -> float:
    engine = database(match.app).engine
    sent: list[str] = []

    def count(_c: Any, _cur: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    for _ in range(samples):
        match.append()
    event.remove(engine, "before_cursor_execute", count)
    return len(sent) / samples


def main() -> None:
    args = rounds_arguments(__doc__ or "", rounds=8, per_round=200)
    app = fresh_app(args.database)
    match = Match(app)
    match.grow_to(60)  # past the first moves: the steady state of a match
    save = peer_application(args.database)
    for _ in range(20):  # warm both up
        save()
        match.append()
    judged: list[float] = []
    plain: list[float] = []
    for _ in range(args.rounds):
        judged.append(rate(match.append, args.per_round))
        plain.append(rate(save, args.per_round))
    ours, peer = statistics.median(judged), statistics.median(plain)
    kind = "SQLite" if args.database == "sqlite" else "PostgreSQL"
    print(f"database: {kind}; {args.rounds} interleaved rounds of {args.per_round} each; "
          f"snapshot every {app.config['SNAPSHOT_EVERY']}")
    print(f"judged append (referee):        {ours:8.0f}/s (median of rounds)")
    print(f"plain save (eventsourcing 9.5): {peer:8.0f}/s")
    print(f"ratio judged/plain: {ours / peer:.2f} (target >= 0.5, aim 1.0)")
    print(f"SQL statements per judged append: {statements_per_append(match):.1f} "
          "(cursor executions; SQLite's BEGIN IMMEDIATE counts, COMMIT does not)")


if __name__ == "__main__":
    main()
