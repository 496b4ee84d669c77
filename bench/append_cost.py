"""Judged append at seq 5,000 vs at seq 50, in one run: snapshots keep the cost flat.

Prints the median time of one judged append (load latest snapshot + later events, judge,
append, refresh read models, commit) on a young match and on an old one, interleaved so that
the machine's noise falls on both alike, and their ratio (target: <= 1.2).

    .venv/bin/python bench/append_cost.py [--database postgresql+psycopg://…] [--samples 200]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Match, fresh_app, parser  # noqa: E402


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--young", type=int, default=50)
    p.add_argument("--old", type=int, default=5000)
    args = p.parse_args()
    app = fresh_app(args.database)
    young, old = Match(app), Match(app)
    young.grow_to(args.young)
    old.grow_to(args.old)
    times: dict[str, list[float]] = {"young": [], "old": []}
    for _ in range(args.samples):
        for name, match in (("young", young), ("old", old)):
            start = time.perf_counter()
            match.append()
            times[name].append(time.perf_counter() - start)
    young_ms = statistics.median(times["young"]) * 1000
    old_ms = statistics.median(times["old"]) * 1000
    print(f"database: {args.database}; snapshot every {app.config['SNAPSHOT_EVERY']} events; "
          f"{args.samples} appends each, interleaved")
    print(f"judged append from seq {args.young}: median {young_ms:.2f} ms")
    print(f"judged append from seq {args.old}: median {old_ms:.2f} ms")
    print(f"ratio old/young: {old_ms / young_ms:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
