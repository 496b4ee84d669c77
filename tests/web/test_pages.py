"""The pages through the Flask test client, on SQLite and PostgreSQL (the ``client`` fixture)."""

from __future__ import annotations

import io
import json
import re
import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from referee import database
from referee.service import idempotency
from tests.helpers import writes_held
from tests.web.helpers import ROUND, create, joined, move, plain, text_of


def last_seq(client: FlaskClient, match_id: int) -> int:
    return client.get(f"/api/matches/{match_id}").get_json()["last_seq"]


# --- home, nights, creating a match ------------------------------------------------------


def test_home_shows_matches_under_way_finished_and_nights(client: FlaskClient) -> None:
    response = client.post("/nights", data={"name": "Friday at Alice's"})
    assert response.status_code == 303
    night_url = response.location
    night_page = client.get(night_url)
    assert "Friday at Alice&#39;s" in night_page.get_data(as_text=True)
    night_id = int(night_url.rsplit("/", 1)[1])
    assert f"/new?night={night_id}" in night_page.get_data(as_text=True)

    made = create(client, night=str(night_id))
    home = text_of(client.get("/"))
    assert "Under way" in home and f"/m/{made.id}" in home
    assert "Friday at Alice" in home
    night_page = text_of(client.get(night_url))
    assert f"/m/{made.id}" in night_page
    assert "Alice 0, Bob 0 coconuts" in plain(client.get(night_url))


def test_a_night_needs_a_name(client: FlaskClient) -> None:
    response = client.post("/nights", data={"name": "  "})
    assert response.status_code == 422
    assert "needs a name" in text_of(response)


def test_create_form_shows_options_in_the_rule_texts_words(client: FlaskClient) -> None:
    page = text_of(client.get("/new/citroncoco"))
    assert "la somme de deux cartes" in page  # the sum_quick_play option's description
    assert 'name="o.sum_quick_play"' in page and 'name="seat"' in page
    assert "Coconuts that sink a ship" in page
    assert client.get("/new").status_code == 200
    assert client.get("/new/chess").status_code == 404


def test_create_match_shows_each_seats_join_link_and_qr_code(client: FlaskClient) -> None:
    made = create(client, names=("Alice", "Bob", "Carol"), **{"o.target": "150"})
    response = client.get(f"/m/{made.id}/invite")
    assert response.headers["Cache-Control"] == "no-store"
    page = response.get_data(as_text=True)
    assert page.count('class="qr"') == 4  # three seats and the host, inline SVG
    assert page.count("<title>Join link of seat") == 3
    assert len(made.seats) == 3 and made.host
    assert client.get(f"/api/matches/{made.id}").get_json()["options"]["target"] == 150


def test_create_with_wrong_seats_or_options_says_why(client: FlaskClient) -> None:
    response = client.post("/new/citroncoco", data={"seat": ["Alice"]})
    assert response.status_code == 422
    assert "2 to 6 seats, not 1" in text_of(response)
    response = client.post("/new/citroncoco", data={"seat": ["Alice", "Bob"],
                                                     "o.target": "many"})
    assert response.status_code == 422
    assert "not a whole number" in text_of(response)
    assert 'value="Alice"' in text_of(response)  # what was typed is kept


