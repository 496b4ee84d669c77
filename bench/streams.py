"""Live streams off the request workers, at 2,000 open streams: gunicorn serves the moves, the
stream server (``referee serve``) the streams, PostgreSQL between them (one LISTEN in the stream
server, fanned out in memory).

One run, on loopback, bounded in time:

1. the append's latency through gunicorn with no stream open (paced, ``--rate`` a second);
2. streams opened on the stream server in steps up to ``--streams`` (``--per-match`` a match,
   each from seq 0, from many loopback addresses), each step followed by the same paced
   appends on the matches followed: at each step the push delay (the 201 of an append on
   gunicorn -> its event parsed off every stream of its match, in a client process of its
   own) and the append's latency;
3. the clients leave, and every stream's events are checked: the seqs of its match from 1,
   none missing, none doubled, none of another match, and every acknowledged move (201) on
   every stream of its match that was open before it;
4. 1 to 3 again (``--rounds``; the steps at once), so that the machine's drift falls on both
   sides of the comparison of the append's latency with and without streams.

Figures are ratios and curves of this one run (the machine is shared). The file-descriptor
limit is raised to its hard limit here, for this process and its children.

    python bench/streams.py [--database postgresql+psycopg://…] [--streams 2000]
        [--per-match 5] [--rate 20] [--seconds 10] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import citroncoco_moves, drop_schema, schema_url  # noqa: E402
from load import free_port  # noqa: E402

DEFAULT_DB = os.environ.get("REFEREE_TEST_POSTGRES_URL",
                            "postgresql+psycopg://postgres@127.0.0.1:5432/test")
ID_LINE = re.compile(rb"^id: (\d+)$", re.M)


# --- the stream clients: a process of their own, one event loop, raw sockets -------------------


class Follower:
    """One stream read off a raw socket: HTTP/1.1 chunks, then Server-Sent Events; each event's
    (seq, arrival time) kept."""

    def __init__(self, match_id: int, source: str) -> None:
        self.match_id = match_id
        self.source = source  # its own loopback address: screens come from many places
        self.status = 0
        self.opened = 0.0  # when its answer's head arrived
        self.seen: list[tuple[int, float]] = []

    async def run(self, host: str, port: int, opened: asyncio.Queue[int]) -> None:
        try:
            reader, writer = await asyncio.open_connection(host, port,
                                                           local_addr=(self.source, 0))
        except OSError:
            await opened.put(0)
            return
        writer.write(f"GET /api/matches/{self.match_id}/stream?after=0 HTTP/1.1\r\n"
                     f"Host: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            self.status = int(head.split(b" ", 2)[1])
            self.opened = time.monotonic()
            await opened.put(self.status)
            if self.status == 200:
                await self.read_events(reader)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            if not self.status:
                await opened.put(0)
        finally:
            writer.close()

    async def read_events(self, reader: asyncio.StreamReader) -> None:
        pending = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip() or b"0", 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                return
            pending += chunk[:-2]
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                found = ID_LINE.search(block)
                if found:
                    self.seen.append((int(found.group(1)), time.monotonic()))


async def clients(host: str, port: int) -> None:
    """Read commands on standard input: ``open MATCH,MATCH,… PER_MATCH`` opens that many
    streams of each match and says ``opened OK REFUSED``; ``dump FILE`` writes what every
    stream saw and ends."""
    loop = asyncio.get_running_loop()
    followers: list[Follower] = []
    tasks: list[asyncio.Task[None]] = []
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).split()
        if not line or line[0] == "dump":
            closed = time.monotonic()
            Path(line[1] if line else "/dev/null").write_text(json.dumps(
                [{"match": f.match_id, "status": f.status, "opened": f.opened,
                  "closed": closed, "seen": f.seen} for f in followers]))
            for task in tasks:
                task.cancel()
            return
        opened: asyncio.Queue[int] = asyncio.Queue()
        batch = [Follower(int(m), "") for m in line[1].split(",") for _ in range(int(line[2]))]
        for n, follower in enumerate(batch, start=len(followers)):  # 25 from each address
            follower.source = f"127.1.{n // 25 // 250}.{n // 25 % 250 + 1}"
        for follower in batch:
            tasks.append(asyncio.ensure_future(follower.run(host, port, opened)))
            await asyncio.sleep(0)  # let the connection start: no burst past the backlog
        statuses = [await opened.get() for _ in batch]
        followers.extend(batch)
        print(f"opened {statuses.count(200)} {len(statuses) - statuses.count(200)}", flush=True)


# --- the servers --------------------------------------------------------------------------------


def raise_descriptors() -> int:
    """Raise this process's descriptor limit (and so its children's) to its hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard



