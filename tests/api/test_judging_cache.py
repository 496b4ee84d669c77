"""Judging in O(1): each match's folded state is cached in the process between requests.

The cache changes only once an append has committed; a stale one costs a reload, never a wrong
verdict (the unique seq decides); an append is a handful of statements.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, func, select

from referee import create_app, database
from referee.service import ledger, matches, queries
from referee.service.cache import cache_for
from referee.service.places import with_ranks
from referee.store import models
from referee.store.as_data import standings_data
from tests.helpers import Table, auth, move, new_match, plain_turn


def cached(app: Flask, match_id: int) -> Any:
    return cache_for(database(app)).get(match_id)


def logged(app: Flask, match_id: int) -> int:
    with database(app).reading() as session:
        return int(session.scalar(select(func.count(models.Event.id))
                                  .where(models.Event.match_id == match_id)) or 0)


def test_an_append_leaves_the_new_state_in_the_cache(app: Flask, client: FlaskClient) -> None:
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    state = cached(app, table.id)
    assert state is not None and state.last_seq == 2
    full = queries.full_timeline(database(app), table.id)
    assert with_ranks(standings_data(state.standings)) == full["standings"]


def test_a_refused_move_leaves_the_cache_as_it_was(app: Flask, client: FlaskClient) -> None:
    """CC-TU-1: a discard before drawing is impossible (422): nothing logged, cache unchanged."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    before = cached(app, table.id)
    kept = before.clone()
    response = move(client, table, "discard", 1, {"value": 5})
    assert response.status_code == 422
    after = cached(app, table.id)
    assert after is before and after.folded == kept.folded and after.last_seq == 2


def refuse(_session: Any, _match_id: int, seq: int) -> None:
    """An append hook that fails inside the append's transaction, after the insert."""
    raise RuntimeError(f"the hook refused seq {seq}")


