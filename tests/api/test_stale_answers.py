"""A stale move's 409 holds up no other writer: on SQLite the write lock is held to decide the
move is stale, never while its answer lists the events since; on PostgreSQL nothing is locked
(a move whose If-Match the log is already past waits for no other writer at all)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from referee import database
from referee.service import matches
from referee.service.errors import Conflict
from tests.conftest import BACKENDS
from tests.helpers import Table, auth, new_match, plain_turn

WAIT = 10  # seconds: far more than a free lock takes, far less than a stuck test


def post_stale_draw(app: Flask, table: Table, if_match: int) -> Any:
    """Seat 1 draws, saying the log is at ``if_match``."""
    return app.test_client().post(
        f"/api/matches/{table.id}/events",
        json={"type": "draw", "seat": 1, "payload": {"source": "stock"}},
        headers={**auth(table.host), "If-Match": f'"{if_match}"'})


def word_with_a_move_meanwhile(monkeypatch: pytest.MonkeyPatch, db: Any, table: Table,
                               seat: int, at: int) -> list[list[int]]:
    """While the first event of an answer is worded, ``seat`` draws under If-Match ``at`` in
    another thread (given ``WAIT`` seconds); returns the seqs it had appended by then."""
    appended: list[int] = []
    seen_while_wording: list[list[int]] = []
    word_event = matches.event_dict

    def append_elsewhere() -> None:
        appended.append(matches.record(db, table.id, table.host, "draw", seat,
                                       {"source": "stock"}, expected_seq=at).seq)

    def event_dict_with_a_move_meanwhile(*args: Any, **kwargs: Any) -> dict[str, Any]:
        if not seen_while_wording:  # the first event worded: another writer appends now
            other = threading.Thread(target=append_elsewhere)
            other.start()
            other.join(WAIT)
            seen_while_wording.append(list(appended))
        return word_event(*args, **kwargs)

    monkeypatch.setattr(matches, "event_dict", event_dict_with_a_move_meanwhile)
    return seen_while_wording


def test_another_move_commits_while_a_stale_if_match_answer_words_the_events_since(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the 409 to If-Match "1" words the event since (#2), seat 1's draw under If-Match
    "2" is appended and committed; the 409 still lists the log as it stood when the move was
    refused (last_seq 2, since [#2]), not the draw (#3) logged meanwhile."""
    table = new_match(app.test_client())
    plain_turn(app.test_client(), table, 0, value=3)  # #1, #2
    seen_while_wording = word_with_a_move_meanwhile(monkeypatch, database(app), table, 1, 2)
    response = post_stale_draw(app, table, 1)
    monkeypatch.undo()
    assert seen_while_wording == [[3]]
    assert response.status_code == 409
    assert response.json["last_seq"] == 2
    assert [e["seq"] for e in response.json["since"]] == [2]


def test_another_move_commits_while_a_too_slow_answer_words_the_events_since(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """CC-QP-4: seat 2's quick play on the 3 it saw at #2 is too slow (the 6 covered it, #3
    and #4); while its 409 words the events since, seat 2's draw under If-Match "4" is
    appended and committed (#5); the 409 lists #3 and #4, at last_seq 4."""
    client = app.test_client()
    table = new_match(client)
    plain_turn(client, table, 0, value=3)  # #1, #2
    plain_turn(client, table, 1, value=6)  # #3, #4
    seen_while_wording = word_with_a_move_meanwhile(monkeypatch, database(app), table, 2, 4)
    response = client.post(f"/api/matches/{table.id}/events", headers=auth(table.host),
                           json={"type": "quick_play", "seat": 2, "seen": 2,
                                 "payload": {"slot": 1, "value": 3}})
    monkeypatch.undo()
    assert seen_while_wording == [[5]]
    assert response.status_code == 409 and response.json["where"] == "body.seen"
    assert response.json["last_seq"] == 4
    assert [e["seq"] for e in response.json["since"]] == [3, 4]


@pytest.mark.skipif("postgresql" not in BACKENDS, reason="PostgreSQL is not tested here")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_move_the_log_is_past_is_refused_while_another_writer_holds_the_lock(
        app: Flask, database_url: str) -> None:
    """PostgreSQL: the log is at #2 and another transaction holds the match's row lock; a
    draw under If-Match "1" is answered 409 at once, without waiting for that lock."""
    table = new_match(app.test_client())
    plain_turn(app.test_client(), table, 0, value=3)  # #1, #2
    holder = create_engine(database_url)
    answers: list[int] = []
    try:
        with holder.connect() as conn, conn.begin():
            conn.execute(text("SELECT last_seq FROM match_summaries WHERE match_id = :m "
                              "FOR UPDATE"), {"m": table.id})
            stale = threading.Thread(
                target=lambda: answers.append(post_stale_draw(app, table, 1).status_code))
            stale.start()
            stale.join(WAIT)
            answered_while_held = list(answers)
        stale.join()  # the lock is released: a stuck request ends now
    finally:
        holder.dispose()
    assert answered_while_held == [409]


def test_a_stale_answer_lists_the_events_since_through_the_service(app: Flask) -> None:
    """The service's own callers get the events since in the Conflict, as the API does."""
    table = new_match(app.test_client())
    plain_turn(app.test_client(), table, 0, value=3)  # #1, #2
    with pytest.raises(Conflict) as refused:
        matches.record(database(app), table.id, table.host, "draw", 1, {"source": "stock"},
                       expected_seq=0)
    assert refused.value.details["last_seq"] == 2
    assert [e["seq"] for e in refused.value.details["since"]] == [1, 2]
