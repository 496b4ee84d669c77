"""A recomputation of the ratings written a slice at a time (``ratings.write``): the very
values one pass gives, bit for bit; the moves logged meanwhile wait for a slice, never for the
whole recomputation; and a match that finishes, or is voided, while it runs is rated right in
the end, the ratings « updating » until then."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, insert, select

from referee import database
from referee.service import ratings, work
from referee.service.skill import Rated, Skill, rate
from referee.store import models
from referee.store.db import Database
from tests.helpers import auth, move, new_match
from tests.service.test_ratings import plouc, rows, settled

START = datetime(2026, 1, 1, tzinfo=UTC)
GAMES = ("citroncoco", "plouc", "citroncoco-teams")
PLAYERS = 12


def seed(db: Database, count: int, rng: random.Random) -> None:
    """``count`` finished matches written straight into the tables the ratings read: three
    games, two to four seats or two teams of two, ties now and then, many ending at the same
    minute (their uuids then decide)."""
    got: dict[str, list[dict[str, Any]]] = {"matches": [], "summaries": [], "seats": [],
                                            "results": []}
    for m in range(1, count + 1):
        game = rng.choice(GAMES)
        sides = ([[0, 2], [1, 3]] if game == "citroncoco-teams"
                 else [[s] for s in range(rng.randint(2, 4))])
        totals = [rng.randint(0, 3) for _ in sides]
        ranks = [1 + sum(1 for other in totals if other < t) for t in totals]
        seats = sorted(s for side in sides for s in side)
        players = rng.sample(range(1, PLAYERS + 1), len(seats))
        ended = START + timedelta(minutes=rng.randint(0, count // 3))
        uuid = f"{rng.randrange(10**6):06d}-{m:029d}"  # in no order but the drawn one
        got["matches"].append({"id": m, "game": game, "options": {}, "mode": "rounds",
                               "host_token_hash": f"h{m}", "uuid": uuid, "created_at": ended})
        lines = [{"side": str(i), "seats": side, "total": rank}
                 for i, (side, rank) in enumerate(zip(sides, ranks, strict=True))]
        got["summaries"].append({
            "match_id": m, "game": game, "seat_names": [f"P{p}" for p in players],
            "status": "finished", "winners": [], "last_seq": 1,
            "totals": {"finished": True, "lines": lines}, "created_at": ended,
            "updated_at": ended})
        rank_of = {s: r for side, r in zip(sides, ranks, strict=True) for s in side}
        for seat, player in zip(seats, players, strict=True):
            got["seats"].append({"match_id": m, "seat": seat, "player_id": player,
                                 "token_hash": f"t{m}-{seat}"})
            got["results"].append({
                "match_id": m, "seat": seat, "player_id": player, "game": game,
                "finished": True, "rank": rank_of[seat], "sides": len(sides),
                "score": rank_of[seat], "won": rank_of[seat] == 1, "ended_at": ended})
    with db.engine.begin() as conn:
        for table in (models.PlayerRating, models.RatingsDue, models.SeatResult, models.Seat,
                      models.MatchSummary, models.Match, models.Player):
            conn.execute(delete(table))
        conn.execute(insert(models.Player), [
            {"id": p, "name": f"P{p}", "name_key": f"p{p}", "created_at": START}
            for p in range(1, PLAYERS + 1)])
        for key, table in (("matches", models.Match), ("summaries", models.MatchSummary),
                           ("seats", models.Seat), ("results", models.SeatResult)):
            conn.execute(insert(table), got[key])


def exact(db: Database) -> list[tuple[Any, ...]]:
    """Every rating row, its floats as they are (bit for bit), in the order of its key."""
    with db.engine.connect() as conn:
        return [(r.scope, r.player_id, r.match_id, r.match_uuid, r.mu, r.sigma, r.ordinal,
                 r.change) for r in conn.execute(
            select(models.PlayerRating).order_by(models.PlayerRating.scope,
                                                 models.PlayerRating.player_id,
                                                 models.PlayerRating.match_id))]


def one_pass(db: Database) -> list[tuple[Any, ...]]:
    """What rating every match in one pass gives (what the ratings held before slices)."""
    with db.reading() as session:
        rated = rate(ratings.played_from(session, (None, "")))
    return sorted((r.scope, r.player_id, r.match_id, r.uuid, r.skill.mu, r.skill.sigma,
                   r.skill.ordinal, r.change) for r in rated)


@pytest.mark.property  # its @given is inside, out of the reach of tests/conftest.py
def test_slices_give_what_one_pass_gives(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Requirement: a few hundred random matches rated in slices of any size, from the first
    match or from one on, are rated to the very values one pass gives."""
    db = database(app)

    @settings(max_examples=6, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(rng=st.randoms(use_true_random=False), count=st.integers(150, 300),
           size=st.integers(1, 400), again_from=st.floats(0, 1))
    def check(rng: random.Random, count: int, size: int, again_from: float) -> None:
        seed(db, count, rng)
        monkeypatch.setattr(ratings, "ROWS_A_SLICE", size)
        ratings.rebuild(db)
        whole = one_pass(db)
        assert exact(db) == whole and whole
        with db.reading() as session:
            played = sorted(ratings.played_from(session, (None, "")), key=lambda m: m.order)
        point = played[int(again_from * (len(played) - 1))].order
        with db.unit_of_work() as session:
            session.add(models.RatingsDue(ended_at=point[0], match_uuid=point[1]))
        ratings.settle(db)
        assert exact(db) == whole

    check()


def a_rating(order: tuple[int, str], player: int = 1) -> Rated:
    return Rated("*", player, order[0], order[1], START + timedelta(minutes=order[0]),
                 Skill(), 0.0)


@given(matches=st.lists(st.integers(1, 5), max_size=40), size=st.integers(1, 12))
def test_slices_cover_the_order_of_play_in_whole_matches(matches: list[int],
                                                         size: int) -> None:
    """Requirement: the slices of a recomputation cover everything from its start on, one
    after the other, each of whole matches, each ended by the match that brings it to its
    size."""
    rated = [a_rating((m, f"u{m}"), p) for m, n in enumerate(matches, start=1)
             for p in range(n)]
    start = (START, "u0")
    cut = ratings.slices(start, rated, size)
    assert [r for _, _, some in cut for r in some] == rated
    assert cut[0][0] == start and cut[-1][1] is None
    for (_, upper, some), (lower, _, after) in zip(cut, cut[1:], strict=False):
        assert upper == lower == (after[0].ended_at, after[0].uuid)
        assert (some[-1].ended_at, some[-1].uuid) < upper
        assert len([r for r in some if r.match_id != some[-1].match_id]) < size


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_move_waits_for_a_slice_not_the_recomputation(app: Flask, client: FlaskClient
                                                       ) -> None:
    """Requirement: a move logged on SQLite while every rating of thousands of matches is
    recomputed waits for a slice, not for the recomputation (SQLite's write lock is held a
    slice at a time): its longest wait is under half the recomputation's time, however loaded
    the machine (with one transaction for it all, a move waited for nearly all of it). The
    wait's figure on a quiet machine is ``bench/ratings.py``'s."""
    db = database(app)
    seed(db, 6000, random.Random(3))
    table = new_match(client, game="citroncoco", mode="rounds", options={"target": 10_000})
    with db.unit_of_work() as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    waits: list[float] = []
    began = time.perf_counter()
    running = threading.Thread(target=ratings.settle, args=(db,))
    running.start()
    while running.is_alive():
        if len(waits) % 400 == 399:  # a fresh table before a seat reaches the target
            table = new_match(client, game="citroncoco", mode="rounds",
                              options={"target": 10_000})
        before = time.perf_counter()
        answer = move(client, table, "round", None, {"caller": 0, "totals": [2, 14, 20]})
        waits.append(time.perf_counter() - before)
        assert answer.status_code == 201, answer.json
    took = time.perf_counter() - began
    assert max(waits) < took / 2, (max(waits), took, len(waits))
    assert exact(db) == one_pass(db)


def while_writing(monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[], None]) -> list[bool]:
    """``meanwhile`` done once, when a recomputation has read its matches and is about to
    write their ratings; answers whether the ratings said « updating » once it had written
    them all (before its marks were taken)."""
    write = ratings.write
    said: list[bool] = []

    def writing(db: Database, start: ratings.Point, rated: Sequence[Rated]) -> None:
        first = not said
        if first:
            meanwhile()
        write(db, start, rated)
        if first:
            with work.reading(db) as session:
                said.append(ratings.updating(session))

    monkeypatch.setattr(ratings, "write", writing)
    return said


