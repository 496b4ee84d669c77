"""A league night: N tables playing at once against gunicorn and PostgreSQL on this machine.

Each table is a four-seat Citron Coco match with four phones and a TV. The phone whose turn
it is asks what it may log (``GET /api/matches/<id>/legal-moves`` with its seat's token: the
engine's own legal moves), picks one of them at random (a kind of move, then one of its
payloads: any but a call of "Citron Coco", which would end the round, only moves whose
payload the engine gave whole, and a quick play a tenth as often as the others, as players
seldom misplay), and logs it
with If-Match, at a human pace: a table's moves come --pace seconds apart on average (0.5 to
1.5 times it, at random). Every phone and the TV keep a stream open on their match (5 per
table, from the table's own loopback address, 127.0.0.x); the TV polls nothing.

For each N of --tables (default 10, 50, 200, 1000), it plays --seconds, then prints appends
per second (against the N / pace asked for), p50/p95/p99 of an append (the POST) and of a push
(its 201 to the event on each of the table's streams), the streams open, and the errors; and
checks every time that every stream is gapless and got every acknowledged move, and that the
log holds exactly the acknowledged moves. It stops at the first N that fails (an error, a
stream refused or cut, a gap, a lost move, a p95 over --max-p95 ms, or appends falling under
90 % of the pace asked for) and says what gave. Bounded: --budget seconds in all, whatever N
reached; gunicorn is stopped at the end, however the run ends.

    .venv/bin/python bench/league.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test \\
        [--tables 10,50,200,1000] [--pace 4] [--seconds 30] [--workers 2] [--threads 64] \\
        [--stream-url 'http://127.0.0.1:8100/api/matches/{match}/stream'] [--stream-recheck 60]

--stream-url: where the streams are; default a stream server (referee serve) the run starts.
Only loopback addresses are accepted.
"""

from __future__ import annotations

import heapq
import os
import random
import selectors
import signal
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]  # this tree's referee, not an installed one

from common import database_url, fresh_app, parser, percentile, stop_server  # noqa: E402
from load import free_port, start_server  # noqa: E402
from sqlalchemy import select  # noqa: E402
from streams import raise_descriptors, start  # noqa: E402

from referee import database  # noqa: E402
from referee.service import matches  # noqa: E402
from referee.store import models  # noqa: E402

LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: The moves a phone never picks: a call ends the round (the engine then wants hands told).
NEVER = {"citron_coco"}
#: How often a kind of move is picked against the others (1): a quick play is mostly a
#: missplay at random, which players seldom make.
WEIGHTS = {"quick_play": 0.1}


@dataclass
class Table:
    """One table: its match, its phones' tokens, what was acknowledged and when."""

    index: int
    match_id: int
    tokens: list[str]
    turn: int = 0
    acked: dict[int, float] = field(default_factory=dict)  # seq -> time of its 201
    stuck: bool = False  # no whole legal move left for the phones (none so far)

    @property
    def address(self) -> str:
        return f"127.0.0.{2 + self.index % 250}"


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    appends: list[float] = field(default_factory=list)  # seconds, each 201's POST
    asks: list[float] = field(default_factory=list)  # seconds, each legal-moves GET
    errors: list[str] = field(default_factory=list)
    late: int = 0  # turns begun more than a pace behind their time

    def error(self, said: str) -> None:
        with self.lock:
            self.errors.append(said)


# --- the streams: one thread, every socket ----------------------------------------------------


@dataclass
class Stream:
    table: Table
    sock: socket.socket
    buffer: bytes = b""
    status: int | None = None
    chunked: bool = False
    text: str = ""
    seqs: list[int] = field(default_factory=list)
    arrived: list[float] = field(default_factory=list)
    ended: str | None = None  # why it ended before we closed it

    def feed(self, data: bytes, now: float) -> None:
        self.buffer += data
        if self.status is None:
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if not sep:
                return
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            self.chunked = any(line.lower().startswith("transfer-encoding:")
                               and "chunked" in line.lower() for line in lines[1:])
            self.buffer = rest
        if self.chunked:
            self._dechunk()
        else:
            self.text += self.buffer.decode("utf-8", "replace")
            self.buffer = b""
        *lines, self.text = self.text.split("\n")
        for line in lines:
            if line.startswith("id: "):
                self.seqs.append(int(line[4:]))
                self.arrived.append(now)

    def _dechunk(self) -> None:
        while True:
            size_line, sep, rest = self.buffer.partition(b"\r\n")
            if not sep:
                return
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            self.text += rest[:size].decode("utf-8", "replace")
            self.buffer = rest[size + 2:]
            if size == 0:
                self.ended = self.ended or "the server ended it"
                return


