"""``Database.one_at_a_time``, on both databases: one holder at a time, the others waiting
their turn, and no write lock taken (the writes go on while it is held)."""

from __future__ import annotations

import threading
import time

from flask import Flask
from sqlalchemy import text

from referee import database

KEY = 0x7E57


def test_a_second_holder_waits_for_the_first(app: Flask) -> None:
    """Requirement: of two holders (each on its own connection, as two processes are), the
    second comes in once the first has left."""
    db = database(app)
    events: list[str] = []

    def second() -> None:
        with db.one_at_a_time(KEY):
            events.append("second in")

    with db.one_at_a_time(KEY):
        waiting = threading.Thread(target=second)
        waiting.start()
        time.sleep(0.5)  # time enough for the second to come in, were it not held
        events.append("first out")
    waiting.join(10)
    assert events == ["first out", "second in"]


def test_it_takes_no_write_lock(app: Flask) -> None:
    """Requirement: while it is held, a write transaction goes on at once."""
    db = database(app)
    with db.one_at_a_time(KEY):
        start = time.perf_counter()
        with db.unit_of_work() as session:
            session.execute(text("DELETE FROM ratings_due WHERE id < 0"))
        assert time.perf_counter() - start < 1.0
