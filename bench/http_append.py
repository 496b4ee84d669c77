"""Judged append over HTTP through gunicorn, one client, vs the same server's ``GET /healthz``.

Starts ``gunicorn wsgi:app`` on loopback (a fresh SQLite file, or --database), then one client
alternates rounds of judged appends (``POST /api/matches/<id>/events`` with ``If-Match``) and
rounds of ``GET /healthz`` (a request that judges nothing and writes nothing), so that the HTTP
layer's own cost is measured beside the referee's. Prints both rates and their ratio
(target >= 0.5).

    .venv/bin/python bench/http_append.py [--database URL] [--rounds 10] [--per-round 100]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import SQLITE_DIR, citroncoco_moves, database_url, fresh_app, parser, stop_server  # noqa: E402
from load import start_server  # noqa: E402


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--per-round", type=int, default=100)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    url = database_url(fresh_app(args.database))
    server, base = start_server(url, args.workers)
    try:
        client = requests.Session()
        created = client.post(f"{base}/api/matches", json={
            "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json()
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        moves = citroncoco_moves()
        seq = 0

        def append() -> None:
            nonlocal seq
            move_type, seat, payload = next(moves)
            response = client.post(f"{base}/api/matches/{created['id']}/events",
                                   json={"type": move_type, "seat": seat, "payload": payload},
                                   headers={**headers, "If-Match": f'"{seq}"'})
            assert response.status_code == 201, response.text
            seq += 1

        def healthz() -> None:
            assert client.get(f"{base}/healthz").status_code == 200

        def rate(fn: object, count: int) -> float:
            start = time.perf_counter()
            for _ in range(count):
                fn()  # type: ignore[operator]
            return count / (time.perf_counter() - start)

        for _ in range(20):
            append()
            healthz()
        appends, checks = [], []
        for _ in range(args.rounds):
            appends.append(rate(append, args.per_round))
            checks.append(rate(healthz, args.per_round))
    finally:
        stop_server(server)
    ours, base_rate = statistics.median(appends), statistics.median(checks)
    print(f"gunicorn (gunicorn.conf.py: gthread), {args.workers} worker(s), "
          f"{url.split(':')[0]}; one client; {args.rounds} interleaved rounds of "
          f"{args.per_round}")
    print(f"judged append over HTTP: {ours:7.0f}/s")
    print(f"GET /healthz:            {base_rate:7.0f}/s")
    print(f"ratio append/healthz: {ours / base_rate:.2f} (target >= 0.5)")


if __name__ == "__main__":
    main()