class Screens(threading.Thread):
    """Every stream of the run, read in one thread with a selector."""

    def __init__(self, url: str) -> None:
        super().__init__(name="streams", daemon=True)
        self.url = url
        parts = urlsplit(url.replace("{match}", "0"))
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.selector = selectors.DefaultSelector()
        self.streams: list[Stream] = []
        self.stopping = threading.Event()

    def open(self, table: Table) -> None:
        sock = socket.socket()
        sock.bind((table.address, 0))
        sock.settimeout(10)
        sock.connect((self.host, self.port))
        path = urlsplit(self.url.replace("{match}", str(table.match_id)))
        target = f"{path.path}?after=0"
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        sock.setblocking(False)
        stream = Stream(table, sock)
        self.streams.append(stream)
        self.selector.register(sock, selectors.EVENT_READ, stream)

    def run(self) -> None:
        """Read every stream (all opened before this starts: a selector is one thread's)."""
        while not self.stopping.is_set():
            ready = self.selector.select(timeout=0.2) if self.streams else []
            now = time.monotonic()
            for key, _ in ready:
                stream: Stream = key.data
                try:
                    data = stream.sock.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError as error:
                    data, stream.ended = b"", f"error {error}"
                if not data:
                    stream.ended = stream.ended or "the server closed it"
                    self.selector.unregister(stream.sock)
                    continue
                stream.feed(data, now)

    def close(self) -> None:
        self.stopping.set()
        if self.is_alive():
            self.join(5)
        for stream in self.streams:
            stream.sock.close()
        self.selector.close()


# --- the phones -------------------------------------------------------------------------------


class Phones:
    """The tables' phones, run by a pool of threads from a timetable."""

    def __init__(self, base: str, tables: list[Table], pace: float, threads: int,
                 tally: Tally) -> None:
        self.base, self.tables, self.pace, self.tally = base, tables, pace, tally
        self.due: list[tuple[float, int]] = []
        self.bell = threading.Condition()
        self.stopping = False
        self.threads = [threading.Thread(target=self._work, daemon=True)
                        for _ in range(threads)]

    def play(self, seconds: float) -> float:
        start = time.monotonic()
        self.due = [(start + random.uniform(0, self.pace), t.index) for t in self.tables]
        heapq.heapify(self.due)
        for thread in self.threads:
            thread.start()
        time.sleep(seconds)
        with self.bell:
            self.stopping = True
            self.bell.notify_all()
        for thread in self.threads:
            thread.join(60)
        return time.monotonic() - start

    def _work(self) -> None:
        session = requests.Session()
        while True:
            with self.bell:
                while not self.stopping and (not self.due or self.due[0][0] > time.monotonic()):
                    self.bell.wait(max(0.001, self.due[0][0] - time.monotonic())
                                   if self.due else 0.1)
                if self.stopping:
                    return
                when, index = heapq.heappop(self.due)
            if time.monotonic() - when > self.pace:
                with self.tally.lock:
                    self.tally.late += 1
            table = self.tables[index]
            try:
                self._turn(session, table)
            except requests.RequestException as error:
                self.tally.error(f"table {index}: {type(error).__name__} {error}"[:200])
            if not table.stuck:
                with self.bell:
                    heapq.heappush(self.due, (max(time.monotonic(), when)
                                              + self.pace * random.uniform(0.5, 1.5), index))
                    self.bell.notify()

    def _turn(self, session: requests.Session, table: Table) -> None:
        """The phone whose turn it is asks its legal moves and logs one."""
        address = f"{self.base}/api/matches/{table.match_id}"
        for _ in range(2):  # once more as the seat whose turn it turned out to be
            started = time.perf_counter()
            asked = session.get(f"{address}/legal-moves", timeout=60, headers={
                "Authorization": f"Bearer {table.tokens[table.turn]}"})
            with self.tally.lock:
                self.tally.asks.append(time.perf_counter() - started)
            if asked.status_code != 200:
                self.tally.error(f"legal-moves {asked.status_code} {asked.text[:150]}")
                return
            legal = asked.json()
            if legal["turn"] is None:
                table.stuck = True
                return
            if legal["turn"] == table.turn:
                break
            table.turn = legal["turn"]
        whole = [m for m in legal["moves"] if m["type"] not in NEVER and m["payloads"]
                 and not m["free"]]
        if not whole:
            table.stuck = True
            return
        kinds = sorted({m["type"] for m in whole})
        kind = random.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]
        move = random.choice([m for m in whole if m["type"] == kind])
        body = {"type": move["type"], "seat": move["seat"],
                "payload": random.choice(move["payloads"])}
        started = time.perf_counter()
        answer = session.post(f"{address}/events", json=body, timeout=60, headers={
            "Authorization": f"Bearer {table.tokens[table.turn]}",
            "If-Match": f'"{legal["at"]}"'})
        done = time.monotonic()
        if answer.status_code != 201:
            self.tally.error(f"append {answer.status_code} {answer.text[:150]}")
            return
        seq = answer.json()["seq"]
        table.acked[seq] = done
        with self.tally.lock:
            self.tally.appends.append(time.perf_counter() - started)


