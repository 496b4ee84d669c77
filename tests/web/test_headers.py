"""The browser's guards on every answer (Content-Security-Policy, no framing, nosniff, referrers,
HSTS over TLS only), the templates they allow, and join tokens kept out of addresses.

The headers do not depend on the database: these tests run on SQLite alone."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import PACKAGE, ROOT
from referee.web.chart import rounds_chart
from tests.helpers import auth, new_match
from tests.helpers import move as api_move
from tests.web.helpers import create, plain

SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

GUARDS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


#: The directives every answer's Content-Security-Policy has.
POLICY = {"frame-ancestors": "'none'", "default-src": "'self'", "script-src": "'self'",
          "style-src": "'self'", "object-src": "'none'", "base-uri": "'none'"}


def directives(response: object) -> dict[str, str]:
    """The response's Content-Security-Policy, directive -> its sources."""
    policy = response.headers.get("Content-Security-Policy", "")  # type: ignore[attr-defined]
    return {part.split()[0]: " ".join(part.split()[1:])
            for part in (p.strip() for p in policy.split(";")) if part}


ANSWERS = {
    "page": ("GET", "/", 200),
    "api": ("GET", "/api/games", 200),
    "static file": ("GET", "/static/style.css", 200),
    "page error": ("GET", "/no-such-page", 404),
    "api error": ("GET", "/api/matches/999", 404),
    "method not allowed": ("PUT", "/api/games", 405),
    "refused form": ("POST", "/nights", 400),  # a forged CSRF token
    "openapi document": ("GET", "/api/openapi.json", 200),
    "health": ("GET", "/healthz", 200),
}


@SQLITE
def test_every_kind_of_answer_carries_the_guards(app: Flask) -> None:
    """Pages, API answers, static files and errors: none may be framed, sniffed or leak its
    address to another site, and each runs the site's own scripts and styles only."""
    wrong = []
    for kind, (method, path, status) in ANSWERS.items():
        data = {"csrf_token": "forged", "name": "Friday"} if kind == "refused form" else None
        response = app.test_client().open(path, method=method, data=data)
        assert response.status_code == status, kind
        policy = directives(response)
        wrong += [f"{kind}: {name}" for name, value in GUARDS.items()
                  if response.headers.get(name) != value]
        wrong += [f"{kind}: {name}" for name, value in POLICY.items() if policy.get(name) != value]
        if "camera=()" not in response.headers.get("Permissions-Policy", ""):
            wrong.append(f"{kind}: Permissions-Policy")
    assert wrong == []


@SQLITE
def test_only_the_api_docs_allow_data_images(client: FlaskClient) -> None:
    """Swagger UI's style sheet draws its icons as data: images; the pages need none."""
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert directives(docs)["img-src"] == "'self' data:"
    assert directives(client.get("/"))["img-src"] == "'self'"


@SQLITE
def test_the_api_docs_start_from_a_static_script(client: FlaskClient) -> None:
    """The docs page has no inline script, which its policy would not run."""
    page = client.get("/api/docs").get_data(as_text=True)
    assert "/static/api-docs.js" in page
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert 'data-spec-url="/api/openapi.json"' in page


@SQLITE
def test_no_hsts_over_plain_http(client: FlaskClient) -> None:
    """The table's network is plain HTTP: a browser told to keep to HTTPS would be locked out."""
    assert "Strict-Transport-Security" not in client.get("/").headers


@SQLITE
def test_hsts_over_https(client: FlaskClient) -> None:
    response = client.get("/", base_url="https://referee.example.org")
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


@SQLITE
def test_hsts_behind_the_public_urls_tls_proxy(app: Flask, client: FlaskClient) -> None:
    """A TLS proxy that does not say so (no X-Forwarded-Proto): the request came to the host of
    an https REFEREE_PUBLIC_URL, so it went out over TLS; the same app reached on its network
    address answers without HSTS."""
    app.config["PUBLIC_URL"] = "https://referee.example.org"
    proxied = client.get("/", headers={"Host": "referee.example.org"})
    assert proxied.headers["Strict-Transport-Security"] == "max-age=31536000"
    direct = client.get("/", headers={"Host": "192.168.1.20:8000"})
    assert "Strict-Transport-Security" not in direct.headers


@SQLITE
def test_hsts_can_be_turned_off(app: Flask, client: FlaskClient) -> None:
    app.config["HSTS_MAX_AGE"] = 0
    response = client.get("/", base_url="https://referee.example.org")
    assert "Strict-Transport-Security" not in response.headers


#: What the pages' Content-Security-Policy would not run or apply, in a template.
INLINE = {
    "an inline script": re.compile(r"<script(?![^>]*\b(src|type=\"application/json\"))[^>]*>"),
    "an event handler attribute": re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE),
    "a javascript: address": re.compile(r"javascript:", re.IGNORECASE),
    "a style attribute": re.compile(r"<[a-z][^>]*\sstyle\s*=", re.IGNORECASE),
    "a style element": re.compile(r"<style\b", re.IGNORECASE),
}


