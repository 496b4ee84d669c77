"""The browser's guards at work in Chromium: a page of another origin cannot frame the pad (nor
have a click there log a move), and a join link's token, after its "#", reaches no request the
server sees, in its address or in a Referer."""

from __future__ import annotations

import http.server
import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import playwright.sync_api as playwright_api
import pytest
from flask import request

from referee import create_app, database
from referee.cli import upgrade_database
from tests.web import test_browser as first_scenario
from tests.web.helpers import served
from tests.web.test_browser import PHONE, TIMEOUT, log, phone, shoot

pytestmark = pytest.mark.browser

browser = first_scenario.browser  # Chromium, shared with the other browser tests

expect = playwright_api.expect


@dataclass
class Site:
    url: str
    requests: list[str]  # every request line's target and Referer the app was sent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The app on a migrated SQLite file over real HTTP, noting what each request carried in
    its address and its Referer (what an access log or a proxy would keep)."""
    path = tmp_path_factory.mktemp("headers") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    seen: list[str] = []

    @app.before_request
    def note_request() -> None:
        seen.append(f"{request.method} {request.full_path}")
        seen.append(f"Referer: {request.headers.get('Referer', '')}")

    with served(app) as port:
        yield Site(f"http://127.0.0.1:{port}", seen)
    database(app).engine.dispose()


def new_match(site: Site) -> dict[str, Any]:
    body = json.dumps({"game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]})
    sent = urllib.request.Request(f"{site.url}/api/matches", data=body.encode(), method="POST",
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(sent) as response:
        return dict(json.load(response))


def last_seq(site: Site, match_id: int) -> int:
    with urllib.request.urlopen(f"{site.url}/api/matches/{match_id}") as response:
        return int(json.load(response)["last_seq"])


def join(page: Any, link: str) -> None:
    """Open a join link and wait for the page it leads to (its script posts the token)."""
    page.goto(link)
    page.wait_for_url(lambda url: not url.endswith("/join/link"))


def on_site(site: Site, link: str) -> str:
    """A join link as the test's server answers it (the invite page on 127.0.0.1 gives the
    machine's network address, where this server does not listen)."""
    return site.url + "/m/" + link.split("/m/", 1)[1]


@contextmanager
def another_origin(pages: dict[str, str]) -> Iterator[str]:
    """Another site on this machine (another port of 127.0.0.1: the same site to a browser's
    cookies) serving ``pages`` (path -> HTML): its address."""

    class Pages(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802  (http.server's name)
            body = pages.get(self.path.split("?")[0], "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


def test_another_origin_cannot_frame_the_pad(site: Site, browser: Any) -> None:
    """A page on another port lays the host's pad, invisible, over its own button: Chromium
    refuses to show the pad in its frame, and a click where "Draw from the stock" would be logs
    nothing. (A page of its own origin does show in the same kind of frame.)"""
    match = new_match(site)
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    join(host, f"{site.url}/m/{match['id']}/join/link#t={match['host_token']}")
    draw = host.get_by_role("button", name="Draw from the stock")
    box = draw.bounding_box()  # where the attacker's page wants the click
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    frame = (f'style="position:absolute;top:0;left:0;border:0;opacity:0.01" '
             f'width="{PHONE["width"]}" height="{PHONE["height"]}"')
    pages = {"/": f'<!doctype html><button>Win a prize</button>'
                  f'<iframe id="pad" src="{site.url}/m/{match["id"]}/play" {frame}></iframe>'
                  f'<iframe id="own" src="/own"></iframe>',
             "/own": "<!doctype html><p>A page of the other site</p>"}
    with another_origin(pages) as elsewhere:
        attacker = host.context.new_page()
        attacker.set_default_timeout(TIMEOUT)
        attacker.goto(elsewhere + "/")
        expect(attacker.frame_locator("#own").locator("p")).to_have_text(
            "A page of the other site")
        pad = attacker.frame(url=re.compile(r"/m/\d+/play"))
        assert pad is None or pad.locator("form.pad-form").count() == 0
        for _ in range(2):
            attacker.mouse.click(x, y)
        attacker.wait_for_timeout(500)
    assert last_seq(site, match["id"]) == 0
    host.context.close()


def test_a_join_link_sends_its_token_in_no_request(site: Site, browser: Any) -> None:
    """The host creates a match, the players open their seats' links and log a move: the pad
    works, and no request the server saw carried a token in its address or its Referer."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    host.goto(f"{site.url}/new/citroncoco")
    host.locator("#seat-0").fill("Alice")
    host.locator("#seat-1").fill("Bob")
    host.get_by_role("button", name="Create the match").click()
    links = {a.get_attribute("data-seat"): a.get_attribute("href")
             for a in host.locator("a.join-link").all()}
    tokens = {who: link.split("#t=", 1)[1] for who, link in links.items()}
    assert set(tokens) == {"0", "1", "host"}
    alice, bob = phone(browser), phone(browser)
    for page, who in ((alice, "0"), (bob, "1")):
        page.set_default_timeout(TIMEOUT)
        join(page, on_site(site, links[who]))
        assert re.search(r"/m/\d+/play$", page.url)  # the token left the address
    expect(alice.locator(".who")).to_contain_text("You are seat 1 (Alice)")
    expect(bob.locator(".who")).to_contain_text("You are seat 2 (Bob)")
    join(host, on_site(site, links["host"]))  # the host's own link, opened on its phone
    log(alice, "Draw from the stock")
    expect(alice.locator("#verdict")).to_contain_text("CC-TURN-1")
    shoot(alice, "joined-by-link-phone")
    alice.reload()
    carried = [line for line in site.requests for token in tokens.values() if token in line]
    assert carried == []
    for page in (host, alice, bob):
        page.context.close()