def test_an_append_rolled_back_after_judging_leaves_the_cache_as_it_was(
        app: Flask, client: FlaskClient) -> None:
    """The move was judged and inserted, then its transaction rolled back: neither the log nor
    the cache holds it, and the next append is judged against the state before it."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    before = cached(app, table.id)
    kept = before.clone()
    ledger.after_append.append(refuse)
    try:
        with pytest.raises(RuntimeError):
            matches.record(database(app), table.id, table.host, "draw", 1,
                           {"source": "stock"})
    finally:
        ledger.after_append.remove(refuse)
    assert cached(app, table.id) is before and before.folded == kept.folded
    assert logged(app, table.id) == 2
    assert move(client, table, "draw", 1, {"source": "stock"}).json["seq"] == 3


def test_an_append_whose_hook_writes_nothing_is_committed(app: Flask,
                                                          client: FlaskClient) -> None:
    """An append hook that only looks (nothing goes through the session it is given): the
    move it saw is committed all the same, the quiet one (#3, written on the driver before the
    session was made) as the first one (#1)."""
    table = new_match(client, players=2)
    seen: list[int] = []
    ledger.after_append.append(lambda _session, _match, seq: seen.append(seq))
    try:
        plain_turn(client, table, 0)
        assert move(client, table, "draw", 1, {"source": "discard"}).status_code == 201
    finally:
        ledger.after_append.pop()
    assert seen == [1, 2, 3]
    assert logged(app, table.id) == 3
    assert move(client, table, "discard", 1, {"value": 5},
                headers={"If-Match": '"3"'}).status_code == 201


def test_a_quiet_move_refused_by_the_unique_seq_changes_nothing(app: Flask,
                                                                client: FlaskClient) -> None:
    """A move that changes no result is written in one statement on PostgreSQL (its event, the
    summary's head, the result's count): when the unique (match_id, seq) refuses it, none of
    it is kept and the cache stays as it was (409)."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    before = cached(app, table.id)
    kept = before.clone()
    with database(app).unit_of_work() as session:  # seq 3 taken behind the summary's back
        session.add(models.Event(match_id=table.id, seq=3, type="note", seat=None, payload={},
                                 schema_version=1, actor="host", verdict={},
                                 recorded_at=models.utcnow()))
        result = session.get(models.MatchResult, table.id)
        assert result is not None
        counted = result.events
    response = move(client, table, "draw", 1, {"source": "discard"})
    assert response.status_code == 409
    assert cached(app, table.id) is before and before.folded == kept.folded
    with database(app).reading() as session:
        assert session.get(models.MatchSummary, table.id).last_seq == 2
        assert session.get(models.MatchResult, table.id).events == counted


def test_a_stale_cache_costs_a_reload_never_a_wrong_verdict(app: Flask, database_url: str,
                                                            client: FlaskClient) -> None:
    """Another process (another app on the same database) logs moves this one's cache has not
    seen; this process then judges against the log as it is, not as it cached it.
    CC-TU-1: after the other process's draw, seat 0 must discard, not draw again."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    assert cached(app, table.id).last_seq == 2
    other = create_app({"TESTING": True, "DATABASE_URL": database_url})
    try:
        other_client = other.test_client()
        assert move(other_client, table, "draw", 1, {"source": "discard"}).status_code == 201
        assert move(other_client, table, "discard", 1, {"value": 5}).status_code == 201
        assert move(other_client, table, "draw", 0, {"source": "discard"}).status_code == 201
    finally:
        database(other).engine.dispose()
    assert cached(app, table.id).last_seq == 2  # stale here
    again = move(client, table, "draw", 0, {"source": "stock"})
    assert again.status_code == 422  # seat 0 already holds a drawn card
    done = move(client, table, "discard", 0, {"value": 5}, headers={"If-Match": '"5"'})
    assert done.status_code == 201 and done.json["seq"] == 6
    assert cached(app, table.id).last_seq == 6
    full = queries.full_timeline(database(app), table.id)
    assert [e["judged_now"] for e in full["events"]] == [e["verdict"] for e in full["events"]]


class Statements:
    """Counts the SQL statements the app sends (an SQLAlchemy event hook)."""

    def __init__(self, app: Flask) -> None:
        self.engine = database(app).engine
        self.sent: list[str] = []
        self.texts: list[str] = []
        event.listen(self.engine, "before_cursor_execute", self._count)

    def _count(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "notify" not in statement.lower():  # the live updates' hook, counted apart
            self.sent.append(statement.split()[0].upper())
        if not statement.lower().startswith("select pg_notify"):
            self.texts.append(" ".join(statement.split()).upper())

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)


@pytest.fixture
def statements(app: Flask) -> Iterator[Statements]:
    counter = Statements(app)
    yield counter
    counter.close()


def test_an_append_is_a_head_an_insert_and_the_read_models(app: Flask, client: FlaskClient,
                                                           statements: Statements) -> None:
    """With the state cached: one SELECT of the head (which also authorises the token), one
    statement inserting the event, the summary's and the result's UPDATEs — where folding the
    log took 10 to 11. On PostgreSQL a move that changes no result sends the insert, the
    UPDATEs and the NOTIFY in one statement (one round trip)."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    statements.texts.clear()
    assert move(client, table, "draw", 1, {"source": "discard"}).status_code == 201
    sent = [s for s in statements.texts if s not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]
    assert sum(s.startswith("SELECT") for s in sent) == 1, sent
    assert sum("INSERT INTO EVENTS" in s for s in sent) == 1, sent
    assert len(sent) <= (2 if database(app).engine.dialect.name == "postgresql" else 4), sent


def test_reading_the_state_and_the_timeline_folds_nothing(app: Flask, client: FlaskClient,
                                                          statements: Statements) -> None:
    table = new_match(client, players=2)
    for turn in range(3):
        plain_turn(client, table, turn % 2, source="discard" if turn else "stock")
    statements.sent.clear()
    client.get(f"/api/matches/{table.id}/timeline")
    client.get(f"/api/matches/{table.id}/state")
    assert "snapshots" not in " ".join(statements.sent).lower()
    assert len(statements.sent) <= 12, statements.sent


def test_healthz_answers_without_writing(app: Flask, client: FlaskClient,
                                         statements: Statements) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok", "database": "ok", "writable": True}
    assert not {"BEGIN", "INSERT", "UPDATE", "DELETE"} & set(statements.sent)


def test_healthz_says_503_when_the_database_does_not_answer(tmp_path: Path) -> None:
    app = create_app({"TESTING": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path}/no/such/folder/db.sqlite3"})
    app.instance_path = str(tmp_path / "instance")
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.json == {"status": "unavailable", "database": "not answering",
                             "writable": False}


def test_the_host_token_is_checked_under_the_lock(client: FlaskClient) -> None:
    """Authorisation is read with the lock: a reissued seat token stops working at once."""
    table = new_match(client, players=2)
    reissued = client.post(f"/api/matches/{table.id}/seats/0/token", headers=auth(table.host))
    assert reissued.status_code == 201
    old = move(client, table, "draw", 0, {"source": "stock"})
    assert old.status_code == 401
    new = move(client, table, "draw", 0, {"source": "stock"}, token=reissued.json["token"])
    assert new.status_code == 201


def if_match(seq: int) -> dict[str, str]:
    return {"If-Match": f'"{seq}"'}


def seat_1_draws_in_another_process(database_url: str, table: Table) -> None:
    """Another app on the same database logs seq 3, seat 1's draw: this process's cache
    does not see it."""
    other = create_app({"TESTING": True, "DATABASE_URL": database_url})
    try:
        assert move(other.test_client(), table, "draw", 1, {"source": "discard"},
                    headers=if_match(2)).status_code == 201
    finally:
        database(other).engine.dispose()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_move_that_follows_the_cached_state_is_one_statement(
        app: Flask, client: FlaskClient, statements: Statements) -> None:
    """PostgreSQL: a seat whose token this process has seen, moving with the If-Match of the
    state it has cached, is judged on that state without reading the head: one statement
    inserts the move (the head and the token checked again in it), writes the read models
    and commits. CC-TU-1: the draw after seat 0's discard is seat 1's."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    assert move(client, table, "draw", 1, {"source": "discard"},
                headers=if_match(2)).status_code == 201  # seat 1's token, seen now
    statements.texts.clear()
    done = move(client, table, "discard", 1, {"value": 5}, headers=if_match(3))
    assert done.status_code == 201 and done.json["seq"] == 4
    assert len(statements.texts) == 1 and "INSERT INTO EVENTS" in statements.texts[0], \
        statements.texts
    assert logged(app, table.id) == 4 and cached(app, table.id).last_seq == 4


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_token_not_seen_yet_reads_the_head_first(client: FlaskClient,
                                                   statements: Statements) -> None:
    """A seat's token this process has not seen: the head is read (which says whose it is),
    then the move written."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    statements.texts.clear()
    assert move(client, table, "draw", 1, {"source": "discard"},
                headers=if_match(2)).status_code == 201
    assert statements.texts[0].startswith("SELECT S.LAST_SEQ") and len(statements.texts) == 2


def test_a_seat_token_reissued_after_it_was_seen_is_refused(app: Flask,
                                                            client: FlaskClient) -> None:
    """A token this process saw logging moves, reissued since: its next move, with the
    If-Match of the state cached here, is refused 401 and logs nothing; the new token logs it."""
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"},
                headers=if_match(0)).status_code == 201
    reissued = client.post(f"/api/matches/{table.id}/seats/0/token", headers=auth(table.host))
    assert reissued.status_code == 201
    old = move(client, table, "discard", 0, {"value": 5}, headers=if_match(1))
    assert old.status_code == 401 and logged(app, table.id) == 1
    new = move(client, table, "discard", 0, {"value": 5}, token=reissued.json["token"],
               headers=if_match(1))
    assert new.status_code == 201 and new.json["seq"] == 2


@pytest.mark.parametrize("seat", [1, 5])
def test_a_move_on_a_cached_state_another_process_moved_past_is_stale(
        app: Flask, database_url: str, client: FlaskClient, seat: int) -> None:
    """This process has cached the match at seq 2; another logs seq 3. The host's move with
    If-Match 2 — the cached state's seq — is refused 409 with the move logged since, whether
    the cached state finds it legal (seat 1 draws: CC-TU-1, its turn) and the database refuses
    its insert, or refuses it itself (seat 5 of two): answered as the log stands, never as
    the cached state judges it; nothing is logged twice."""
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"},
                headers=if_match(0)).status_code == 201
    assert move(client, table, "discard", 0, {"value": 5}, headers=if_match(1)).status_code == 201
    seat_1_draws_in_another_process(database_url, table)
    assert cached(app, table.id).last_seq == 2
    stale = move(client, table, "draw", seat, {"source": "discard"}, token=table.host,
                 headers=if_match(2))
    assert stale.status_code == 409, stale.json
    assert [e["seq"] for e in stale.json["since"]] == [3]
    assert logged(app, table.id) == 3


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_move_the_log_moved_past_is_answered_from_the_statement_that_refused_it(
        app: Flask, database_url: str, client: FlaskClient, statements: Statements) -> None:
    """PostgreSQL: a move judged on the cached state at seq 2 while another process logged
    seq 3 is refused by its own statement, which read the head and the move since: its 409
    needs no other round trip."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    seat_1_draws_in_another_process(database_url, table)
    statements.texts.clear()
    stale = move(client, table, "draw", 1, {"source": "discard"}, token=table.host,
                 headers=if_match(2))
    assert stale.status_code == 409 and [e["seq"] for e in stale.json["since"]] == [3]
    assert len(statements.texts) == 1 and "INSERT INTO EVENTS" in statements.texts[0], \
        statements.texts


