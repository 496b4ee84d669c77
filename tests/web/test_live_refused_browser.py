"""Live pages in a real browser when the server refuses their event stream (503: it holds all
the streams it may). A browser's EventSource gives up on a 503 for good, so the board and the
pad poll instead, and still follow the match without a reload.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from tests.web.helpers import served
from tests.web.test_browser import TIMEOUT, TV, browser, expect, phone
from tests.web.test_live_browser import log_move, new_match

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app over real HTTP with no room for any stream (REFEREE_STREAM_LIMIT=0)."""
    path = tmp_path_factory.mktemp("refused") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "STREAM_LIMIT": 0})
    upgrade_database(app)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}"
    database(app).engine.dispose()


def test_a_board_whose_stream_is_refused_follows_the_match_by_polling(
        server: str, browser: Any) -> None:
    """The TV's stream is answered 503; Alice's draw and discard still reach the board."""
    match = new_match(server)
    tv = browser.new_context(viewport=TV).new_page()
    tv.set_default_timeout(TIMEOUT)
    stream = re.compile(rf"/api/matches/{match['id']}/stream\?after=0")
    with tv.expect_response(stream) as refused:
        tv.goto(f"{server}/m/{match['id']}/board")
    assert refused.value.status == 503
    tv.evaluate("window.stillHere = true")
    log_move(server, match, 0, "draw", {"source": "stock"})
    log_move(server, match, 0, "discard", {"value": 5})
    expect(tv.locator(".board-seq")).to_have_text("2 moves logged")
    expect(tv.locator(".board-turn")).to_have_text("To play: Bob")
    assert tv.evaluate("window.stillHere") is True


def test_a_pad_whose_stream_is_refused_follows_the_match_by_polling(
        server: str, browser: Any) -> None:
    """Bob's pad is refused its stream; it still learns that Alice played, without reload."""
    match = new_match(server)
    bob = phone(browser)
    bob.set_default_timeout(TIMEOUT)
    stream = re.compile(rf"/api/matches/{match['id']}/stream\?after=0")
    with bob.expect_response(stream) as refused:
        bob.goto(f"{server}/m/{match['id']}/join?token={match['seat_tokens'][1]}")
    assert refused.value.status == 503
    expect(bob.locator(".turn")).to_contain_text("To play: seat 1 (Alice)")
    bob.evaluate("window.stillHere = true")
    log_move(server, match, 0, "draw", {"source": "stock"})
    log_move(server, match, 0, "discard", {"value": 5})
    expect(bob.locator(".turn")).to_contain_text("To play: seat 2 (Bob)")
    expect(bob.locator("#stale")).to_contain_text("Move #2 was logged")
    assert bob.evaluate("window.stillHere") is True
