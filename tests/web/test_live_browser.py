"""Live pages in a real browser: the TV board and a pad follow the match's event stream.

A move logged from another device reaches the board and the pad without a reload: the board
fetches its standings again, the pad fetches its own seat's view again and says so.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from tests.web.test_browser import TIMEOUT, TV, browser, expect, phone, server

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # the fixtures, shared with the other browser tests


def new_match(server: str) -> dict[str, Any]:
    created = requests.post(f"{server}/api/matches", timeout=10, json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]})
    assert created.status_code == 201, created.text
    return created.json()


def log_move(server: str, match: dict[str, Any], seat: int, type_: str,
             payload: dict[str, Any]) -> None:
    response = requests.post(
        f"{server}/api/matches/{match['id']}/events", timeout=10,
        json={"type": type_, "seat": seat, "payload": payload},
        headers={"Authorization": f"Bearer {match['seat_tokens'][seat]}"})
    assert response.status_code == 201, response.text


def test_the_board_follows_the_stream_without_reloading(server: str, browser: Any) -> None:
    """CC-TURN-1: Alice's draw and discard, logged elsewhere, reach the TV at once."""
    match = new_match(server)
    tv = browser.new_context(viewport=TV).new_page()
    tv.set_default_timeout(TIMEOUT)
    with tv.expect_request(re.compile(rf"/api/matches/{match['id']}/stream\?after=0")):
        tv.goto(f"{server}/m/{match['id']}/board")
    tv.evaluate("window.stillHere = true")
    log_move(server, match, 0, "draw", {"source": "stock"})
    log_move(server, match, 0, "discard", {"value": 5})
    expect(tv.locator(".board-seq")).to_have_text("2 moves logged")
    expect(tv.locator(".board-turn")).to_have_text("To play: Bob")
    assert tv.evaluate("window.stillHere") is True


def test_a_pad_fetches_its_seat_view_again_on_each_move(server: str, browser: Any) -> None:
    """CC-TURN-1: Bob's pad learns that Alice played and that it is his turn, without reload."""
    match = new_match(server)
    bob = phone(browser)
    bob.set_default_timeout(TIMEOUT)
    bob.goto(f"{server}/m/{match['id']}/join?token={match['seat_tokens'][1]}")
    expect(bob.locator(".turn")).to_contain_text("To play: seat 1 (Alice)")
    bob.evaluate("window.stillHere = true")
    log_move(server, match, 0, "draw", {"source": "stock"})
    log_move(server, match, 0, "discard", {"value": 5})
    expect(bob.locator(".turn")).to_contain_text("To play: seat 2 (Bob)")
    expect(bob.locator("#stale")).to_contain_text("Move #2 was logged")
    expect(bob.get_by_role("button", name="Draw from the stock")).to_be_visible()
    assert bob.evaluate("window.stillHere") is True
