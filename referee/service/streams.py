"""A match's public log as a stream of Server-Sent Events, for the board, the pads and anyone.

The stream reads the log itself, after the last event it sent: a reconnecting client gives the
last seq it saw (``Last-Event-ID``) and misses nothing. Wake-ups come from
:mod:`referee.service.live`; without one, the log is looked at again every few seconds.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from referee.service import matches
from referee.service.errors import NotFound
from referee.service.live import start_listening
from referee.store import models
from referee.store.db import Database

BATCH = 200  # events read at once when a stream catches up


@dataclass(frozen=True)
class StreamSettings:
    heartbeat: float = 15.0  # seconds between heartbeat comments when nothing happens
    recheck: float = 5.0  # seconds between looks at the log when no wake-up came
    retry_ms: int = 2000  # how long a browser waits before it reconnects


def last_seq(db: Database, match_id: int) -> int:
    """The match's latest seq, from its summary (one indexed row); 404 for no such match."""
    with db.reading() as session:
        seq = session.scalar(select(models.MatchSummary.last_seq)
                             .where(models.MatchSummary.match_id == match_id))
    if seq is None:
        raise NotFound(f"There is no match {match_id}.", where="match_id")
    return int(seq)


def public_moves(db: Database, match_id: int, after: int) -> list[dict[str, Any]]:
    """The events after ``after`` as the public may read them (exactly as ``/events`` shows
    them without a token), each with the standings as they stood right after it."""
    events, _ = matches.events_after(db, match_id, after, BATCH, None)
    for item in events:
        item["standings"] = matches.state_at(db, match_id, item["seq"], None, None)["standings"]
    return events


def sse(item: dict[str, Any]) -> str:
    """One move as a Server-Sent Event: ``id`` its seq, ``data`` one line of JSON."""
    data = json.dumps(item, separators=(",", ":"), ensure_ascii=False)
    return f"id: {item['seq']}\nevent: move\ndata: {data}\n\n"


def follow(db: Database, match_id: int, after: int | None,
           settings: StreamSettings = StreamSettings()) -> Iterator[str]:
    """The match's public log after ``after`` (default: from now on), then each new move as it
    is appended, with a heartbeat comment when nothing happens, until the process shuts down.

    Checks that the match exists before the first yield, so the caller can answer 404.
    """
    cursor = last_seq(db, match_id) if after is None else after
    hub = start_listening(db)

    def stream() -> Iterator[str]:
        nonlocal cursor
        subscription = hub.subscribe(match_id)
        try:
            latest = last_seq(db, match_id)  # read after subscribing: no move falls between
            yield f"retry: {settings.retry_ms}\n: match {match_id}, after seq {cursor}\n\n"
            beat_due = time.monotonic() + settings.heartbeat
            while not hub.closing.is_set():
                while latest > cursor:
                    batch = public_moves(db, match_id, cursor)
                    if not batch:
                        break
                    for item in batch:
                        yield sse(item)
                        cursor = item["seq"]
                    latest = max(latest, last_seq(db, match_id))
                now = time.monotonic()
                if now >= beat_due:
                    yield ": heartbeat\n\n"
                    beat_due = now + settings.heartbeat
                subscription.wait(max(0.0, min(settings.recheck, beat_due - now)))
                if hub.closing.is_set():
                    return
                latest = last_seq(db, match_id)
        finally:
            hub.unsubscribe(subscription)

    return stream()
