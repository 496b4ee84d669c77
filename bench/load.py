"""Load test: a real gunicorn server on loopback, several clients logging matches at once.

Starts ``gunicorn wsgi:app`` on 127.0.0.1 (a fresh SQLite file, or --database URL), then runs
--clients threads, each playing its own CitronCoco match move by move over HTTP for --seconds
(bounded: it stops by itself), plus readers polling standings. Prints moves per second,
latency percentiles, and checks that no request failed with a 5xx and every log is gapless.

    .venv/bin/python bench/load.py [--clients 8] [--seconds 10] [--workers 4]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import citroncoco_moves  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The virtual environment's commands: the one this benchmark runs in (a work tree may have none
#: of its own), and this tree's ``referee`` package, imported from ROOT (gunicorn's cwd).
BIN = Path(sys.executable).parent


def start_server(database_url: str, workers: int, threads: int | None = None
                 ) -> tuple[subprocess.Popen, str]:
    """gunicorn (gunicorn.conf.py: gthread) on a free loopback port; ``threads`` per worker
    (default: the configuration's)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url}
    if threads is not None:
        env["REFEREE_THREADS"] = str(threads)
    subprocess.run([sys.executable, "-c", "from referee.cli import main; main()", "db",
                    "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "--workers", str(workers), "--bind",
         f"127.0.0.1:{port}", "--log-level", "warning", "wsgi:app"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            requests.get(f"{base}/api/games", timeout=5)
            return server, base
        except requests.RequestException:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("gunicorn did not start within 30 s")


def player(base: str, deadline: float, latencies: list[float], errors: list[str],
           logs: list[tuple[int, int]]) -> None:
    session = requests.Session()
    created = session.post(f"{base}/api/matches", json={
        "game": "citroncoco", "seats": [{"name": f"p{threading.get_ident()}-a"},
                                        {"name": f"p{threading.get_ident()}-b"}]}).json()
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    seq = 0
    for move_type, seat, payload in citroncoco_moves():
        if time.monotonic() > deadline:
            break
        start = time.perf_counter()
        response = session.post(f"{base}/api/matches/{created['id']}/events",
                                json={"type": move_type, "seat": seat, "payload": payload},
                                headers={**headers, "If-Match": f'"{seq}"'}, timeout=30)
        latencies.append(time.perf_counter() - start)
        if response.status_code != 201:
            errors.append(f"{response.status_code} {response.text[:200]}")
            break
        seq += 1
    logs.append((created["id"], seq))


def reader(base: str, deadline: float, errors: list[str]) -> None:
    session = requests.Session()
    while time.monotonic() < deadline:
        response = session.get(f"{base}/api/matches?per_page=10", timeout=30)
        if response.status_code >= 500:
            errors.append(f"reader {response.status_code}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--readers", type=int, default=2)
    p.add_argument("--seconds", type=float, default=10)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--database", default="")
    args = p.parse_args()
    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp()) / 'load.sqlite3'}"
    server, base = start_server(url, args.workers)
    latencies: list[float] = []
    errors: list[str] = []
    logs: list[tuple[int, int]] = []
    try:
        deadline = time.monotonic() + args.seconds
        threads = [threading.Thread(target=player, args=(base, deadline, latencies, errors,
                                                         logs)) for _ in range(args.clients)]
        threads += [threading.Thread(target=reader, args=(base, deadline, errors))
                    for _ in range(args.readers)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        gapless = all(
            [e["seq"] for e in requests.get(f"{base}/api/matches/{mid}/events?limit=5000")
             .json()["events"]] == list(range(1, seq + 1))
            for mid, seq in logs)
    finally:
        server.terminate()
        server.wait(10)
    latencies.sort()
    print(f"gunicorn {args.workers} workers on {url.split(':')[0]}; {args.clients} players, "
          f"{args.readers} readers, {elapsed:.1f} s")
    print(f"judged moves: {len(latencies)} ({len(latencies) / elapsed:.0f}/s)")
    if latencies:
        q = statistics.quantiles(latencies, n=100)
        print(f"latency ms: median {q[49] * 1000:.1f}, p95 {q[94] * 1000:.1f}, "
              f"max {latencies[-1] * 1000:.1f}")
    print(f"errors: {len(errors)} {errors[:3]}")
    print(f"every log gapless: {gapless}")
    sys.exit(1 if errors or not gapless else 0)


if __name__ == "__main__":
    main()
