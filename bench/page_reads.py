"""How many transactions and SQL statements each page opens to show one match (and the browsing
pages), on a fresh SQLite database: a page's view model should come from one read.

Counts, not timings, so the figures are the same on a busy machine and a quiet one.

    .venv/bin/python bench/page_reads.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import fresh_app  # noqa: E402

from referee import database  # noqa: E402

MOVES = [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5})]


def main() -> None:
    app = fresh_app("sqlite")
    app.config["RATELIMIT_ENABLED"] = False
    client = app.test_client()
    made = client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).get_json()
    match_id, host = made["id"], {"Authorization": f"Bearer {made['host_token']}"}
    for kind, seat, payload in MOVES:
        client.post(f"/api/matches/{match_id}/events", headers=host,
                    json={"type": kind, "seat": seat, "payload": payload})
    phone = app.test_client()
    phone.get(f"/m/{match_id}/join?token={made['seat_tokens'][1]}")
    counts = {"transactions": 0, "statements": 0}

    def count(kind: str) -> object:
        return lambda *_: counts.__setitem__(kind, counts[kind] + 1)

    engine = database(app).engine
    event.listen(engine, "begin", count("transactions"))
    event.listen(engine, "before_cursor_execute", count("statements"))
    pages = [("pad", phone, f"/m/{match_id}/play"), ("match page", phone, f"/m/{match_id}"),
             ("TV board", client, f"/m/{match_id}/board"), ("history", client, "/history"),
             ("player page", client, "/players/1"), ("home", client, "/")]
    for name, browser, path in pages:
        browser.get(path)  # caches warm
        counts.update(transactions=0, statements=0)
        assert browser.get(path).status_code == 200, path
        print(f"{name:12s} {counts['transactions']:2d} transaction(s), "
              f"{counts['statements']:3d} statements")


if __name__ == "__main__":
    main()
