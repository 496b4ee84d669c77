"""What slow and greedy clients do to everyone else: how long ``/healthz`` takes while N of
them are held open, and how long after they go until it answers again.

Starts gunicorn with the project's ``gunicorn.conf.py`` (its 2 workers × 64 threads unless
--workers/--threads say otherwise) on a fresh SQLite database, the stream server (``referee
serve``) on the same database, and with --nginx Debian's nginx in front of both with the
documented site (docs/deploy/nginx.conf). Then, for each kind of client (the streams go to the
stream server, or to nginx which sends them there; the others to gunicorn, or nginx):

- ``slowloris``: N connections that send a request's headers one line a second, never ending;
- ``bodies``: N POSTs whose whole headers come at once, then the body one byte a second;
- ``streams``: N live streams of one match, held open without reading.

While they are held (--hold seconds) /healthz is asked once a second (a new connection, at most
--within seconds); then they are closed and /healthz is asked until it answers.

    .venv/bin/python bench/slow_clients.py [--nginx] [--kinds slowloris,bodies,streams]
        [--slowloris 600] [--bodies 256] [--streams 400 [--addresses 20]] [--hold 20]
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.slowclients import (  # noqa: E402
    Server,
    Streams,
    gunicorn,
    healthz_time,
    new_match,
    nginx,
    night_server,
    slow_bodies,
    slowloris,
)


def figures(times: list[float | None], within: float) -> str:
    answered = [t for t in times if t is not None]
    if not answered:
        return f"no answer within {within:g} s ({len(times)} asked)"
    worst = f"> {within:g} s" if len(answered) < len(times) else f"{max(answered):.3f} s"
    return (f"{len(answered)}/{len(times)} answered, median {statistics.median(answered):.3f} s,"
            f" worst {worst}")


def recovery(base: str, within: float, limit: float = 120.0) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if healthz_time(base, within) is not None:
            return time.monotonic() - started
        time.sleep(0.2)
    return None


#: The slow clients come from another loopback address than the one asking /healthz, as they
#: would from another machine (nginx caps connections per address).
ATTACKER = "127.0.0.2"


def attack(target: Server, kind: str, count: int, match_id: int, addresses: int = 1
           ) -> contextlib.AbstractContextManager[object]:
    if kind == "slowloris":
        return slowloris(target, count, source=ATTACKER)
    if kind == "bodies":
        return slow_bodies(target, count, source=ATTACKER)
    if addresses <= 1:
        return Streams(target, match_id, count, source=ATTACKER)
    # 127.0.2.1, 127.0.2.2, …: as many clients
    return Streams(target, match_id, count, [f"127.0.2.{n + 1}" for n in range(addresses)])


def run(target: Server, kind: str, count: int, hold: float, within: float,
        addresses: int = 1) -> None:
    match_id, _ = new_match(target.base)
    started = time.monotonic()
    held = attack(target, kind, count, match_id, addresses)
    opened = time.monotonic() - started
    times: list[float | None] = []
    with held:
        extra = ""
        if isinstance(held, Streams):
            extra = ", ".join(f"{held.count(s)}×{s}" for s in sorted(set(held.statuses)))
            extra = f" ({extra})"
        deadline = time.monotonic() + hold
        while time.monotonic() < deadline:
            asked = time.monotonic()
            times.append(healthz_time(target.base, within))
            time.sleep(max(0.0, 1.0 - (time.monotonic() - asked)))
        still = getattr(held, "still_held", lambda: None)()
    back = recovery(target.base, within)
    after = "never (120 s)" if back is None else f"{back:.1f} s"
    kept = "" if still is None else f"; still held by the server at the end: {still}"
    print(f"{kind:9} × {count:4}{extra}: opened in {opened:.1f} s; /healthz while held: "
          f"{figures(times, within)}{kept}; answers again {after} after they go", flush=True)


@contextlib.contextmanager
def deployment(args: argparse.Namespace) -> Iterator[tuple[Server, Server]]:
    """Where the slow clients go, and where the streams go."""
    server_args: tuple[str, ...] = ("--log-level", "warning")
    if args.workers:
        server_args += ("--workers", str(args.workers))
    if args.threads:
        server_args += ("--threads", str(args.threads))
    with gunicorn(args=server_args) as app, \
            night_server(served=f"sqlite:///{app.folder / 'referee.sqlite3'}") as streams:
        if not args.nginx:
            yield app, streams
            return
        with nginx(f"127.0.0.1:{app.port}", f"127.0.0.1:{streams.port}") as proxy:
            yield proxy, proxy


def main() -> None:
    # Stopped (SIGTERM, a timeout): leave by the finally blocks, which stop the servers.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nginx", action="store_true", help="through nginx")
    parser.add_argument("--kinds", default="slowloris,bodies,streams")
    parser.add_argument("--slowloris", type=int, default=600)
    parser.add_argument("--bodies", type=int, default=256)
    parser.add_argument("--streams", type=int, default=400)
    parser.add_argument("--hold", type=float, default=20.0)
    parser.add_argument("--within", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--addresses", type=int, default=1,
                        help="streams from this many loopback addresses (127.0.2.x)")
    args = parser.parse_args()
    counts: dict[str, int] = {"slowloris": args.slowloris, "bodies": args.bodies,
                              "streams": args.streams}
    kinds = [k for k in args.kinds.split(",") if k]
    runner: Callable[[Server, str], None] = lambda target, kind: run(  # noqa: E731
        target, kind, counts[kind], args.hold, args.within, args.addresses)
    with deployment(args) as (target, streams):
        print(f"{'nginx → ' if args.nginx else ''}gunicorn at {target.base}, streams at "
              f"{streams.base}", flush=True)
        for kind in kinds:
            runner(streams if kind == "streams" else target, kind)


if __name__ == "__main__":
    main()
