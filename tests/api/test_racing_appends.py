"""Racing appends on PostgreSQL: nothing locks a match's head; of two moves judged against the
same head, the unique (match_id, seq) logs the first inserted, and the other, having written
nothing, is answered as its request asked: 409 with the events since for its If-Match, the
logged move's answer again for its Idempotency-Key, else judged again against the log as it
now stands and logged after. Nothing acknowledged is lost, nothing is logged twice.

Each race is made deterministic: the first writer is held between its judgement and its
insert (or, for the writer that must wait, between its insert and its commit) while the
other one runs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from flask import Flask
from sqlalchemy import event, select

from referee import database
from referee.service import ledger, matches
from referee.service.errors import Conflict
from referee.store import models
from referee.store.db import Database
from referee.store.uow import SqlUnitOfWork
from tests.conftest import BACKENDS, POSTGRES_URL
from tests.helpers import Table, new_match, plain_turn

pytestmark = [
    pytest.mark.skipif("postgresql" not in BACKENDS,
                       reason="PostgreSQL is not among the test databases"),
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]

WAIT = 10  # seconds: far more than a free insert takes, far less than a stuck test
DRAW = ("draw", 1, {"source": "stock"})  # seat 1's draw, legal once seat 0 has played (#2)


def logged(db: Database, match_id: int) -> list[tuple[int, str, int | None, str]]:
    """Every event of the match: seq, type, seat, actor."""
    with db.reading() as session:
        return [(e.seq, e.type, e.seat, e.actor) for e in session.scalars(
            select(models.Event).where(models.Event.match_id == match_id)
            .order_by(models.Event.seq))]


def record(db: Database, table: Table, move: tuple[str, int, dict[str, Any]],
           **how: Any) -> matches.Recorded:
    move_type, seat, payload = move
    return matches.record(db, table.id, table.host, move_type, seat, payload, **how)


@pytest.fixture
def table(app: Flask) -> Table:
    """A two-seat CitronCoco match where seat 0 has drawn and discarded a 5 (#1, #2)."""
    client = app.test_client()
    made = new_match(client, players=2)
    plain_turn(client, made, 0)
    return made


def held_before_writing(monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[], Any]
                        ) -> list[Any]:
    """The first append to reach its writing, judged already, runs ``meanwhile`` in another
    thread (given ``WAIT`` seconds) before it goes on; what ``meanwhile`` returned or raised
    is kept in the list returned."""
    done: list[Any] = []
    started: list[bool] = []
    write = matches._write

    def run_meanwhile() -> None:
        try:
            done.append(meanwhile())
        except Exception as error:  # noqa: BLE001 — kept for the test to look at
            done.append(error)

    def write_after_another(*args: Any, **kwargs: Any) -> Any:
        if not started:  # the first writer only: the other one writes at once
            started.append(True)
            other = threading.Thread(target=run_meanwhile)
            other.start()
            other.join(WAIT)
        return write(*args, **kwargs)

    monkeypatch.setattr(matches, "_write", write_after_another)
    return done


