"""Reads of a long match through gunicorn: the timeline's first page, the match page, the
state at a seq and the TV board, at 100 and at 10,000 events, in one run.

Seeds two CitronCoco matches (100 and 10,000 moves, imported: judged on the way in, snapshots
taken), starts ``gunicorn wsgi:app`` on loopback, warms its workers, then requests each page of
each match in turn. Every other round first logs a move in both matches, so half the reads are
the first after a move (nothing kept from the reads before it) and half are reads again of an
unchanged match (what the table's other phones and the TV do after each move). Prints each
page's p95 at both lengths and their ratio, for each kind of read (targets: p95 <= 20 ms at
10,000 events; ratio <= 1.5, i.e. flat in the match's length).

    .venv/bin/python bench/read_latency.py [--database URL] [--samples 200] [--workers 2]
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path
from typing import Any

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    SQLITE_DIR,
    citroncoco_moves,
    database_url,
    fresh_app,
    imported_match,
    parser,
    percentile,
    stop_server,
)
from load import start_server  # noqa: E402

PAGES = {
    "timeline, first page": "/api/matches/{id}/timeline",
    "match page": "/m/{id}",
    "state at a seq": "/api/matches/{id}/state?at={at}",
    "board": "/m/{id}/board",
}
KINDS = ("again", "after a move")


class Seeded:
    """The two matches, their host tokens and the moves that continue them."""

    def __init__(self, app: Any, lengths: tuple[int, ...]) -> None:
        made = {length: imported_match(app, length) for length in lengths}
        self.ids = {length: match_id for length, (match_id, _host) in made.items()}
        self.hosts = {length: host for length, (_id, host) in made.items()}
        self.moves = {length: itertools.islice(citroncoco_moves(), length, None)
                      for length in lengths}

    def log_a_move_in_each(self, client: requests.Session, base: str) -> None:
        for length, match_id in self.ids.items():
            move_type, seat, payload = next(self.moves[length])
            logged = client.post(f"{base}/api/matches/{match_id}/events",
                                 json={"type": move_type, "seat": seat, "payload": payload},
                                 headers={"Authorization": f"Bearer {self.hosts[length]}"})
            assert logged.status_code == 201, logged.text


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--short", type=int, default=100)
    p.add_argument("--long", type=int, default=10_000)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    app = fresh_app(args.database)
    seeded = Seeded(app, (args.short, args.long))
    server, base = start_server(database_url(app), args.workers)
    times: dict[tuple[str, int, str], list[float]] = {
        (n, s, k): [] for n in PAGES for s in seeded.ids for k in KINDS}
    sizes_bytes: dict[tuple[str, int], int] = {}
    try:
        client = requests.Session()

        def url(page: str, size: int) -> str:
            return base + PAGES[page].format(id=seeded.ids[size], at=size // 2 + 37)

        for _ in range(10 * args.workers):  # every worker warms its cache of both matches
            for page in PAGES:
                for size in seeded.ids:
                    assert client.get(url(page, size)).status_code == 200
        health: list[float] = []
        for round_ in range(args.samples):
            kind = KINDS[round_ % 2]
            if kind == "after a move":
                seeded.log_a_move_in_each(client, base)
            start = time.perf_counter()
            assert client.get(f"{base}/healthz").status_code == 200
            health.append(time.perf_counter() - start)
            for page in PAGES:
                for size in seeded.ids:
                    start = time.perf_counter()
                    response = client.get(url(page, size))
                    times[(page, size, kind)].append(time.perf_counter() - start)
                    assert response.status_code == 200
                    sizes_bytes[(page, size)] = len(response.content)
    finally:
        stop_server(server)
    print(f"gunicorn, {args.workers} workers, {database_url(app).split(':')[0]}; "
          f"{args.samples} rounds, each page at each length in turn")
    print(f"GET /healthz           p95 {percentile(health, 95) * 1000:6.1f} ms (this machine's "
          "floor right now, for reference)")
    print_figures(times, sizes_bytes, args.short, args.long)


def print_figures(times: dict[tuple[str, int, str], list[float]],
                  sizes_bytes: dict[tuple[str, int], int], short: int, long: int) -> None:
    for kind in KINDS:
        print(f"read {kind}:")
        for page in PAGES:
            at_short = percentile(times[(page, short, kind)], 95) * 1000
            at_long = percentile(times[(page, long, kind)], 95) * 1000
            print(f"  {page:22} p95 {at_short:6.1f} ms at {short:,} events, {at_long:6.1f} ms "
                  f"at {long:,} ({sizes_bytes[(page, long)] // 1024} KiB); ratio "
                  f"{at_long / at_short:.2f} (targets: <= 20 ms, ratio <= 1.5)")


if __name__ == "__main__":
    main()
