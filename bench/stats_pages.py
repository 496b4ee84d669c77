"""Night and player pages at scale: p95 latency through gunicorn with 100,000 finished matches.

Seeds a throwaway PostgreSQL schema with bulk SQL (players, nights of 100 matches, matches with
three seats each, their summaries and results read models; the pages read nothing else), starts
``gunicorn wsgi:app`` on it, requests random night pages and player pages, prints the p50 and
p95 of each (target: p95 < 50 ms), and drops the schema.

    .venv/bin/python bench/stats_pages.py [--matches 100000] [--requests 300] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

import requests
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import fresh_app  # noqa: E402
from load import start_server  # noqa: E402

from referee import database  # noqa: E402

PLAYERS = 200
PER_NIGHT = 10  # a night: 10 matches among 6 regulars (players 6n+1 … 6n+6, modulo the pool)

SEED = """
INSERT INTO players (id, name, name_key, created_at)
  SELECT p, 'Player ' || p, 'player ' || p, now() FROM generate_series(1, :players) p;
INSERT INTO nights (id, name, created_at)
  SELECT n, 'Night ' || n, now() - (n || ' days')::interval
  FROM generate_series(1, :nights) n;
INSERT INTO matches (id, game, options, host_token_hash, uuid, night_id, created_at)
  SELECT m, 'citroncoco', '{}'::json, md5(m::text) || md5('h' || m),
         CAST(CAST(md5('m' || m) AS uuid) AS text), (m - 1) / :per_night + 1,
         now() - (m || ' minutes')::interval
  FROM generate_series(1, :matches) m;
INSERT INTO seats (match_id, seat, player_id, token_hash, total, won, missplays)
  SELECT m, s, (((m - 1) / :per_night) * 6 + (m + s) % 6) % :players + 1,
         md5(m || '-' || s) || md5('t' || m || s),
         10 * s + m % 7, s = 0, (m + s) % 3
  FROM generate_series(1, :matches) m, generate_series(0, 2) s;
INSERT INTO match_summaries (match_id, game, seat_names, status, totals, winners, outcome,
                             last_seq, night_id, created_at, updated_at)
  SELECT m, 'citroncoco',
         json_build_array('Player 1', 'Player 2', 'Player 3'),
         'finished',
         json_build_object('unit', 'coconuts', 'lower_is_better', true, 'finished', true,
           'winners', json_build_array(0), 'outcome', 'Seat 0 wins.', 'target', 200,
           'rounds', json_build_array(),
           'lines', json_build_array(
             json_build_object('side', '0', 'seats', json_build_array(0),
                               'total', m % 7, 'detail', '{}'::json),
             json_build_object('side', '1', 'seats', json_build_array(1),
                               'total', 10 + m % 7, 'detail', '{}'::json),
             json_build_object('side', '2', 'seats', json_build_array(2),
                               'total', 200 + m % 7, 'detail', '{}'::json))),
         json_build_array(0), 'Seat 0 wins.', 40, (m - 1) / :per_night + 1,
         now() - (m || ' minutes')::interval, now() - (m || ' minutes')::interval
  FROM generate_series(1, :matches) m;
INSERT INTO seat_results (match_id, seat, player_id, game, night_id, finished, rank, sides,
                          score, lower_is_better, won, missplays, calls, calls_won, ended_at)
  SELECT m, s, (((m - 1) / :per_night) * 6 + (m + s) % 6) % :players + 1, 'citroncoco',
         (m - 1) / :per_night + 1, true,
         s + 1, 3, 10 * s + m % 7, true, s = 0, (m + s) % 3, (m + s) % 2, (m + s) % 4 / 3,
         now() - (m || ' minutes')::interval
  FROM generate_series(1, :matches) m, generate_series(0, 2) s;
INSERT INTO match_results (match_id, night_id, game, finished, events, rounds, missplays,
                           started_at, ended_at, seconds, best_call, best_call_seat)
  SELECT m, (m - 1) / :per_night + 1, 'citroncoco', true, 40, 4, m % 5,
         now() - (m || ' minutes')::interval - interval '30 minutes',
         now() - (m || ' minutes')::interval, 1800 + m % 900, m % 40, m % 3
  FROM generate_series(1, :matches) m;
SELECT setval(pg_get_serial_sequence('players', 'id'), :players);
SELECT setval(pg_get_serial_sequence('nights', 'id'), :nights);
SELECT setval(pg_get_serial_sequence('matches', 'id'), :matches);
ANALYZE;
"""


def seed(url: str, matches: int) -> None:
    nights = -(-matches // PER_NIGHT)
    engine = create_engine(url)
    params = {"players": PLAYERS, "nights": nights, "matches": matches, "per_night": PER_NIGHT}
    with engine.begin() as conn:
        for statement in SEED.split(";"):
            if statement.strip():
                used = {k: v for k, v in params.items() if f":{k}" in statement}
                conn.execute(text(statement), used)
    engine.dispose()


def timed(session: requests.Session, url: str) -> float:
    start = time.perf_counter()
    response = session.get(url, timeout=30)
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"{url} answered {response.status_code}")
    return elapsed


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--database", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    args.add_argument("--matches", type=int, default=100_000)
    args.add_argument("--requests", type=int, default=300)
    args.add_argument("--workers", type=int, default=2)
    opts = args.parse_args()
    app = fresh_app(opts.database)  # a throwaway schema, dropped at exit
    url = database(app).engine.url.render_as_string(False)
    database(app).engine.dispose()
    began = time.perf_counter()
    seed(url, opts.matches)
    print(f"seeded {opts.matches:,} finished matches in {time.perf_counter() - began:.1f} s")
    server, base = start_server(url, opts.workers)
    print(f"load average before the requests: {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    try:
        rng = random.Random(17)
        nights = -(-opts.matches // PER_NIGHT)
        with requests.Session() as session:
            for _ in range(20):  # warm the workers
                timed(session, f"{base}/nights/{rng.randint(1, nights)}")
                timed(session, f"{base}/players/{rng.randint(1, PLAYERS)}")
            pages = {
                "night page": lambda: f"{base}/nights/{rng.randint(1, nights)}",
                "night TV view": lambda: f"{base}/nights/{rng.randint(1, nights)}/tv",
                "player page": lambda: f"{base}/players/{rng.randint(1, PLAYERS)}",
                "player stats API": lambda: f"{base}/api/players/{rng.randint(1, PLAYERS)}/stats",
            }
            for name, make in pages.items():
                times = [timed(session, make()) for _ in range(opts.requests)]
                verdict = "ok" if p95(times) < 50 else "OVER TARGET"
                print(f"{name:<18} p50 {statistics.median(times):6.1f} ms   "
                      f"p95 {p95(times):6.1f} ms   ({opts.requests} requests; target p95 < 50 ms:"
                      f" {verdict})")
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
