"""No dead ends: a page a phone is left on reloads, a replaced join link says what to do, and
the join links work from the phones even when the host opened the app on a loopback address."""

from __future__ import annotations

import html
import io
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from referee.service import network
from tests.web.helpers import create, joined, move, plain


def test_opening_a_moves_address_leads_back_to_the_pad(app: Flask,
                                                       client: FlaskClient) -> None:
    """A phone left on /m/<id>/moves after a refused move reloads it as a page: the pad."""
    made = create(client)
    response = client.get(f"/m/{made.id}/moves")
    assert response.status_code == 303 and response.location == f"/m/{made.id}/play"
    response = client.get(f"/m/{made.id}/moves?seat=1")
    assert response.location == f"/m/{made.id}/play?seat=1"
    assert client.get(response.location).status_code == 200


def test_a_refused_moves_page_puts_the_pads_address_in_the_address_bar(
        app: Flask, client: FlaskClient) -> None:
    """CC-TURN-6: a move out of turn is refused (422); its page says where it really is, so
    that reloading it asks for the pad, not for the move again."""
    made = create(client)
    bob = joined(app, made.id, made.seats[1])
    response = move(bob, made.id, "draw", 1, {"p.source": "stock"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)  # said to address.js, which replaces the address
    assert f'address.js" data-address="/m/{made.id}/play?seat=1"' in page
    assert "data-address" not in bob.get(f"/m/{made.id}/play").get_data(as_text=True)


def test_a_replaced_join_link_says_so_and_what_to_do(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    bob = joined(app, made.id, made.seats[1])
    assert client.post(f"/m/{made.id}/seats/1/token").status_code == 303  # the host
    page = plain(bob.get(f"/m/{made.id}/play"))
    assert "You have not joined" not in page
    assert "join link of seat 2 (Bob) was replaced" in page
    assert "scan your seat's new QR code" in html.unescape(page)
    response = app.test_client().get(f"/m/{made.id}/join?token={made.seats[1]}")
    assert response.status_code == 403
    assert "was replaced by a new one" in plain(response)


def test_a_link_that_was_never_issued_is_still_a_wrong_link(app: Flask,
                                                             client: FlaskClient) -> None:
    made = create(client)
    response = app.test_client().get(f"/m/{made.id}/join?token=never-issued")
    assert response.status_code == 403 and "does not belong to match" in plain(response)


def invite_links(page: str) -> list[str]:
    return re.findall(r'class="join-link" href="([^"]+)"', page)


def test_an_invite_on_a_loopback_address_offers_the_network_address(
        app: Flask, client: FlaskClient) -> None:
    """The test client asks as ``localhost``: the phones could not open such links."""
    made = create(client)
    page = client.get(f"/m/{made.id}/invite").get_data(as_text=True)
    assert "The phones cannot open this address" in page
    found = network.lan_addresses()
    links = invite_links(page)
    if found:
        assert all(link.startswith(f"http://{found[0]}/m/{made.id}/join") for link in links)
        assert f"network address, <strong>{found[0]}</strong>" in page
    else:
        assert "No network address of this machine was found" in page


def test_an_invite_on_a_network_address_says_nothing_and_keeps_it(
        app: Flask, client: FlaskClient) -> None:
    made = create(client)
    page = client.get(f"/m/{made.id}/invite", base_url="http://192.168.1.20:5000"
                      ).get_data(as_text=True)
    assert "cannot open this address" not in page
    assert all(link.startswith("http://192.168.1.20:5000/m/") for link in invite_links(page))


def test_the_public_url_wins_over_any_address(app: Flask, client: FlaskClient) -> None:
    app.config["PUBLIC_URL"] = "https://referee.example.org/"
    made = create(client)
    page = client.get(f"/m/{made.id}/invite").get_data(as_text=True)
    assert "cannot open this address" not in page
    assert all(link.startswith("https://referee.example.org/m/")
               for link in invite_links(page))


def test_loopback_addresses_are_told_from_network_ones() -> None:
    for host in ("127.0.0.1:5000", "localhost", "LOCALHOST:80", "[::1]:5000", "127.1.2.3",
                 "app.localhost:5000"):
        assert network.is_loopback(host), host
    for host in ("192.168.1.20:5000", "referee.example.org", "[fd00::2]:5000", "10.0.0.7"):
        assert not network.is_loopback(host), host


def test_only_addresses_another_device_can_reach_are_offered() -> None:
    assert network.usable(["127.0.0.1", "192.168.1.20", "169.254.3.4", "0.0.0.0",
                           "192.168.1.20", "fe80::1%eth0", "not an address", "10.0.0.7"]
                          ) == ["192.168.1.20", "10.0.0.7"]


# --- imports -----------------------------------------------------------------------------------


def export_file(client: FlaskClient, match_id: int) -> bytes:
    return client.get(f"/m/{match_id}/export.json").data


def test_the_import_page_refuses_a_match_already_here_with_a_link(
        app: Flask, client: FlaskClient) -> None:
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    response = client.post("/import", data={"file": (io.BytesIO(export_file(client, made.id)),
                                                      "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert f'href="/m/{made.id}">Open match #{made.id}</a>' in page
    assert "Import as a copy" in page
    assert client.get("/api/matches").get_json()["total"] == 1


def test_a_copy_from_the_import_page_is_marked_on_its_pages(app: Flask,
                                                             client: FlaskClient) -> None:
    made = create(client)
    data = export_file(client, made.id)
    response = client.post("/import", data={"file": (io.BytesIO(data), "m.json"),
                                            "copy": "on"},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    copy_id = int(re.search(r"/m/(\d+)/invite", response.location).group(1))
    for path in ("", "/play", "/board", "/invite"):
        assert "does not count in the players' records" in html.unescape(
            plain(client.get(f"/m/{copy_id}{path}"))), path
    assert "A copy" not in plain(client.get(f"/m/{made.id}"))
    listed = client.get("/history").get_data(as_text=True)
    assert listed.count('class="badge" title="Imported as a copy') == 1
    assert json.loads(data)["uuid"] != client.get(f"/api/matches/{copy_id}").get_json()["uuid"]
