"""Racing writers on one match, through gunicorn, on SQLite and on PostgreSQL.

Starts ``gunicorn wsgi:app`` on loopback (4 workers x 64 threads by default) against a fresh
SQLite file, and again against PostgreSQL when --database gives its URL. N clients (default 16)
then race on ONE CitronCoco match for --seconds each: every client reads the match's last seq,
sends the legal move that follows it with ``If-Match: "<seq>"``, and on a 409 (another client
got there first) reads again and retries. Prints, for each database, the appends per second and
the tries per append, the 409s and any other answer, the median time of each kind of request
(the read of the last seq, an append, a 409); then PostgreSQL's rate over SQLite's
(target >= 1). Checks that the log is gapless and that nothing answered a 5xx.

    .venv/bin/python bench/race.py [--database postgresql+psycopg://…] [--clients 16] \\
        [--seconds 20] [--workers 4] [--threads 64]
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]  # this tree's referee, not an installed one

from common import SQLITE_DIR, database_url, fresh_app, parser, stop_server  # noqa: E402
from load import start_server  # noqa: E402


def move_at(seq: int) -> dict[str, Any]:
    """The move that follows seq ``seq`` in ``common.citroncoco_moves`` (a 5 passed back and
    forth by two seats): always legal on a log of that round, whoever logged the move before."""
    if seq == 0:
        return {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
    if seq == 1:
        return {"type": "discard", "seat": 0, "payload": {"value": 5}}
    seat = 1 - (seq - 2) // 2 % 2
    if seq % 2 == 0:
        return {"type": "draw", "seat": seat, "payload": {"source": "discard"}}
    return {"type": "discard", "seat": seat, "payload": {"value": 5}}


@dataclass
class Tally:
    """What the clients got, added up under a lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: Counter[int] = field(default_factory=Counter)
    others: list[str] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds, by request

    def add(self, status: int, text: str, read: float, post: float) -> None:
        with self.lock:
            self.answers[status] += 1
            self.times.setdefault("read", []).append(read)
            self.times.setdefault(str(status), []).append(post)
            if status not in (201, 409) and len(self.others) < 5:
                self.others.append(f"{status} {text[:200]}")


def client(base: str, match_id: int, host: str, deadline: float, tally: Tally) -> None:
    """Read the last seq, append the move after it under If-Match; on a 409, read again."""
    session = requests.Session()
    headers = {"Authorization": f"Bearer {host}"}
    address = f"{base}/api/matches/{match_id}"
    while time.monotonic() < deadline:
        start = time.perf_counter()
        seq = session.get(address, timeout=60).json()["last_seq"]
        read = time.perf_counter()
        response = session.post(f"{address}/events", json=move_at(seq), timeout=60,
                                headers={**headers, "If-Match": f'"{seq}"'})
        tally.add(response.status_code, response.text, read - start,
                  time.perf_counter() - read)


@dataclass(frozen=True)
class Race:
    """One database's race."""

    name: str
    seconds: float
    answers: Counter[int]
    others: list[str]
    times: dict[str, list[float]]
    logged: int
    gapless: bool

    @property
    def rate(self) -> float:
        return self.answers[201] / self.seconds

    @property
    def tries(self) -> float:
        return sum(self.answers.values()) / max(1, self.answers[201])


def logged_seqs(base: str, match_id: int) -> list[int]:
    """Every seq of the match's log, a page of 5000 at a time."""
    seqs: list[int] = []
    while True:
        page = requests.get(f"{base}/api/matches/{match_id}/events",
                            params={"after": seqs[-1] if seqs else 0, "limit": 5000},
                            timeout=60).json()["events"]
        if not page:
            return seqs
        seqs += [e["seq"] for e in page]


def race(database: str, clients: int, seconds: float, workers: int, threads: int) -> Race:
    url = database_url(fresh_app(database))
    server, base = start_server(url, workers, threads)
    try:
        created = requests.post(f"{base}/api/matches", json={
            "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json()
        match_id, host = created["id"], created["host_token"]
        tally = Tally()
        deadline = time.monotonic() + seconds
        racers = [threading.Thread(target=client, args=(base, match_id, host, deadline, tally))
                  for _ in range(clients)]
        started = time.monotonic()
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        elapsed = time.monotonic() - started
        seqs = logged_seqs(base, match_id)
    finally:
        stop_server(server)
    return Race(url.split(":")[0], elapsed, tally.answers, tally.others, tally.times, len(seqs),
                seqs == list(range(1, len(seqs) + 1)) and len(seqs) == tally.answers[201])


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--threads", type=int, default=64)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    databases = ["sqlite"] + ([args.database] if args.database != "sqlite" else [])
    races = [race(d, args.clients, args.seconds, args.workers, args.threads) for d in databases]
    print(f"gunicorn (gthread) {args.workers} workers x {args.threads} threads; "
          f"{args.clients} clients racing on one match with If-Match, {args.seconds:.0f} s each")
    failed = False
    for r in races:
        others = sum(n for status, n in r.answers.items() if status not in (201, 409))
        print(f"{r.name:>18}: {r.rate:7.1f} appends/s, {r.tries:5.1f} tries per append "
              f"({r.answers[201]} appended, {r.answers[409]} answered 409, {others} other); "
              f"log gapless: {r.gapless}")
        medians = ", ".join(f"{what} {statistics.median(r.times[what]) * 1000:.0f}"
                            for what in ("read", "201", "409") if r.times.get(what))
        print(f"{'':>20}median ms: {medians}")
        for said in r.others:
            print(f"{'':>20}{said}")
        failed = failed or not r.gapless or any(s >= 500 for s in r.answers)
    if len(races) == 2:
        print(f"PostgreSQL/SQLite appends/s: {races[1].rate / max(races[0].rate, 1e-9):.2f} "
              f"(target >= 1)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
