"""Judged append with the hot path's statements run on the driver's cursor (``Prepared``) vs
the same statements run by SQLAlchemy's ordinary execution (a Core ``Connection`` on the same
pooled connection, the engine's compiled cache), in one run.

The other way is the very same code but for ``Prepared.on``, swapped between rounds: each
statement goes through ``Connection.execute`` (cache lookup, execution context, result set-up,
SQLAlchemy's own error translation and invalidation) on a ``Connection`` made once per unit of
work on its pooled connection (a session's own, when one was made); SQLite's ``BEGIN
IMMEDIATE`` is then the one the engine's ``begin`` listener sends. Rounds alternate, so the
machine's noise falls on both alike. Prints the median time of one append each way and their
ratio; ``Prepared`` is worth keeping while the ratio stays >= 1.05.

    .venv/bin/python bench/prepared_cost.py [--database postgresql+psycopg://…/test]
        [--rounds 30] [--per-round 50]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Match, fresh_app, rounds_arguments  # noqa: E402
from sqlalchemy.engine import Connection  # noqa: E402
from sqlalchemy.pool import PoolProxiedConnection  # noqa: E402

from referee.store import prepared  # noqa: E402

PREPARED_ON = prepared.Prepared.on
#: The unit of work whose ``Connection`` was made last, its pooled connection, and it.
_MADE: list[Any] = [None, None, None]


def ordinary_on(self: prepared.Prepared, transaction: prepared.Transaction,
                lent: PoolProxiedConnection, values: Mapping[str, Any]) -> Any:
    """``Prepared.on`` by SQLAlchemy's ordinary execution: the result's ``fetchall`` is what
    the callers use of the cursor."""
    if transaction._session is not None:
        return transaction._session.connection().execute(self.statement, dict(values))
    if _MADE[0] is not transaction or _MADE[1] is not lent:
        _MADE[:] = [transaction, lent, Connection(transaction.engine, connection=lent)]
    connection: Connection = _MADE[2]
    if self is prepared._BEGIN_IMMEDIATE:  # the engine's begin listener sends it
        connection.begin()
        return None
    return connection.execute(self.statement, dict(values))


def timed(match: Match, count: int) -> float:
    """The mean time of one append, in ms, over ``count`` appends (a disk's fsync makes each
    one's time come in steps: their median would be a step)."""
    start = time.perf_counter()
    for _ in range(count):
        match.append()
    return (time.perf_counter() - start) / count * 1000


def main() -> None:
    args = rounds_arguments(__doc__ or "", rounds=30, per_round=50)
    app = fresh_app(args.database)
    match = Match(app)
    ways = {"prepared": PREPARED_ON, "ordinary": ordinary_on}
    times: dict[str, list[float]] = {name: [] for name in ways}
    for round_ in range(args.rounds + 1):  # the first round of each warms up
        for name, on in (ways.items() if round_ % 2 else reversed(ways.items())):
            prepared.Prepared.on = on  # type: ignore[method-assign]
            median = timed(match, args.per_round)
            if round_:
                times[name].append(median)
    prepared.Prepared.on = PREPARED_ON  # type: ignore[method-assign]
    ours, plain = (statistics.median(times[name]) for name in ways)
    kind = "SQLite" if args.database == "sqlite" else "PostgreSQL"
    print(f"database: {kind}; {args.rounds} interleaved rounds of {args.per_round} appends "
          f"each way, up to seq {match.seq}")
    print(f"append, Prepared on the driver's cursor: {ours:.3f} ms (median of the rounds' means)")
    print(f"append, SQLAlchemy's ordinary execution: {plain:.3f} ms "
          f"({(plain - ours) * 1000:+.0f} µs)")
    print(f"ratio ordinary/prepared: {plain / ours:.3f} (keep Prepared while >= 1.05)")


if __name__ == "__main__":
    main()
