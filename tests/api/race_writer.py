"""One writer process of the two-process race (``test_two_processes``): it logs the next move
of a fixed CitronCoco log whenever it can, against whatever seq the database is at.

    python -m tests.api.race_writer DATABASE_URL MATCH_ID HOST_TOKEN TARGET GO_FILE

It writes ``GO_FILE.ready.<pid>`` once loaded, and starts when ``GO_FILE`` exists.

Prints how many of its appends won (201); exits 1 on a refusal other than a lost race.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from referee import create_app, database
from referee.service import history, matches
from referee.service.errors import Conflict

Move = tuple[str, int, dict[str, Any]]


def race_log(length: int) -> list[Move]:
    """Two seats pass a 5 back and forth; after every third discard the other seat quick-plays
    a 4 on it, a missplay whose penalty card (CC-QP-3) changes the state later moves see."""
    log: list[Move] = [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5})]
    seat = 1
    while len(log) < length:
        log += [("draw", seat, {"source": "discard"}), ("discard", seat, {"value": 5})]
        if len(log) % 6 == 0:
            log.append(("quick_play", 1 - seat, {"slot": 1, "value": 4}))
        seat = 1 - seat
    return log[:length]


def main() -> None:
    url, match_id, host, target, go_file = sys.argv[1:]
    db = database(create_app({"DATABASE_URL": url}))
    log = race_log(int(target))
    go = Path(go_file)
    Path(f"{go_file}.ready.{os.getpid()}").touch()
    while not go.exists():  # both writers start together
        time.sleep(0.01)
    won = 0
    while (last := history.get_match_dict(db, int(match_id))["last_seq"]) < len(log):
        move_type, seat, payload = log[last]
        try:
            matches.record(db, int(match_id), host, move_type, seat, payload,
                           expected_seq=last)
            won += 1
            # A table's pause: the other writer (maybe asleep in SQLite's busy handler) gets
            # its turn at the lock before this one tries again, so both caches go stale.
            deadline = time.monotonic() + 0.2
            while (time.monotonic() < deadline
                   and history.get_match_dict(db, int(match_id))["last_seq"] == last + 1):
                time.sleep(0.005)
        except Conflict:
            continue  # the other process logged it first
    print(won)


if __name__ == "__main__":
    main()