# --- one night --------------------------------------------------------------------------------


@dataclass
class Night:
    tables: int
    seconds: float
    asked: float  # appends per second the pace asks for
    appends: int
    tally: Tally
    pushes: list[float]
    streams_open: int
    streams_asked: int
    problems: list[str]

    @property
    def rate(self) -> float:
        return self.appends / self.seconds


def new_tables(app: Any, count: int) -> list[Table]:
    db = database(app)
    made = []
    for index in range(count):
        created = matches.create_match(db, "citroncoco", {},
                                       [matches.SeatSpec(f"T{index} P{s}") for s in range(4)])
        made.append(Table(index, created.match.id, list(created.seat_tokens)))
    return made


def logged(app: Any, table: Table) -> list[int]:
    with database(app).sessions() as session:
        return list(session.scalars(select(models.Event.seq).where(
            models.Event.match_id == table.match_id).order_by(models.Event.seq)))


def night(app: Any, base: str, stream_url: str, count: int, args: Any) -> Night:
    tables = new_tables(app, count)
    screens = Screens(stream_url)
    tally, problems = Tally(), []
    try:
        for table in tables:
            for _ in range(5):  # four phones and the TV
                try:
                    screens.open(table)
                except OSError as error:
                    problems.append(f"a stream could not connect: {error}")
                    break
            if problems:
                break
        screens.start()
        time.sleep(1.0)  # their first answers
        phones = Phones(base, tables, args.pace, args.client_threads, tally)
        elapsed = phones.play(args.seconds) if not problems else 1.0
        last_wanted = time.monotonic() + 10  # every stream gets every acknowledged move
        while time.monotonic() < last_wanted and any(
                s.ended is None and s.status == 200
                and not set(s.table.acked) <= set(s.seqs) for s in screens.streams):
            time.sleep(0.2)
    finally:
        screens.close()
    return judge(app, tables, screens, tally, elapsed, count, args, problems)


def stream_checks(screens: Screens, problems: list[str]) -> list[float]:
    """Every stream answered, never cut, gapless, with every acknowledged move; the pushes'
    times (each acknowledged move on each stream: its arrival less its 201's time)."""
    pushes: list[float] = []
    refused = [s.status for s in screens.streams if s.status != 200]
    if refused:
        problems.append(f"{len(refused)} streams refused ({sorted(set(map(str, refused)))})")
    cut = [s.ended for s in screens.streams if s.status == 200 and s.ended]
    if cut:
        problems.append(f"{len(cut)} streams cut ({cut[0]})")
    for stream in (s for s in screens.streams if s.status == 200):
        acked = stream.table.acked
        if stream.seqs != list(range(1, len(stream.seqs) + 1)):
            problems.append(f"a gap in the stream of match {stream.table.match_id}")
        if not set(acked) <= set(stream.seqs):
            problems.append(f"a stream of match {stream.table.match_id} missed a move")
        pushes += [at - acked[seq] for seq, at in zip(stream.seqs, stream.arrived, strict=True)
                   if seq in acked]
    return pushes


