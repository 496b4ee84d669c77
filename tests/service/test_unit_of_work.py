"""The append service on a unit of work: the same code on an in-memory fake and on each
database gives the same verdicts, standings and read models (requirement: "Service-level tests
run on a fake unit of work and on both databases").

The moves are those of ``tests/fixtures/make_exports.py`` (a match of every game, with voids,
corrections, a challenge and an upheld ruling); the expected verdicts are the ones the code of
24 November 2026 gave them (``tests/fixtures/exports-2026-11-24.json``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from referee import create_app, database
from referee.service import matches, stats
from referee.service.cache import StateCache
from referee.service.errors import Invalid
from referee.service.matches import Move, SeatSpec
from referee.service.messages import outcome_text, reword
from referee.service.places import with_ranks
from referee.service.replay import Loader, Marks, fold_as
from referee.service.repository import MatchRepository
from referee.store import models
from referee.store.uow import SqlUnitOfWork
from tests.conftest import BACKENDS, empty_postgres
from tests.fixtures.make_exports import MATCHES
from tests.helpers import SENTENCES, judged_alike, names_players
from tests.service.fakes import FakeStore

FIXTURE = Path(__file__).parent.parent / "fixtures" / "exports-2026-11-24.json"
EXPORTED: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))


class World:
    """Where the service runs: the fake store, or an app's database."""

    def __init__(self, kind: str, url: str | None = None) -> None:
        self.kind = kind
        self.cache = StateCache()
        self.fake: FakeStore | None = FakeStore() if url is None else None
        self.db: Any = None
        if url is not None:
            app = create_app({"TESTING": True, "DATABASE_URL": url, "SNAPSHOT_EVERY": 4})
            self.db = database(app)

    def uow(self) -> Any:
        return self.fake.unit_of_work() if self.fake is not None else SqlUnitOfWork(self.db)

    def create(self, game: str, names: list[str], options: dict[str, Any]
               ) -> tuple[int, str, list[str]]:
        if self.fake is not None:
            return self.fake.create_match(game, names, options)
        created = matches.create_match(self.db, game, options, [SeatSpec(name=n) for n in names])
        return created.match.id, created.host_token, created.seat_tokens

    def append(self, match_id: int, token: str, move: Move) -> matches.Recorded:
        with self.uow() as uow:
            repo = MatchRepository(self.cache)
            recorded, after = matches.append(uow, repo, match_id, token, move)
        if after is not None:
            self.cache.put(after)
        return recorded

    def read_models(self, match_id: int) -> dict[str, Any]:
        """The summary (times included), the seats' records and the results of a match."""
        if self.fake is not None:
            data = self.fake.data
            return {"summary": data.summaries[match_id], "records": data.records[match_id],
                    "seat_results": {s: r for (m, s), r in data.seat_results.items()
                                     if m == match_id},
                    "match_result": data.match_results.get(match_id),
                    "tallies": dict(data.tallies)}
        return sql_read_models(self.db, match_id)


def columns(row: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in row.__table__.columns}


def sql_read_models(db: Any, match_id: int) -> dict[str, Any]:
    with db.reading() as session:
        summary = session.get(models.MatchSummary, match_id)
        seats = session.scalars(select(models.Seat).where(models.Seat.match_id == match_id)
                                .order_by(models.Seat.seat)).all()
        results = session.scalars(select(models.SeatResult).where(
            models.SeatResult.match_id == match_id)).all()
        result = session.get(models.MatchResult, match_id)
        tallies = session.scalars(select(models.MatchTally)).all()
        return {"summary": columns(summary),
                "records": [(s.total, s.won, s.missplays) for s in seats],
                "seat_results": {r.seat: columns(r) for r in results},
                "match_result": columns(result) if result else None,
                "tallies": {(t.game, t.status, t.day): t.count for t in tallies}}


