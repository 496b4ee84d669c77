"""Each game's own move pad: the right controls in the right situation, and pressing them logs
the intended move (read back from the API's log)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from referee.web import pads
from referee.web.forms import FormError
from referee.web.pads.citroncoco import known_values
from tests.web.helpers import asks_confirmation, create, joined, move, plain

NAMES = ("Alice", "Bob", "Carol", "Dan")


def last_event(client: FlaskClient, match_id: int, token: str = "") -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    page = client.get(f"/api/matches/{match_id}/events", headers=headers).get_json()
    return page["events"][-1]


def press(browser: FlaskClient, match_id: int, type_: str, seat: int | None,
          fields: dict[str, Any]) -> Any:
    """Post what the pad's form posts (its own input names, not the payload's)."""
    data = MultiDict({"type": type_, "seat": "" if seat is None else str(seat), "back": "play"})
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [value])
    response = browser.post(f"/m/{match_id}/moves", data=data)
    if asks_confirmation(response):  # a costly move: the player confirms it
        data.setlist("confirmed", ["1"])
        response = browser.post(f"/m/{match_id}/moves", data=data)
    assert response.status_code == 303, plain(response)[:800]
    return response


def pad_html(browser: FlaskClient, match_id: int, query: str = "") -> str:
    """The game's pad on the move page, checked for unique ids and labelled inputs."""
    html = browser.get(f"/m/{match_id}/play{query}").get_data(as_text=True)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "duplicate ids"
    fields = set(re.findall(r'<(?:input|select|textarea)(?![^>]*type="(?:hidden|radio)")[^>]*'
                            r'\bid="([^"]+)"', html))
    assert fields <= set(re.findall(r'<label[^>]*\bfor="([^"]+)"', html))
    assert not re.findall(r'<(?:input|select|textarea)(?![^>]*type="(?:hidden|radio)")'
                          r'(?![^>]*\bid=)[^>]*>', html)
    return html[html.index('class="quick-moves'):html.index('class="all-moves')]


# --- CitronCoco ----------------------------------------------------------------------------------


