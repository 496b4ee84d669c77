"""Each page's view model is one service query (``service.pages``): one read, one
authentication, and the same answers the API gives for its parts."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from referee import database
from referee.service import access, legal, matches, pages
from referee.service.access import Access

MOVES = [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5}),
         ("draw", 1, {"source": "discard"}), ("discard", 1, {"value": 5}),
         ("draw", 0, {"source": "discard"})]


class Table:
    def __init__(self, app: Flask) -> None:
        self.db = database(app)
        created = matches.create_match(self.db, "citroncoco", {},
                                       [matches.SeatSpec("Alice"), matches.SeatSpec("Bob")])
        self.id, self.host, self.seats = (created.match.id, created.host_token,
                                          created.seat_tokens)
        for move_type, seat, payload in MOVES:
            matches.record(self.db, self.id, self.host, move_type, seat, payload)


@pytest.fixture
def table(app: Flask) -> Table:
    return Table(app)


def own_seat(_match: Any, access: Access | None, _table: Any) -> int | None:
    return access.seat if access else None


def test_the_play_page_authenticates_its_reader_once(table: Table,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str | None] = []
    real = pages.authenticate

    def counted(match: Any, token: str | None) -> Access:
        calls.append(token)
        return real(match, token)

    monkeypatch.setattr(pages, "authenticate", counted)
    pages.play(table.db, table.id, table.seats[0], logged=5, pad_seat=own_seat)
    assert calls == [table.seats[0]]


def test_a_token_of_no_seat_reads_the_play_page_as_the_public(table: Table) -> None:
    page = pages.play(table.db, table.id, "not-a-token", pad_seat=own_seat)
    assert page.access is None and page.state["viewer"] == "public" and page.legal == []


def test_the_play_page_gives_its_pad_seat_the_legal_moves_the_api_gives(table: Table) -> None:
    page = pages.play(table.db, table.id, table.seats[0], pad_seat=own_seat)
    asked = legal.legal_moves(table.db, table.id, table.seats[0], None)
    assert page.legal == asked["moves"]


def test_the_play_page_offers_a_seat_its_own_last_move_back(table: Table) -> None:
    page = pages.play(table.db, table.id, table.seats[0])
    assert page.take_back == {"seq": 5, "type": "draw"}


def test_the_play_page_offers_the_host_no_take_back(table: Table) -> None:
    assert pages.play(table.db, table.id, table.host).take_back is None


def test_the_play_page_gives_the_event_just_logged(table: Table) -> None:
    page = pages.play(table.db, table.id, table.seats[1], logged=4)
    assert page.logged is not None and (page.logged["seq"], page.logged["type"]) == (4, "discard")


def test_the_board_lists_the_last_moves_oldest_first(table: Table) -> None:
    page = pages.board(table.db, table.id)
    assert [e["seq"] for e in page.recent] == [2, 3, 4, 5]


def test_a_correction_page_has_no_timeline_for_a_seat(table: Table) -> None:
    assert pages.held_match(table.db, table.id, table.seats[0], 2).timeline is None


def test_a_correction_page_gives_the_host_the_event_corrected(table: Table) -> None:
    timeline = pages.held_match(table.db, table.id, table.host, 2).timeline
    assert timeline is not None and [e["seq"] for e in timeline["events"]] == [2]


def test_the_match_page_says_the_table_after_the_event_asked(table: Table) -> None:
    page = pages.match_page(table.db, table.id, table.host, pages.Asked(25, at=2))
    assert page.state is not None and page.state["at"] == 2


def test_the_match_page_authenticates_its_reader_once_for_a_seat_s_table(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str | None] = []
    real = access.authenticate

    def counted(match: Any, token: str | None) -> Access:
        calls.append(token)
        return real(match, token)

    monkeypatch.setattr(pages, "authenticate", counted)
    monkeypatch.setattr(access, "authenticate", counted)
    pages.match_page(table.db, table.id, table.host, pages.Asked(25, at=2, as_seat=1))
    assert calls == [table.host]
