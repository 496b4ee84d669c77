"""Helpers for the page tests: create a match through its pages, join a seat, log a move."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from tests.streamserver import stream_server

CSRF_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class Browser(FlaskClient):
    """A test client that sends a form with the CSRF token of one of the site's pages."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        path = args[0] if args and isinstance(args[0], str) else ""
        data = kwargs.get("data")
        if (kwargs.get("method") == "POST" and not path.startswith("/api/")
                and (data is None or isinstance(data, dict)) and "csrf_token" not in (data or {})):
            if isinstance(data, MultiDict):
                data = data.copy()
                data["csrf_token"] = self.csrf_token()
            else:  # a plain dict: a file is a (stream, name) tuple, not a list of values
                data = {**(data or {}), "csrf_token": self.csrf_token()}
            kwargs["data"] = data
        return super().open(*args, **kwargs)

    def csrf_token(self) -> str:
        page = super().open("/", method="GET").get_data(as_text=True)
        found = CSRF_TOKEN.search(page)
        assert found, "the home page carries no CSRF token"
        return found.group(1)


JOIN = re.compile(r'href="(https?://[^"]+/m/(\d+)/join/link#t=([^"]+))" data-seat="([^"]+)"')

#: One CitronCoco round for two seats: seat 0 calls Citron Coco, the hands are revealed.
ROUND = [
    ("draw", 0, {"p.source": "stock"}),
    ("discard", 0, {"p.value": "5"}),
    ("citron_coco", 0, {}),
    ("draw", 1, {"p.source": "stock"}),
    ("discard", 1, {"p.value": "6"}),
    ("reveal", None, {"p.hands": "1 2 3 4\n5 6 7 8"}),
]


@dataclass
class Made:
    id: int
    host: str
    seats: list[str]
    host_client: FlaskClient  # the browser that created the match (the host's cookie)


def create(client: FlaskClient, game: str = "citroncoco", names: tuple[str, ...] = ("Alice", "Bob"),
           **fields: Any) -> Made:
    """Create a match through the create page; read the tokens off the join-links page."""
    data: dict[str, Any] = {"seat": list(names), **fields}
    response = client.post(f"/new/{game}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    invite = client.get(response.location)
    assert invite.status_code == 200
    found = JOIN.findall(invite.get_data(as_text=True))
    seats = {who: token for _url, _id, token, who in found}
    match_id = int(found[0][1])
    return Made(match_id, seats.pop("host"), [seats[str(i)] for i in range(len(seats))],
                client)


def joined(app: Flask, match_id: int, token: str) -> FlaskClient:
    """A new browser that opened a join link: the join page's script posts the token that
    follows the link's "#"."""
    browser = app.test_client()
    response = browser.post(f"/m/{match_id}/join", data={"link": token})
    assert response.status_code == 303
    return browser


def move(client: FlaskClient, match_id: int, type_: str, seat: int | None,
         fields: dict[str, Any] | None = None, back: str = "play", key: str | None = None,
         confirm: bool = True) -> Any:
    """Post a move as a form does; a costly move's confirm page is confirmed (unless not)."""
    data = {"type": type_, "seat": "" if seat is None else str(seat), "back": back,
            **(fields or {})}
    if key:
        data["key"] = key
    response = client.post(f"/m/{match_id}/moves", data=data)
    if confirm and asks_confirmation(response):
        response = client.post(f"/m/{match_id}/moves", data={**data, "confirmed": "1"})
    return response


def asks_confirmation(response: Any) -> bool:
    """The answer is the confirm page of a costly move (nothing logged yet)."""
    return response.status_code == 200 and 'name="confirmed"' in response.get_data(as_text=True)


def text_of(response: Any) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def plain(response: Any) -> str:
    """The page's text without its tags, as a reader sees it."""
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
    return re.sub(r" ([,.;:)])", r"\1", text)


@contextmanager
def served(app: Flask, host: str = "127.0.0.1") -> Iterator[int]:
    """The app over real HTTP from a thread (for a real browser), on a free port: its port. It
    is served as ``referee serve`` serves it (the stream server), live streams and all."""
    with stream_server(app, host) as server:
        yield int(server.config.port)


def fill_hands(scope: Any, hands: list[list[int]]) -> None:
    """Give CitronCoco hands in a browser as the hand pickers ask: how many of each card."""
    for seat, hand in enumerate(hands):
        for value in sorted(set(hand)):
            scope.locator(f'input[name="counts.hands.{seat}.{value}"]').fill(str(hand.count(value)))
