"""Forged requests against the pages: a form without the page's CSRF token or from another
origin changes nothing; join links are kept encrypted; creations and imports are rate limited."""

from __future__ import annotations

import base64
import io
import json
import pathlib
import re
import time
import zlib

import itsdangerous.timed
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.cli import upgrade_database
from tests.web.helpers import Browser, create, move, plain


def bare(app: Flask) -> FlaskClient:
    """A client that posts forms without any page's CSRF token, as a forged form would."""
    return FlaskClient(app, app.response_class, use_cookies=True)


def seqs(client: FlaskClient, match_id: int) -> int:
    return client.get(f"/api/matches/{match_id}").get_json()["last_seq"]


def test_a_move_without_the_csrf_token_is_refused(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    forged = bare(app)
    forged.set_cookie(f"referee_m{made.id}", made.host, path=f"/m/{made.id}")
    response = forged.post(f"/m/{made.id}/moves", data={"type": "draw", "seat": "0",
                                                        "p.source": "stock"})
    assert response.status_code == 400 and "CSRF token" in plain(response)
    assert seqs(client, made.id) == 0


def test_a_night_without_the_csrf_token_is_refused(app: Flask) -> None:
    response = bare(app).post("/nights", data={"name": "Forged"})
    assert response.status_code == 400
    assert bare(app).get("/api/nights").get_json()["items"] == []


def test_a_form_from_another_port_is_refused(client: FlaskClient) -> None:
    """The host's browser, on a page of the same host on another port: its cookies and even a
    CSRF token do not make the move the host's."""
    made = create(client)
    response = client.post(f"/m/{made.id}/moves", data={"type": "draw", "seat": "0",
                                                        "p.source": "stock"},
                           headers={"Origin": "http://localhost:8081"})
    assert response.status_code == 400 and "http://localhost:8081" in plain(response)
    assert seqs(client, made.id) == 0


@pytest.mark.parametrize("origin", ["http://[", "http://[::1"])
def test_a_form_from_an_unreadable_origin_is_refused(client: FlaskClient, origin: str) -> None:
    """An Origin header whose host cannot be parsed (an unclosed IPv6 bracket) is no origin of
    ours: 400 naming it, nothing logged, never a 500."""
    made = create(client)
    response = client.post(f"/m/{made.id}/moves", data={"type": "draw", "seat": "0",
                                                        "p.source": "stock"},
                           headers={"Origin": origin})
    assert response.status_code == 400 and origin in plain(response)
    assert seqs(client, made.id) == 0


def test_a_form_from_the_same_origin_is_logged(client: FlaskClient) -> None:
    made = create(client)
    response = client.post(f"/m/{made.id}/moves", data={"type": "draw", "seat": "0",
                                                        "p.source": "stock"},
                           headers={"Origin": "http://localhost"})
    assert response.status_code == 303 and seqs(client, made.id) == 1


def test_a_pad_left_open_all_night_still_posts(client: FlaskClient, monkeypatch) -> None:
    """The page's CSRF token is still good twelve hours later."""
    made = create(client)
    token = client.csrf_token()
    later = time.time() + 12 * 3600
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    response = client.post(f"/m/{made.id}/moves", data={
        "type": "draw", "seat": "0", "p.source": "stock", "csrf_token": token})
    assert response.status_code == 303 and seqs(client, made.id) == 1


def test_the_api_needs_no_csrf_token(app: Flask) -> None:
    response = bare(app).post("/api/nights", json={"name": "From a script"})
    assert response.status_code == 201


def session_text(client: FlaskClient) -> str:
    """The Flask session cookie as anyone who sees it can read it."""
    cookie = client.get_cookie("session")
    if cookie is None:
        return ""
    payload = cookie.value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return zlib.decompress(raw).decode() if cookie.value.startswith(".") else raw.decode()


def test_join_links_are_kept_encrypted_in_the_browser(client: FlaskClient) -> None:
    made = create(client, names=("Alice", "Bob", "Chloé"))
    kept = client.get_cookie("referee_invites")
    assert kept is not None and kept.http_only
    for token in made.seats:
        assert token not in kept.value and token not in session_text(client)
    # and the invite page still shows every join link to the browser that made the match
    page = client.get(f"/m/{made.id}/invite").get_data(as_text=True)
    assert all(token in page for token in made.seats)


def test_an_unreadable_invites_cookie_shows_no_link(client: FlaskClient) -> None:
    made = create(client)
    client.set_cookie("referee_invites", "not-a-fernet-token")
    response = client.get(f"/m/{made.id}/invite")
    assert response.status_code == 200
    assert made.seats[0] not in response.get_data(as_text=True)


def limited_app(database_url: str, tmp_path) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "RATELIMIT_CREATE": "2 per minute", "RATELIMIT_IMPORT": "1 per minute"})
    app.instance_path = str(tmp_path / "instance")
    app.test_client_class = Browser
    upgrade_database(app)
    return app


def test_match_creation_is_rate_limited_per_address(database_url: str, tmp_path) -> None:
    app = limited_app(database_url, tmp_path)
    client = app.test_client()
    game = {"game": "citroncoco", "seats": [{"name": "A"}, {"name": "B"}]}
    assert client.post("/api/matches", json=game).status_code == 201
    assert client.post("/new/citroncoco", data={"seat": ["A", "B"]}).status_code == 303
    refused = client.post("/api/matches", json=game)
    assert refused.status_code == 429 and "at most 2 per minute" in refused.get_json()["message"]
    assert client.post("/new/citroncoco", data={"seat": ["A", "B"]}).status_code == 429
    other = app.test_client()
    assert other.post("/api/matches", json=game,
                      environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 201
    assert client.get("/new/citroncoco").status_code == 200  # reading the form is not counted
    database(app).engine.dispose()


def test_imports_are_rate_limited_per_address(database_url: str, tmp_path) -> None:
    app = limited_app(database_url, tmp_path)
    client = app.test_client()
    made = create(client)
    move(client, made.id, "draw", 0, {"p.source": "stock"})
    exported = client.get(f"/m/{made.id}/export.json").get_data()
    copied = client.post("/api/matches/import?copy=true", json=json.loads(exported))
    assert copied.status_code == 201
    response = client.post("/import", data={"file": (io.BytesIO(exported), "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 429
    database(app).engine.dispose()


def test_every_post_form_in_the_templates_carries_the_csrf_token() -> None:
    """Every form that posts carries the CSRF field, so no page can be forged from another
    site and no form is refused to its own user."""
    root = pathlib.Path(__file__).resolve().parents[2] / "referee" / "templates"
    missing = []
    for path in sorted(root.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r'<form[^>]*method="post"[^>]*>', text, flags=re.I):
            body = text[found.end():text.find("</form>", found.end())]
            if 'name="csrf_token"' not in body:
                missing.append(f"{path.name}: {found.group(0)[:80]}")
    assert not missing, missing
