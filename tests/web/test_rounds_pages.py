"""Quick scoring on the pages, on both databases: a rounds-only match says so on every page of
the match (its pad, the confirm page, the timeline, the boards, the join links, the what-if,
BG Stats and correction pages), and its pad logs a result seat by seat (PL-RND-1)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.web.pads.compose import MAX_OF_A_VALUE
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


# --- CitronCoco: each hand as the cards it holds ----------------------------------------------

HANDS = {"p.caller": "0", "counts.hands": "2", "counts.hands.0.1": "1", "counts.hands.0.2": "1",
         "counts.hands.1.12": "2", "counts.hands.1.-1": "1"}


@pytest.fixture
def citroncoco(client: FlaskClient) -> Any:
    return create(client, "citroncoco", ("Ana", "Ben"), mode="rounds")


def test_the_quick_form_shows_each_hand_as_the_decks_cards(client: FlaskClient,
                                                           citroncoco: Any) -> None:
    """CC-RND-1: the hands are given card by card (the deck's cards, each with a count), not
    typed as numbers."""
    answer = client.get(f"/m/{citroncoco.id}/play")
    page, plain_text = answer.get_data(as_text=True), plain(answer)
    assert 'name="counts.hands.1.-1"' in page and 'name="counts.hands.0.13"' in page
    assert "Ana's hand" in plain_text and "Ben's hand" in plain_text
    assert "separated by spaces" not in page


def test_a_count_field_is_bounded_as_the_form_reader_checks_it(client: FlaskClient,
                                                               citroncoco: Any) -> None:
    """The browser refuses a count past what ``counted_hands`` takes, before it is posted."""
    page = client.get(f"/m/{citroncoco.id}/play").get_data(as_text=True)
    assert f'min="0" max="{MAX_OF_A_VALUE}" placeholder="0"' in page


def test_counted_hands_are_the_round_logged(client: FlaskClient, citroncoco: Any) -> None:
    """CC-RND-1: how many of each card each seat holds is each hand's values, seat 0 first."""
    assert move(client, citroncoco.id, "round", None, HANDS).status_code == 303
    event = client.get(f"/api/matches/{citroncoco.id}/events").json["events"][0]
    assert event["payload"] == {"caller": 0, "hands": [[1, 2], [-1, 12, 12]]}


def test_a_count_that_is_no_whole_number_is_refused_in_words(client: FlaskClient,
                                                             citroncoco: Any) -> None:
    answer = move(client, citroncoco.id, "round", None, {**HANDS, "counts.hands.1.12": "two"})
    assert answer.status_code == 422
    assert "a whole number from 0 to 20" in plain(answer)
    assert client.get(f"/api/matches/{citroncoco.id}").json["last_seq"] == 0


def test_a_hand_with_no_card_counted_is_an_emptied_hand(client: FlaskClient,
                                                        citroncoco: Any) -> None:
    """CC-RND-1/CC-END-1: no card counted for a seat is its emptied hand (an empty list)."""
    emptied = {"p.caller": "", "counts.hands": "2", "counts.hands.1.5": "3"}
    assert move(client, citroncoco.id, "round", None, emptied).status_code == 303
    event = client.get(f"/api/matches/{citroncoco.id}/events").json["events"][0]
    assert event["payload"]["hands"] == [[], [5, 5, 5]]


def test_the_correction_page_starts_from_the_rounds_counts(client: FlaskClient,
                                                          citroncoco: Any) -> None:
    """A correction is asked with the same cards, filled in with the round's own counts."""
    assert move(client, citroncoco.id, "round", None, HANDS).status_code == 303
    page = client.get(f"/m/{citroncoco.id}/correct/1").get_data(as_text=True)
    assert 'name="counts.hands.1.12" value="2"' in page
    assert 'name="counts.hands.0.1" value="1"' in page