def test_join_links_are_only_shown_to_the_creating_host(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    seat = joined(app, made.id, made.seats[0])
    assert "Only the host" in text_of(seat.get(f"/m/{made.id}/invite"))
    stranger = app.test_client()
    assert "join-link" not in text_of(stranger.get(f"/m/{made.id}/invite"))


def test_the_host_on_another_device_makes_new_join_links(app: Flask,
                                                         client: FlaskClient) -> None:
    made = create(client)
    other = joined(app, made.id, made.host)  # the host's link, opened on another phone
    page = other.get(f"/m/{made.id}/invite").get_data(as_text=True)
    assert f"#t={made.host}" in page and "does not hold this seat" in page
    response = other.post(f"/m/{made.id}/seats/1/token")
    assert response.status_code == 303 and response.location.endswith("#seat-1")
    page = other.get(f"/m/{made.id}/invite").get_data(as_text=True)
    fresh = re.search(r'join/link#t=([^"]+)" data-seat="1"', page).group(1)
    assert fresh != made.seats[1]
    assert app.test_client().get(f"/m/{made.id}/join?token={made.seats[1]}").status_code == 403
    joined(app, made.id, fresh)
    bob = joined(app, made.id, made.seats[0])
    assert bob.post(f"/m/{made.id}/seats/0/token").status_code == 403  # only the host


# --- joining: the token goes into a cookie scoped to the match --------------------------


def test_join_keeps_the_token_in_a_match_scoped_cookie(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    browser = app.test_client()
    response = browser.get(f"/m/{made.id}/join?token={made.seats[1]}")
    assert response.status_code == 303
    assert response.location.endswith(f"/m/{made.id}/play")  # the clean URL, no token
    cookie = response.headers["Set-Cookie"]
    assert f"referee_m{made.id}={made.seats[1]}" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and f"Path=/m/{made.id}" in cookie
    assert "You are seat 2 (Bob)" in plain(browser.get(f"/m/{made.id}/play"))


def test_a_wrong_join_link_is_explained(client: FlaskClient) -> None:
    made = create(client)
    response = client.get(f"/m/{made.id}/join?token=not-a-token")
    assert response.status_code == 403
    assert "does not belong to match" in text_of(response)
    assert client.get(f"/m/{made.id}/join").status_code == 400


def test_leaving_forgets_the_seat_on_this_device(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    seat = joined(app, made.id, made.seats[0])
    assert seat.post(f"/m/{made.id}/leave").status_code == 303
    assert "You have not joined" in plain(seat.get(f"/m/{made.id}/play"))


# --- move entry: judged at once ------------------------------------------------------------


def test_a_legal_move_is_logged_and_its_verdict_shown(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    seat = joined(app, made.id, made.seats[0])
    response = move(seat, made.id, "draw", 0, {"p.source": "stock"})
    assert response.status_code == 303
    assert "logged=1" in response.location
    page = text_of(seat.get(response.location))
    assert "Logged #1: draw" in page and "CC-TURN-1" in page and "verdict-ok" in page


def test_a_missplay_shows_its_rule_and_penalty(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    alice, bob = joined(app, made.id, made.seats[0]), joined(app, made.id, made.seats[1])
    move(alice, made.id, "draw", 0, {"p.source": "stock"})
    move(alice, made.id, "discard", 0, {"p.value": "5"})
    response = move(bob, made.id, "quick_play", 1, {"p.slot": "1", "p.value": "3"})
    assert response.status_code == 303
    page = text_of(bob.get(response.location))
    assert "verdict-missplay" in page and "Missplay" in page
    assert "CC-MISS-2" in page and "Penalty:" in page and "penalty card" in page


def test_an_impossible_move_is_explained_and_nothing_logged(app: Flask,
                                                          client: FlaskClient) -> None:
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    response = move(alice, made.id, "discard", 0, {"p.value": "5"})
    assert response.status_code == 422
    page = text_of(response)
    assert "Impossible: not logged" in page and "Nothing was added to the log" in page
    assert "a turn starts with a draw" in page
    assert last_seq(client, made.id) == 0


def test_a_seat_cannot_log_for_another_seat_nor_host_moves(app: Flask,
                                                          client: FlaskClient) -> None:
    made = create(client)
    bob = joined(app, made.id, made.seats[1])
    response = move(bob, made.id, "draw", 0, {"p.source": "stock"})
    assert response.status_code == 403
    assert "cannot log a move for seat 1" in text_of(response)
    page = text_of(bob.get(f"/m/{made.id}/play"))
    assert 'value="missplay"' not in page  # the host's moves are not offered to a seat
    response = move(bob, made.id, "missplay", 1, {"p.rule": "CC-MISS-3"})
    assert response.status_code == 403
    stranger = app.test_client()
    response = move(stranger, made.id, "draw", 0, {"p.source": "stock"})
    assert response.status_code == 401 and "needs a token" in text_of(response)


def test_a_retried_form_is_logged_once(client: FlaskClient) -> None:
    made = create(client)
    first = move(client, made.id, "draw", 0, {"p.source": "stock"}, key="same-key")
    again = move(client, made.id, "draw", 0, {"p.source": "stock"}, key="same-key")
    assert first.location == again.location
    assert last_seq(client, made.id) == 1


def test_a_double_tapped_form_shows_the_first_answer(app: Flask, client: FlaskClient) -> None:
    """The same form sent twice while the first is still being judged: the second waits for
    it and shows its answer, one move logged (the API would answer 409 instead)."""
    made = create(client)
    answers: list[Any] = []
    with writes_held(app):
        first = threading.Thread(target=lambda: answers.append(
            move(client, made.id, "draw", 0, {"p.source": "stock"}, key="tap")))
        first.start()
        deadline = time.monotonic() + 10
        while not idempotency._being_processed and time.monotonic() < deadline:
            time.sleep(0.01)
        second = threading.Thread(target=lambda: answers.append(
            move(client, made.id, "draw", 0, {"p.source": "stock"}, key="tap")))
        second.start()
        time.sleep(0.3)
        assert second.is_alive()  # waiting for the first, not refused
    first.join(30)
    second.join(30)
    assert [a.status_code for a in answers] == [303, 303]
    assert answers[0].location == answers[1].location
    assert last_seq(client, made.id) == 1


def test_the_host_pad_offers_every_seat_and_the_host_moves(client: FlaskClient) -> None:
    made = create(client)
    page = text_of(client.get(f"/m/{made.id}/play"))
    assert "You are the host" in plain(client.get(f"/m/{made.id}/play"))
    assert "seat 2 (Bob)" in page and 'value="missplay"' in page
    assert "Draw from the stock" in page and "Replace card" not in page  # offered now
    assert "Log for which seat" in page and "Moves for seat 1 (Alice)" in page
    assert "CC-MISS-3: A player looked at a card" in page  # faults in the rules' words


def test_bad_form_values_are_explained(client: FlaskClient) -> None:
    made = create(client)
    response = move(client, made.id, "reveal", None, {"p.hands": "1 two"})
    assert response.status_code == 422
    assert "&#39;two&#39; is not a whole number" in text_of(response)
    response = move(client, made.id, "juggle", 0)
    assert response.status_code == 422 and "has no move" in text_of(response)


# --- scoreboard ----------------------------------------------------------------------------


def test_scoreboard_updates_and_charts_the_rounds(client: FlaskClient) -> None:
    made = create(client)
    board = text_of(client.get(f"/m/{made.id}/board"))
    assert 'http-equiv="refresh"' in board and "board.js" in board  # no-JS fallback, and JS
    live = client.get(f"/m/{made.id}/board/live")
    assert live.headers["X-Last-Seq"] == "0" and live.headers["Cache-Control"] == "no-store"
    for type_, seat, fields in ROUND:
        assert move(client, made.id, type_, seat, fields).status_code == 303
    live = client.get(f"/m/{made.id}/board/live")
    assert live.headers["X-Last-Seq"] == str(len(ROUND))
    page = text_of(live)
    assert "-26" in page and "26" in page and "after round 1" in page
    assert '<svg class="chart tv"' in page and "target 200" in page  # the TV's large labels
    assert page.count('<polyline class="series') == 2


# --- the match page: timeline, state at an event, corrections --------------------------


def test_timeline_shows_verdicts_and_voids_struck_through(app: Flask,
                                                         client: FlaskClient) -> None:
    made = create(client)
    alice, bob = joined(app, made.id, made.seats[0]), joined(app, made.id, made.seats[1])
    move(alice, made.id, "draw", 0, {"p.source": "stock"})
    move(alice, made.id, "discard", 0, {"p.value": "5"})
    move(bob, made.id, "quick_play", 1, {"p.slot": "1", "p.value": "3"})  # a missplay
    page = text_of(client.get(f"/m/{made.id}"))
    assert 'id="e3" class="event missplay"' in page and "CC-MISS-2" in page
    # bob's page offers no void; the host voids the missplay from the match page
    bob_page = plain(bob.get(f"/m/{made.id}"))
    assert "Challenge #3" in bob_page and "Void or challenge #3" not in bob_page
    response = move(client, made.id, "void", None,
                    {"p.seq": "3", "p.reason": "Bob only showed his card"}, back="match")
    assert response.status_code == 303 and "#e4" in response.location
    page = text_of(client.get(f"/m/{made.id}"))
    assert 'id="e3" class="event voided"' in page
    assert "<del>" in page and "Voided</strong> by" in page and "Bob only showed his card" in page


def test_void_needs_a_reason_and_the_host(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    bob = joined(app, made.id, made.seats[1])
    response = move(bob, made.id, "void", None, {"p.seq": "1", "p.reason": "no"},
                    back="match")
    assert response.status_code == 403 and "Only the host" in text_of(response)
    response = move(client, made.id, "void", None, {"p.seq": "9", "p.reason": "typo"},
                    back="match")
    assert response.status_code == 422 and "no event 9 to void" in text_of(response)


def test_state_after_an_event_as_the_public_or_a_seat(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    move(alice, made.id, "draw", 0, {"p.source": "stock"})
    move(alice, made.id, "replace", 0, {"p.slot": "2", "p.value": "8"})
    public = text_of(app.test_client().get(f"/m/{made.id}?at=1"))
    assert "The table right after #1" in public and "as the public" in public
    assert 'id="e1" class="event current"' in public
    mine = text_of(alice.get(f"/m/{made.id}?at=2&as=0"))
    assert "as seat 1 (Alice)" in mine
    assert "Top of the discard" in mine and "8, laid by Alice" in mine  # in the game's words
    response = alice.get(f"/m/{made.id}?at=2&as=1")
    assert response.status_code == 403 and "cannot see seat 2" in text_of(response)
    assert client.get(f"/m/{made.id}?at=9").status_code == 404
    host = text_of(client.get(f"/m/{made.id}?at=0&as=1"))
    assert "as seat 2 (Bob)" in host


def test_challenge_and_ruling_from_the_match_page(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    alice, bob = joined(app, made.id, made.seats[0]), joined(app, made.id, made.seats[1])
    move(alice, made.id, "draw", 0, {"p.source": "stock"})
    response = move(bob, made.id, "challenge", 1,
                    {"p.seq": "1", "p.claim": "She peeked at her card"}, back="match")
    assert response.status_code == 303
    page = text_of(client.get(f"/m/{made.id}"))
    assert "She peeked at her card" in page and "Log: ruling" in page
    response = move(client, made.id, "ruling", None,
                    {"p.challenge": "2", "p.upheld": "true", "p.upheld.present": "1",
                     "p.rule": "CC-MISS-3"}, back="match")
    assert response.status_code == 303, text_of(response)
    page = text_of(client.get(f"/m/{made.id}"))
    assert 'id="e3" class="event missplay"' in page and "Penalty:" in page


# --- export and import -----------------------------------------------------------------------


def test_export_then_import_from_a_file(client: FlaskClient) -> None:
    made = create(client)
    for type_, seat, fields in ROUND[:3]:
        move(client, made.id, type_, seat, fields)
    exported = client.get(f"/m/{made.id}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    data = json.loads(exported.data)
    assert data["format"] == "referee-match" and len(data["events"]) == 3
    assert "Import" in client.get("/import").get_data(as_text=True)
    other = client.application.test_client()
    response = other.post("/import", data={"file": (io.BytesIO(exported.data), "m.json"),
                                           "copy": "on"},  # the match is here already
                          content_type="multipart/form-data")
    assert response.status_code == 303
    new_id = int(re.search(r"/m/(\d+)/invite", response.location).group(1))
    assert new_id != made.id and last_seq(client, new_id) == 3
    assert "join-link" in other.get(response.location).get_data(as_text=True)


def test_import_of_a_bad_file_is_explained(client: FlaskClient) -> None:
    response = client.post("/import", data={"file": (io.BytesIO(b"not json"), "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "is not a JSON file" in text_of(response)
    bad = {"format": "referee-match", "version": 1, "game": "citroncoco",
           "seats": [{"name": "A"}, {"name": "B"}],
           "events": [{"seq": 1, "type": "discard", "seat": 0, "payload": {"value": 5}}]}
    response = client.post("/import", data={"file": (io.BytesIO(json.dumps(bad).encode()),
                                                      "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    page = text_of(response)
    assert "Event 1" in page and "events.0" in page
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose the match" in text_of(response)


# --- history and players -------------------------------------------------------------------


def test_history_filters_and_pages(app: Flask, client: FlaskClient) -> None:
    app.config["PAGE_SIZE"] = 2
    client.post("/nights", data={"name": "Saturday"})
    made = [create(client, names=("Alice", "Bob")),
            create(client, names=("Alice", "Carol")),
            create(client, "plouc", names=("Dan", "Eve"), night="1")]
    page = client.get("/history")
    assert "3 matches" in plain(page)
    older = re.search(r'href="([^"]+)" rel="next"', text_of(page))
    assert older is not None  # pages follow a cursor, not a page number
    page2 = text_of(client.get(older.group(1).replace("&amp;", "&")))
    assert f"/m/{made[0].id}" in page2  # the oldest, on the second page
    assert 'rel="prev"' in page2 and 'rel="next"' not in page2
    by_game = client.get("/history?game=plouc")
    assert "1 match " in plain(by_game) and f"/m/{made[2].id}" in text_of(by_game)
    alice = client.get("/api/players").get_json()
    alice_id = next(p["id"] for p in (alice["items"] if isinstance(alice, dict) else alice)
                    if p["name"] == "Alice")
    assert "2 matches" in plain(client.get(f"/history?player={alice_id}"))
    assert "1 match " in plain(client.get("/history?night=1"))
    assert "0 matches" in plain(client.get("/history?status=finished"))
    assert "3 matches" in plain(client.get("/history?since=2000-01-01&until=2999-01-01"))
    response = client.get("/history?since=yesterday")
    assert response.status_code == 400 and "must be a date" in text_of(response)


def test_a_finished_match_is_played_again_with_the_same_seats(client: FlaskClient) -> None:
    made = create(client, **{"o.target": "20", "o.sum_quick_play": "true",
                             "o.sum_quick_play.present": "1"})
    for type_, seat, fields in ROUND:
        move(client, made.id, type_, seat, fields)
    page = text_of(client.get(f"/m/{made.id}"))
    assert "finished" in page and "Play again, same seats" in page
    response = client.post("/new/citroncoco", data={"seat": ["Alice", "Bob"],
                                                     "follows": str(made.id)})
    assert response.status_code == 303
    new_id = int(re.search(r"/m/(\d+)/invite", response.location).group(1))
    again = client.get(f"/api/matches/{new_id}").get_json()
    assert again["follows"] == made.id and again["options"]["target"] == 20
    assert again["options"]["sum_quick_play"] is True
    assert again["options"]["first_seat"] == 1  # the loser starts, as the rules say


def test_player_page_shows_record_per_game_and_matches(client: FlaskClient) -> None:
    made = create(client)
    for type_, seat, fields in ROUND:
        move(client, made.id, type_, seat, fields)
    players = text_of(client.get("/players"))
    alice_id = int(re.search(r'/players/(\d+)">Alice', players).group(1))
    page = text_of(client.get(f"/players/{alice_id}"))
    assert "Record per game" in page and "CitronCoco (each for themself)" in page
    assert f"/m/{made.id}" in page
    assert client.get("/players/999").status_code == 404



def transactions_of(app: Flask, browser: FlaskClient, path: str) -> tuple[Any, int]:
    """The page at ``path`` and how many database transactions it opened (the request's own:
    the test client serves it in this thread; the notices a process sends after earlier moves
    go from a thread of their own)."""
    reads: list[object] = []
    serving = threading.current_thread()

    def began(connection: object) -> None:
        if threading.current_thread() is serving:
            reads.append(connection)

    engine = database(app).engine
    event.listen(engine, "begin", began)
    try:
        return browser.get(path), len(reads)
    finally:
        event.remove(engine, "begin", began)


def test_player_page_is_one_read_of_the_read_models(app: Flask, client: FlaskClient) -> None:
    """A page's view model comes from one read (one transaction), not one per panel."""
    made = create(client)
    for type_, seat, fields in ROUND:
        move(client, made.id, type_, seat, fields)
    alice_id = client.get(f"/api/matches/{made.id}").get_json()["seats"][0]["player_id"]
    response, reads = transactions_of(app, client, f"/players/{alice_id}")
    page = text_of(response)
    assert f"/m/{made.id}" in page and "Bob" in page  # matches and rivals, in that one read
    assert reads == 1


@pytest.mark.parametrize("page", ["/m/{id}/play", "/m/{id}", "/m/{id}/board",
                                  "/m/{id}/board/live"])
def test_a_match_page_is_one_read(app: Flask, client: FlaskClient, page: str) -> None:
    """The pad, the match page and the TV board read the match once: one transaction, so the
    table, the standings and the moves they show are of one seq."""
    made = create(client)
    for type_, seat, fields in ROUND[:4]:
        move(client, made.id, type_, seat, fields)
    seat = joined(app, made.id, made.seats[1])
    response, reads = transactions_of(app, seat, page.format(id=made.id))
    assert response.status_code == 200
    assert reads == 1


@pytest.mark.parametrize("page", ["/", "/history", "/history?game=citroncoco&status=finished",
                                  "/nights/{night}", "/players"])
def test_a_browsing_page_is_one_read(app: Flask, client: FlaskClient, page: str) -> None:
    """Home, the history, a night and the players are each one read (one transaction), so
    what a page lists agrees with itself, and a replica can serve it whole."""
    night = client.post("/api/nights", json={"name": "Vendredi"}).get_json()["id"]
    made = create(client)
    for type_, seat, fields in ROUND[:4]:
        move(client, made.id, type_, seat, fields)
    response, reads = transactions_of(app, client, page.format(night=night))
    assert response.status_code == 200
    assert reads == 1


@pytest.mark.parametrize("page", ["/m/{id}/play", "/m/{id}", "/m/{id}/board"])
def test_a_match_page_reads_its_match_row_once(app: Flask, client: FlaskClient,
                                               page: str) -> None:
    """What the page's one read loaded stays loaded until it ends: the parts of the page that
    need the match (its header, its timeline, its table) do not read it again."""
    made = create(client)
    for type_, seat, fields in ROUND[:4]:
        move(client, made.id, type_, seat, fields)
    seat = joined(app, made.id, made.seats[1])
    sent: list[str] = []

    def count(_c: Any, _cur: Any, statement: str, *_: Any) -> None:
        sent.append(" ".join(statement.split()).upper())

    engine = database(app).engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert seat.get(page.format(id=made.id)).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert sum(s.startswith("SELECT MATCHES.ID") for s in sent) == 1, sent

# --- errors in words ---------------------------------------------------------------------------


def test_errors_are_pages_in_words_and_the_api_keeps_json(app: Flask,
                                                         client: FlaskClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "There is no page at /no/such/page" in text_of(response)
    response = client.get("/m/4242")
    assert response.status_code == 404 and "There is no match 4242" in text_of(response)
    assert client.get("/m/99999999999").status_code == 404  # beyond any id: no query made
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.mimetype == "application/json"
    assert client.get("/api/matches/4242").get_json()["code"] == 404


def test_a_failing_page_shows_no_stack_trace(app: Flask) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def boom() -> str:
        raise RuntimeError("secret internals")

    app.add_url_rule("/boom", "boom", boom)
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    page = text_of(response)
    assert "Something went wrong" in page and "secret internals" not in page
    assert "Traceback" not in page


def test_a_too_large_upload_is_refused_in_words(app: Flask, client: FlaskClient) -> None:
    """Past the import's own limit (REFEREE_IMPORT_MAX_BYTES, here 64 KiB; exports up to it
    import: tests/api/test_import_size.py)."""
    app.config["IMPORT_MAX_BYTES"] = 64 * 1024
    big = io.BytesIO(b" " * (70 * 1024))
    response = client.post("/import", data={"file": (big, "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 413 and "too large" in text_of(response)
    assert "A match export to import may be at most 64 KiB." in text_of(response)
    assert client.get("/nights").status_code == 405  # a page used the wrong way, in words


PAGES = ["/", "/history", "/players", "/import", "/new", "/new/citroncoco-teams",
         "/m/{id}/play", "/m/{id}?at=1", "/m/{id}/invite", "/m/{id}/board"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_landmarks_and_labels(client: FlaskClient, path: str) -> None:
    if "{id}" in path:
        made = create(client)
        move(client, made.id, "draw", 0, {"p.source": "stock"})
        path = path.replace("{id}", str(made.id))
    page = client.get(path).get_data(as_text=True)
    assert '<html lang="en">' in page and '<main id="main"' in page
    assert 'name="viewport"' in page and "<h1" in page
    if "/board" not in path:
        assert "<nav" in page
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "duplicate ids"
    fields = set(re.findall(r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"',
                            page))
    labelled = set(re.findall(r'<label[^>]*\bfor="([^"]+)"', page))
    assert fields <= labelled
    unlabelled = re.findall(r'<(?:input|select|textarea)(?![^>]*type="(?:hidden|radio)")'
                            r'(?![^>]*\bid=)[^>]*>', page)
    assert not unlabelled


def test_the_players_pages_list_everyone_once(client: FlaskClient) -> None:
    """Fifty players a page: the second page starts with the 51st, none skipped."""
    for table in range(7):  # 63 players, named so that their order is known
        names = [f"P{table}{seat}" for seat in range(9)]
        assert client.post("/api/matches", json={
            "game": "plouc", "seats": [{"name": n} for n in names]}).status_code == 201
    first, second = text_of(client.get("/players")), text_of(client.get("/players?page=2"))
    listed = re.findall(r"\bP\d\d\b", first) + re.findall(r"\bP\d\d\b", second)
    assert sorted(set(listed)) == sorted(f"P{t}{s}" for t in range(7) for s in range(9))
    assert len(listed) == 63
