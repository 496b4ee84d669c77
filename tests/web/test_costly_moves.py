"""No costly move on one tap: the pad's post answers with a confirm page that says what the move
will do and logs nothing; the confirm button (the same fields plus ``confirmed=1``) logs it."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import asks_confirmation, create, joined, move, plain


def last_seq(client: FlaskClient, match_id: int) -> int:
    return client.get(f"/api/matches/{match_id}").get_json()["last_seq"]


def citron_coco_due(app: Flask, client: FlaskClient) -> tuple[int, FlaskClient]:
    """Alice (seat 0) has drawn and discarded a 5: she may call Citron Coco."""
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    assert move(alice, made.id, "draw", 0, {"p.source": "stock"}).status_code == 303
    assert move(alice, made.id, "discard", 0, {"p.value": "5"}).status_code == 303
    return made.id, alice


def test_citron_coco_on_one_tap_logs_nothing_and_says_what_it_will_do(
        app: Flask, client: FlaskClient) -> None:
    """CC-CALL-1: the call ends the round for the caller; the pad asks before logging it."""
    match_id, alice = citron_coco_due(app, client)
    response = move(alice, match_id, "citron_coco", 0, confirm=False)
    assert asks_confirmation(response)
    page = plain(response)
    assert "Log Citron Coco for seat 1 (Alice)?" in page and "Not logged yet" in page
    assert "every other seat plays one last turn" in page
    assert last_seq(client, match_id) == 2


def test_confirming_a_costly_move_logs_it_once(app: Flask, client: FlaskClient) -> None:
    """CC-CALL-1: the confirm button posts the same move with ``confirmed=1``."""
    match_id, alice = citron_coco_due(app, client)
    asked = move(alice, match_id, "citron_coco", 0, confirm=False, key="k-call")
    page = asked.get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    assert fields["type"] == "citron_coco" and fields["confirmed"] == "1"
    assert fields["key"] == "k-call"  # a retried confirm is still one move
    for _ in range(2):
        assert alice.post(f"/m/{match_id}/moves", data=fields).status_code == 303
    assert last_seq(client, match_id) == 3


def test_the_confirm_page_leads_back_to_the_pad_without_logging(
        app: Flask, client: FlaskClient) -> None:
    match_id, alice = citron_coco_due(app, client)
    page = move(alice, match_id, "citron_coco", 0, confirm=False).get_data(as_text=True)
    back = re.search(r'<a class="button big" href="([^"]+)">No, back without logging', page)
    assert back and back.group(1) == f"/m/{match_id}/play?seat=0"
    assert alice.get(back.group(1)).status_code == 200
    assert last_seq(client, match_id) == 2


def test_a_draw_that_gives_up_an_owed_power_asks_and_names_it(
        app: Flask, client: FlaskClient) -> None:
    """CC-POW-2: the next draw forfeits an unused power: the drawing seat is told which."""
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    move(client, made.id, "discard", 0, {"p.value": "7"})
    bob = joined(app, made.id, made.seats[1])
    response = move(bob, made.id, "draw", 1, {"p.source": "stock"}, confirm=False)
    assert asks_confirmation(response)
    assert "Alice gives up the 7's power (Seadog)." in html.unescape(plain(response))
    assert last_seq(client, made.id) == 2


def test_an_ordinary_move_is_logged_on_one_tap(app: Flask, client: FlaskClient) -> None:
    """CC-TURN-1: a draw that gives nothing up is not slowed down."""
    made = create(client)
    response = move(client, made.id, "draw", 0, {"p.source": "stock"}, confirm=False)
    assert response.status_code == 303 and last_seq(client, made.id) == 1


def test_a_seats_missplay_is_logged_at_once_without_a_warning(
        app: Flask, client: FlaskClient) -> None:
    """CC-MISS-2: a wrong quick play is logged as it happened, with its penalty; asking first
    would tell the player it is wrong and let them take it back to dodge the penalty."""
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    move(client, made.id, "discard", 0, {"p.value": "5"})
    bob = joined(app, made.id, made.seats[1])
    response = move(bob, made.id, "quick_play", 1, {"p.slot": "1", "p.value": "3"},
                    confirm=False)
    assert not asks_confirmation(response)
    assert last_seq(client, made.id) == 3


def test_the_reveal_asks_and_shows_the_round_it_ends(app: Flask, client: FlaskClient) -> None:
    """CC-CALL-4: the reveal scores the round; the host sees the totals before logging."""
    made = create(client)
    for type_, seat, fields in (("draw", 0, {"p.source": "stock"}),
                                ("discard", 0, {"p.value": "5"}), ("citron_coco", 0, {}),
                                ("draw", 1, {"p.source": "stock"}),
                                ("discard", 1, {"p.value": "6"})):
        move(client, made.id, type_, seat, fields)
    response = move(client, made.id, "reveal", None, {"p.hands": "1 2 3 4\n5 6 7 8"},
                    confirm=False)
    page = plain(response)
    assert asks_confirmation(response) and "It ends the round." in page
    assert "seat 2 (Bob): 0 → 26 coconuts" in page
    assert last_seq(client, made.id) == 5


def test_a_neurotrio_pass_with_cards_in_hand_asks(app: Flask, client: FlaskClient) -> None:
    """NT-PASS-1: a pass costs a victory point: confirmed before it is logged."""
    made = create(client, "neurotrio", ("Alice", "Bob", "Carol"))
    move(client, made.id, "start_domain", None, {"p.card": "coeur-noir-2"})
    turn = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["turn"]
    response = move(client, made.id, "pass", turn, confirm=False)
    assert asks_confirmation(response) and "−1 victory point" in plain(response)
    assert last_seq(client, made.id) == 1
