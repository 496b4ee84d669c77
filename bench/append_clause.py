"""What the clause on the append's answer costs (Flask's test client, in process): one match,
its appends answered in turn with each verdict's clause (``referee.edge.clauses``, kept per
game, clause and language) and without it, request by request, so that the match's growth and
the machine's noise weigh on both alike.

Prints the median time of one append each way and their ratio. The clause is only there for
a game whose catalogue is written (``referee/rules/citroncoco.toml``); without it the figure is
the look-up that finds none.

    .venv/bin/python bench/append_clause.py [--database URL] [--rounds 20] [--per-round 100]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import citroncoco_moves, fresh_app, rounds_arguments  # noqa: E402

import referee.api.matches as api_matches  # noqa: E402
from referee.service import rulebook  # noqa: E402

WITH_CLAUSE = api_matches.with_clause


def without_clause(verdict: Any, locale: str, game: str | None = None) -> Any:
    return verdict


def main() -> None:
    args = rounds_arguments(__doc__ or "", rounds=20, per_round=100)
    client = fresh_app(args.database).test_client()
    created = client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json
    url, token = f"/api/matches/{created['id']}/events", f"Bearer {created['host_token']}"
    moves, seq = citroncoco_moves(), 0
    times: dict[bool, list[float]] = {True: [], False: []}
    for round_ in range(args.rounds + 1):  # the first round warms up
        for _ in range(args.per_round):
            with_it = (seq // 2) % 2 == 0  # a draw and its discard each way, in turn
            api_matches.with_clause = WITH_CLAUSE if with_it else without_clause  # type: ignore[assignment]
            move_type, seat, payload = next(moves)
            start = time.perf_counter()
            answer = client.post(url, json={"type": move_type, "seat": seat, "payload": payload},
                                 headers={"Authorization": token, "If-Match": f'"{seq}"'})
            spent = time.perf_counter() - start
            assert answer.status_code == 201, answer.json
            seq += 1
            if round_:
                times[with_it].append(spent * 1e6)
    api_matches.with_clause = WITH_CLAUSE  # type: ignore[assignment]
    clause, plain = statistics.median(times[True]), statistics.median(times[False])
    catalogued = "citroncoco" in rulebook.games()
    print(f"database: {args.database.split(':')[0]}; {args.rounds} rounds of {args.per_round} "
          f"appends, in turn with and without the clause "
          f"({'catalogued' if catalogued else 'no catalogue: the clause is null'})")
    print(f"append with its clause:  {clause:6.0f} µs (median)")
    print(f"append without:          {plain:6.0f} µs")
    print(f"ratio with/without: {clause / plain:.3f}")


if __name__ == "__main__":
    main()