@pytest.fixture(params=["fake", *BACKENDS])
def world(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[World]:
    if request.param == "fake":
        yield World("fake")
        return
    if request.param == "sqlite":
        path = tmp_path / "referee.sqlite3"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("postgres_schema_url")
        empty_postgres(url)
    found = World(request.param, url)
    yield found
    assert found.db is not None
    found.db.engine.dispose()


def play(world: World, index: int) -> tuple[int, str, list[matches.Recorded]]:
    game, names, options, moves = MATCHES[index]
    match_id, host, _ = world.create(game, names, options)
    answers = [world.append(match_id, host, Move(kind, seat, payload))
               for kind, seat, payload in moves]
    return match_id, host, answers


@pytest.mark.parametrize("index", range(len(MATCHES)),
                         ids=[f"{m[0]}-{i}" for i, m in enumerate(MATCHES)])
def test_appends_judge_as_the_code_of_that_day_on_every_store(world: World,
                                                              index: int) -> None:
    """Each move's verdict, the voids' and corrections' effects on the totals: as exported."""
    match_id, _, answers = play(world, index)
    exported = EXPORTED[index]
    names = MATCHES[index][1]
    assert all(not SENTENCES & set(a.verdict) for a in answers)  # data: worded at the edge
    assert judged_alike([(a.seq, reword(a.verdict, names)) for a in answers],
                        [(e["seq"], e["verdict"]) for e in exported["events"]]) == []
    final = answers[-1].standings
    assert judged_alike(final, exported["standings"]) == []
    assert names_players(final["outcome"], exported)  # the players' names, never "seat 1"
    summary = world.read_models(match_id)["summary"]
    # the read model keeps the totals; the places are read from them (``places.with_ranks``)
    assert with_ranks(summary["totals"]) == {k: v for k, v in final.items() if k != "outcome"}
    assert summary["last_seq"] == len(answers) and "outcome" not in summary
    assert names_players(outcome_text(summary["totals"], names), exported)


@pytest.mark.parametrize("index", range(len(MATCHES)),
                         ids=[f"{m[0]}-{i}" for i, m in enumerate(MATCHES)])
def test_a_rebuild_equals_what_the_appends_wrote(world: World, index: int) -> None:
    """``rebuild-read-models``: the summary (its times too), seats, results and tallies are
    the very rows the appends wrote."""
    match_id, _, _ = play(world, index)
    before = world.read_models(match_id)
    assert before["match_result"] is not None
    with world.uow() as uow:
        stats.rebuild_match(uow, match_id)
    assert world.read_models(match_id) == before


def test_a_refused_move_leaves_the_log_and_read_models_as_they_were(world: World) -> None:
    """All or nothing: an impossible move (a discard before any draw) is a 422 and writes
    nothing; the next move is judged on the state as it was."""
    match_id, host, _ = world.create("citroncoco", ["Alice", "Bob"], {})
    world.append(match_id, host, Move("draw", 0, {"source": "stock"}))
    before = world.read_models(match_id)
    with pytest.raises(Invalid):
        world.append(match_id, host, Move("draw", 0, {"source": "stock"}))
    assert world.read_models(match_id) == before
    answer = world.append(match_id, host, Move("discard", 0, {"value": 5}))
    assert answer.seq == 2 and answer.verdict["kind"] == "ok"


def test_a_cold_start_folds_from_snapshots_what_a_full_replay_gives(world: World) -> None:
    """Snapshots (every 4 events here) plus the events after them give the state a full replay
    gives, voids and corrections applied; a process with no cached state judges on it."""
    match_id, host, answers = play(world, 0)
    with world.uow() as uow:
        match = uow.events.match(match_id)
        loader = Loader(uow, match)
        assert loader.latest_snapshot(None) is not None
        assert loader.fold() == loader.fold(use_snapshots=False)
    world.cache.clear()
    again = world.append(match_id, host, Move("draw", 2, {"source": "stock"}))
    assert again.seq == len(answers) + 1


def test_every_game_s_outcome_names_the_players() -> None:
    """Summaries speak with the names given at the table (never "seat 2"): each game's
    outcome that names seats, rendered as the read models render it."""
    from referee.engines.base import Line, Standings
    from referee.engines.messages import msg
    from referee.service.cache import MatchState
    from referee.service.replay import Folded

    outcomes = {
        "citroncoco": msg("citroncoco.outcome.won", winner_seats=[1], coconuts=3,
                          sunk_seats=[0], sunk_totals="31"),
        "citroncoco-teams": msg("citroncoco.teams.outcome.won", team="A", winner_seats=[0, 2],
                                loser_team="B", coconuts=40),
        "croconounours": msg("croconounours.outcome.last_side", winner_seats=[1], count=2),
        "plouc": msg("plouc.outcome.plouc", seat=2),
        "plouc-in-play": msg("plouc.outcome.in_play", count=3, leader_seats=[0, 2]),
    }
    names = ("Alice", "Bob", "Chloé", "Dan")
    for key, said in outcomes.items():
        game = key.removesuffix("-in-play")
        state = MatchState(1, "h", game, 4, models.utc_day(models.utcnow()), 0, Folded(None),
                           names=names)
        standings = Standings("points", False, (Line("0", (0,), 0),), True, (1,), said)
        sentence = standings.as_dict(state.render)["outcome"]
        assert "seat" not in sentence.lower(), (key, sentence)
        assert any(n in sentence for n in names), (key, sentence)


def test_a_seat_takes_back_its_own_last_move_but_not_another_s(world: World) -> None:
    """A seat may void its own last move while nothing follows it (the take-back); an older
    move is the host's to void (403)."""
    from referee.service.errors import Forbidden

    match_id, host, seats = world.create("citroncoco", ["Alice", "Bob"], {})
    world.append(match_id, seats[0], Move("draw", 0, {"source": "stock"}))
    world.append(match_id, seats[0], Move("discard", 0, {"value": 5}))
    with pytest.raises(Forbidden):
        world.append(match_id, seats[0], Move("void", None, {"seq": 1, "reason": "no"}))
    taken = world.append(match_id, seats[0], Move("void", None, {"seq": 2, "reason": "oops"}))
    assert taken.seq == 3 and taken.verdict["kind"] == "ok"
    again = world.append(match_id, seats[0], Move("discard", 0, {"value": 5}))
    assert again.verdict["kind"] == "ok"
    assert world.read_models(match_id)["summary"]["last_seq"] == 4


def test_the_repository_gives_a_match_at_each_seq_as_a_full_replay_gives_it(world: World
                                                                            ) -> None:
    """Match M at seq N, read through the repository (the cached state, else a snapshot and
    the events after it), is the state a fold of the whole log gives, voids and corrections
    applied; the log it lends for a hypothetical void changes nothing it keeps."""
    match_id, _, answers = play(world, 0)
    repo = MatchRepository(world.cache)
    with world.uow() as uow:
        match = uow.events.match(match_id)
        latest = repo.latest(uow, match)
        assert latest.last_seq == len(answers)
        for seq in range(len(answers) + 1):
            assert repo.at(uow, match, seq) == Loader(uow, match).fold(seq, use_snapshots=False)
        assert repo.latest(uow, match) is latest  # kept: not folded again
        voided = dict(latest.voided)
        repo.log(uow, match, latest).voided[1] = (len(answers) + 1, "a what-if")
        assert latest.voided == voided


def test_the_hypothetical_fold_of_the_log_as_it_stands_is_its_replay(world: World) -> None:
    """``fold_as`` without other options or marks gives the state a replay gives; with a void
    added to its marks it judges that log, changing nothing the loader holds."""
    match_id, _, answers = play(world, 0)
    with world.uow() as uow:
        loader = Loader(uow, world_match(uow, match_id))
        folded, entries = fold_as(loader)
        assert folded == loader.fold(use_snapshots=False)
        assert [e.row.seq for e in entries] == list(range(1, len(answers) + 1))
        voided = dict(loader.voided)
        marks = Marks({**loader.voided, 1: (len(answers) + 1, "what if")}, {},
                      loader.offenders)
        _, then = fold_as(loader, marks=marks)
        assert then[0].voided_by == len(answers) + 1 and loader.voided == voided


def world_match(uow: Any, match_id: int) -> Any:
    return uow.events.match(match_id)