def test_a_match_that_ends_meanwhile_is_rated(app: Flask, client: FlaskClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Requirement: a match that ends while the ratings are recomputed leaves them due: they
    are recomputed again, to what a rebuild gives, and « updating » until then."""
    for winner in (0, 1):
        plouc(client, winner)
    settled(app)
    ended: list[int] = []
    said = while_writing(monkeypatch, lambda: ended.append(plouc(client, winner=2).id))
    ratings.rebuild(database(app))
    settled(app)
    assert said == [True] and ended[0] in {r[2] for r in rows(app)}
    meanwhile = rows(app)
    monkeypatch.undo()
    ratings.rebuild(database(app))
    assert rows(app) == meanwhile and len(meanwhile) == 3 * 3 * 2
    assert client.get("/api/ratings").json["updating"] is False


def test_a_match_voided_meanwhile_is_taken_out(app: Flask, client: FlaskClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Requirement: a match whose end is voided while its first ratings are being written
    (none of its rows there yet, so its own mark has no former place to start from) is taken
    out of the ratings in the end."""
    first = plouc(client, winner=0)
    settled(app)
    second = new_match(client, game="plouc", mode="rounds")

    def void() -> None:
        answer = client.post(f"/api/matches/{second.id}/events", headers=auth(second.host),
                             json={"type": "void", "payload": {"seq": 1, "reason": "wrong"}})
        assert answer.status_code == 201, answer.json

    said = while_writing(monkeypatch, void)
    answer = move(client, second, "round", None, {"winner": 1, "cards": [3, 0, 5]})
    assert answer.status_code == 201, answer.json
    settled(app)
    assert said == [True]
    assert {r[2] for r in rows(app)} == {first.id}
    assert client.get("/api/ratings").json["updating"] is False
