"""What knowing the table costs: a move judged at two tables, and a void's preview.

Prints the median time of, on a match at seq N:
- a judged append made against the table now (``seen`` = the last seq): judged once;
- a stale move (``seen`` three events back) that the table has changed under: judged at the
  table its player saw and at the table now, refused with the events since (409);
- a dry run of a void of an early event: the whole log re-judged with and without it.

    .venv/bin/python bench/stale_cost.py [--database postgresql+psycopg://…] [--at 1000]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Match, fresh_app, parser  # noqa: E402

from referee.service import matches  # noqa: E402
from referee.service.errors import Conflict  # noqa: E402


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--samples", type=int, default=50)
    p.add_argument("--at", type=int, default=1000)
    args = p.parse_args()
    app = fresh_app(args.database)
    match = Match(app)
    match.grow_to(args.at)
    times: dict[str, list[float]] = {"fresh": [], "stale": [], "preview": []}
    for _ in range(args.samples):
        # the next move is "draw seat X from the discard": three events back it was not X's turn
        move_type, seat, payload = next(match.moves)
        start = time.perf_counter()
        try:
            matches.record(match.db, match.id, match.host, move_type, seat, payload,
                           seen=match.seq - 3)
            raise SystemExit("a stale draw was logged: the benchmark's match is not as expected")
        except Conflict:
            times["stale"].append(time.perf_counter() - start)
        start = time.perf_counter()
        matches.record(match.db, match.id, match.host, move_type, seat, payload, seen=match.seq)
        times["fresh"].append(time.perf_counter() - start)
        match.seq += 1
        start = time.perf_counter()
        matches.record(match.db, match.id, match.host, "void", None,
                       {"seq": 2, "reason": "benchmark"}, dry_run=True)
        times["preview"].append(time.perf_counter() - start)
    ms = {k: statistics.median(v) * 1000 for k, v in times.items()}
    print(f"database: {args.database}; match at seq {args.at}; {args.samples} samples each")
    print(f"append against the table now (judged once): median {ms['fresh']:.2f} ms")
    print(f"stale move refused (judged at two tables, events since): median {ms['stale']:.2f} ms")
    print(f"void preview (dry run, whole log judged twice): median {ms['preview']:.2f} ms")


if __name__ == "__main__":
    main()
