"""Judged append through the app (Flask's test client, in process): the fast path an ordinary
append takes (``referee.api.plain``) vs the decorated view (webargs, marshmallow) that the very
same move reaches with ``?dry_run=false``, on two matches alike, in interleaved rounds.

Prints the CPU time of one append each way (this process's, so that other processes on the
machine weigh less on it) and their ratio: what webargs and marshmallow would cost every
append.

    .venv/bin/python bench/plain_append.py [--database URL] [--rounds 20] [--per-round 100]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import citroncoco_moves, fresh_app, rounds_arguments  # noqa: E402


class Table:
    """A CitronCoco match fed through the test client, each move with ``query``."""

    def __init__(self, client: object, query: str) -> None:
        self.client = client
        created = client.post("/api/matches", json={  # type: ignore[attr-defined]
            "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json
        self.url = f"/api/matches/{created['id']}/events{query}"
        self.token = f"Bearer {created['host_token']}"
        self.moves = citroncoco_moves()
        self.seq = 0

    def append(self) -> None:
        move_type, seat, payload = next(self.moves)
        answer = self.client.post(  # type: ignore[attr-defined]
            self.url, json={"type": move_type, "seat": seat, "payload": payload},
            headers={"Authorization": self.token, "If-Match": f'"{self.seq}"'})
        assert answer.status_code == 201, answer.json
        self.seq += 1


def cpu_per_append(table: Table, count: int) -> float:
    """This process's CPU time of one append, in µs, over ``count`` appends."""
    start = time.process_time()
    for _ in range(count):
        table.append()
    return (time.process_time() - start) / count * 1e6


def main() -> None:
    args = rounds_arguments(__doc__ or "", rounds=20, per_round=100)
    app = fresh_app(args.database)
    client = app.test_client()
    ways = {"fast path": Table(client, ""), "decorated": Table(client, "?dry_run=false")}
    times: dict[str, list[float]] = {name: [] for name in ways}
    for round_ in range(args.rounds + 1):  # the first round warms up
        for name, table in (ways.items() if round_ % 2 else reversed(ways.items())):
            spent = cpu_per_append(table, args.per_round)
            if round_:
                times[name].append(spent)
    fast, decorated = (statistics.median(times[name]) for name in ways)
    print(f"database: {args.database.split(':')[0]}; {args.rounds} interleaved rounds of "
          f"{args.per_round} appends each way")
    print(f"append, fast path: {fast:6.0f} µs CPU (median of rounds)")
    print(f"append, decorated: {decorated:6.0f} µs CPU ({decorated - fast:+.0f} µs)")
    print(f"ratio fast/decorated: {fast / decorated:.3f}")


if __name__ == "__main__":
    main()
