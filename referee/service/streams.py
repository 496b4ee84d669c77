"""A match's public log as a stream of Server-Sent Events, for the board, the pads and anyone.

The stream reads the log itself, after the last event it sent: a reconnecting client gives the
last seq it saw (``Last-Event-ID``) and misses nothing. Wake-ups come from
:mod:`referee.service.live`; without one, the log is looked at again every few seconds.

Streams are served by the stream server (``referee serve``, :mod:`referee.streaming`): an
open stream is a coroutine waiting on its doorbell, not a thread, and its reads of the log run
in a small pool of threads shared by every stream of the process (:class:`Reader`: streams
of one match that wake together read the log once). A process still follows at most so many
streams at once, so many per match and so many per client address (:class:`StreamCaps`, sized
from the connections it may hold): past them a stream is refused (503). A stream gives its
slot back when it ends, when its client goes or when it is never started.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import AsyncGenerator, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, cast

from sqlalchemy import Engine

from referee.service import counters, queries, work
from referee.service.errors import NotFound, Unavailable
from referee.service.kept import KeptFor
from referee.service.live import Hub, start_listening
from referee.service.sentences import sentence
from referee.store.db import Database
from referee.store.recorder import EventRecorder

BATCH = 200  # events read at once when a stream catches up


@dataclass(frozen=True)
class StreamSettings:
    heartbeat: float = 15.0  # seconds between heartbeat comments when nothing happens
    recheck: float = 5.0  # seconds between looks at the log when no wake-up came
    retry_ms: int = 2000  # how long a browser waits before it reconnects


#: Streams one process holds by default, and of one match, and for one client address.
STREAMS = 10_000
STREAMS_PER_MATCH = 500
STREAMS_PER_ADDRESS = 64
#: Descriptors a process keeps for everything but streams (the database, logs, listeners).
RESERVED_DESCRIPTORS = 256


@dataclass(frozen=True)
class StreamCaps:
    """How many streams one process follows at once: in all, of one match, for one client
    address."""

    total: int
    per_match: int
    per_address: int

    @classmethod
    def for_descriptors(cls, descriptors: int | None, total: int | None = None,
                        per_match: int | None = None,
                        per_address: int | None = None) -> StreamCaps:
        """The caps of a stream server that may open ``descriptors`` files (its
        ``RLIMIT_NOFILE``; None: unknown). Each stream holds one connection, a descriptor:
        the total never goes past the descriptors less :data:`RESERVED_DESCRIPTORS`, so a full
        server still accepts, answers its 503s and reaches its database. A cap given (not
        None) is kept as given, under that ceiling."""
        ceiling = STREAMS if descriptors is None else max(0, descriptors - RESERVED_DESCRIPTORS)
        total = min(STREAMS if total is None else max(0, total), ceiling)
        return cls(total=total,
                   per_match=min(total, STREAMS_PER_MATCH if per_match is None
                                 else max(0, per_match)),
                   per_address=min(total, STREAMS_PER_ADDRESS if per_address is None
                                   else max(0, per_address)))


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


T = TypeVar("T")


class Reader:
    """The reads of a process's streams, on a small pool of threads: the streams of one match
    woken by the same move ask for the same reading, which runs once and is awaited by all
    (a read in flight is joined, not repeated)."""

    def __init__(self, threads: int = 4) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="referee-stream-read")
        self._flying: dict[Hashable, asyncio.Future[Any]] = {}

    async def once(self, key: Hashable, read: Callable[[], T]) -> T:
        """``read()`` run in the pool, or the result of the same ``key``'s read in flight."""
        flying = self._flying.get(key)
        if flying is None:
            flying = asyncio.get_running_loop().run_in_executor(self.pool, read)
            self._flying[key] = flying
            flying.add_done_callback(lambda _: self._flying.pop(key, None))
        return cast(T, await asyncio.shield(flying))

    async def run(self, read: Callable[[], T]) -> T:
        """``read()`` run in the pool, on its own (a head read after a ring must start after
        the ring, so it joins none in flight)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, read)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class Followed:
    """A stream opened (its match found, its slot taken, its doorbell hung): the events to
    send, from :meth:`events`, until it is closed. The server closes it however the stream
    ends, started or not (a HEAD never starts it), and it gives its slot back then."""

    def __init__(self, hub: Hub, match_id: int, cursor: int, head: Callable[[], int],
                 moves: Callable[[int, int], Rendered], voice: Hashable = "",
                 settings: StreamSettings = StreamSettings(),
                 slot: StreamSlot | None = None) -> None:
        """Subscribes to ``hub`` first, then reads the log's head (``head()``, blocking): a
        move logged between the two rings the stream, none falls between."""
        self.hub, self.match_id, self.cursor, self.head = hub, match_id, cursor, head
        self.moves, self.voice, self.settings, self.slot = moves, voice, settings, slot
        self.subscription = hub.subscribe(match_id)
        try:
            self.latest = head()
        except BaseException:
            hub.unsubscribe(self.subscription)
            raise

    async def events(self, reader: Reader) -> AsyncGenerator[str, None]:
        """The opening comment, the moves after the cursor, then each new move as it is
        appended, with a heartbeat comment when nothing happens, until the process shuts
        down (the caller ends it when the client goes)."""
        settings, hub = self.settings, self.hub
        yield f"retry: {settings.retry_ms}\n: match {self.match_id}, after seq {self.cursor}\n\n"
        beat_due = time.monotonic() + settings.heartbeat
        look_due = time.monotonic() + settings.recheck
        while not hub.closing.is_set():
            while self.latest > self.cursor:
                batch = await reader.once(
                    ("moves", self.match_id, self.cursor, self.latest, self.voice),
                    partial(self.moves, self.cursor, self.latest))
                if not batch:
                    break
                for seq, text in batch:
                    yield text
                    self.cursor = seq
            now = time.monotonic()
            if now >= beat_due:
                yield ": heartbeat\n\n"
                beat_due = now + settings.heartbeat
            # a hub that hears every commit rings when there is something: no timed look
            due = beat_due if hub.pushed() else min(look_due, beat_due)
            rung = await self.subscription.wait(due - now)
            if hub.closing.is_set():
                return
            self.latest = max(self.latest, self.subscription.seq)
            if (rung and self.subscription.seq <= self.cursor) or (
                    time.monotonic() >= look_due and not hub.pushed()):
                self.latest = max(self.latest, await reader.run(self.head))
            if time.monotonic() >= look_due:
                look_due = time.monotonic() + settings.recheck

    def close(self) -> None:
        self.hub.unsubscribe(self.subscription)
        if self.slot is not None:
            self.slot.give_back()


#: The WSGI environ's key under which the stream server hands a request its :class:`Handoff`.
HANDOFF = "referee.streams"


@dataclass(eq=False)
class Handoff:
    """What the stream server lends the request opening a stream (its caps), and what the
    request gives back (the stream it opened, which the server then sends)."""

    caps: StreamCaps
    followed: Followed | None = None


def follow(db: Database, match_id: int, after: int | None,
           moves: Callable[[int, int], Rendered], voice: Hashable = "",
           settings: StreamSettings = StreamSettings(), caps: StreamCaps | None = None,
           address: str = "") -> Followed:
    """Open a stream of the match's public log after ``after`` (default: from now on), then
    of each new move as it is appended: checks that the match exists (404), takes a slot under
    ``caps`` for ``address`` (503), and subscribes before reading the log's head, so that no
    move falls between. Blocking: the caller runs it in a thread.

    ``moves(after, latest)`` gives the events after ``after`` as the follower is sent them;
    ``voice`` names its wording (the follower's language and names): streams of one match and
    one voice share their readings.
    """
    head = last_seq(db, match_id)
    slot = None if caps is None else slots_for(db).take(match_id, address, caps)
    try:
        hub = start_listening(db)
        if hub.listener is not None:  # opened means listening: the first move is not late
            hub.listener.ready.wait(2)
        return Followed(hub, match_id, head if after is None else after,
                        partial(last_seq, db, match_id), moves, voice, settings, slot)
    except BaseException:
        if slot is not None:
            slot.give_back()
        raise
