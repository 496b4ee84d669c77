"""A match's public log as a stream of Server-Sent Events, for the board, the pads and anyone.

The stream reads the log itself, after the last event it sent: a reconnecting client gives the
last seq it saw (``Last-Event-ID``) and misses nothing. Wake-ups come from
:mod:`referee.service.live`; without one, the log is looked at again every few seconds.

A stream holds one of the server's threads for as long as it is open, so a process follows at
most so many at once, so many per match and so many per client address (:class:`StreamCaps`,
below its thread count): past them a stream is refused (503) rather than let streams take every
thread and leave none for moves, pages and ``/healthz``. A stream gives its slot back when it
ends, when its client goes (noticed at the next look at the log) or when it is never started.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from referee.service import counters, queries, work
from referee.service.errors import NotFound, Unavailable
from referee.service.kept import KeptFor
from referee.service.live import start_listening
from referee.service.sentences import sentence
from referee.store.db import Database
from referee.store.recorder import EventRecorder

BATCH = 200  # events read at once when a stream catches up


@dataclass(frozen=True)
class StreamSettings:
    heartbeat: float = 15.0  # seconds between heartbeat comments when nothing happens
    recheck: float = 5.0  # seconds between looks at the log when no wake-up came
    retry_ms: int = 2000  # how long a browser waits before it reconnects


@dataclass(frozen=True)
class StreamCaps:
    """How many streams one process follows at once: in all, of one match, for one client
    address."""

    total: int
    per_match: int
    per_address: int

    @classmethod
    def for_threads(cls, threads: int, total: int | None = None, per_match: int | None = None,
                    per_address: int | None = None) -> StreamCaps:
        """The caps for a process serving requests with ``threads`` threads: streams never take
        them all (a quarter, at least two, stay for everything else), one match or one address
        at most half of what streams may take. A cap given (not None) is kept as given, but the
        total never goes past the threads less the ones kept."""
        reserve = max(2, threads // 4)
        ceiling = max(0, threads - reserve)
        total = ceiling if total is None else max(0, min(total, ceiling))
        half = max(1, total // 2)
        return cls(total=total,
                   per_match=half if per_match is None else max(0, per_match),
                   per_address=half if per_address is None else max(0, per_address))


@dataclass(eq=False)
class StreamSlot:
    """One open stream's place in its process's count; given back once, however it ends."""

    slots: StreamSlots
    match_id: int
    address: str
    given_back: bool = False

    def give_back(self) -> None:
        self.slots.give_back(self)


class StreamSlots:
    """The streams a process holds open, counted in all, by match and by client address."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.total = 0
        self.by_match: Counter[int] = Counter()
        self.by_address: Counter[str] = Counter()

    def take(self, match_id: int, address: str, caps: StreamCaps) -> StreamSlot:
        """A slot for a stream of ``match_id`` to ``address``; :class:`Unavailable` when a cap
        is reached (the sentence says which)."""
        with self._lock:
            if self.by_address[address] >= caps.per_address:
                raise Unavailable(sentence(
                    "Your address already holds {limit} live streams, the most one client may "
                    "hold at once; close one, or try again later.", limit=caps.per_address))
            if self.by_match[match_id] >= caps.per_match:
                raise Unavailable(sentence(
                    "Match {match} is followed by {limit} live streams already, the most "
                    "one match may have at once; try again later.",
                    match=match_id, limit=caps.per_match))
            if self.total >= caps.total:
                raise Unavailable(sentence(
                    "This server holds as many live streams as it can ({limit}); try again "
                    "later.", limit=caps.total))
            self.total += 1
            self.by_match[match_id] += 1
            self.by_address[address] += 1
        counters.count(counters.LIVE_STREAMS, "open")
        return StreamSlot(self, match_id, address)

    def give_back(self, slot: StreamSlot) -> None:
        with self._lock:
            if slot.given_back:
                return
            slot.given_back = True
            self.total -= 1
            self.by_match[slot.match_id] -= 1
            if self.by_match[slot.match_id] <= 0:
                del self.by_match[slot.match_id]
            self.by_address[slot.address] -= 1
            if self.by_address[slot.address] <= 0:
                del self.by_address[slot.address]
        counters.count(counters.LIVE_STREAMS, "open", -1)


