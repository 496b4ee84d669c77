"""An abandoned match as the service folds and projects it (PLATFORM-ABANDON): its standings
are neither finished nor won, its summary says "abandoned", it has no result rows, and a
rebuild of the read models from its log writes the very rows the appends wrote."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from referee import database
from referee.cli import main
from referee.service.replay import Loader, standings_of
from referee.store import models
from tests.helpers import Table, move, new_match, plain_turn
from tests.service.test_read_models import read_models


def abandoned_match(client: FlaskClient) -> Table:
    table = new_match(client)
    plain_turn(client, table, 0)
    assert move(client, table, "abandon", None, {}).status_code == 201
    return table


def test_the_fold_of_an_abandoned_log_names_no_winner(app: Flask, client: FlaskClient) -> None:
    table = abandoned_match(client)
    with database(app).reading() as session:
        match = session.get(models.Match, table.id)
        assert match is not None
        loader = Loader(session, match)
        folded = loader.fold(use_snapshots=False)
        standings = standings_of(loader.engine, folded)
    assert folded.abandoned == 3
    assert standings.abandoned and not standings.finished and standings.winners == ()


def test_an_abandoned_match_keeps_no_result_rows(app: Flask, client: FlaskClient) -> None:
    table = abandoned_match(client)
    with database(app).reading() as session:
        summary = session.get(models.MatchSummary, table.id)
        assert summary is not None and summary.status == "abandoned"
        assert session.scalars(select(models.SeatResult).where(
            models.SeatResult.match_id == table.id)).all() == []
        tally = session.scalars(select(models.MatchTally).where(
            models.MatchTally.status == "abandoned")).one()
        assert tally.count == 1


def test_a_rebuild_of_an_abandoned_match_equals_the_appends(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner) -> None:
    abandoned_match(client)
    before = read_models(app)
    assert runner.invoke(main, ["rebuild-read-models"]).exit_code == 0
    assert read_models(app) == before
