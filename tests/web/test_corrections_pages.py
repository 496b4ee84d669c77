"""Stale pads, previews before a void, "Correct this move", a seat's take-back: the pages through
the Flask test client, on SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import Made, create, joined, move, plain, text_of


def last_seq(client: FlaskClient, match_id: int) -> int:
    return client.get(f"/api/matches/{match_id}").get_json()["last_seq"]


@pytest.fixture
def made(client: FlaskClient) -> Made:
    return create(client, names=("Alice", "Bob", "Chloé"))


@pytest.fixture
def revealed(client: FlaskClient) -> Made:
    """Two seats, one round: Bob's wrong quick play (#3, a penalty card), Alice's call (#4),
    Bob's last turn (#5, #6), the hands revealed (#7)."""
    made = create(client)
    host = made.host_client
    for type_, seat, fields in [
            ("draw", 0, {"p.source": "stock"}), ("discard", 0, {"p.value": "5"}),
            ("quick_play", 1, {"p.slot": "1", "p.value": "3"}), ("citron_coco", 0, {}),
            ("draw", 1, {"p.source": "stock"}), ("discard", 1, {"p.value": "6"}),
            ("reveal", None, {"p.hands": "1 2 3 4\n3 6 7 8 9"})]:
        assert move(host, made.id, type_, seat, fields).status_code == 303
    return made


def test_every_pad_form_says_which_table_it_was_drawn_at(app: Flask, made: Made) -> None:
    """Each form that logs a move carries the seq its player was looking at."""
    host = made.host_client
    move(host, made.id, "draw", 0, {"p.source": "stock"})
    page = host.get(f"/m/{made.id}/play").get_data(as_text=True)
    forms = re.findall(r'<form method="post" action="/m/\d+/moves".*?</form>', page, re.S)
    assert forms
    assert all('name="seen" value="1"' in f for f in forms)


def test_a_stale_quick_play_is_too_slow_and_the_pad_shows_what_changed(
        app: Flask, made: Made) -> None:
    """CC-QP-4: Chloé's pad showed Alice's 3 (#2); Bob's 6 covered it (#4): no missplay."""
    host = made.host_client
    for type_, seat, fields in [
            ("draw", 0, {"p.source": "stock"}), ("discard", 0, {"p.value": "3"}),
            ("draw", 1, {"p.source": "stock"}), ("discard", 1, {"p.value": "6"})]:
        move(host, made.id, type_, seat, fields)
    chloe = joined(app, made.id, made.seats[2])
    response = move(chloe, made.id, "quick_play", 2, {"p.slot": "1", "p.value": "3", "seen": "2"})
    assert response.status_code == 409
    text = plain(response)
    assert "Too slow: not logged" in text and "no penalty" in text
    assert text.count("no penalty") == 1  # said once, not again under the list
    assert "#4 seat 2 (Bob): discard — value: 6" in text
    assert "Quick play on the 6" in text  # the pad again, up to date
    assert last_seq(host, made.id) == 4


def test_the_hosts_void_shows_its_preview_and_logs_nothing(revealed: Made) -> None:
    """CC-MISS-2's penalty card gone, the 5-card reveal (#7) would be impossible: said first."""
    host = revealed.host_client
    response = host.post(f"/m/{revealed.id}/void/3", data={"reason": "wrong seat", "seen": "7"})
    assert response.status_code == 200
    text = plain(response)
    assert "Preview: nothing is logged until you confirm" in text
    assert "#7 reveal" in text and "would be impossible" in text
    assert "Totals before and after" in text
    assert last_seq(host, revealed.id) == 7


def test_a_confirmed_void_is_logged(revealed: Made) -> None:
    host = revealed.host_client
    preview = host.post(f"/m/{revealed.id}/void/3", data={"reason": "wrong seat"})
    form = dict(re.findall(r'name="(confirm|body|expected|key)" value="([^"]*)"',
                           preview.get_data(as_text=True)))
    form["body"] = form["body"].replace("&#34;", '"')
    response = host.post(f"/m/{revealed.id}/void/3", data=form)
    assert response.status_code == 303
    assert last_seq(host, revealed.id) == 8
    events = host.get(f"/api/matches/{revealed.id}/timeline").get_json()["events"]
    assert events[2]["voided_by"] == 8


def test_a_confirmation_the_log_moved_past_shows_the_preview_again(revealed: Made) -> None:
    host = revealed.host_client
    preview = host.post(f"/m/{revealed.id}/void/6", data={"reason": "typo"})
    form = dict(re.findall(r'name="(confirm|body|expected|key)" value="([^"]*)"',
                           preview.get_data(as_text=True)))
    form["body"] = form["body"].replace("&#34;", '"')
    move(host, revealed.id, "challenge", 1, {"p.seq": "5", "p.claim": "peeked"}, back="match")
    response = host.post(f"/m/{revealed.id}/void/6", data=form)
    assert response.status_code == 200
    assert "The log moved since your preview" in text_of(response)
    assert last_seq(host, revealed.id) == 8


def test_correct_this_move_is_prefilled_with_the_reveals_values(revealed: Made) -> None:
    host = revealed.host_client
    timeline = host.get(f"/m/{revealed.id}").get_data(as_text=True)
    assert f"/m/{revealed.id}/correct/7" in timeline
    page = host.get(f"/m/{revealed.id}/correct/7").get_data(as_text=True)
    assert re.search(r'<textarea[^>]*name="p.hands"[^>]*>1 2 3 4\n3 6 7 8 9</textarea>', page)


def test_a_correction_is_previewed_then_shown_as_one_in_the_timeline(revealed: Made) -> None:
    """CC-CALL-3: Bob's 9 was a 2; the timeline shows the reveal corrected by #8."""
    host = revealed.host_client
    preview = host.post(f"/m/{revealed.id}/correct/7", data={
        "move_type": "reveal", "seat": "", "p.hands": "1 2 3 4\n3 6 7 8 2",
        "reason": "the 9 was a 2"})
    assert preview.status_code == 200 and "Confirm: correct event #7" in plain(preview)
    assert last_seq(host, revealed.id) == 7
    form = dict(re.findall(r'name="(confirm|body|expected|key)" value="([^"]*)"',
                           preview.get_data(as_text=True)))
    form["body"] = form["body"].replace("&#34;", '"')
    assert host.post(f"/m/{revealed.id}/correct/7", data=form).status_code == 303
    text = plain(host.get(f"/m/{revealed.id}"))
    assert "Corrected by #8 to reveal" in text and "Correction of #7: the 9 was a 2" in text


def test_a_move_made_impossible_by_a_void_is_corrected_from_its_values(revealed: Made) -> None:
    """After the void of #3, the reveal's form still starts from its 18 values."""
    host = revealed.host_client
    move(host, revealed.id, "void", None, {"p.seq": "3", "p.reason": "x"}, back="match")
    page = host.get(f"/m/{revealed.id}/correct/7")
    assert "Impossible after the corrections" in plain(page)
    assert "3 6 7 8 9</textarea>" in page.get_data(as_text=True)


def test_only_the_host_opens_the_correction_form(app: Flask, revealed: Made) -> None:
    bob = joined(app, revealed.id, revealed.seats[1])
    assert bob.get(f"/m/{revealed.id}/correct/7").status_code == 403
    assert bob.post(f"/m/{revealed.id}/void/7", data={"reason": "x"}).status_code == 403


def test_a_seat_takes_back_its_own_draw_from_its_pad(app: Flask, made: Made) -> None:
    """CC-TURN-1: Alice's draw, nothing after it: her pad offers to take it back."""
    alice = joined(app, made.id, made.seats[0])
    move(alice, made.id, "draw", 0, {"p.source": "stock"})
    page = plain(alice.get(f"/m/{made.id}/play"))
    assert "Take back my draw (#1)" in page
    response = move(alice, made.id, "void", 0, {"p.seq": "1"})  # what the pad's button sends
    assert response.status_code == 303
    timeline = plain(alice.get(f"/m/{made.id}"))
    assert "void by seat 1 (Alice)" in timeline
    assert "Voided by #2: taken back by its player" in timeline


def test_no_take_back_is_offered_for_a_call(app: Flask, made: Made) -> None:
    """CC-CALL-1: « Citron Coco » stands once said."""
    alice = joined(app, made.id, made.seats[0])
    for type_, fields in [("draw", {"p.source": "stock"}), ("discard", {"p.value": "5"}),
                          ("citron_coco", {})]:
        move(alice, made.id, type_, 0, fields)
    assert "Take back" not in plain(alice.get(f"/m/{made.id}/play"))
