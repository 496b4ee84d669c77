"""History through gunicorn on PostgreSQL with 100,000 finished matches: ``/history`` and its
50th page, reached by following its "older" links.

Seeds the matches with a few set-based INSERTs into a throwaway schema (dropped at the end),
starts ``gunicorn wsgi:app`` on loopback, walks from ``/history`` to its 50th page by the links
each page carries, then requests the first page and the 50th in turn. Prints their p95
(target <= 50 ms each) and the API's list (``/api/matches``, by the same cursors).

    .venv/bin/python bench/history_pages.py [--database postgresql+psycopg://…/test]
"""

from __future__ import annotations

import html
import re
import sys
import time
from pathlib import Path

import requests
from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import database_url, fresh_app, parser, percentile, stop_server  # noqa: E402
from load import start_server  # noqa: E402

OLDER = re.compile(r'href="([^"]+)" rel="next"')
SEED = [
    "INSERT INTO players (id, name, name_key, created_at) VALUES "
    "(1, 'Alice', 'alice', now()), (2, 'Bob', 'bob', now())",
    "INSERT INTO matches (id, game, options, host_token_hash, uuid, created_at) "
    "SELECT i, 'citroncoco', '{{}}', md5('host' || i), CAST(CAST(md5('m' || i) AS uuid) AS text), "
    "now() - make_interval(mins => {n} - i) FROM generate_series(1, {n}) AS i",
    "INSERT INTO seats (match_id, seat, player_id, token_hash, total, won, missplays) "
    "SELECT i, s, s + 1, md5('seat' || s || '-' || i), 150 + s * 60 - (i % 50), s = 0, i % 3 "
    "FROM generate_series(1, {n}) AS i, generate_series(0, 1) AS s",
    "INSERT INTO match_summaries (match_id, game, seat_names, status, totals, winners, outcome, "
    "last_seq, created_at, updated_at) "
    "SELECT i, 'citroncoco', '[\"Alice\", \"Bob\"]', 'finished', "
    "'{{\"unit\": \"coconuts\", \"lower_is_better\": true, \"lines\": [], \"finished\": true, "
    "\"winners\": [0], \"outcome\": \"Alice wins\", \"target\": 200, \"rounds\": []}}', "
    "'[0]', 'Alice wins', 120, "
    "now() - make_interval(mins => {n} - i), now() - make_interval(mins => {n} - i) "
    "FROM generate_series(1, {n}) AS i",
    "INSERT INTO match_tallies (game, status, day, count) "
    "SELECT game, status, CAST(created_at AT TIME ZONE 'UTC' AS date), count(*) "
    "FROM match_summaries GROUP BY 1, 2, 3",
    "SELECT setval(pg_get_serial_sequence('matches', 'id'), {n})",
    "SELECT setval(pg_get_serial_sequence('players', 'id'), 2)",
    "ANALYZE",
]


def timed_get(client: requests.Session, url: str) -> tuple[float, str]:
    start = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    return elapsed, response.text


def main() -> None:
    p = parser(__doc__ or "")
    p.set_defaults(database="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--samples", type=int, default=100)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    app = fresh_app(args.database)
    url = database_url(app)
    started = time.perf_counter()
    with create_engine(url).begin() as conn:
        for statement in SEED:
            conn.execute(text(statement.format(n=args.matches)))
    seeded = time.perf_counter() - started
    server, base = start_server(url, args.workers)
    try:
        client = requests.Session()
        page_url, walk = f"{base}/history", []
        for _ in range(49):
            elapsed, body = timed_get(client, page_url)
            walk.append(elapsed)
            found = OLDER.search(body)
            assert found is not None, "a page without an older link"
            page_url = base + html.unescape(found.group(1))
        fiftieth = page_url
        api_url, api_walk = f"{base}/api/matches?per_page=20", []
        for _ in range(49):
            start = time.perf_counter()
            body = client.get(api_url).json()
            api_walk.append(time.perf_counter() - start)
            api_url = f"{base}/api/matches?per_page=20&before={body['older']}"
        first, last, api_first, api_last, health = [], [], [], [], []
        for _ in range(args.samples):
            health.append(timed_get(client, f"{base}/healthz")[0])
            first.append(timed_get(client, f"{base}/history")[0])
            last.append(timed_get(client, fiftieth)[0])
            api_first.append(timed_get(client, f"{base}/api/matches?per_page=20")[0])
            api_last.append(timed_get(client, api_url)[0])
        total = client.get(f"{base}/api/matches?per_page=1").json()["total"]
    finally:
        stop_server(server)
    print(f"PostgreSQL, {total:,} finished matches (seeded in {seeded:.1f} s); gunicorn "
          f"{args.workers} workers; {args.samples} requests each, interleaved")
    print(f"GET /healthz         p95 {percentile(health, 95) * 1000:6.1f} ms (this machine's "
          "floor right now, for reference)")
    print(f"/history             p95 {percentile(first, 95) * 1000:6.1f} ms (target <= 50)")
    print(f"/history, 50th page  p95 {percentile(last, 95) * 1000:6.1f} ms (target <= 50); "
          f"the walk there: {sum(walk):.2f} s for 49 pages")
    print(f"/api/matches         p95 {percentile(api_first, 95) * 1000:6.1f} ms; 50th page "
          f"p95 {percentile(api_last, 95) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
