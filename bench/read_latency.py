"""Reads of a long match through gunicorn: the timeline's first page, the match page, the
state at a seq and the TV board, at 100 and at 10,000 events, in one run.

Seeds two CitronCoco matches (100 and 10,000 moves, imported: judged on the way in, snapshots
taken), starts ``gunicorn wsgi:app`` on loopback, warms its workers, then requests each page of
each match in turn. Prints each page's p95 at both lengths and their ratio (targets: p95 <= 20
ms at 10,000 events; ratio <= 1.5, i.e. flat in the match's length).

    .venv/bin/python bench/read_latency.py [--database URL] [--samples 100] [--workers 2]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    SQLITE_DIR,
    database_url,
    fresh_app,
    imported_match,
    parser,
    percentile,
    stop_server,
)
from load import start_server  # noqa: E402


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--samples", type=int, default=100)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--short", type=int, default=100)
    p.add_argument("--long", type=int, default=10_000)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    app = fresh_app(args.database)
    sizes = {args.short: imported_match(app, args.short)[0],
             args.long: imported_match(app, args.long)[0]}
    server, base = start_server(database_url(app), args.workers)
    pages = {
        "timeline, first page": "/api/matches/{id}/timeline",
        "match page": "/m/{id}",
        "state at a seq": "/api/matches/{id}/state?at={at}",
        "board": "/m/{id}/board",
    }
    times: dict[tuple[str, int], list[float]] = {(n, s): [] for n in pages for s in sizes}
    sizes_bytes: dict[tuple[str, int], int] = {}
    try:
        client = requests.Session()

        def url(page: str, size: int) -> str:
            return base + pages[page].format(id=sizes[size], at=size // 2 + 37)

        for _ in range(10 * args.workers):  # every worker warms its cache of both matches
            for page in pages:
                for size in sizes:
                    assert client.get(url(page, size)).status_code == 200
        health: list[float] = []
        for _ in range(args.samples):
            start = time.perf_counter()
            assert client.get(f"{base}/healthz").status_code == 200
            health.append(time.perf_counter() - start)
            for page in pages:
                for size in sizes:
                    start = time.perf_counter()
                    response = client.get(url(page, size))
                    times[(page, size)].append(time.perf_counter() - start)
                    assert response.status_code == 200
                    sizes_bytes[(page, size)] = len(response.content)
    finally:
        stop_server(server)
    print(f"gunicorn, {args.workers} workers, {database_url(app).split(':')[0]}; "
          f"{args.samples} requests of each page at each length, interleaved")
    print(f"GET /healthz           p95 {percentile(health, 95) * 1000:6.1f} ms (this machine's "
          "floor right now, for reference)")
    for page in pages:
        short = percentile(times[(page, args.short)], 95) * 1000
        long = percentile(times[(page, args.long)], 95) * 1000
        print(f"{page:22} p95 {short:6.1f} ms at {args.short:,} events, {long:6.1f} ms at "
              f"{args.long:,} ({sizes_bytes[(page, args.long)] // 1024} KiB); ratio "
              f"{long / short:.2f} (targets: <= 20 ms, ratio <= 1.5)")


if __name__ == "__main__":
    main()
