"""A cached match state keeps the pages read of it while it is the match's latest."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from referee.service.cache import PAGES_KEPT, MatchState
from referee.service.replay import Folded


@pytest.fixture
def state() -> MatchState:
    return MatchState(match_id=1, identity="host-hash", game="citroncoco", seats=2,
                      day=date(2026, 11, 24), last_seq=4, folded=Folded(None))


def made(calls: list[Any], key: Any) -> Any:
    def make() -> dict[str, Any]:
        calls.append(key)
        return {"key": key}
    return make


def test_a_page_is_made_once_and_kept(state: MatchState) -> None:
    calls: list[Any] = []
    first = state.page(("timeline", 1), made(calls, 1))
    assert state.page(("timeline", 1), made(calls, 1)) is first
    assert calls == [1]


def test_a_page_of_another_key_is_made_apart(state: MatchState) -> None:
    calls: list[Any] = []
    state.page(("timeline", "en"), made(calls, "en"))
    assert state.page(("timeline", "fr"), made(calls, "fr")) == {"key": "fr"}
    assert calls == ["en", "fr"]


def test_no_more_pages_are_kept_than_the_bound(state: MatchState) -> None:
    """A reader asking for page after page (one limit after another) cannot fill memory."""
    for n in range(3 * PAGES_KEPT):
        state.page(("timeline", n), made([], n))
    assert 0 < len(state.memo["pages"]) <= PAGES_KEPT


def test_a_moved_clone_keeps_no_page_of_the_state_before(state: MatchState) -> None:
    state.page(("timeline", 1), made([], 1))
    clone = state.clone()
    clone.moved_to(5)
    calls: list[Any] = []
    clone.page(("timeline", 1), made(calls, 1))
    assert calls == [1]
