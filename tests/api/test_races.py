"""Races at the table, as the API answers them.

CC-QP-4: « uniquement le premier « jeu rapide » est valable. Les plus lents reprennent leurs
cartes (sans que cela ne soit considéré comme une faute de jeu) »: a quick play that lost the race
is a 409 with what changed since, nothing logged, no penalty. PL-ZZ-1 / PL-ANN-3: a « contre »
before the turn that left one card is over is refused (422): the player may still say « carte ».
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import Table, auth, move, new_match, plain_turn

DAVID, CHLOE, ALICE = 0, 1, 2


def post(client: FlaskClient, table: Table, type_: str, seat: int,
         payload: dict[str, Any], *, seen: int | None = None,
         locale: str = "en") -> TestResponse:
    body: dict[str, Any] = {"type": type_, "seat": seat, "payload": payload}
    if seen is not None:
        body["seen"] = seen
    return client.post(f"/api/matches/{table.id}/events", json=body,
                       headers={**auth(table.token(seat)), "Accept-Language": locale})


def match_now(client: FlaskClient, table: Table) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/matches/{table.id}").json
    return body


@pytest.fixture
def ace_race(client: FlaskClient) -> Table:
    """David discarded an ace (#2); Chloé quick-played an ace on it first (#3)."""
    table = new_match(client, "citroncoco", 3)
    plain_turn(client, table, DAVID, value=1)
    assert post(client, table, "quick_play", CHLOE, {"slot": 1, "value": 1}).status_code == 201
    return table


def test_cc_qp_4_the_slower_ace_from_a_fresh_pad_is_too_slow(
        client: FlaskClient, ace_race: Table) -> None:
    """CC-QP-4: Alice's pad showed David's ace (seen #2): Chloé's ace covered it, so Alice's
    is a 409 listing Chloé's quick play, and the log stays at #3."""
    response = post(client, ace_race, "quick_play", ALICE, {"slot": 1, "value": 1}, seen=2)
    assert response.status_code == 409, response.json
    body = response.json
    assert (body["where"], body["won_by"], body["last_seq"]) == ("body.seen", 3, 3)
    assert [e["seq"] for e in body["since"]] == [3]
    assert body["message"].startswith("Too slow: quick play #3 covered that card first.")
    assert match_now(client, ace_race)["last_seq"] == 3


def test_cc_qp_4_the_slower_ace_without_seen_is_too_slow(
        client: FlaskClient, ace_race: Table) -> None:
    """CC-QP-4 / CC-QP-8 (default off): Alice's ace, sent without ``seen``, aims at the card
    Chloé covered: a 409 (in French for a French table), no missplay, no penalty card."""
    response = post(client, ace_race, "quick_play", ALICE, {"slot": 1, "value": 1},
                    locale="fr")
    assert response.status_code == 409, response.json
    body = response.json
    assert (body["where"], body["won_by"]) == ("body.payload.value", 3)
    assert [e["seq"] for e in body["since"]] == [3]
    assert body["message"].startswith("Trop lent : le jeu rapide n° 3 a recouvert")
    seats = match_now(client, ace_race)["seats"]
    assert seats[ALICE]["missplays"] == 0


def test_cc_qp_4_the_race_is_refused_whatever_cc_qp_8_says(client: FlaskClient) -> None:
    """CC-QP-4 with CC-QP-8 on (matches created before the default changed): a quick play
    sent against the table before Chloé's ace is still too slow."""
    table = new_match(client, "citroncoco", 3, {"quick_play_on_quick_play": True})
    plain_turn(client, table, DAVID, value=1)
    assert post(client, table, "quick_play", CHLOE, {"slot": 1, "value": 1}).status_code == 201
    response = post(client, table, "quick_play", ALICE, {"slot": 1, "value": 1}, seen=2)
    assert response.status_code == 409 and response.json["won_by"] == 3


def test_cc_miss_2_a_different_value_on_a_quick_played_ace_stays_a_missplay(
        client: FlaskClient, ace_race: Table) -> None:
    """CC-MISS-2 / CC-QP-8: a 5 aims at no ace: no race, judged as a wrong quick play."""
    response = post(client, ace_race, "quick_play", ALICE, {"slot": 1, "value": 5})
    assert response.status_code == 201, response.json
    assert response.json["verdict"]["kind"] == "missplay"


def test_cct_qp_3_the_team_game_answers_the_race_the_same_way(client: FlaskClient) -> None:
    """CCT-QP-3 / CC-QP-4: one mechanism for both games: the team game's slower quick play
    is the same 409."""
    table = new_match(client, "citroncoco-teams", 4)
    plain_turn(client, table, 0, value=1)
    assert post(client, table, "quick_play", 1, {"slot": 1, "value": 1}).status_code == 201
    response = post(client, table, "quick_play", 2, {"slot": 1, "value": 1}, seen=2)
    assert response.status_code == 409 and response.json["won_by"] == 3


@pytest.fixture
def david_at_one_card(client: FlaskClient) -> Table:
    """Carte et Plouc with la Zouzou: Zouhaire, Charlotte, David; David deals and has just laid
    his second-to-last card (#4)."""
    table = new_match(client, "plouc", 3, {"zouzou": True, "hand_size": 2, "dealer": 2})
    for seat, payload, type_ in ((2, {"card": "5H"}, "turn_up"), (0, {"cards": ["5S"]}, "play"),
                                 (1, {"cards": ["8S"]}, "play"), (2, {"cards": ["8C"]}, "play")):
        assert move(client, table, type_, seat, payload).status_code == 201
    return table


@pytest.mark.parametrize(("locale", "words"), [
    ("fr", "peut encore dire « carte »"), ("en", "may still say 'carte'")])
def test_pl_zz_1_an_early_contre_is_refused(client: FlaskClient, david_at_one_card: Table,
                                            locale: str, words: str) -> None:
    """PL-ZZ-1 / PL-ANN-3: nobody has played or drawn since David's card: a 422 saying he may
    still say « carte », at ``payload.target_seat``, and nothing logged."""
    response = post(client, david_at_one_card, "contre", 1, {"target_seat": 2}, locale=locale)
    assert response.status_code == 422, response.json
    body = response.json
    assert (body["rule"], body["where"]) == ("PL-ZZ-1", "body.payload.target_seat")
    assert words in body["message"]
    assert match_now(client, david_at_one_card)["last_seq"] == 4


def test_pl_zz_1_a_contre_counts_against_the_forgetter(client: FlaskClient,
                                                       david_at_one_card: Table) -> None:
    """PL-ZZ-1: once Zouhaire has drawn, Charlotte's contre is upheld; the missplay is David's
    (the verdict's offender), not Charlotte's, in the seats' figures."""
    assert move(client, david_at_one_card, "draw", 0, {}).status_code == 201
    response = post(client, david_at_one_card, "contre", 1, {"target_seat": 2})
    assert response.status_code == 201, response.json
    assert response.json["verdict"]["offender"] == 2
    seats = match_now(client, david_at_one_card)["seats"]
    assert [s["missplays"] for s in seats] == [0, 0, 1]