def test_citroncoco_pad_offers_only_this_seats_moves(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    alice, bob = joined(app, made.id, made.seats[0]), joined(app, made.id, made.seats[1])
    first = pad_html(alice, made.id)
    assert "Draw from the stock" in first and "Replace this card" not in first
    assert "Draw from the stock" not in pad_html(bob, made.id)
    assert "Nothing to log for seat 2 (Bob)" in plain(bob.get(f"/m/{made.id}/play"))

    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    after = pad_html(alice, made.id)
    assert "Draw from the stock" not in after
    start = after.index('id="pad-replace"')
    replace = after[start:after.index("</section>", start)]
    assert all(f'name="p.slot" value="{n}"' in replace for n in (1, 2, 3, 4))
    # the card replaced is picked among the deck's cards, the red and black kings apart
    assert 'name="p.value" value="-1"' in replace and 'name="p.value" value="13"' in replace
    press(alice, made.id, "replace", 0, {"p.slot": "3", "p.value": "8"})
    event = last_event(client, made.id)
    assert (event["type"], event["seat"], event["payload"]) == (
        "replace", 0, {"slot": 3, "value": 8})

    # the 8 on the discard: Bob may quick play any card of his row, or take the 8
    page = pad_html(bob, made.id)
    quick = page[page.index('id="pad-quick"'):]  # one form: the position, then the card
    assert 'name="p.slot" value="2"' in quick and "Take the 8 from the discard" in page
    press(bob, made.id, "quick_play", 1, {"p.slot": "2", "p.value": "8"})
    event = last_event(client, made.id)
    assert event["type"] == "quick_play" and event["payload"]["slot"] == 2


def test_citroncoco_power_form_follows_the_card_and_citron_coco(app: Flask,
                                                                 client: FlaskClient) -> None:
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    press(alice, made.id, "discard", 0, {"p.value": "7"})
    page = pad_html(alice, made.id)
    assert "Use the power of the 7 (Seadog)" in page
    assert 'name="p.target_seat" value="1"' in page and 'name="p.slot" value="4"' in page
    assert 'name="p.other_seat"' not in page  # a 7 looks at one card: no second card
    press(alice, made.id, "power", 0, {"p.target_seat": "1", "p.slot": "2"})
    event = last_event(client, made.id)
    assert event["payload"]["target_seat"] == 1 and event["payload"]["slot"] == 2

    bob = joined(app, made.id, made.seats[1])
    press(bob, made.id, "draw", 1, {"p.source": "stock"})
    press(bob, made.id, "discard", 1, {"p.value": "5"})
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    press(alice, made.id, "discard", 0, {"p.value": "4"})
    assert "Citron Coco!" in pad_html(alice, made.id)
    press(alice, made.id, "citron_coco", 0, {})
    assert last_event(client, made.id)["type"] == "citron_coco"
    press(bob, made.id, "draw", 1, {"p.source": "stock"})
    press(bob, made.id, "discard", 1, {"p.value": "6"})

    # the host reveals: one row per seat, one card picker per card
    page = pad_html(client, made.id)
    assert 'name="grid.hands.0.0"' in page and 'name="grid.hands.1.3"' in page
    fields = {f"grid.hands.{s}.{i}": str(s * 4 + i + 1) for s in (0, 1) for i in range(4)}
    press(client, made.id, "reveal", None, {"grid.hands": "2", **fields})
    event = last_event(client, made.id)
    assert event["type"] == "reveal" and event["payload"]["hands"] == [[1, 2, 3, 4],
                                                                       [5, 6, 7, 8]]


def test_citroncoco_teams_offers_nano_after_a_call(client: FlaskClient) -> None:
    made = create(client, "citroncoco-teams", NAMES)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    move(client, made.id, "discard", 0, {"p.value": "5"})
    assert "Citron Coco!" in pad_html(client, made.id, "?seat=0")
    press(client, made.id, "citron_coco", 0, {})
    page = pad_html(client, made.id, "?seat=1")
    assert "Nano!" in page and "Citron Coco!" not in page
    press(client, made.id, "nano", 1, {})
    assert last_event(client, made.id)["type"] == "nano"
    assert "Nano Alpha!" in pad_html(client, made.id, "?seat=2")


# --- Neurotrio ------------------------------------------------------------------------------------


def neuro_card(card: str) -> dict[str, str]:
    nature, colour, force = card.split("-")
    return {"join.card": "-", "part.card.0": nature, "part.card.1": colour,
            "part.card.2": force}


def test_neurotrio_pad_places_a_card_by_tapping_the_domain(app: Flask,
                                                           client: FlaskClient) -> None:
    made = create(client, "neurotrio", NAMES[:3])
    page = pad_html(client, made.id)
    assert "Lay the starting card" in page and 'name="part.card.0" value="coeur"' in page
    press(client, made.id, "start_domain", None, neuro_card("coeur-noir-2"))
    assert last_event(client, made.id)["payload"] == {"card": "coeur-noir-2"}

    turn = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["turn"]
    player = joined(app, made.id, made.seats[turn])
    page = pad_html(player, made.id)
    taps = re.findall(r'name="pick" value="p.row=(-?\d+)&amp;p.col=(-?\d+)"', page)
    assert sorted(taps) == sorted([("-1", "0"), ("0", "-1"), ("0", "1"), ("1", "0")])
    assert "Pass" in page and "Neuro!" not in page
    press(player, made.id, "place", turn, {**neuro_card("coeur-noir-1"), "pick": "p.row=0&p.col=1"})
    event = last_event(client, made.id)
    assert (event["type"], event["payload"]) == ("place", {"card": "coeur-noir-1", "row": 0,
                                                           "col": 1})
    # the next seat may now call neuro: the bid form taps the domain's cards
    nxt = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["turn"]
    assert "Neuro!" in pad_html(client, made.id, f"?seat={nxt}")
    press(client, made.id, "neuro", nxt, {})
    page = pad_html(client, made.id, f"?seat={nxt}")
    assert 'name="p.base" value="10"' in page and "Bid on heart noir 1" in page  # in words
    press(client, made.id, "bid", nxt, {"p.base": "3", "p.token": "nature",
                                        "pick": "p.row=0&p.col=0"})
    assert last_event(client, made.id)["payload"]["token"] == "sealed"  # to the public
    event = last_event(client, made.id, made.host)
    assert event["type"] == "bid" and event["payload"] == {"base": 3, "row": 0, "col": 0,
                                                           "token": "nature"}
    assert "No bid this round" in pad_html(client, made.id, f"?seat={(nxt + 1) % 3}")


# --- CrocoNounours --------------------------------------------------------------------------------


def test_citroncoco_pad_gives_up_an_owed_power(app: Flask, client: FlaskClient) -> None:
    """CC-POW-3: where a power is owed the pad offers to give it up; pressing it logs
    forgo_power for that card."""
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    press(alice, made.id, "discard", 0, {"p.value": "7"})
    page = pad_html(alice, made.id)
    assert "Give up the power of the 7" in page
    press(alice, made.id, "forgo_power", 0, {"p.card": "7"})
    event = last_event(client, made.id)
    assert (event["type"], event["payload"]) == ("forgo_power", {"card": 7})
    assert event["verdict"]["rule"] == "CC-POW-3"
    assert "Give up the" not in pad_html(alice, made.id)


def test_croconounours_deploy_draw_then_move_by_tapping_the_board(app: Flask,
                                                                  client: FlaskClient) -> None:
    made = create(client, "croconounours", NAMES[:2])
    assert "This seat plays first" in pad_html(client, made.id)
    press(client, made.id, "first_player", 0, {"p.seat": "0"})
    alice = joined(app, made.id, made.seats[0])
    page = pad_html(alice, made.id)
    assert "Deploy: tap your corner" in page and "corner=a1" in page
    page = pad_html(alice, made.id, "?corner=a1")
    assert 'name="map.warriors.a1"' in page and "Deploy in a1" in page
    press(alice, made.id, "deploy", 0, {"p.corner": "a1", "map.warriors.a1": "red",
                                        "map.warriors.a2": "green", "map.warriors.b1": "yellow"})
    event = last_event(client, made.id)
    assert event["payload"] == {"corner": "a1", "warriors": {"a1": "red", "a2": "green",
                                                             "b1": "yellow"}}
    press(client, made.id, "deploy", 1, {"p.corner": "g7", "map.warriors.g7": "red",
                                         "map.warriors.g6": "green", "map.warriors.f7": "yellow"})

    press(alice, made.id, "discard", 0, {"p.cards": "2H 3H 4H"})  # a full hand: discard first
    page = pad_html(alice, made.id)
    assert 'id="pad-draw-count" name="p.count" value="3"' in page  # draw_needed, prefilled
    press(alice, made.id, "draw", 0, {"p.count": "3"})
    page = pad_html(alice, made.id)
    assert "Tap one of your warriors" in page and "warrior=0-green" in page
    page = pad_html(alice, made.id, "?warrior=0-green")
    assert "Alice&#39;s green warrior: pick the card" in page  # named, not "0-green"
    assert 'value="type=move&amp;p.to=a3&amp;card.card.hint=C"' in page  # a club steps up
    assert 'value="type=move&amp;p.to=b3&amp;card.card.hint=S"' in page  # a spade: diagonal
    press(alice, made.id, "move", 0, {"p.warrior": "0-green", "card.card.rank": "7",
                                      "pick": "type=move&p.to=a3&card.card.hint=C"})
    event = last_event(client, made.id)
    assert (event["type"], event["payload"]) == ("move", {"warrior": "0-green", "card": "7C",
                                                          "to": "a3"})
    assert "End the turn" in pad_html(alice, made.id)


def test_croconounours_defence_offers_the_dodge_squares() -> None:
    table = {"phase": "defence", "turn": 1, "seats": [{"seat": 0}, {"seat": 1}], "board": [],
             "pending_attack": {"defender_seat": 1, "dodge_to": ["f6", "g5"]}}
    shaped = pads.croconounours(table, 1, False, {})
    assert shaped["defence"]["dodge_to"] == ["f6", "g5"] and not shaped["acting"]
    assert pads.croconounours(table, 0, False, {})["defence"] is None


# --- Carte et Plouc -------------------------------------------------------------------------------


def test_plouc_pad_plays_several_cards_of_one_rank(app: Flask, client: FlaskClient) -> None:
    made = create(client, "plouc", NAMES[:2])
    assert "Turn it up" in pad_html(client, made.id)
    press(client, made.id, "turn_up", 0, {"card.card.rank": "7", "card.card.suit": "H"})
    assert last_event(client, made.id)["payload"] == {"card": "7H"}
    turn = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["turn"]
    player = joined(app, made.id, made.seats[turn])
    page = pad_html(player, made.id)
    assert "Play on the 7♥" in page and 'name="cards.cards.suit" value="S"' in page
    draw_now = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["draw_now"]
    assert f'id="pad-draw-count" name="p.count" value="{draw_now or ""}"' in page
    press(player, made.id, "play", turn, {"cards.cards.rank": "7",
                                          "cards.cards.suit": ["S", "C"]})
    event = last_event(client, made.id)
    assert event["type"] == "play" and event["payload"]["cards"] == ["7S", "7C"]


def test_plouc_shapes_announcements_contre_and_slap() -> None:
    table = {"phase": "plouc", "turn": 1, "finisher": 0, "slap_open": True, "draw_now": 2,
             "seats": [{"seat": 0, "carte_due": False}, {"seat": 1, "carte_due": False},
                       {"seat": 2, "carte_due": True}], "discard": {"top": "2H"}}
    finisher = pads.plouc(table, 0, False, {})
    assert finisher["plouc_due"] and not finisher["carte_due"] and finisher["owing"] == [2]
    other = pads.plouc(table, 1, False, {})
    assert other["owing"] == [0, 2] and other["slap_open"] and other["others"] == [0, 2]
    assert pads.plouc(table, 2, False, {})["carte_due"]


def test_plouc_offers_a_contre_only_where_the_legal_moves_uphold_it() -> None:
    """PL-ZZ-1: seat 2 still owes « carte » in the view, but its turn is not over: the legal
    moves hold no contre on it, so the pad offers none (and one on seat 0, which they hold)."""
    table = {"phase": "play", "turn": 0, "slap_open": False, "draw_now": 0,
             "seats": [{"seat": 0, "carte_due": True}, {"seat": 1, "carte_due": False},
                       {"seat": 2, "carte_due": True}], "discard": {"top": "5H"}}
    legal = [{"type": "contre", "seat": 1, "payloads": [{"target_seat": 0}], "free": []}]
    assert pads.plouc(table, 1, False, {}, legal=legal)["owing"] == [0]
    assert pads.plouc(table, 1, False, {}, legal=[])["owing"] == []


# --- reading the pad's inputs back ----------------------------------------------------------------


def test_compose_writes_the_pads_inputs_as_payload_fields() -> None:
    form = MultiDict([("pick", "type=attack&p.target=d4&card.card.hint=D&seat=9"),
                      ("type", "move"), ("seat", "0"), ("card.card.rank", "10"),
                      ("cards.more.rank", "K"), ("cards.more.suit", "S"),
                      ("cards.more.suit", "H"), ("map.w.a1", "red"), ("map.w.a2", ""),
                      ("records.t", "base token"), ("records.t.3", "nature")])
    out = pads.compose(form)
    assert out["type"] == "attack" and out["p.target"] == "d4" and out["seat"] == "0"
    assert out["p.card"] == "10D" and out["p.more"] == "KS KH"
    assert out["p.w"] == '{"a1": "red"}' and out["p.t"] == '[{"base": 3, "token": "nature"}]'
    joker = pads.compose(MultiDict([("card.c.rank", "JK"), ("card.c.hint", "C")]))
    assert joker["p.c"] == "JK"
    typed = pads.compose(MultiDict([("p.card", "QS"), ("card.card.rank", "2")]))
    assert typed["p.card"] == "QS"  # what was typed in full wins
    with pytest.raises(FormError, match="suit"):
        pads.compose(MultiDict([("card.c.rank", "7")]))
    with pytest.raises(FormError, match="each part"):
        pads.compose(MultiDict([("part.card.0", "rose"), ("part.card.1", "")]))


def test_a_refused_tap_keeps_the_pad_and_explains(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    response = alice.post(f"/m/{made.id}/moves", data={
        "type": "power", "seat": "0", "back": "play", "card.x.rank": "7"})
    assert response.status_code == 422
    assert "pick the card&#39;s suit" in response.get_data(as_text=True)
    assert "Draw from the stock" in response.get_data(as_text=True)


def render_pad(app: Flask, game: str, table: dict[str, Any], seat: int,
               legal: list[dict[str, Any]] | None = None) -> str:
    """A game's pad drawn for a made-up table (for situations long to reach by playing), with
    the seat's legal moves when given."""
    from flask import render_template_string

    from referee.service.access import Access

    pad = pads.pad_for(game, table, Access(seat=seat, host=False), {},
                       legal=None if legal is None else lambda _seat: legal)
    names = ["Alice", "Bob", "Carol"][:len(table["seats"])]
    ctx = {"match": {"id": 1}, "key": "k", "pad": pad, "names": names, "table": table}
    with app.test_request_context("/m/1/play"):
        return render_template_string(
            '{% include "moves/' + game + '.html" %}', pad=pad, ctx=ctx, names=names,
            table=table, match=ctx["match"])


def test_croconounours_defence_pad_shows_dodge_squares_and_parry(app: Flask) -> None:
    table = {"phase": "defence", "turn": 1, "seats": [{"seat": 0}, {"seat": 1}], "board": [],
             "pending_attack": {"attacker": "0-red", "target": "1-green", "card": "9D",
                                "shot": False, "defender_seat": 1, "dodge_suit": "S",
                                "parry_suit": "D", "dodge_to": ["f6", "g5"]}}
    html = render_pad(app, "croconounours", table, 1)
    assert 'value="p.kind=dodge&amp;p.to=f6"' in html and "Dodge to g5" in html
    assert 'value="p.kind=parry"' in html and "No defence" in html
    assert "Dodge to" not in render_pad(app, "croconounours", table, 0)


def test_plouc_pad_offers_no_carte_the_engine_would_refuse(app: Flask) -> None:
    """PL-ANN-3: once a late « carte » is logged the view still says it is due (it stands
    forgotten), but the engine would refuse it again: the pad does not offer it."""
    table = {"phase": "play", "turn": 0, "draw_now": 0, "discard": {"top": "5H"},
             "seats": [{"seat": 0}, {"seat": 1, "carte_due": True, "carte_late": True}]}
    said = [{"type": "announce", "seat": 1, "payloads": [{"word": "carte"}]}]
    assert "Carte!" in render_pad(app, "plouc", table, 1, legal=said)
    assert "Carte!" not in render_pad(app, "plouc", table, 1, legal=[])


def test_plouc_pad_draws_announcements_contre_and_slap(app: Flask) -> None:
    table = {"phase": "plouc", "turn": 1, "finisher": 0, "slap_open": True, "draw_now": 0,
             "seats": [{"seat": 0, "carte_due": False}, {"seat": 1, "carte_due": True},
                       {"seat": 2, "carte_due": False}], "discard": {"top": "2H"}}
    html = render_pad(app, "plouc", table, 1)
    assert "Carte!" in html and "Plouc!" not in html
    assert "Contre! seat 1 (Alice) forgot to announce" in html
    assert 'value="p.with_seat=2"' in html and 'value="p.with_seat=1"' not in html
    assert "Plouc!" in render_pad(app, "plouc", table, 0)


def test_neurotrio_host_reveals_the_last_hand_and_the_tokens(app: Flask) -> None:
    table = {"phase": "reveal", "turn": None, "colours": ["noir", "vert", "bleu"],
             "seats": [{"seat": 0, "last_player": False, "hand_size": 0},
                       {"seat": 1, "last_player": True, "hand_size": 2},
                       {"seat": 2, "last_player": False, "hand_size": 0}],
             "domain": {"rows": [], "frontier": []}, "bases_left": [],
             "bids": [{"base": 4, "token": None}, {"base": 7, "token": "force"}],
             "moves": [{"type": "reveal", "seats": [1]}, {"type": "reveal_bids", "seats": None}]}
    html = render_pad(app, "neurotrio", table, 1)
    # one picker per card still held, its signs and colours to tap (nothing to type)
    assert "Card 2 still held" in html and "Card 3 still held" not in html
    assert 'name="cardparts.cards.1.0" value="coeur"' in html and 'name="p.cards"' not in html
    assert 'name="records.tokens.4" value="nature"' in html
    assert "records.tokens.7" not in html  # a token already known is not asked again


def test_croconounours_team_choice_and_obstacles_from_the_pad(app: Flask,
                                                             client: FlaskClient) -> None:
    made = create(client, "croconounours", NAMES[:2], **{
        "o.free_choice": "true", "o.free_choice.present": "1",
        "o.obstacles": "true", "o.obstacles.present": "1", "o.obstacles_per_side": "1"})
    alice = joined(app, made.id, made.seats[0])
    assert "Choose this team" in pad_html(alice, made.id)
    press(alice, made.id, "choose_team", 0, {"list.colours": ["red", "red", "yellow"]})
    assert last_event(client, made.id, made.seats[0])["payload"] == {
        "colours": ["red", "red", "yellow"]}
    press(client, made.id, "choose_team", 1, {"list.colours": ["red", "green", "yellow"]})
    press(client, made.id, "first_player", 0, {"p.seat": "0"})
    press(alice, made.id, "deploy", 0, {"p.corner": "a1", "map.warriors.a1": "red",
                                        "map.warriors.a2": "red", "map.warriors.b1": "yellow"})
    press(client, made.id, "deploy", 1, {"p.corner": "g7", "map.warriors.g7": "red",
                                         "map.warriors.g6": "green", "map.warriors.f7": "yellow"})
    page = pad_html(alice, made.id)
    assert 'name="list.squares" value="d4"' in page and 'value="a1"' not in page
    press(alice, made.id, "obstacles", 0, {"list.squares": ["d4"]})
    event = last_event(client, made.id)
    assert (event["type"], event["payload"]) == ("obstacles", {"squares": ["d4"]})


# --- cards as cards -------------------------------------------------------------------------------


def test_citroncoco_pad_shows_the_decks_cards_in_the_readers_language(
        app: Flask, client: FlaskClient) -> None:
    """Cards as cards, in both languages: V, D, R in French (J, Q, K in English), the red and
    the black king apart, each posting its value; nothing to type."""
    made = create(client)
    alice = joined(app, made.id, made.seats[0])
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    english = pad_html(alice, made.id)
    assert '<b>J</b>' in english and 'aria-label="black king (13)"' in english
    assert 'aria-label="red king (-1)"' in english and 'type="number"' not in english
    french = pad_html(alice, made.id, "?lang=fr")
    assert "Défausser la carte piochée" in french
    assert all(f"<b>{face}</b>" in french for face in ("V", "D", "R"))
    assert 'aria-label="roi noir (13)"' in french and 'aria-label="roi rouge (-1)"' in french
    assert 'name="p.value" value="13"' in french and 'name="p.value" value="-1"' in french


def test_citroncoco_deck_of_its_own_composition_is_offered() -> None:
    """A match with its own deck picks among that deck's values."""
    table = {"seats": [{"seat": 0, "hand": [{"slot": 1, "value": None}]}],
             "moves": {"0": ["discard"]}, "discard": {"top": None}}
    shaped = pads.citroncoco(table, 0, False, {}, options={"deck": {"0": 4, "5": 2, "13": 0}})
    assert [c["value"] for c in shaped["deck"]] == [0, 5]


def test_known_values_come_from_the_seats_legal_moves() -> None:
    """CC-LOG-2: a position the engine lets quick-play with one value only is known to be it
    (the refusal would say so): the pad shows that card, never "?"."""
    legal = [{"type": "quick_play", "seat": 1, "payloads": [
        {"slot": 1, "value": 2}, {"slot": 1, "value": 3}, {"slot": 2, "value": 3}]},
             {"type": "quick_play", "seat": 0, "payloads": [{"slot": 1, "value": 9}]}]
    assert known_values(legal, 1) == {2: 3}
    table = {"seats": [{"seat": 0, "hand": []},
                       {"seat": 1, "hand": [{"slot": 1, "value": None},
                                            {"slot": 2, "value": None}]}],
             "moves": {"1": ["quick_play"]}, "discard": {"top": 3}}
    slots = pads.citroncoco(table, 1, False, {}, legal=legal)["slots"]
    assert [s["known"] for s in slots] == [None, 3]


def test_compose_reads_known_values_sequences_and_card_parts() -> None:
    """The pickers' inputs as payload fields: a known card fills its value, cards in the order
    tapped (or by the positions given), several cards by their parts, a reveal grid's rows."""
    known = pads.compose(MultiDict([("p.slot", "2"), ("known.value.2", "13"),
                                    ("known.value.1", "4")]))
    assert known["p.value"] == "13"
    tapped = pads.compose(MultiDict([("p.value", "7"), ("p.slot", "2"), ("known.value.2", "13")]))
    assert tapped["p.value"] == "7"  # what was tapped wins
    seq = [("seq.cards.0.rank", "9"), ("seq.cards.0.suit", "S"), ("seq.cards.1.rank", "2"),
           ("seq.cards.1.suit", "H"), ("seq.cards.2.rank", "JK")]
    assert pads.compose(MultiDict(seq))["p.cards"] == "9S 2H JK"  # by position
    ordered = pads.compose(MultiDict([*seq, ("seq.cards.order", "1 0")]))
    assert ordered["p.cards"] == "2H 9S JK"  # the order tapped, then the rest
    with pytest.raises(FormError, match="suit"):
        pads.compose(MultiDict([("seq.cards.0.rank", "9")]))
    parts = pads.compose(MultiDict([("cardparts.cards.0.0", "coeur"),
                                    ("cardparts.cards.0.1", "noir"),
                                    ("cardparts.cards.0.2", "2"),
                                    ("cardparts.cards.1.0", "rose"),
                                    ("cardparts.cards.1.1", "vert"),
                                    ("cardparts.cards.1.2", "1")]))
    assert parts["p.cards"] == "coeur-noir-2 rose-vert-1"
    with pytest.raises(FormError, match="card 1"):
        pads.compose(MultiDict([("cardparts.cards.0.0", "coeur")]))
    grid = pads.compose(MultiDict([("grid.hands", "2"), ("grid.hands.0.n", "2"),
                                   ("grid.hands.0.0", "1"), ("grid.hands.0.1", "-1"),
                                   ("grid.hands.1.n", "0")]))
    assert grid["p.hands"] == "1 -1\n-"
    with pytest.raises(FormError, match="row 1"):  # a picker left empty is not dropped
        pads.compose(MultiDict([("grid.hands", "1"), ("grid.hands.0.n", "2"),
                                ("grid.hands.0.0", "1")]))


def test_croconounours_discard_is_picked_card_by_card(app: Flask, client: FlaskClient) -> None:
    """CrocoNounours's cards are picked by rank and suit sign (no "2H 9S" to type, so a
    French « C » for cœur cannot become clubs)."""
    made = create(client, "croconounours", NAMES[:2])
    press(client, made.id, "first_player", 0, {"p.seat": "0"})
    press(client, made.id, "deploy", 0, {"p.corner": "a1", "map.warriors.a1": "red",
                                         "map.warriors.a2": "green", "map.warriors.b1": "yellow"})
    press(client, made.id, "deploy", 1, {"p.corner": "g7", "map.warriors.g7": "red",
                                         "map.warriors.g6": "green", "map.warriors.f7": "yellow"})
    page = pad_html(client, made.id, "?seat=0&lang=fr")
    assert 'name="p.cards"' not in page and 'name="seq.cards.0.suit" value="H"' in page
    assert "cœur" in page and "Carte posée n° 2" in page
    press(client, made.id, "discard", 0, {"seq.cards.0.rank": "10", "seq.cards.0.suit": "H",
                                          "seq.cards.1.rank": "Q", "seq.cards.1.suit": "C"})
    assert last_event(client, made.id)["payload"]["cards"] == ["10H", "QC"]


def test_citroncoco_marks_the_values_the_deck_has_no_more_of() -> None:
    """CC-DECK-1: a drawn card cannot show a value whose cards are all known; the picker
    still offers it (the engine judges), shown as spent."""
    legal = [{"type": "discard", "seat": 0, "payloads": [{"value": 1}, {"value": 2}]}]
    table = {"seats": [{"seat": 0, "hand": []}], "moves": {"0": ["discard"]},
             "discard": {"top": None}}
    shaped = pads.citroncoco(table, 0, False, {}, legal=legal)
    assert shaped["unseen"] == [1, 2] and len(shaped["deck"]) == 14
    known = [{"type": "discard", "seat": 0, "payloads": [{"value": 7}]}]  # the drawn card known
    assert pads.citroncoco(table, 0, False, {}, legal=known)["unseen"] is None


# --- a pad offers what the engine's legal moves allow ---------------------------------------------


def test_cc_turn_2_the_pad_does_not_offer_taking_back_ones_own_discard(
        app: Flask, client: FlaskClient) -> None:
    """CC-TURN-2: Bob quick-plays a 5 on Alice's 5 and is next to draw: the 5 on top is his
    own, so his pad offers the stock only."""
    made = create(client, names=NAMES[:3])
    alice, bob = joined(app, made.id, made.seats[0]), joined(app, made.id, made.seats[1])
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    press(alice, made.id, "discard", 0, {"p.value": "5"})
    assert "Take the 5 from the discard" in pad_html(bob, made.id)
    press(bob, made.id, "quick_play", 1, {"p.slot": "1", "p.value": "5"})
    page = pad_html(bob, made.id)
    assert "Draw from the stock" in page and "from the discard" not in page


def test_cct_fellow_1_the_fellow_power_offers_only_the_teammate(
        app: Flask, client: FlaskClient) -> None:
    """CCT-FELLOW-1: Alice's 2 looks at a card of her teammate, Carol (seat 2): the pad's seat
    picker lists Carol only."""
    made = create(client, "citroncoco-teams", NAMES)
    alice = joined(app, made.id, made.seats[0])
    press(alice, made.id, "draw", 0, {"p.source": "stock"})
    press(alice, made.id, "discard", 0, {"p.value": "2"})
    page = pad_html(alice, made.id)
    power = page[page.index('id="pad-power"'):]
    seats = re.findall(r'name="p.target_seat" value="(\d+)"', power)
    assert seats == ["2"]


def test_cn_setup_3_the_second_of_two_deploys_only_in_the_opposite_corner(
        app: Flask, client: FlaskClient) -> None:
    """CN-SETUP-3: at two players, Alice deployed in a1: Bob's pad offers g7 only."""
    made = create(client, "croconounours", NAMES[:2])
    press(client, made.id, "first_player", 0, {"p.seat": "0"})
    press(client, made.id, "deploy", 0, {"p.corner": "a1", "map.warriors.a1": "red",
                                         "map.warriors.a2": "green", "map.warriors.b1": "yellow"})
    bob = joined(app, made.id, made.seats[1])
    page = pad_html(bob, made.id)
    assert re.findall(r"corner=([a-g][1-7])", page) == ["g7"]
