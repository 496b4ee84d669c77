"""The ratings at scale: a rebuild of 100,000 finished matches, then a player's page.

Seeds a fresh database directly (players, matches of three games — two to four seats, some in
teams of two, some ties — their summaries and results read models: what the ratings read),
rebuilds every rating in one recomputation (``ratings.rebuild``) while another thread writes
(an empty write transaction every 20 ms: what a move logged meanwhile waits for, the write
lock on SQLite), and requests random players' pages through the app. Prints matches rated per
second, the longest a write waited during the rebuild, and the player page's p50 and p95.

    .venv/bin/python bench/ratings.py [--matches 100000] [--requests 200]
    .venv/bin/python bench/ratings.py --database postgresql+psycopg://postgres@127.0.0.1/test
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import fresh_app, parser  # noqa: E402
from sqlalchemy import insert, select, text  # noqa: E402

from referee import database  # noqa: E402
from referee.service import ratings  # noqa: E402
from referee.store import models  # noqa: E402

PLAYERS = 200
GAMES = ("citroncoco", "plouc", "citroncoco-teams")
START = datetime(2024, 1, 1, tzinfo=UTC)
BATCH = 5000


def a_match(m: int, rng: random.Random) -> tuple[str, list[list[int]], list[int]]:
    """Match ``m``: its game, its sides (seats), each side's place (ties sometimes)."""
    game = GAMES[m % 3]
    if game == "citroncoco-teams":
        sides = [[0, 2], [1, 3]]
    else:
        sides = [[s] for s in range(rng.randint(2, 4))]
    totals = [rng.randint(0, 6) for _ in sides]
    ranks = [1 + sum(1 for other in totals if other < t) for t in totals]
    return game, sides, ranks


def rows(count: int, seed: int = 7) -> Iterator[dict[str, list[dict[str, Any]]]]:
    """Batches of rows for each table the ratings and the player page read."""
    rng = random.Random(seed)
    batch: dict[str, list[dict[str, Any]]] = {"matches": [], "summaries": [], "seats": [],
                                              "results": []}
    for m in range(1, count + 1):
        game, sides, ranks = a_match(m, rng)
        seats = sorted(s for side in sides for s in side)
        players = rng.sample(range(1, PLAYERS + 1), len(seats))
        ended = START + timedelta(minutes=20 * m)
        batch["matches"].append({"id": m, "game": game, "options": {}, "mode": "rounds",
                                 "host_token_hash": f"h{m}", "uuid": f"{m:036d}",
                                 "created_at": ended - timedelta(minutes=15)})
        lines = [{"side": str(i), "seats": side, "total": rank}
                 for i, (side, rank) in enumerate(zip(sides, ranks, strict=True))]
        winners = [s for side, r in zip(sides, ranks, strict=True) if r == 1 for s in side]
        batch["summaries"].append({
            "match_id": m, "game": game, "seat_names": [f"Player {p}" for p in players],
            "status": "finished", "winners": winners, "last_seq": 1,
            "totals": {"finished": True, "lines": lines, "winners": winners},
            "created_at": ended, "updated_at": ended})
        rank_of = {s: r for side, r in zip(sides, ranks, strict=True) for s in side}
        for seat, player in zip(seats, players, strict=True):
            batch["seats"].append({"match_id": m, "seat": seat, "player_id": player,
                                   "token_hash": f"t{m}-{seat}"})
            batch["results"].append({
                "match_id": m, "seat": seat, "player_id": player, "game": game,
                "finished": True, "rank": rank_of[seat], "sides": len(sides),
                "score": rank_of[seat], "won": rank_of[seat] == 1, "ended_at": ended})
        if m % BATCH == 0 or m == count:
            yield batch
            batch = {key: [] for key in batch}