def test_no_template_holds_what_the_policy_refuses() -> None:
    """Scripts and styles live in static files (their data in data- attributes): written into
    a page, the browser would refuse them without a word."""
    found = [f"{what} in {path.relative_to(ROOT)}:{text[:match.start()].count(chr(10)) + 1}"
             for path in sorted((PACKAGE / "templates").rglob("*.html"))
             for text in [path.read_text()]
             for what, pattern in INLINE.items()
             for match in pattern.finditer(text)]
    assert found == []


@SQLITE
def test_the_charts_are_sized_by_class_not_by_style(client: FlaskClient) -> None:
    """The TV board's chart keeps its large labels through its class (a style attribute on the
    chart would be refused)."""
    table = new_match(client, mode="rounds")
    round_ = {"caller": 0, "hands": [[1, 1, 1, 1], [2, 3, 4, 5], [5, 4, 3, 2]]}
    assert api_move(client, table, "round", None, round_).status_code == 201
    board = client.get(f"/m/{table.id}/board/live").get_data(as_text=True)
    assert '<svg class="chart tv"' in board and "style=" not in board
    chart = str(rounds_chart({"lines": [{"side": "0", "seats": [0], "total": 5}],
                              "rounds": [{"0": 5}]}, {"0": "Alice"}, "Totals"))
    assert chart.startswith('<svg class="chart"') and "style=" not in chart


# --- join tokens out of addresses ------------------------------------------------------------


@SQLITE
def test_join_links_carry_their_token_after_the_hash(client: FlaskClient) -> None:
    """The invite page's links and codes: ``/m/<id>/join/link#t=…``; a browser never sends what
    follows "#", so the token is in no request line nor Referer."""
    made = create(client)
    page = client.get(f"/m/{made.id}/invite").get_data(as_text=True)
    for token in (made.host, *made.seats):
        assert f"/m/{made.id}/join/link#t={token}\"" in page
    assert "?token=" not in page and "token=" not in page.replace("csrf_token", "")


@SQLITE
def test_the_join_page_posts_the_token_from_a_static_script(client: FlaskClient) -> None:
    made = create(client)
    response = client.get(f"/m/{made.id}/join/link")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "/static/join.js" in page
    assert f'action="/m/{made.id}/join"' in page and 'name="link"' in page


@SQLITE
@pytest.mark.parametrize("given", ["{token}", "http://192.168.1.20:5000/m/{id}/join/link#t={token}",
                                   "http://192.168.1.20:5000/m/{id}/join?token={token}"])
def test_joining_by_post_takes_the_token_or_a_whole_link(app: Flask, client: FlaskClient,
                                                         given: str) -> None:
    """What the join page's script posts (the token), or a link pasted where no script runs."""
    made = create(client)
    browser = app.test_client()
    response = browser.post(f"/m/{made.id}/join",
                            data={"link": given.format(token=made.seats[1], id=made.id)})
    assert response.status_code == 303
    assert response.location.endswith(f"/m/{made.id}/play")
    cookie = response.headers["Set-Cookie"]
    assert f"referee_m{made.id}={made.seats[1]}" in cookie and "HttpOnly" in cookie
    assert "You are seat 2 (Bob)" in plain(browser.get(f"/m/{made.id}/play"))


@SQLITE
def test_joining_by_post_without_a_token_says_what_to_give(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    response = app.test_client().post(f"/m/{made.id}/join", data={"link": "http://x/m/1/join/link"})
    assert response.status_code == 400
    assert "join link (or its token) to join the match" in plain(response)
    assert "Set-Cookie" not in response.headers or "referee_m" not in response.headers["Set-Cookie"]


@SQLITE
def test_joining_by_post_with_a_wrong_token_is_refused(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    response = app.test_client().post(f"/m/{made.id}/join", data={"link": "not-a-token"})
    assert response.status_code == 403 and "does not belong to match" in plain(response)


@SQLITE
def test_another_site_cannot_post_a_join(app: Flask, client: FlaskClient) -> None:
    """A page elsewhere cannot sign a browser in as a seat of its choosing."""
    made = create(client)
    browser = app.test_client()
    response = browser.post(f"/m/{made.id}/join", data={"link": made.seats[0]},
                            headers={"Origin": "http://127.0.0.1:9"})
    assert response.status_code == 400
    assert browser.get_cookie(f"referee_m{made.id}", path=f"/m/{made.id}") is None


@SQLITE
def test_the_api_takes_no_token_from_the_address(client: FlaskClient) -> None:
    """Only the Authorization header carries a token: one in the query string counts for
    nothing (it would end in access logs)."""
    table = new_match(client)
    url = f"/api/matches/{table.id}/state?as=1"
    assert client.get(f"{url}&token={table.seats[1]}").status_code == 401
    assert client.get(f"{url}&access_token={table.host}").status_code == 401
    assert client.get(url, headers=auth(table.seats[1])).status_code == 200