_slots: KeptFor[Engine, StreamSlots] = KeptFor(StreamSlots)


def slots_for(db: Database) -> StreamSlots:
    """The stream slots of ``db`` in this process (they go when its engine goes)."""
    return _slots(db.engine)


def last_seq(db: Database, match_id: int) -> int:
    """The match's latest seq, from its summary (one indexed row); 404 for no such match."""
    with work.reading(db) as session:
        seq = EventRecorder(session).head_seq(match_id)
    if seq is None:
        raise NotFound(sentence("There is no match {match}.", match=match_id), where="match_id")
    return int(seq)


def public_moves(db: Database, match_id: int, after: int) -> list[dict[str, Any]]:
    """The events after ``after`` as the public may read them (exactly as ``/events`` shows
    them without a token), each with the standings as they stood right after it: data, each
    follower's sentences said where the stream is answered."""
    events, _ = queries.events_after(db, match_id, after, BATCH, None)
    for item in events:
        item["standings"] = queries.state_at(db, match_id, item["seq"], None, None)["standings"]
    return events


Rendered = list[tuple[int, str]]  # (seq, the event as sent)


class Followed:
    """A stream's events, holding its slot until it is closed: the server closes what it was
    given to send whether it started sending it or not (a generator never started would not
    run its ``finally``)."""

    def __init__(self, events: Generator[str, None, None], slot: StreamSlot | None) -> None:
        self.events = events
        self.slot = slot

    def __iter__(self) -> Followed:
        return self

    def __next__(self) -> str:
        return next(self.events)

    def close(self) -> None:
        try:
            self.events.close()
        finally:
            if self.slot is not None:
                self.slot.give_back()


def never_gone() -> bool:
    return False


def follow(db: Database, match_id: int, after: int | None,
           moves: Callable[[int, int], Rendered],
           settings: StreamSettings = StreamSettings(), caps: StreamCaps | None = None,
           address: str = "", gone: Callable[[], bool] = never_gone) -> Followed:
    """The match's public log after ``after`` (default: from now on), then each new move as it
    is appended, with a heartbeat comment when nothing happens, until the process shuts down
    or the client goes (``gone`` says so; it is asked at each look at the log).

    ``moves(after, latest)`` gives the events after ``after`` as the follower is sent them
    (worded for the follower of the request that opened the stream: the stream outlives it).
    Checks that the match exists, then takes a slot under ``caps`` for ``address`` (when caps
    are given), before the first yield, so the caller can answer 404 or 503.
    """
    head = last_seq(db, match_id)
    cursor = head if after is None else after
    hub = start_listening(db)
    slot = None if caps is None else slots_for(db).take(match_id, address, caps)

    def stream() -> Generator[str, None, None]:
        nonlocal cursor
        subscription = hub.subscribe(match_id)
        try:
            if hub.listener is not None:  # opened means listening: the first move is not late
                hub.listener.ready.wait(2)
            latest = last_seq(db, match_id)  # read after subscribing: no move falls between
            yield f"retry: {settings.retry_ms}\n: match {match_id}, after seq {cursor}\n\n"
            beat_due = time.monotonic() + settings.heartbeat
            while not hub.closing.is_set():
                while latest > cursor:
                    batch = moves(cursor, latest)
                    if not batch:
                        break
                    for seq, text in batch:
                        yield text
                        cursor = seq
                    latest = max(latest, last_seq(db, match_id))
                now = time.monotonic()
                if now >= beat_due:
                    yield ": heartbeat\n\n"
                    beat_due = now + settings.heartbeat
                subscription.wait(max(0.0, min(settings.recheck, beat_due - now)))
                if hub.closing.is_set() or gone():
                    return
                latest = last_seq(db, match_id)
        finally:
            hub.unsubscribe(subscription)
            if slot is not None:
                slot.give_back()

    return Followed(stream(), slot)
