"""Importing long matches: the time and the peak memory of ``POST /api/matches/import`` for
exports of 5,000 and 20,000 events (the sizes are settable).

Each export is a real one: a two-seat CitronCoco match of that many legal moves is imported
into a scratch database, then exported (verdicts, times and digest included). Each import is
then timed in a process of its own, on a fresh database, through the API (the request screen,
the size limit, the schema, the judging of every event): its peak RSS is that process's,
counted from its start, app and request included. The time should grow linearly with the
events (ratio of the largest to the smallest about their ratio of events, 4 for 20,000/5,000),
and the peak RSS should stay under 300 MB.

    .venv/bin/python bench/import_size.py [--events 5000 20000] [--sqlite-dir /dev/shm]
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import SQLITE_DIR, fresh_app, imported_match, parser, sqlite_folder  # noqa: E402

from referee import database  # noqa: E402
from referee.service import queries  # noqa: E402

#: Above this peak RSS (MB) the import's memory is not bounded enough.
RSS_LIMIT_MB = 300


def make_export(events: int, folder: Path) -> Path:
    """A real export of a match of ``events`` legal moves, written to a file."""
    app = fresh_app("sqlite")
    match_id, host = imported_match(app, events)
    exported = queries.export(database(app), match_id, host)
    path = folder / f"export-{events}.json"
    path.write_text(json.dumps(exported, ensure_ascii=False))
    database(app).engine.dispose()
    return path


def peak_rss_mb() -> float:
    """This process's peak resident memory (VmHWM), in MB. Not getrusage's ru_maxrss, which
    Linux carries over an exec from the parent (here: the one that built the long match)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def import_once(path: Path) -> dict[str, float]:
    """In this process: a fresh app, then the export posted to the API; the import's seconds
    and the process's peak RSS (MB)."""
    app = fresh_app("sqlite")
    app.config["RATELIMIT_ENABLED"] = False
    client = app.test_client()
    body = path.read_bytes()
    before = peak_rss_mb()
    start = time.perf_counter()
    answer = client.post("/api/matches/import", data=body,
                         headers={"Content-Type": "application/json"}, buffered=True)
    seconds = time.perf_counter() - start
    assert answer.status_code == 201, answer.get_data(as_text=True)[:500]
    peak = peak_rss_mb()
    return {"seconds": seconds, "peak_mb": peak, "before_mb": before, "bytes": len(body)}


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--events", type=int, nargs="+", default=[5_000, 20_000])
    p.add_argument("--one", default=None, help=argparse_hidden())
    args = p.parse_args()
    SQLITE_DIR[0] = args.sqlite_dir
    if args.one:  # the child: one import, its figures as JSON
        print(json.dumps(import_once(Path(args.one))))
        return
    folder = sqlite_folder()
    results = {}
    for events in args.events:
        path = make_export(events, folder)
        command = [sys.executable, __file__, "--one", str(path)]
        if args.sqlite_dir:
            command += ["--sqlite-dir", args.sqlite_dir]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"the import of {events} events failed:\n{run.stderr[-3000:]}")
        out = run.stdout
        results[events] = json.loads(out.strip().splitlines()[-1])
        got = results[events]
        print(f"{events:>6} events, {got['bytes'] / 1024 / 1024:6.2f} MiB export: "
              f"{got['seconds']:7.2f} s, peak RSS {got['peak_mb']:6.1f} MB "
              f"(app started: {got['before_mb']:.1f} MB)")
    small, large = min(results), max(results)
    ratio = results[large]["seconds"] / results[small]["seconds"]
    print(f"time {large}/{small}: {ratio:.2f} (linear: {large / small:.2f})")
    worst = max(got["peak_mb"] for got in results.values())
    print(f"largest peak RSS: {worst:.1f} MB (limit {RSS_LIMIT_MB} MB): "
          f"{'ok' if worst < RSS_LIMIT_MB else 'OVER'}")


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