def test_a_match_is_read_with_its_seats_in_one_statement(client: FlaskClient,
                                                         statements: Statements) -> None:
    """A page reads its match, its summary, its seats and their players in one SELECT."""
    table = new_match(client, players=3)
    client.get(f"/api/matches/{table.id}")  # the seats' names, kept for wording, read once
    statements.texts.clear()
    assert client.get(f"/api/matches/{table.id}").status_code == 200
    selects = [s for s in statements.texts if s.startswith("SELECT")]
    assert len(selects) == 1 and "JOIN SEATS" in selects[0], selects


def test_a_past_state_reads_only_the_snapshot_and_the_events_after_it(
        client: FlaskClient, statements: Statements) -> None:
    """The voids, corrections and challenges come from the cached state: not read again."""
    table = new_match(client, players=2)
    for turn in range(3):
        plain_turn(client, table, turn % 2, source="discard" if turn else "stock")
    client.get(f"/api/matches/{table.id}/state")  # the state now, cached
    statements.texts.clear()
    assert client.get(f"/api/matches/{table.id}/state?at=3").status_code == 200
    selects = [s for s in statements.texts if s.startswith("SELECT")]
    assert not [s for s in selects if "EVENTS.TYPE =" in s], selects
    assert len(selects) <= 3, selects  # the match, its latest snapshot, the events after it