def seed(app: Any, count: int) -> float:
    """The rows written straight into the database; the seconds it took."""
    start = time.perf_counter()
    tables = {"matches": models.Match, "summaries": models.MatchSummary,
              "seats": models.Seat, "results": models.SeatResult}
    with database(app).engine.begin() as conn:
        conn.execute(insert(models.Player), [
            {"id": p, "name": f"Player {p}", "name_key": f"player {p}",
             "created_at": START} for p in range(1, PLAYERS + 1)])
        for batch in rows(count):
            for key, model in tables.items():
                conn.execute(insert(model), batch[key])
    return time.perf_counter() - start


def writes_meanwhile(app: Any, done: threading.Event) -> list[float]:
    """Milliseconds each write transaction took (``SELECT 1`` in it: on SQLite it begins
    with the write lock) until ``done``, one every 20 ms; the list fills as they go."""
    db = database(app)
    times: list[float] = []

    def write() -> None:
        while not done.wait(0.02):
            start = time.perf_counter()
            with db.unit_of_work() as session:
                session.execute(text("SELECT 1"))
            times.append((time.perf_counter() - start) * 1000)

    threading.Thread(target=write, name="bench-writes", daemon=True).start()
    return times


def player_pages(app: Any, requests: int) -> list[float]:
    """Milliseconds of each request of a random player's page."""
    client = app.test_client()
    rng = random.Random(11)
    times = []
    for _ in range(requests):
        player = rng.randint(1, PLAYERS)
        start = time.perf_counter()
        answer = client.get(f"/players/{player}")
        times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200 and b"sparkline" in answer.data
    return times


def ratings_reads(app: Any, requests: int) -> list[float]:
    """Milliseconds of the ratings' own part of a player's page (its read of the ratings)."""
    db = database(app)
    rng = random.Random(11)
    times = []
    for _ in range(requests):
        player = rng.randint(1, PLAYERS)
        start = time.perf_counter()
        with db.reading() as session:
            assert ratings.player_ratings(session, player)
            ratings.updating(session)
        times.append((time.perf_counter() - start) * 1000)
    return times


def latest_match(app: Any, count: int, times: int = 5) -> float:
    """Median milliseconds from the mark a finished match leaves (the latest one: what a
    match that ends tonight costs) to the ratings recomputed from it, by the job."""
    db = database(app)
    job = ratings.job_of(db)
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        ratings.changed(db, count)
        assert job.wait(60)
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


def p50_p95(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.95) - 1)]


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--requests", type=int, default=200)
    args = p.parse_args()
    app = fresh_app(args.database)
    seeded = seed(app, args.matches)
    db = database(app)
    done = threading.Event()
    waited = writes_meanwhile(app, done)
    start = time.perf_counter()
    ratings.rebuild(db)
    rebuilt = time.perf_counter() - start
    done.set()
    with db.engine.connect() as conn:
        kept = len(conn.execute(select(models.PlayerRating.match_id)).all())
    one = latest_match(app, args.matches)
    p50, p95 = p50_p95(player_pages(app, args.requests))
    own50, own95 = p50_p95(ratings_reads(app, args.requests))
    print(f"database: {db.engine.dialect.name}; {args.matches} finished matches among "
          f"{PLAYERS} players (seeded in {seeded:.1f} s)")
    print(f"rebuild: {rebuilt:.1f} s, {args.matches / rebuilt:,.0f} matches/s, "
          f"{kept:,} rating rows")
    print(f"writes during the rebuild: {len(waited)}, the longest {max(waited, default=0):.0f} ms "
          f"(p50 {statistics.median(waited or [0]):.1f} ms)")
    print(f"a match ending after them: its ratings {one:.1f} ms after its commit (median of 5), "
          f"{rebuilt * 1000 / args.matches:.2f} ms a match in the rebuild")
    print(f"player page ({args.requests} requests): p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"its ratings' read alone: p50 {own50:.1f} ms, p95 {own95:.1f} ms "
          f"({own50 / p50:.0%} of the page's p50)")


if __name__ == "__main__":
    main()
