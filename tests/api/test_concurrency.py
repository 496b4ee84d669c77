"""Optimistic concurrency under real threads, on SQLite and PostgreSQL: the database decides."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from flask import Flask
from sqlalchemy import select

from referee import database
from referee.store import models
from tests.helpers import Table, auth, new_match

THREADS = 8


def race(app: Flask, table: Table, body: dict, headers: dict[str, str]) -> list[int]:
    """THREADS requests released at once; returns their status codes."""
    barrier = threading.Barrier(THREADS)

    def one(_: int) -> int:
        client = app.test_client()
        barrier.wait()
        return client.post(f"/api/matches/{table.id}/events", json=body,
                           headers={**auth(table.host), **headers}).status_code

    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(one, range(THREADS)))


def logged_seqs(app: Flask, match_id: int) -> list[int]:
    with database(app).reading() as session:
        return list(session.scalars(select(models.Event.seq)
                                    .where(models.Event.match_id == match_id)
                                    .order_by(models.Event.seq)))


def test_eight_writers_with_if_match_one_wins_each_round_the_rest_get_409(app: Flask) -> None:
    table = new_match(app.test_client(), players=2)
    rounds = [({"type": "draw", "seat": 0, "payload": {"source": "stock"}}, 0),
              ({"type": "discard", "seat": 0, "payload": {"value": 5}}, 1),
              ({"type": "draw", "seat": 1, "payload": {"source": "discard"}}, 2),
              ({"type": "discard", "seat": 1, "payload": {"value": 5}}, 3)]
    for body, seen in rounds:
        codes = Counter(race(app, table, body, {"If-Match": f'"{seen}"'}))
        assert codes == {201: 1, 409: THREADS - 1}
    assert logged_seqs(app, table.id) == [1, 2, 3, 4]


def test_eight_writers_without_if_match_are_serialised_gapless(app: Flask) -> None:
    table = new_match(app.test_client(), players=2)
    client = app.test_client()
    client.post(f"/api/matches/{table.id}/events", headers=auth(table.host),
                json={"type": "draw", "seat": 0, "payload": {"source": "stock"}})
    body = {"type": "challenge", "seat": 1, "payload": {"seq": 1, "claim": "too fast"}}
    codes = race(app, table, body, {})
    assert codes == [201] * THREADS
    assert logged_seqs(app, table.id) == list(range(1, THREADS + 2))


def test_a_retried_key_sent_eight_times_at_once_appends_once(app: Flask) -> None:
    table = new_match(app.test_client(), players=2)
    body = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
    codes = race(app, table, body, {"Idempotency-Key": "same-request"})
    # Each is answered as the first was (201), or told the first is still being judged (409,
    # the IETF draft): never a second move.
    assert set(codes) <= {201, 409} and 201 in codes, codes
    assert logged_seqs(app, table.id) == [1]
    again = app.test_client().post(f"/api/matches/{table.id}/events", json=body, headers={
        **auth(table.host), "Idempotency-Key": "same-request"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