def test_two_writers_with_the_same_if_match_one_is_logged_the_other_gets_409_with_since(
        app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both say the log is at #2. The first is judged, then the second is judged and logged
    (#3) before the first inserts: the first gets 409, the log at #3, since [#3]; the log
    holds #3 once, nothing else."""
    db = database(app)
    other = held_before_writing(monkeypatch, lambda: record(db, table, DRAW, expected_seq=2))
    with pytest.raises(Conflict) as refused:
        record(db, table, ("draw", 1, {"source": "discard"}), expected_seq=2)
    monkeypatch.undo()
    assert [r.seq for r in other] == [3]
    assert refused.value.details["where"] == "header.If-Match"
    assert refused.value.details["last_seq"] == 3
    since = refused.value.details["since"]
    assert [(e["seq"], e["type"], e["payload"]) for e in since] == [
        (3, "draw", {"source": "stock"})]
    assert logged(db, table.id)[2:] == [(3, "draw", 1, "host")]


def test_the_api_answers_the_overtaken_if_match_409_with_the_events_since(
        app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same race through the API: 201 for the second writer, 409 for the first, whose
    body lists the event the other logged."""
    db = database(app)
    headers = {"Authorization": f"Bearer {table.host}", "If-Match": '"2"'}

    def post(source: str) -> Any:
        return app.test_client().post(f"/api/matches/{table.id}/events", headers=headers, json={
            "type": "draw", "seat": 1, "payload": {"source": source}})

    other = held_before_writing(monkeypatch, lambda: post("stock"))
    answer = post("discard")
    monkeypatch.undo()
    assert [r.status_code for r in other] == [201]
    assert answer.status_code == 409, answer.json
    assert answer.json["last_seq"] == 3
    assert [e["seq"] for e in answer.json["since"]] == [3]
    assert [seq for seq, *_ in logged(db, table.id)] == [1, 2, 3]


def test_an_overtaken_move_without_if_match_is_judged_again_and_logged_after(
        app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 challenges #1 with no If-Match; another challenge of #2 is logged (#3) while
    seat 1's was being judged: seat 1's is judged again against #3 and logged as #4."""
    db = database(app)
    other = held_before_writing(monkeypatch, lambda: record(
        db, table, ("challenge", 1, {"seq": 2, "claim": "too fast"})))
    mine = record(db, table, ("challenge", 1, {"seq": 1, "claim": "too slow"}))
    monkeypatch.undo()
    assert [r.seq for r in other] == [3]
    assert mine.seq == 4 and not mine.replayed
    with db.reading() as session:
        claims = [(e.seq, e.type, e.payload["seq"]) for e in session.scalars(
            select(models.Event).where(models.Event.match_id == table.id,
                                       models.Event.seq > 2).order_by(models.Event.seq))]
    assert claims == [(3, "challenge", 2), (4, "challenge", 1)]


def test_an_overtaken_move_with_the_same_idempotency_key_gets_the_logged_ones_answer(
        app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same request sent twice at once with its Idempotency-Key, to two processes: the
    second one is logged (#3) while the first was being judged; the first gets #3's answer,
    replayed, and the move is logged once. (In one process the second is told the first is
    still being judged: ``test_idempotency_keys``.)"""
    db = database(app)
    another_process = Database(db.engine.url.render_as_string(hide_password=False))
    other = held_before_writing(monkeypatch, lambda: record(another_process, table, DRAW,
                                                            idempotency_key="draw-3"))
    mine = record(db, table, DRAW, idempotency_key="draw-3")
    monkeypatch.undo()
    assert [r.seq for r in other] == [3]
    assert mine.seq == 3 and mine.replayed
    assert [seq for seq, *_ in logged(db, table.id)] == [1, 2, 3]
    another_process.engine.dispose()


@pytest.fixture
def held_in_its_transaction() -> Iterator[list[Callable[[], None]]]:
    """An append hook (run after the event row is inserted, before the commit) that runs the
    callables given, once each."""
    pending: list[Callable[[], None]] = []

    def hold(_session: Any, _match_id: int, _seq: int) -> None:
        while pending:
            pending.pop(0)()

    ledger.after_append.append(hold)
    yield pending
    ledger.after_append.remove(hold)


def wait_for_a_transaction_lock(application_name: str) -> None:
    """Until a backend of this test's app waits for another transaction (a row that writer
    inserted and has not committed yet)."""
    conninfo = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    deadline = time.monotonic() + WAIT
    with psycopg.connect(conninfo, autocommit=True) as admin:
        while time.monotonic() < deadline:
            waiting = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'transactionid' "
                "AND application_name = %s", (application_name,)).fetchone()
            if waiting and waiting[0]:
                return
            time.sleep(0.01)
    raise AssertionError("no writer waited for the uncommitted row")


@pytest.fixture
def named_app(app: Flask) -> str:
    """The application_name the app's connections carry, to find its waiting backends."""
    name = f"referee-race-{id(app)}"
    engine = database(app).engine

    @event.listens_for(engine, "connect")
    def _named(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET application_name = '{name}'")
        dbapi_connection.commit()

    engine.dispose()  # connections from now on carry the name
    return name


def test_a_writer_waits_for_an_uncommitted_insert_of_its_seq_then_gets_409(
        app: Flask, table: Table, named_app: str,
        held_in_its_transaction: list[Callable[[], None]]) -> None:
    """The first writer has inserted #3 and not committed yet; the second, also at If-Match
    "2", waits for it (no lock is held meanwhile, it waits for the row), and once the first
    commits gets 409 with since [#3]. The first gets 201."""
    db = database(app)
    answers: list[Any] = []

    def second() -> None:
        try:
            answers.append(record(db, table, ("draw", 1, {"source": "discard"}),
                                  expected_seq=2))
        except Conflict as refused:
            answers.append(refused)

    other = threading.Thread(target=second)

    def start_the_second() -> None:
        other.start()
        wait_for_a_transaction_lock(named_app)

    held_in_its_transaction.append(start_the_second)
    first = record(db, table, DRAW, expected_seq=2)
    other.join(WAIT)
    assert first.seq == 3
    [refused] = answers
    assert isinstance(refused, Conflict)
    assert refused.details["last_seq"] == 3
    assert [e["seq"] for e in refused.details["since"]] == [3]
    assert logged(db, table.id)[2:] == [(3, "draw", 1, "host")]


def test_a_writer_waiting_for_an_insert_that_is_rolled_back_logs_its_own_move(
        app: Flask, table: Table, named_app: str,
        held_in_its_transaction: list[Callable[[], None]]) -> None:
    """The first writer inserts #3, then fails before its commit: the second, waiting for
    that row, inserts its own #3 once it is rolled back (201). Only the second move is in the
    log."""
    db = database(app)
    answers: list[Any] = []
    other = threading.Thread(target=lambda: answers.append(record(
        db, table, ("draw", 1, {"source": "discard"}), expected_seq=2)))

    def wait_then_fail() -> None:
        other.start()
        wait_for_a_transaction_lock(named_app)
        raise RuntimeError("the first writer fails before its commit")

    held_in_its_transaction.append(wait_then_fail)
    with pytest.raises(RuntimeError):
        record(db, table, DRAW, expected_seq=2)
    other.join(WAIT)
    assert [r.seq for r in answers] == [3]
    assert logged(db, table.id)[2:] == [(3, "draw", 1, "host")]
    with db.reading() as session:
        [event] = session.scalars(select(models.Event).where(
            models.Event.match_id == table.id, models.Event.seq == 3)).all()
        assert event.payload == {"source": "discard"}
        summary = session.get(models.MatchSummary, table.id)
        assert summary is not None and summary.last_seq == 3


@pytest.fixture
def sent(app: Flask) -> Iterator[list[tuple[str, bool]]]:
    """Each statement the app's requests send: its first words, and whether it went as a
    transaction of its own (the driver in autocommit: no BEGIN before it, no COMMIT after).
    The notices sent after the commit, by the process's sender thread, are not a request's."""
    engine = database(app).engine
    statements: list[tuple[str, bool]] = []

    def seen(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if threading.current_thread().name == "referee-notices":
            return
        statements.append((" ".join(statement.split()[:4]).upper(),
                           bool(cursor.connection.autocommit)))

    event.listen(engine, "before_cursor_execute", seen)
    yield statements
    event.remove(engine, "before_cursor_execute", seen)


def test_a_stale_if_match_is_one_statement_a_quiet_append_one_a_read_one(
        app: Flask, table: Table, sent: list[tuple[str, bool]]) -> None:
    """Round trips on PostgreSQL, the state cached: a move whose If-Match the log is past is
    answered from one statement (the head with the events since), a quiet move following the
    cached state is its write alone (committed as it runs, the head checked in it), the read of
    a match one statement; none sends BEGIN or COMMIT."""
    client = app.test_client()
    headers = {"Authorization": f"Bearer {table.host}"}
    events = f"/api/matches/{table.id}/events"
    client.get(f"/api/matches/{table.id}")
    sent.clear()
    stale = client.post(events, json={"type": "draw", "seat": 1, "payload": {"source": "stock"}},
                        headers={**headers, "If-Match": '"1"'})
    assert stale.status_code == 409 and stale.json is not None
    assert [e["seq"] for e in stale.json["since"]] == [2]
    assert [alone for _, alone in sent] == [True] and sent[0][0].startswith("SELECT"), sent
    sent.clear()
    quiet = client.post(events, json={"type": "draw", "seat": 1, "payload": {"source": "stock"}},
                        headers={**headers, "If-Match": '"2"'})
    assert quiet.status_code == 201, quiet.json
    assert [(words.split()[0], alone) for words, alone in sent] == [("WITH", True)], sent
    sent.clear()
    read = client.get(f"/api/matches/{table.id}").json
    assert read is not None and read["last_seq"] == 3
    assert [alone for _, alone in sent] == [True], sent


def test_the_events_read_with_the_head_are_the_logs_own(app: Flask, table: Table) -> None:
    """The events that come with the head (one statement, on the driver) are the log's rows,
    value for value, as the recorder reads them otherwise."""
    db = database(app)
    record(db, table, DRAW, expected_seq=2)
    with SqlUnitOfWork(db) as uow:
        head = uow.events.head(table.id, None, after=0)
        assert head is not None and head.last_seq == 3
        read = uow.events.events(table.id, 0, 3)
    columns = [c.key for c in models.Event.__table__.columns]
    assert [[getattr(e, c) for c in columns] for e in head.events] == [
        [getattr(e, c) for c in columns] for e in read]
    assert head.events_between(1, 3) == list(head.events[1:])
    assert head.events_between(0, 4) is None
