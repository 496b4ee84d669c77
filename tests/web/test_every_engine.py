"""Every registered engine gets working pages: create, join, the move pad, every move's form,
the match page, the state at an event, the scoreboard and the history."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.engines import REGISTRY, get_engine
from referee.web import games
from tests.web.helpers import create, joined, move, plain

get_engine("citroncoco")  # importing the engines fills the registry
NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_page_works_for_every_engine(app: Flask, client: FlaskClient,
                                           game_id: str) -> None:
    engine = get_engine(game_id)
    assert client.get(f"/new/{game_id}").status_code == 200
    made = create(client, game_id, NAMES[:engine.min_seats])
    for path in ("/play", "", "?at=0", "?at=0&as=public", "?at=0&as=0", "/board",
                 "/board/live", "/invite"):
        response = client.get(f"/m/{made.id}{path}")
        assert response.status_code == 200, (path, plain(response)[:500])
    seat = joined(app, made.id, made.seats[0])
    assert "You are seat 1" in plain(seat.get(f"/m/{made.id}/play"))
    assert seat.get(f"/m/{made.id}?at=0").status_code == 200

    # every move the host's pad offers, posted with its form's defaults: judged or refused
    # in words, never a crash
    game = games.game(game_id)
    for spec in game.moves_for(host=True):
        fields = {f"p.{f.name}": f.text_default() for f in spec.fields}
        response = move(client, made.id, spec.type, 0, fields)
        assert response.status_code in (303, 403, 422), (spec.type, plain(response)[:500])
        if response.status_code == 303:
            assert client.get(response.location).status_code == 200
    last = client.get(f"/api/matches/{made.id}").get_json()["last_seq"]
    for at in range(last + 1):
        assert client.get(f"/m/{made.id}?at={at}").status_code == 200
    assert client.get(f"/history?game={game_id}").status_code == 200
