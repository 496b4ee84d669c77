"""What the service counts as it works, told to whoever watches (the app's metrics), if anyone.

The service knows nothing of Prometheus or of the web: it says "one more of this" through
:func:`count`, and a watcher the app registers at start (``referee.metrics``) turns that into
metrics. With no watcher, counting costs a look at an empty list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: A watcher is told what was counted (``STATE_CACHE``, ``APPENDS``…), of which kind
#: (``"hit"``, ``"open"``…) and by how much (a stream that ends counts -1).
Watcher = Callable[[str, str, float], None]

#: Looking a match's state up in the process's cache: ``hit`` (kept at the right seq),
#: ``caught_up`` (kept, brought up to date from the log), ``miss`` (folded from the log).
STATE_CACHE = "state_cache"
#: Moves judged for the log, by verdict: ``ok``, ``missplay``, or ``refused`` (the rules or
#: the move's schema said no). Counted where the append is answered (the API, the pages).
APPENDS = "appends"
#: Live streams this process holds open (``open``: +1 when one opens, -1 when it ends).
LIVE_STREAMS = "live_streams"

_watchers: list[Watcher] = []


def watch(watcher: Watcher) -> None:
    """Tell ``watcher`` of every count from now on (once, however often it is registered)."""
    if watcher not in _watchers:
        _watchers.append(watcher)


def unwatch(watcher: Watcher) -> None:
    if watcher in _watchers:
        _watchers.remove(watcher)


def count(what: str, kind: str, by: float = 1) -> None:
    for watcher in _watchers:
        watcher(what, kind, by)


def appended(verdict: dict[str, Any] | None) -> None:
    """A move judged and appended: counted by its verdict's kind (``ok``, ``missplay``)."""
    if _watchers:
        count(APPENDS, str((verdict or {}).get("kind") or "other"))


def refused() -> None:
    """A move the rules or its schema refused (422): judged, not appended."""
    count(APPENDS, "refused")
