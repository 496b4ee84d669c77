"""An append wakes this process's streams of its match once its transaction has committed,
never before and never for one that rolled back — whether the append ran in its own
transaction or inside a page's one read (``referee.service.live``)."""

from __future__ import annotations

import pytest
from flask import Flask

from referee import database
from referee.service import matches
from referee.service.errors import Invalid
from referee.service.live import Subscription, hub_for
from referee.store.db import Database


@pytest.fixture
def db(app: Flask) -> Database:
    return database(app)


@pytest.fixture
def table(db: Database) -> matches.Created:
    return matches.create_match(db, "citroncoco", {}, [matches.SeatSpec("Alice"),
                                                       matches.SeatSpec("Bob")])


@pytest.fixture
def stream(db: Database, table: matches.Created) -> Subscription:
    return hub_for(db.engine).subscribe(table.match.id)


def draw(db: Database, table: matches.Created) -> matches.Recorded:
    return matches.record(db, table.match.id, table.host_token, "draw", 0,
                          {"source": "stock"}, expected_seq=0)


def test_an_append_wakes_the_streams_of_its_match(db: Database, table: matches.Created,
                                                  stream: Subscription) -> None:
    draw(db, table)
    assert stream.taken()


def test_a_refused_append_wakes_nobody(db: Database, table: matches.Created,
                                       stream: Subscription) -> None:
    with pytest.raises(Invalid):
        matches.record(db, table.match.id, table.host_token, "draw", 0, {"source": "moon"})
    assert not stream.taken()


def test_an_append_inside_a_page_read_wakes_them_when_that_read_commits(
        db: Database, table: matches.Created, stream: Subscription) -> None:
    """The append joins the page's transaction: its move is not committed before the read
    ends, so the streams are woken then, not before."""
    with db.one_read():
        draw(db, table)
        assert not stream.taken()
    assert stream.taken()


def test_an_append_inside_a_page_read_that_fails_wakes_nobody(
        db: Database, table: matches.Created, stream: Subscription) -> None:
    with pytest.raises(RuntimeError), db.one_read():
        draw(db, table)
        raise RuntimeError("the page failed after the move")
    assert not stream.taken()
    assert matches.record(db, table.match.id, table.host_token, "draw", 0,
                          {"source": "stock"}, expected_seq=0).seq == 1  # nothing was kept
