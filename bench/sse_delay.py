"""Pushed updates across processes: the delay from a 201 on gunicorn (A) to the event on a
stream held on the stream server (B, ``referee serve``) (target: median <= 200 ms).

Starts gunicorn (the project's gunicorn.conf.py: gthread workers) and the stream server on
one PostgreSQL database, in a schema of their own; the streams' timed look at the log is set a
minute away, so only the NOTIFY sent in the append's transaction can deliver the move in time.
One client logs --moves moves on A, one at a time; a stream on B receives them.

    .venv/bin/python bench/sse_delay.py [--database postgresql+psycopg://…] [--moves 200]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import citroncoco_moves, drop_schema, schema_url  # noqa: E402
from load import free_port  # noqa: E402

DEFAULT_DB = os.environ.get("REFEREE_TEST_POSTGRES_URL",
                            "postgresql+psycopg://postgres@127.0.0.1:5432/test")



def instance(env: dict[str, str], streams: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "serve", "--port", str(port)] if streams else
        [str(ROOT / ".venv/bin/gunicorn"), "--config", str(ROOT / "gunicorn.conf.py"),
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", "8",
         "--log-level", "warning", "wsgi:app"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            requests.get(f"{base}/api/games", timeout=10)
            return process, base
        except requests.RequestException:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError("the server did not start within 60 s")


def read_stream(url: str, arrivals: queue.Queue[tuple[int, float]],
                opened: threading.Event) -> None:
    with requests.get(url, headers={"Accept": "text/event-stream"}, stream=True,
                      timeout=(5, None)) as response:
        for line in response.iter_lines(decode_unicode=True):
            opened.set()
            if line and line.startswith("data:"):
                arrivals.put((json.loads(line[5:])["seq"], time.perf_counter()))


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--database", default=DEFAULT_DB, help="a PostgreSQL URL")
    args.add_argument("--moves", type=int, default=200)
    opts = args.parse_args()
    url, schema = schema_url(opts.database, "referee_bench_sse")
    env = {**os.environ, "DATABASE_URL": url, "REFEREE_SECRET_KEY": "bench",
           "REFEREE_STREAM_RECHECK": "60"}
    subprocess.run([str(ROOT / ".venv/bin/referee"), "db", "upgrade"], env=env, check=True,
                   capture_output=True)
    processes = []
    try:
        a_process, a = instance(env)
        processes.append(a_process)
        b_process, b = instance(env, streams=True)
        processes.append(b_process)
        writer = requests.Session()
        created = writer.post(f"{a}/api/matches", json={
            "game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}).json()
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        arrivals: queue.Queue[tuple[int, float]] = queue.Queue()
        opened = threading.Event()
        threading.Thread(target=read_stream, daemon=True, args=(
            f"{b}/api/matches/{created['id']}/stream?after=0", arrivals, opened)).start()
        if not opened.wait(10):
            raise RuntimeError("the stream on B did not open")
        delays = []
        moves = citroncoco_moves()
        for expected in range(1, opts.moves + 1):
            move_type, seat, payload = next(moves)
            response = writer.post(f"{a}/api/matches/{created['id']}/events", headers=headers,
                                   json={"type": move_type, "seat": seat, "payload": payload})
            answered = time.perf_counter()
            assert response.status_code == 201, response.text
            seq, arrived = arrivals.get(timeout=10)
            assert seq == expected, (seq, expected)
            delays.append(arrived - answered)
    finally:
        for process in processes:
            process.terminate()
            process.wait(20)
        drop_schema(opts.database, schema)
    ms = sorted(d * 1000 for d in delays)
    early = sum(1 for d in ms if d <= 0)
    print(f"SSE delay, 201 on gunicorn -> event on a stream on the stream server "
          f"({len(ms)} moves, PostgreSQL NOTIFY):")
    print(f"  median {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * 0.95) - 1]:.1f} ms, "
          f"max {ms[-1]:.1f} ms (target: median <= 200 ms); "
          f"{early} arrived before the 201 itself (negative delay)")


if __name__ == "__main__":
    main()
