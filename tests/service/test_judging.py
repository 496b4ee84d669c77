"""A move judged at a seq, hypothetically (``judging.judge_at``): it changes nothing, and the
append, its dry run, a stale move's check (``seen``), a correction's preview and the legal moves
all say what it says."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask

from referee import database
from referee.engines.base import HOST
from referee.service import legal, matches
from referee.service.access import get_match
from referee.service.cache import MatchState
from referee.service.errors import Invalid, ServiceError
from referee.service.judging import Trial, judge_at
from referee.service.repository import MatchRepository
from referee.store import models
from referee.store.as_data import verdict_data
from referee.store.upcast import current_version

GAME = "citroncoco"


class Table:
    """A two-seat CitronCoco match on the app's database, judged through the service."""

    def __init__(self, app: Flask) -> None:
        self.db = database(app)
        created = matches.create_match(self.db, GAME, {}, [matches.SeatSpec("Alice"),
                                                           matches.SeatSpec("Bob")])
        self.id, self.host = created.match.id, created.host_token

    def log(self, move_type: str, seat: int | None, payload: dict[str, Any],
            **how: Any) -> matches.Recorded:
        return matches.record(self.db, self.id, self.host, move_type, seat, payload, **how)

    def row(self, move_type: str, seat: int | None, payload: dict[str, Any]) -> models.Event:
        with self.db.reading() as session:
            seq = get_match(session, self.id).summary.last_seq + 1
        return models.Event.held(match_id=self.id, seq=seq, type=move_type, seat=seat,
                                 payload=payload, actor="host", verdict={},
                                 schema_version=current_version(GAME, move_type),
                                 recorded_at=datetime.now(UTC))

    def judge(self, row: models.Event, seq: int | None = None) -> Trial:
        """``row`` judged on the match now, or on the table its players saw at ``seq``."""
        repo = MatchRepository.of(self.db)
        with self.db.reading() as session:
            match = get_match(session, self.id)
            if seq is None:
                return judge_at(session, repo.latest(session, match), row)
            then = repo.as_of(session, match, seq)
            return judge_at(session, then, row, repo.log(session, match, then))

    def latest(self) -> MatchState:
        with self.db.reading() as session:
            return MatchRepository.of(self.db).latest(session, get_match(session, self.id))


@pytest.fixture
def table(app: Flask) -> Table:
    made = Table(app)
    made.log("draw", 0, {"source": "stock"})
    made.log("discard", 0, {"value": 5})
    return made


def test_judging_a_move_changes_nothing_of_the_state_judged_on(table: Table) -> None:
    now = table.latest()
    before = copy.deepcopy(now.folded)
    table.judge(table.row("draw", 1, {"source": "discard"}))
    assert now.folded == before
    assert table.latest() is now  # still the match's latest, unchanged


def test_a_trial_leads_to_a_new_state(table: Table) -> None:
    now = table.latest()
    trial = table.judge(table.row("draw", 1, {"source": "discard"}))
    assert trial.after is not now and trial.after.folded.state is not now.folded.state


def test_the_append_logs_the_verdict_judge_at_gave(table: Table) -> None:
    trial = table.judge(table.row("draw", 1, {"source": "discard"}))
    recorded = table.log("draw", 1, {"source": "discard"})
    assert recorded.verdict == verdict_data(trial.verdict)


def test_the_state_kept_after_an_append_is_the_one_judge_at_led_to(table: Table) -> None:
    trial = table.judge(table.row("draw", 1, {"source": "discard"}))
    table.log("draw", 1, {"source": "discard"})
    assert table.latest().folded == trial.after.folded


def test_a_dry_run_answers_what_judge_at_says(table: Table) -> None:
    trial = table.judge(table.row("draw", 1, {"source": "discard"}))
    recorded = table.log("draw", 1, {"source": "discard"}, dry_run=True)
    assert recorded.verdict == verdict_data(trial.verdict)
    assert recorded.standings == trial.after.standings.as_dict(trial.after.render)


def test_an_impossible_move_is_refused_by_judge_at_as_by_the_append(table: Table) -> None:
    with pytest.raises(Invalid) as judged:
        table.judge(table.row("discard", 0, {"value": 5}))
    with pytest.raises(Invalid) as appended:
        table.log("discard", 0, {"value": 5})
    assert judged.value.details == appended.value.details


def test_a_stale_move_is_judged_then_and_now_by_judge_at(table: Table) -> None:
    """The table seat 1 saw at #2 and the table now (seat 1 has drawn) judge its second draw
    otherwise: the 409 gives both judgements, as ``judge_at`` gives them."""
    table.log("draw", 1, {"source": "discard"})
    row = table.row("draw", 1, {"source": "stock"})
    then = table.judge(row, seq=2)
    with pytest.raises(ServiceError) as stale:
        table.log("draw", 1, {"source": "stock"}, seen=2)
    assert stale.value.details["judged_then"] == verdict_data(then.verdict)


def test_a_correction_dry_run_gives_judge_at_s_verdict(table: Table) -> None:
    correct = {"seq": 2, "move": {"type": "discard", "seat": 0, "payload": {"value": 5}},
               "reason": "same card"}
    trial = table.judge(table.row("correct", None, copy.deepcopy(correct)))
    recorded = table.log("correct", None, correct, dry_run=True)
    assert recorded.verdict == verdict_data(trial.verdict)


def test_every_legal_move_is_possible_for_judge_at(table: Table) -> None:
    offered = legal.legal_moves(table.db, table.id, table.host, HOST)["moves"]
    complete = [(m["type"], m["seat"], p) for m in offered if not m["free"]
                for p in m["payloads"]]
    assert complete
    for move_type, seat, payload in complete:
        table.judge(table.row(move_type, seat, payload))  # raises Invalid when impossible
