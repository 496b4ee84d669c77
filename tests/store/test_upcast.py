"""Old event shapes are upcast on read, so an old log replays with the same result."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from referee import database
from referee.store import models, upcast
from tests.helpers import new_match, plain_turn


@pytest.fixture
def discard_v2() -> Iterator[None]:
    """Pretend CitronCoco's discard once carried {"card": value}; v2 renamed it "value"."""

    @upcast.step("citroncoco", "discard", 1)
    def rename(payload: dict) -> dict:
        payload["value"] = payload.pop("card")
        return payload

    yield
    upcast.STEPS.pop(("citroncoco", "discard", 1))
    upcast.CURRENT.pop(("citroncoco", "discard"))


def test_upcast_chains_steps_to_the_current_version() -> None:
    upcast.step("g", "t", 1)(lambda p: {**p, "b": p["a"]})
    upcast.step("g", "t", 2)(lambda p: {"c": p["b"] * 2})
    try:
        assert upcast.current_version("g", "t") == 3
        assert upcast.upcast("g", "t", 1, {"a": 2}) == {"c": 4}
        assert upcast.upcast("g", "t", 3, {"c": 1}) == {"c": 1}
    finally:
        for key in [("g", "t", 1), ("g", "t", 2)]:
            upcast.STEPS.pop(key)
        upcast.CURRENT.pop(("g", "t"))


def test_an_old_log_replays_with_the_same_result(app: Flask, client: FlaskClient,
                                                 discard_v2: None) -> None:
    table = new_match(client, players=2)
    plain_turn(client, table, 0, value=5)
    before = client.get(f"/api/matches/{table.id}/timeline").json
    with database(app).unit_of_work() as session:  # rewrite the row as a v1 log had it
        session.execute(update(models.Event)
                        .where(models.Event.match_id == table.id, models.Event.seq == 2)
                        .values(schema_version=1, payload={"card": 5}))
    after = client.get(f"/api/matches/{table.id}/timeline").json
    assert after["standings"] == before["standings"]
    assert after["events"][1]["judged_now"] == before["events"][1]["judged_now"]
