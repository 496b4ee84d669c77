"""Pushed updates: a move appended in one process wakes the streams that follow its match.

The log is the only truth. A wake-up only says "read the log again": a stream always reads the
events after the last one it sent, so a lost or doubled wake-up costs a delay, never a move.

- Every append calls :func:`announced` inside its transaction. After the commit, the streams
  of this process are woken; on PostgreSQL a ``NOTIFY`` then goes to every process listening
  on the same database, on any machine, sent once the append has committed (never for a
  rolled-back one), batched with the process's other notices (``referee.store.notices``).
- Each process keeps one listening connection in a background thread (:class:`Listener`),
  started by the first stream; it reconnects by itself, and wakes every stream after a
  reconnection since notifications may have been missed meanwhile.
- Streams also re-check the log every few seconds without any wake-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from dataclasses import dataclass, field

import psycopg
from sqlalchemy import Engine, event
from sqlalchemy.orm import Session

from referee.service.kept import KeptFor
from referee.store.db import Database
from referee.store.prepared import Transaction, transaction_of

log = logging.getLogger(__name__)

#: The PostgreSQL channel moves are announced on; the payload is "schema:match:seq", so that
#: several schemas of one database (test workers, say) do not wake each other's streams.
CHANNEL = "referee_moves"
PENDING = "referee.live.appended"


# --- the hub: streams of this process, by match -----------------------------------------------


@dataclass(eq=False)
class Subscription:
    """One stream's doorbell: rung when its match may have new events, from any thread (the
    listener's, or the one whose append committed), and awaited by the stream's coroutine on
    its event loop. A ring may say the seq it announced (a NOTIFY does): the stream then
    knows how far to read without asking the log for its head."""

    match_id: int
    seq: int = 0  # the highest seq a ring announced
    rung: bool = False
    _loop: asyncio.AbstractEventLoop | None = None
    _bell: asyncio.Event | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def ring(self, seq: int | None = None) -> None:
        with self._lock:
            self.rung = True
            if seq is not None:
                self.seq = max(self.seq, seq)
            loop, bell = self._loop, self._bell
        if loop is None or bell is None:
            return
        if asyncio._get_running_loop() is loop:  # rung from its own loop: no wake-up needed
            bell.set()
            return
        with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits
            loop.call_soon_threadsafe(bell.set)

    def taken(self) -> bool:
        """Whether it was rung since the last look (and forget it): a ring that comes after
        this is kept for the next look, whatever reads the log meanwhile."""
        with self._lock:
            rung, self.rung = self.rung, False
            if self._bell is not None:
                self._bell.clear()
            return rung

    async def wait(self, timeout: float) -> bool:
        """True when rung (before or) within ``timeout`` seconds, on the running loop."""
        with self._lock:
            if self._bell is None:
                self._loop, self._bell = asyncio.get_running_loop(), asyncio.Event()
            bell, rung = self._bell, self.rung
        if not rung:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, timeout)):
                    await bell.wait()
        return self.taken()


class Hub:
    """The streams of one process and one database, woken by match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[int, set[Subscription]] = defaultdict(set)
        self.listener: Listener | None = None
        self.closing = threading.Event()  # set when the process shuts down: streams end

    def subscribe(self, match_id: int) -> Subscription:
        subscription = Subscription(match_id)
        with self._lock:
            self._subscriptions[match_id].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            followers = self._subscriptions.get(subscription.match_id)
            if followers is not None:
                followers.discard(subscription)
                if not followers:
                    del self._subscriptions[subscription.match_id]

    def ring(self, match_id: int, seq: int | None = None) -> None:
        with self._lock:
            followers = list(self._subscriptions.get(match_id, ()))
        for subscription in followers:
            subscription.ring(seq)

    def ring_all(self) -> None:
        with self._lock:
            followers = [s for group in self._subscriptions.values() for s in group]
        for subscription in followers:
            subscription.ring()

    @property
    def followed(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._subscriptions.values())

    def pushed(self) -> bool:
        """Whether every commit on the database reaches this hub by itself: a listener is
        connected (PostgreSQL). Then a quiet stream need not look at the log on a timer: a
        notification missed while the listener was away rings every stream when it is back."""
        return self.listener is not None and self.listener.ready.is_set()


