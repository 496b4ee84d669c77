"""Many tables, one commit rate: judged appends per second as more matches log at once, on
PostgreSQL, beside the machine's own commit rate.

For each count of tables (default 1, 4, 16, 64), that many threads each log their own
CitronCoco match move after move (If-Match, the seq each got back) for --seconds, through the
service in this process (``matches.record``: the real append, its unit of work, its NOTIFY);
with ``--http``, through gunicorn (``--workers`` processes) by ``POST /api/matches/<id>/events``
instead. Beside them, in the same run, the same number of clients each sending a plain
single-row INSERT and COMMIT on its own connection (what the database and the disk can
commit: the physical limit), with and without a NOTIFY in each transaction. Prints each rate,
each count's rate over one table's, how busy the machine's cores were while the tables logged
(``/proc/stat``: this process, the database and anything else running) and the CPU time per
append that makes, and the appends' rate over the plain commits'; checks that every match's log
is gapless and holds every acknowledged move.

    .venv/bin/python bench/tables.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test \\
        [--tables 1,4,16,64] [--seconds 5] [--processes 2 | --http [--workers 4]]
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]  # this tree's referee, not an installed one

from common import Match, database_url, fresh_app, parser, stop_server  # noqa: E402
from load import start_server  # noqa: E402
from race import move_at  # noqa: E402
from sqlalchemy import event, func, select  # noqa: E402

from referee import database  # noqa: E402
from referee.store import models  # noqa: E402


def cpu_times() -> tuple[float, float]:
    """The machine's CPU time so far, every core added up: (busy, all), in clock ticks."""
    fields = [float(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


#: How busy the machine's cores were during the latest ``timed`` (0 to 1).
BUSY = [0.0]


def timed(clients: int, seconds: float, work: Callable[[int, float], int]) -> float:
    """``clients`` threads each running ``work(index, deadline)`` (which returns how many it
    did); the total per second. ``BUSY[0]``: how busy the machine was meanwhile."""
    done = [0] * clients
    deadline = time.monotonic() + seconds

    def run(index: int) -> None:
        done[index] = work(index, deadline)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    busy, ticks = cpu_times()
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    busy_after, ticks_after = cpu_times()
    BUSY[0] = (busy_after - busy) / max(ticks_after - ticks, 1)
    return sum(done) / elapsed


def plain_commits(url: str, clients: int, seconds: float, notify: bool) -> float:
    """Single-row INSERT + COMMIT per transaction (with a NOTIFY in it when ``notify``)."""
    conninfo = url.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_plain_commits "
                     "(id bigserial PRIMARY KEY, client int, at timestamptz DEFAULT now())")

    def work(index: int, deadline: float) -> int:
        count = 0
        with psycopg.connect(conninfo) as conn:
            while time.monotonic() < deadline:
                conn.execute("INSERT INTO bench_plain_commits (client) VALUES (%s)", (index,))
                if notify:
                    conn.execute("SELECT pg_notify('bench_plain', %s)", (str(count),))
                conn.commit()
                count += 1
        return count

    try:
        return timed(clients, seconds, work)
    finally:
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS bench_plain_commits")


def in_process(app: Any, tables: int, seconds: float, processes: int = 1
               ) -> tuple[float, list[Match]]:
    """Each thread logs its own match through the service; with ``processes`` > 1, the tables
    are shared among that many forked processes (as gunicorn's workers share requests), so
    that no one interpreter's lock holds them all."""
    games = [Match(app) for _ in range(tables)]

    def work(index: int, deadline: float) -> int:
        game, count = games[index], 0
        with app.app_context():
            while time.monotonic() < deadline:
                game.append()
                count += 1
        return count

    if processes <= 1:
        return timed(tables, seconds, work), games

    def share(k: int, deadline: float) -> int:
        mine = games[k::processes]
        context = multiprocessing.get_context("fork")
        reader, writer = context.Pipe(duplex=False)
        child = context.Process(target=_log_in_child, args=(app, mine, deadline, writer))
        child.start()
        seqs = reader.recv()
        child.join()
        done = sum(seqs) - sum(game.seq for game in mine)
        for game, seq in zip(mine, seqs, strict=True):
            game.seq = seq
        return done

    return timed(min(processes, tables), seconds, share), games


def _log_in_child(app: Any, games: list[Match], deadline: float, writer: Any) -> None:
    """A forked process's tables, a thread each; sends back each match's last seq."""
    database(app).engine.dispose(close=False)  # the parent's connections stay the parent's

    def work(index: int, _deadline: float) -> int:
        with app.app_context():
            while time.monotonic() < deadline:
                games[index].append()
        return 0

    timed(len(games), 0, work)
    writer.send([game.seq for game in games])


def over_http(app: Any, base: str, tables: int, seconds: float) -> tuple[float, list[Match]]:
    """Each thread logs its own match through gunicorn."""
    games = [Match(app) for _ in range(tables)]

    def work(index: int, deadline: float) -> int:
        game, session = games[index], requests.Session()
        headers = {"Authorization": f"Bearer {game.host}"}
        while time.monotonic() < deadline:
            response = session.post(f"{base}/api/matches/{game.id}/events",
                                    json=move_at(game.seq), timeout=60,
                                    headers={**headers, "If-Match": f'"{game.seq}"'})
            if response.status_code != 201:
                raise RuntimeError(f"{response.status_code} {response.text[:200]}")
            game.seq = response.json()["seq"]
        return game.seq

    return timed(tables, seconds, work), games


def gapless(app: Any, games: list[Match]) -> bool:
    """Every match's log holds seqs 1..n, n being the last seq it acknowledged."""
    db = database(app)
    with db.sessions() as session:
        for game in games:
            count, top = session.execute(
                select(func.count(models.Event.seq), func.max(models.Event.seq))
                .where(models.Event.match_id == game.id)).one()
            if count != game.seq or (top or 0) != game.seq:
                return False
    return True


def delay_commits(app: Any, delay: int) -> None:
    """PostgreSQL's group commit told to wait ``delay`` µs for other commits to join a flush."""
    engine = database(app).engine

    @event.listens_for(engine, "connect")
    def _delay(connection: Any, _record: Any) -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"SET commit_delay = {int(delay)}")
            cursor.execute("SET commit_siblings = 2")
        connection.commit()

    engine.dispose()


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--tables", default="1,4,16,64")
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--http", action="store_true", help="append through gunicorn")
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--processes", type=int, default=1,
                   help="in process: share the tables among this many forked processes")
    p.add_argument("--commit-delay", type=int, default=0,
                   help="µs: SET commit_delay (and commit_siblings = 2) on the appends' "
                        "connections, in process (a superuser's setting)")
    args = p.parse_args()
    if not args.database.startswith("postgresql"):
        sys.exit("--database must be a PostgreSQL URL")
    counts = [int(n) for n in args.tables.split(",")]
    app = fresh_app(args.database)
    if args.commit_delay:
        delay_commits(app, args.commit_delay)
    server = base = None
    if args.http:
        server, base = start_server(database_url(app), args.workers)
    rows, ok = [], True
    try:
        for n in counts:
            if base is not None:
                rate, games = over_http(app, base, n, args.seconds)
            else:
                rate, games = in_process(app, n, args.seconds, args.processes)
            busy = BUSY[0]
            ok = gapless(app, games) and ok
            plain = plain_commits(args.database, n, args.seconds, notify=False)
            notified = plain_commits(args.database, n, args.seconds, notify=True)
            rows.append((n, rate, busy, plain, notified))
    finally:
        if server is not None:
            stop_server(server)
    how = (f"HTTP through gunicorn, {args.workers} workers" if args.http
           else "the service in this process, one thread per table" if args.processes <= 1
           else f"the service in {args.processes} forked processes, one thread per table")
    if args.commit_delay:
        how += f", commit_delay {args.commit_delay} µs"
    print(f"judged appends on PostgreSQL, {how}; {args.seconds:.0f} s per figure")
    cores = os.cpu_count() or 1
    print(f"{'tables':>6} {'appends/s':>10} {'x 1 table':>10} {'CPU busy':>9} "
          f"{'CPU ms/append':>14} {'plain/s':>9} {'+NOTIFY/s':>10} {'appends/plain':>14}")
    one = rows[0][1]
    for n, rate, busy, plain, notified in rows:
        print(f"{n:>6} {rate:>10.0f} {rate / one:>10.2f} {busy:>9.0%} "
              f"{busy * cores * 1000 / max(rate, 1e-9):>14.2f} {plain:>9.0f} {notified:>10.0f} "
              f"{rate / plain:>14.2f}")
    cpu_ms = min(busy * cores * 1000 / max(rate, 1e-9) for _, rate, busy, _, _ in rows)
    print(f"x 4 one table's rate is {4 * one:.0f} appends/s: on {cores} cores, at most "
          f"{cores * 1000 / (4 * one):.2f} ms of CPU per append (the database's included); the "
          f"least an append took here is {cpu_ms:.2f} ms, a ceiling of "
          f"{cores * 1000 / cpu_ms / one:.1f} x one table's")
    print(f"every log gapless, every acknowledged move logged: {ok}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
