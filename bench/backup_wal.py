"""SQLite: the WAL's size and the appends logged while a backup runs, by how the backup reads.

Fills a database with matches, then, while two other processes append moves, backs it up
three ways and prints for each how long it took, how many moves were appended meanwhile, the
WAL's size before, at its largest during the backup and two seconds after:

- ``write-lock``: the document read in a transaction begun BEGIN IMMEDIATE (what every read
  used to take): writers wait for the whole backup;
- ``long-read``: read in one deferred transaction: writers go on, but the reader's snapshot
  keeps the WAL from being checkpointed, so it grows with every write until the read ends;
- ``copy``: ``referee backup`` as it is: the file copied into memory in one step, the
  document read from the copy.

    .venv/bin/python bench/backup_wal.py [--matches 400] [--sqlite-dir DIR]
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import SQLITE_DIR, parser, sqlite_folder  # noqa: E402
from sqlalchemy import event, func, select  # noqa: E402

from referee import create_app, database  # noqa: E402
from referee.cli import upgrade_database  # noqa: E402
from referee.service import backup as backups  # noqa: E402
from referee.service import matches  # noqa: E402
from referee.service.matches import SeatSpec  # noqa: E402
from referee.store import models  # noqa: E402
from referee.store.db import Database  # noqa: E402

VALUES = [3, 4, 5, 6, 8]  # CitronCoco cards without a power: a discard needs nothing more
TURNS = 10  # turns played in each match when filling, and again by the writers


def turn(db: Database, match_id: int, tokens: list[str], number: int) -> None:
    seat = number % 2
    matches.record(db, match_id, tokens[seat], "draw", seat, {"source": "stock"})
    matches.record(db, match_id, tokens[seat], "discard", seat,
                   {"value": VALUES[number % len(VALUES)]})


def fill(path: Path, count: int) -> list[tuple[int, list[str]]]:
    app = create_app({"DATABASE_URL": f"sqlite:///{path}"})
    upgrade_database(app)
    db = database(app)
    event.listen(db.engine, "connect",
                 lambda connection, _: connection.execute("PRAGMA synchronous=OFF"))
    db.engine.dispose()
    tables = []
    for number in range(count):
        created = matches.create_match(db, "citroncoco", {}, [
            SeatSpec(name=f"Player {number}.{seat}") for seat in range(2)])
        for n in range(TURNS):
            turn(db, created.match.id, created.seat_tokens, n)
        tables.append((created.match.id, created.seat_tokens))
    db.engine.dispose()
    return tables


def write(path: str, tables_file: str, writer: int) -> None:
    """A writer process: the next turns of every other match, one after the other."""
    db = database(create_app({"DATABASE_URL": f"sqlite:///{path}"}))
    tables = json.loads(Path(tables_file).read_text())
    print("ready", flush=True)
    for match_id, tokens in tables[writer::2]:
        for n in range(TURNS, 2 * TURNS):
            turn(db, match_id, tokens, n)


def events(db: Database) -> int:
    with db.reading() as session:
        return int(session.scalar(select(func.count(models.Event.id))) or 0)


def measure(source: Path, tables_file: Path, name: str,
            backup: Callable[[Database], dict[str, Any]]) -> None:
    path = source.with_name(f"{name}.sqlite3")
    path.write_bytes(source.read_bytes())
    wal = Path(f"{path}-wal")
    db = database(create_app({"DATABASE_URL": f"sqlite:///{path}"}))
    writers = [subprocess.Popen([sys.executable, __file__, "--write", str(path),
                                 str(tables_file), str(n)], stdout=subprocess.PIPE, text=True)
               for n in range(2)]
    for writer in writers:
        assert writer.stdout is not None
        writer.stdout.readline()
    time.sleep(1.0)
    size = [wal.stat().st_size if wal.exists() else 0]
    largest, stop = [size[0]], threading.Event()

    def watch() -> None:
        while not stop.is_set():
            if wal.exists():
                largest[0] = max(largest[0], wal.stat().st_size)
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    before, started = events(db), time.monotonic()
    data = backup(db)
    took, appended, peak = time.monotonic() - started, events(db) - before, largest[0]
    time.sleep(2.0)
    stop.set()
    watcher.join()
    for writer in writers:
        writer.kill()
        writer.wait()
    after = wal.stat().st_size if wal.exists() else 0
    print(f"{name:10s} {took:5.2f} s ({len(data['matches'])} matches), {appended:4d} moves "
          f"appended meanwhile; WAL {size[0] / 1e6:.1f} MB before, {peak / 1e6:.1f} MB at "
          f"most, {after / 1e6:.1f} MB 2 s after")
    db.engine.dispose()


def read_under_write_lock(db: Database) -> dict[str, Any]:
    with db.unit_of_work() as session:
        return backups._document(session)


def read_at_length(db: Database) -> dict[str, Any]:
    with db.reading() as session:
        return backups._document(session)


def main() -> None:
    if sys.argv[1:2] == ["--write"]:
        write(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    p = parser(__doc__ or "")
    p.add_argument("--matches", type=int, default=400)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    folder = sqlite_folder()
    source, tables_file = folder / "source.sqlite3", folder / "tables.json"
    tables_file.write_text(json.dumps(fill(source, args.matches)))
    print(f"{args.matches} matches, {source.stat().st_size / 1e6:.1f} MB; "
          f"SQLite {sqlite3.sqlite_version}")
    for name, backup in (("write-lock", read_under_write_lock), ("long-read", read_at_length),
                         ("copy", backups.dump)):
        measure(source, tables_file, name, backup)


if __name__ == "__main__":
    main()