_hubs: KeptFor[Engine, Hub] = KeptFor(Hub)
_listening = threading.Lock()  # one listening thread per hub, however many streams start


def hub_for(engine: Engine) -> Hub:
    return _hubs(engine)


# --- the append's side: announce in the transaction, ring and notify after the commit ----


def announced(transaction: Session | Transaction, match_id: int, seq: int
              ) -> tuple[str, str] | None:
    """Wake this process's streams of ``match_id`` once the transaction commits; on PostgreSQL,
    the NOTIFY the caller sends in the transaction (its channel, and its payload after the
    schema: ``concat(current_schema(), suffix)``), so that a hot path may send it within one
    of its own statements. None on another database."""
    joined = transaction_of(transaction)  # a session's info is its joined transaction's
    engine = joined.engine
    joined.info.setdefault(PENDING, []).append((engine, match_id))
    if engine.dialect.name == "postgresql":
        return CHANNEL, f":{match_id}:{seq}"
    return None


@event.listens_for(Session, "after_commit")
def _ring_after_commit(session: Session | Transaction) -> None:
    for engine, match_id in session.info.pop(PENDING, ()):
        hub_for(engine).ring(match_id)


Transaction.after_commit.append(_ring_after_commit)


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session: Session) -> None:
    session.info.pop(PENDING, None)


# --- the listening connection (PostgreSQL) ----------------------------------------------------


class Listener(threading.Thread):
    """One LISTEN connection per process and database, in a daemon thread.

    Reconnects with a growing pause when the connection drops, and rings every stream after
    reconnecting: notifications sent while it was away are lost, the log is not.
    """

    def __init__(self, engine: Engine, hub: Hub) -> None:
        super().__init__(name="referee-listener", daemon=True)
        self.conninfo = engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.hub = hub
        self.stopping = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        pause = 0.2
        while not self.stopping.is_set():
            try:
                self._listen()
                pause = 0.2
            except Exception as err:  # whatever it was: listen again
                self.ready.clear()
                log.warning("Listening for moves failed (%s); again in %.1f s", err, pause)
                self.stopping.wait(pause)
                pause = min(pause * 2, 5.0)
            self.hub.ring_all()

    def _listen(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5) as conn:
            schema = conn.execute("SELECT current_schema()").fetchone()
            prefix = f"{schema[0] if schema else 'public'}:"
            conn.execute(f"LISTEN {CHANNEL}")
            self.ready.set()
            self.hub.ring_all()  # anything appended while we were not listening
            while not self.stopping.is_set():
                for note in conn.notifies(timeout=1.0):
                    if not note.payload.startswith(prefix):
                        continue
                    match_id, _, seq = note.payload[len(prefix):].partition(":")
                    if match_id.isdigit():
                        self.hub.ring(int(match_id), int(seq) if seq.isdigit() else None)

    def stop(self) -> None:
        self.stopping.set()


def start_listening(db: Database) -> Hub:
    """The hub of ``db``'s streams, with its listening thread started on PostgreSQL."""
    hub = hub_for(db.engine)
    if db.engine.dialect.name == "postgresql":
        with _listening:
            if hub.listener is None or not hub.listener.is_alive():
                hub.listener = Listener(db.engine, hub)
                hub.listener.start()
    return hub


def close_streams(db: Database, wait: bool = True) -> None:
    """End every stream of ``db`` in this process and stop listening (a worker shutting down:
    its browsers reconnect to another and resume from the log)."""
    hub = hub_for(db.engine)
    hub.closing.set()
    hub.ring_all()
    listener = hub.listener
    if listener is not None:
        listener.stop()
        if wait:
            listener.join(5)
