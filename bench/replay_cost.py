"""Replay of a 10,000-event match vs reading and decoding its events alone, in one run.

"Replay" is what every read and every judged move does: load the match's state, which is the
latest snapshot plus the events after it. "Reading and decoding" selects the match's 10,000
rows and turns each into the engine's Event (payload upcast to the current schema). Their ratio
is the target (<= 1.0). For information it also prints the full re-judgement of the log from
the first move (the timeline, what `referee replay` does), against the same reading.

    .venv/bin/python bench/replay_cost.py [--database …] [--events 10000] [--repeat 5]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Match, fresh_app, parser  # noqa: E402
from sqlalchemy import select  # noqa: E402

from referee import database  # noqa: E402
from referee.service.replay import Loader, engine_event, fold_as  # noqa: E402
from referee.store import models  # noqa: E402


def timed(fn: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--events", type=int, default=10_000)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    app = fresh_app(args.database)
    match = Match(app)
    match.grow_to(args.events)
    db = database(app)

    def read_and_decode() -> None:
        with db.reading() as session:
            rows = session.scalars(select(models.Event).where(
                models.Event.match_id == match.id).order_by(models.Event.seq)).all()
            events = [engine_event(r, "citroncoco") for r in rows]
            assert len(events) == args.events

    def load_state() -> None:
        with db.reading() as session:
            Loader(session, session.get(models.Match, match.id)).fold()

    def rejudge_all() -> None:
        with db.reading() as session:
            fold_as(Loader(session, session.get(models.Match, match.id)))

    results = {}
    for name, fn in (("read", read_and_decode), ("load", load_state), ("full", rejudge_all),
                     ("read again", read_and_decode), ("load again", load_state)):
        results[name] = timed(fn, args.repeat)
    read = min(results["read"], results["read again"])
    load = min(results["load"], results["load again"])
    print(f"database: {args.database}; {args.events} events; snapshot every "
          f"{app.config['SNAPSHOT_EVERY']}; median of {args.repeat}")
    print(f"read and decode the {args.events} events: {read * 1000:.1f} ms")
    print(f"replay (latest snapshot + later events): {load * 1000:.1f} ms")
    print(f"ratio replay/read: {load / read:.3f} (target <= 1.0)")
    print(f"full re-judgement from the first move: {results['full'] * 1000:.1f} ms "
          f"(ratio {results['full'] / read:.2f}, for information)")


if __name__ == "__main__":
    main()
