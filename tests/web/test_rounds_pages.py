"""Quick scoring on the pages, on both databases: a rounds-only match says so on every page of
the match (its pad, the confirm page, the timeline, the boards, the join links, the what-if,
BG Stats and correction pages), and its pad logs a result seat by seat (PL-RND-1)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.helpers import create, move, plain

RESULT = {"p.winner": "1", "each.cards.0": "4", "each.cards.1": "0", "each.cards.2": "2"}


@pytest.fixture
def finished(client: FlaskClient) -> Any:
    """A rounds-only Carte et Plouc, made on the creation page, its result logged on the pad."""
    made = create(client, "plouc", ("Ana", "Ben", "Cid"), mode="rounds")
    assert move(client, made.id, "round", None, RESULT).status_code == 303
    return made


@pytest.mark.parametrize("page", ["", "/play", "/board", "/invite", "/what-if", "/bgstats",
                                  "/correct/1"])
def test_every_page_of_the_match_shows_the_mode(client: FlaskClient, finished: Any,
                                                page: str) -> None:
    answer = client.get(f"/m/{finished.id}{page}")
    assert answer.status_code == 200
    assert "rounds only" in plain(answer)


def test_the_confirm_page_shows_the_mode(client: FlaskClient) -> None:
    """The result ends the game, so the pad asks first; the question says the mode."""
    made = create(client, "plouc", ("Ana", "Ben", "Cid"), mode="rounds")
    asked = move(client, made.id, "round", None, RESULT, confirm=False)
    assert asked.status_code == 200 and "rounds only" in plain(asked)


def test_the_pads_result_seat_by_seat_is_the_round_logged(client: FlaskClient,
                                                         finished: Any) -> None:
    """PL-RND-1: the winner and each hand's cards, as the inputs said."""
    event = client.get(f"/api/matches/{finished.id}/events").json["events"][0]
    assert (event["type"], event["payload"]) == ("round", {"winner": 1, "cards": [4, 0, 2]})


def test_a_seat_left_empty_is_refused_in_words(client: FlaskClient) -> None:
    """An empty count is asked for again: nothing logged."""
    made = create(client, "plouc", ("Ana", "Ben", "Cid"), mode="rounds")
    answer = move(client, made.id, "round", None, {**RESULT, "each.cards.2": ""})
    assert answer.status_code == 422
    assert "give a value for every seat" in plain(answer)
    assert client.get(f"/api/matches/{made.id}").json["last_seq"] == 0