def judge(app: Any, tables: list[Table], screens: Screens, tally: Tally, elapsed: float,
          count: int, args: Any, problems: list[str]) -> Night:
    """Push times, and every check of the night."""
    pushes = stream_checks(screens, problems)
    for table in tables:
        if logged(app, table) != sorted(table.acked):
            problems.append(f"match {table.match_id}'s log is not what was acknowledged")
    if tally.errors:
        problems.append(f"{len(tally.errors)} errors ({tally.errors[0]})")
    asked = count / args.pace
    appends = len(tally.appends)
    if appends / elapsed < 0.9 * asked:
        problems.append(f"appends fell behind the pace ({appends / elapsed:.1f}/s of "
                        f"{asked:.1f}/s; {tally.late} turns a pace late)")
    for what, samples in (("append", tally.appends), ("push", pushes)):
        if samples and percentile(samples, 95) * 1000 > args.max_p95:
            problems.append(f"{what} p95 {percentile(samples, 95) * 1000:.0f} ms > "
                            f"{args.max_p95:.0f} ms")
    open_streams = sum(1 for s in screens.streams if s.status == 200 and not s.ended)
    return Night(count, elapsed, asked, appends, tally, pushes, open_streams, 5 * count,
                 sorted(set(problems), key=problems.index))


def ms(samples: list[float], pct: float) -> str:
    return f"{percentile(samples, pct) * 1000:.0f}" if samples else "-"


def report(n: Night) -> None:
    appends, pushes = n.tally.appends, n.pushes
    print(f"{n.tables:>6} {n.rate:>7.1f}/{n.asked:<6.1f} "
          f"{ms(appends, 50):>5} {ms(appends, 95):>5} {ms(appends, 99):>5}   "
          f"{ms(pushes, 50):>5} {ms(pushes, 95):>5} {ms(pushes, 99):>5}   "
          f"{n.streams_open:>5}/{n.streams_asked:<5} {len(n.tally.errors):>6}  "
          f"{'ok' if not n.problems else 'GAVE: ' + '; '.join(n.problems)[:300]}", flush=True)


def loopback(url: str) -> str:
    if urlsplit(url).hostname not in LOOPBACK:
        sys.exit(f"{url}: loopback addresses only")
    return url


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--tables", default="10,50,200,1000")
    p.add_argument("--pace", type=float, default=4.0, help="seconds between a table's moves")
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=64, help="gunicorn threads per worker")
    p.add_argument("--client-threads", type=int, default=32, help="threads running the phones")
    p.add_argument("--stream-url", default="",
                   help="default: a stream server of the run's own (referee serve)")
    p.add_argument("--stream-recheck", default="",
                   help="seconds between a stream's timed looks at the log "
                        "(REFEREE_STREAM_RECHECK; default the server's)")
    p.add_argument("--max-p95", type=float, default=1000, help="ms")
    p.add_argument("--budget", type=float, default=900, help="seconds, all N together")
    args = p.parse_args()
    if not args.database.startswith("postgresql"):
        sys.exit("--database must be a PostgreSQL URL")
    loopback(args.database.replace("postgresql+psycopg", "postgresql"))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # finally: gunicorn stopped
    ends = time.monotonic() + args.budget
    if args.stream_recheck:
        os.environ["REFEREE_STREAM_RECHECK"] = args.stream_recheck  # gunicorn's environment
    app = fresh_app(args.database)
    raise_descriptors()  # 5 streams a table, each a socket at both ends
    server, base = start_server(database_url(app), args.workers, args.threads)
    streamer = None
    if not args.stream_url:  # gunicorn answers a stream's URL 503: streams are the stream
        port = free_port()   # server's (referee serve), as nginx routes them in production
        streamer = start([sys.executable, "-m", "referee", "serve", "--port", str(port),
                          "--threads", "4"], {**os.environ, "DATABASE_URL": database_url(app)},
                         port, Path(tempfile.mkdtemp(prefix="referee-league-")) / "serve.log")
        args.stream_url = f"http://127.0.0.1:{port}/api/matches/{{match}}/stream"
    stream_url = loopback(args.stream_url)
    failed = False
    try:
        print(f"gunicorn {args.workers} workers x {args.threads} threads, PostgreSQL; "
              f"a move every {args.pace:g} s a table (0.5-1.5x), {args.seconds:g} s per N; "
              f"streams at {stream_url}")
        print(f"{'tables':>6} {'appends/s':>14} {'append p50/95/99 ms':>19}   "
              f"{'push p50/95/99 ms':>17}   {'streams':>11} {'errors':>6}")
        for count in (int(n) for n in args.tables.split(",")):
            if time.monotonic() + args.seconds + count * 0.05 > ends:
                print(f"{count:>6} not played: the budget of {args.budget:g} s is spent")
                break
            result = night(app, base, stream_url, count, args)
            report(result)
            if result.problems:
                failed = True
                break
    finally:
        stop_server(server)
        if streamer is not None:
            stop_server(streamer)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
