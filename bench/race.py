"""Racing writers on one match, through gunicorn, on SQLite and on PostgreSQL.

Starts ``gunicorn wsgi:app`` on loopback (4 workers x 64 threads by default) against a fresh
SQLite file, and again against PostgreSQL when --database gives its URL. N clients (default 16)
then race on ONE CitronCoco match for --seconds each: every client reads the match's last seq,
sends the legal move that follows it with ``If-Match: "<seq>"``, and on a 409 (another client
got there first) reads again and retries; with --from-answers, a client reads once and then
takes the seq to try next from each answer (a 201's ``seq``, a 409's ``last_seq``). Prints,
for each database, the appends per second and
the tries per append, the 409s and any other answer, the median time of each kind of request
(the read of the last seq, an append, a 409); then PostgreSQL's rate over SQLite's
(target >= 1). With --runs N the two databases race by turns N times (SQLite, PostgreSQL,
SQLite, …): each run's ratio, then their median, which a shared machine's passing load moves
less than any one run's. Checks that the log is gapless and that nothing answered a 5xx.

    .venv/bin/python bench/race.py [--database postgresql+psycopg://…] [--clients 16] \\
        [--seconds 20] [--workers 4] [--threads 64] [--runs 3]
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

    def add(self, status: int, text: str, read: float | None, post: float) -> None:
        with self.lock:
            self.answers[status] += 1
            if read is not None:
                self.times.setdefault("read", []).append(read)
            self.times.setdefault(str(status), []).append(post)
            if status not in (201, 409) and len(self.others) < 5:
                self.others.append(f"{status} {text[:200]}")


def client(base: str, match_id: int, host: str, deadline: float, tally: Tally,
           reads: bool = True) -> None:
    """Read the last seq, append the move after it under If-Match; on a 409, read again.
    ``reads`` False: read only once, then take the seq after each answer from the answer
    itself (a 201's ``seq``, a 409's ``last_seq``, which comes with the events since)."""
    session = requests.Session()
    headers = {"Authorization": f"Bearer {host}"}
    address = f"{base}/api/matches/{match_id}"
    seq: int | None = None
    while time.monotonic() < deadline:
        start = time.perf_counter()
        read: float | None = None
        if reads or seq is None:
            seq = session.get(address, timeout=60).json()["last_seq"]
            read = time.perf_counter() - start
        posted = time.perf_counter()
        response = session.post(f"{address}/events", json=move_at(seq), timeout=60,
                                headers={**headers, "If-Match": f'"{seq}"'})
        tally.add(response.status_code, response.text, read, time.perf_counter() - posted)
        answer = response.json() if response.status_code in (201, 409) else {}
        seq = answer.get("seq", answer.get("last_seq"))


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


def race(database: str, clients: int, seconds: float, workers: int, threads: int,
         reads: bool = True) -> Race:
    url = database_url(fresh_app(database))
    server, base = start_server(url, workers, threads)
    try:
        created = requests.post(f"{base}/api/matches", json={
            "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json()
        match_id, host = created["id"], created["host_token"]
        tally = Tally()
        deadline = time.monotonic() + seconds
        racers = [threading.Thread(target=client,
                                   args=(base, match_id, host, deadline, tally, reads))
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
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--from-answers", action="store_true",
                   help="clients read the match once, then take the seq from each answer")
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    databases = ["sqlite"] + ([args.database] if args.database != "sqlite" else [])
    runs = [[race(d, args.clients, args.seconds, args.workers, args.threads,
                  reads=not args.from_answers) for d in databases] for _ in range(args.runs)]
    print(f"gunicorn (gthread) {args.workers} workers x {args.threads} threads; "
          f"{args.clients} clients racing on one match with If-Match, {args.seconds:.0f} s each; "
          + ("the seq from each answer" if args.from_answers else "a read before each try"))
    failed = any(report(races) for races in runs)
    if len(databases) == 2 and len(runs) > 1:
        ratios = [races[1].rate / max(races[0].rate, 1e-9) for races in runs]
        print(f"PostgreSQL/SQLite appends/s, run by run: "
              f"{', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f} "
              f"(target >= 1)")
    sys.exit(1 if failed else 0)


def report(races: list[Race]) -> bool:
    """Print one run's races; True when one of them failed."""
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
    return failed


if __name__ == "__main__":
    main()
