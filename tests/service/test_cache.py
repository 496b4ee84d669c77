"""A cached match state keeps the pages read of it while it is the match's latest; the cache
keeps the states its latest replaced, for readers a move or two behind."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from referee.service.cache import PAGES_KEPT, MatchState, StateCache, current
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


def moved(state: MatchState, seq: int) -> MatchState:
    clone = state.clone()
    clone.moved_to(seq)
    return clone


def test_a_head_behind_the_kept_state_is_served_by_the_state_it_replaced(
        state: MatchState) -> None:
    """A stale move's 409 words the log as it stood at its head, which another thread's append
    may have moved past in this process: the replaced state at that head serves it, without
    a fold from the log (no source is read: None would fail)."""
    cache = StateCache()
    cache.put(state)
    cache.put(moved(state, 5))
    assert current(None, cache, None, 1, 4, "host-hash") is state
    assert cache.get(1) is not None and cache.get(1).last_seq == 5  # still the latest


def test_only_a_few_replaced_states_are_kept(state: MatchState) -> None:
    cache = StateCache()
    for seq in range(4, 10):
        cache.put(moved(state, seq) if seq > 4 else state)
    assert cache.earlier(1, "host-hash", 9).last_seq == 8  # type: ignore[union-attr]
    assert cache.earlier(1, "host-hash", 6) is None  # only EARLIER of them
    assert cache.earlier(1, "another host", 8) is None