def start(command: list[str], env: dict[str, str], port: int, log: Path
          ) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("wb"),
                               stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{command[2:4]} exited: {log.read_text()[-2000:]}")
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200:
                return process
        except requests.RequestException:
            pass
        time.sleep(0.2)
    process.terminate()
    raise RuntimeError(f"{command[2:4]} did not answer within 60 s")


# --- the appends ----------------------------------------------------------------------------------


class Tables:
    """Matches fed one legal move at a time, paced, through gunicorn; each 201's time kept."""

    def __init__(self, base: str, count: int) -> None:
        self.base = base
        self.session = requests.Session()
        self.local = threading.local()
        self.ids: list[int] = []
        self.tokens: dict[int, str] = {}
        self.moves: dict[int, Any] = {}
        self.acked: dict[tuple[int, int], float] = {}  # (match, seq) -> the 201's time
        for _ in range(count):
            created = self.session.post(f"{base}/api/matches", timeout=30, json={
                "game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}).json()
            self.ids.append(created["id"])
            self.tokens[created["id"]] = created["host_token"]
            self.moves[created["id"]] = citroncoco_moves()
        self.turn = 0
        self.among = count

    def paced(self, rate: float, seconds: float, among: int, threads: int = 4) -> list[float]:
        """Appends at ``rate`` a second for ``seconds`` from ``threads`` writers, on the first
        ``among`` matches in turn (never two writers on one): their latencies."""
        self.among = max(1, among)
        latencies: list[float] = []
        lock = threading.Lock()
        begin = time.monotonic()
        total = int(rate * seconds)

        def writer(index: int) -> None:
            for n in range(index, total, threads):
                time.sleep(max(0.0, begin + n / rate - time.monotonic()))
                latencies.append(self.append_locked(lock))

        workers = [threading.Thread(target=writer, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        return latencies

    def append_locked(self, lock: threading.Lock) -> float:
        with lock:
            match_id = self.ids[self.turn % self.among]
            self.turn += 1
            move_type, seat, payload = next(self.moves[match_id])
        session = getattr(self.local, "session", None)
        if session is None:
            session = self.local.session = requests.Session()
        sent = time.monotonic()
        response = session.post(
            f"{self.base}/api/matches/{match_id}/events", timeout=30,
            headers={"Authorization": f"Bearer {self.tokens[match_id]}"},
            json={"type": move_type, "seat": seat, "payload": payload})
        answered = time.monotonic()
        if response.status_code != 201:
            raise RuntimeError(f"append: {response.status_code} {response.text[:300]}")
        self.acked[(match_id, int(response.json()["seq"]))] = answered
        return answered - sent


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def checked(seen: list[dict[str, Any]], acked: dict[tuple[int, int], float]
            ) -> tuple[list[str], int, list[tuple[tuple[int, int], float]]]:
    """What went wrong on the streams (a gap, a double, another match's event: each stream must
    bring its match's seqs from 1 to the last acknowledged before it was closed, in order), how
    many acknowledged moves a stream open before their 201 never brought, and the push delays:
    (match, seq) and the delay, for every stream that was open before the move's 201."""
    problems: list[str] = []
    lost = 0
    delays: list[tuple[tuple[int, int], float]] = []
    by_match: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for (match_id, seq), answered in acked.items():
        by_match[match_id].append((seq, answered))
    for stream in seen:
        if stream["status"] != 200:
            continue
        arrived = dict(stream["seen"])
        seqs = [seq for seq, _ in stream["seen"]]
        due = [(seq, answered) for seq, answered in by_match[stream["match"]]
               if answered < stream["closed"]]
        last = max((seq for seq, _ in due), default=0)
        if seqs != list(range(1, last + 1)):
            problems.append(f"match {stream['match']}: got {seqs[:3]}…{seqs[-3:]} "
                            f"({len(seqs)} events), want 1..{last}")
        for seq, answered in due:
            if answered < stream["opened"]:
                continue
            if seq not in arrived:
                lost += 1
            else:
                delays.append(((stream["match"], seq), arrived[seq] - answered))
    return problems, lost, delays


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def steps_to(total: int) -> list[int]:
    """The numbers of streams the first round measures at: a curve up to ``total``."""
    return sorted({*(n for n in (250, 1000) if n < total), total})


class Client:
    """The stream clients' process."""

    def __init__(self, port: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--client", str(port)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, start_new_session=True)

    def open(self, matches: list[int], per_match: int) -> tuple[int, int]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"open {','.join(map(str, matches))} {per_match}\n")
        self.process.stdin.flush()
        _, ok, refused = self.process.stdout.readline().split()
        return int(ok), int(refused)

    def dump(self) -> list[dict[str, Any]]:
        assert self.process.stdin
        path = Path(tempfile.mkstemp(prefix="referee-streams-", suffix=".json")[1])
        self.process.stdin.write(f"dump {path}\n")
        self.process.stdin.flush()
        self.process.wait(60)
        seen = json.loads(path.read_text())
        path.unlink()
        return list(seen)


def run(opts: argparse.Namespace, url: str, logs: Path) -> None:
    env = {**os.environ, "DATABASE_URL": url, "REFEREE_SECRET_KEY": "bench",
           "REFEREE_RATELIMIT_ENABLED": "0", "REFEREE_LOG_FORMAT": "text",
           "REFEREE_ACCESS_LOG": "off", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "referee", "db", "upgrade"], env=env, cwd=ROOT,
                   check=True, capture_output=True)
    app_port, stream_port = free_port(), free_port()
    servers = [start([sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py"),
                      "--bind", f"127.0.0.1:{app_port}", "--workers", str(opts.workers),
                      "--threads", "16", "wsgi:app"], env, app_port, logs / "gunicorn.log"),
               start([sys.executable, "-m", "referee", "serve", "--port", str(stream_port),
                      "--threads", "4"], env, stream_port, logs / "serve.log")]
    try:
        tables = Tables(f"http://127.0.0.1:{app_port}", -(-opts.streams // opts.per_match))
        measure(opts, tables, stream_port, servers[1].pid)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()


def measure(opts: argparse.Namespace, tables: Tables, port: int, streamer: int) -> None:
    """A warm-up; then ``--rounds`` rounds of: the paced appends with no stream open, then
    streams opened (in steps up to ``--streams`` in the first round, all at once after) with
    the same appends at each step; then the clients leave and their streams are checked. The
    rounds alternate, so the machine's drift falls on both sides of the comparison."""
    tables.paced(opts.rate, opts.seconds / 2, len(tables.ids))  # warm-up, not measured
    step_of: dict[tuple[int, int], tuple[int, int]] = {}
    rows: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    for round_ in range(opts.rounds):
        rows.append(paced_step(opts, tables, [streamer], (round_, 0), step_of))
        client, followed = Client(port), 0
        try:
            for step in steps_to(opts.streams) if round_ == 0 else [opts.streams]:
                matches = tables.ids[followed // opts.per_match: step // opts.per_match]
                if matches:
                    ok, refused = client.open(matches, opts.per_match)
                    followed += ok + refused
                rows.append(paced_step(opts, tables, [streamer, client.process.pid],
                                       (round_, step), step_of))
                rows[-1]["refused"] = refused if matches else 0
            time.sleep(3.0)  # the last moves' events on their way
            seen.extend(client.dump())
        finally:
            if client.process.poll() is None:
                client.process.kill()
    problems, lost, delays = checked(seen, tables.acked)
    by_step: dict[tuple[int, int], list[float]] = defaultdict(list)
    for key, delay in delays:
        by_step[step_of[key]].append(delay)
    report(opts, rows, by_step, problems, lost, len(tables.acked))


def paced_step(opts: argparse.Namespace, tables: Tables, watched: list[int],
               at: tuple[int, int], step_of: dict[tuple[int, int], tuple[int, int]]
               ) -> dict[str, Any]:
    """The paced appends with ``step`` streams open, on the matches they follow (all matches
    with none open): their latencies, the CPU share of the stream server and of the clients'
    process (``watched``), and the stream server's memory."""
    time.sleep(1.0)
    cpu = [cpu_seconds(pid) for pid in watched]
    before = set(tables.acked)
    began = time.monotonic()
    step = at[1]
    latencies = tables.paced(opts.rate, opts.seconds,
                             step // opts.per_match if step else len(tables.ids))
    elapsed = time.monotonic() - began
    for key in set(tables.acked) - before:
        step_of[key] = at
    shares = [(cpu_seconds(pid) - was) / elapsed for pid, was in zip(watched, cpu, strict=True)]
    return {"at": at, "streams": step, "refused": 0, "append": latencies, "cpu": shares[0],
            "client_cpu": shares[1] if len(shares) > 1 else 0.0, "rss": rss_mib(watched[0])}


def report(opts: argparse.Namespace, rows: list[dict[str, Any]],
           by_step: dict[tuple[int, int], list[float]], problems: list[str], lost: int,
           acked: int) -> None:
    none = [x for row in rows if row["streams"] == 0 for x in row["append"]]
    full = [x for row in rows if row["streams"] == opts.streams for x in row["append"]]
    pushed = [x for row in rows if row["streams"] == opts.streams for x in by_step[row["at"]]]
    print(f"Live streams on the stream server, gunicorn ({opts.workers} workers x 16 threads) "
          f"for the moves, PostgreSQL; {opts.per_match} streams a match, appends paced at "
          f"{opts.rate}/s for {opts.seconds} s at each step, {opts.rounds} rounds:")
    print(f"{'round':>5} {'streams':>8} {'refused':>7} {'append p50':>10} {'append p95':>10} "
          f"{'push p50':>9} {'push p95':>9} {'push p99':>9} {'events':>7} "
          f"{'server CPU':>10} {'client CPU':>10} {'RSS MiB':>8}")
    for row in rows:
        pushes = by_step.get(row["at"], [])
        print(f"{row['at'][0] + 1:>5} {row['streams']:>8} {row['refused']:>7} "
              f"{pct(row['append'], 0.5) * 1000:>8.1f}ms {pct(row['append'], 0.95) * 1000:>8.1f}ms "
              f"{pct(pushes, 0.5) * 1000:>7.1f}ms {pct(pushes, 0.95) * 1000:>7.1f}ms "
              f"{pct(pushes, 0.99) * 1000:>7.1f}ms {len(pushes):>7} "
              f"{row['cpu'] * 100:>9.0f}% {row['client_cpu'] * 100:>9.0f}% {row['rss']:>8.0f}")
    print(f"With {opts.streams} streams open (all rounds): push p50 {pct(pushed, 0.5) * 1000:.0f} "
          f"ms, p95 {pct(pushed, 0.95) * 1000:.0f} ms, p99 {pct(pushed, 0.99) * 1000:.0f} ms "
          f"(target: p95 <= 1000 ms) over {len(pushed)} events; append p95 "
          f"{pct(full, 0.95) * 1000:.0f} ms against {pct(none, 0.95) * 1000:.0f} ms with none: "
          f"{pct(full, 0.95) / pct(none, 0.95):.2f} x (target <= 1.20); p50 "
          f"{pct(full, 0.5) / pct(none, 0.5):.2f} x.")
    print(f"Acknowledged moves: {acked}; missing from a stream open before their 201: {lost}; "
          f"streams whose events were not their match's 1..N in order: {len(problems)}")
    for problem in problems[:5]:
        print("  " + problem)


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--client":
        try:
            import uvloop
            uvloop.install()
        except ImportError:
            pass
        asyncio.run(clients("127.0.0.1", int(sys.argv[2])))
        return
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--database", default=DEFAULT_DB, help="a PostgreSQL URL")
    args.add_argument("--streams", type=int, default=2000)
    args.add_argument("--per-match", type=int, default=5)
    args.add_argument("--rate", type=float, default=20.0, help="appends a second")
    args.add_argument("--seconds", type=float, default=10.0, help="of appends at each step")
    args.add_argument("--workers", type=int, default=2, help="gunicorn's")
    args.add_argument("--rounds", type=int, default=2,
                      help="of (no stream, streams): the comparison's two sides interleaved")
    opts = args.parse_args()
    limit = raise_descriptors()
    if limit < opts.streams * 2 + 512:
        sys.exit(f"{opts.streams} streams need {opts.streams * 2 + 512} descriptors "
                 f"(client and server); the hard limit is {limit}")
    url, schema = schema_url(opts.database, "referee_bench_streams")
    logs = Path(tempfile.mkdtemp(prefix="referee-bench-streams-"))
    try:
        run(opts, url, logs)
    finally:
        drop_schema(opts.database, schema)
    print(f"(servers' logs: {logs})")


if __name__ == "__main__":
    main()