def test_the_newest_timeline_page_is_read_from_the_log_once_per_move(
        client: FlaskClient, statements: Statements) -> None:
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    url = f"/api/matches/{table.id}/timeline"
    first = client.get(url).json
    statements.texts.clear()
    assert client.get(url).json == first
    assert not [s for s in statements.texts if "FROM EVENTS" in s], statements.texts


def test_a_move_logged_since_shows_on_the_newest_timeline_page(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    url = f"/api/matches/{table.id}/timeline"
    assert [e["seq"] for e in client.get(url).json["events"]] == [1, 2]
    assert move(client, table, "draw", 1, {"source": "discard"}).status_code == 201
    page = client.get(url).json
    assert [e["seq"] for e in page["events"]] == [1, 2, 3] and page["last_seq"] == 3


def test_the_kept_timeline_page_speaks_each_readers_language(client: FlaskClient) -> None:
    """The verdicts' sentences follow each reader, whoever read the page first."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    url = f"/api/matches/{table.id}/timeline"

    def reason(language: str) -> str:
        page = client.get(url, headers={"Accept-Language": language}).json
        return str(page["events"][-1]["judged_now"]["reason"])

    english, french = reason("en"), reason("fr")
    assert english and french and english != french
    assert reason("en") == english and reason("fr") == french


def test_the_kept_timeline_page_shows_a_secret_to_its_seat_only(client: FlaskClient) -> None:
    """CN-TEAM-2: the free secret choice of colours stays sealed to the public and the rival,
    whoever read the page first."""
    table = new_match(client, game="croconounours", players=2,
                      options={"free_choice": True})
    assert move(client, table, "choose_team", 0,
                {"colours": ["red", "red", "yellow"]}).status_code == 201
    url = f"/api/matches/{table.id}/timeline"

    def colours(token: str | None) -> Any:
        page = client.get(url, headers=auth(token) if token else {}).json
        return page["events"][0]["payload"]["colours"]

    assert colours(table.seats[0]) == ["red", "red", "yellow"]
    assert colours(None) == colours(table.seats[1]) == ["sealed"] * 3
    assert colours(table.host) == ["red", "red", "yellow"]
