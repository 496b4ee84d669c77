"""Reads from a PostgreSQL streaming replica, with read-your-writes.

Writes and judging always go to the primary. Browsing (history, players, nights) may be served
by the replica named by ``DATABASE_REPLICA_URL``, but only when it has replayed the WAL at
least as far as the reader's own latest write: every write notes the primary's WAL position
(LSN) after its commit, the client carries it back (a cookie, or the ``Referee-LSN`` header),
and a read compares it with the replica's ``pg_last_wal_replay_lsn()``. When the replica is
behind or down, the primary answers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)

DOWN_PAUSE = 5.0  # seconds before a replica that failed is tried again


def parse_lsn(value: str | None) -> int | None:
    """'16/B374D848' -> an integer that orders like the WAL; None for anything else."""
    if not value:
        return None
    high, slash, low = value.strip().partition("/")
    try:
        return (int(high, 16) << 32) + int(low, 16) if slash else None
    except ValueError:
        return None


def format_lsn(lsn: int) -> str:
    return f"{lsn >> 32:X}/{lsn & 0xFFFFFFFF:X}"


@dataclass
class ReadPolicy:
    """What the current request may read from, and what it wrote (one per request)."""

    replica_ok: bool = False
    min_lsn: int = 0  # the reader's own latest write: the replica must have replayed it
    written_lsn: int | None = None  # set by a write in this request
    served_by: str | None = None  # "replica" or "primary", for the response header


_policy: ContextVar[ReadPolicy | None] = ContextVar("referee_read_policy", default=None)


def begin_request(policy: ReadPolicy) -> object:
    return _policy.set(policy)


def end_request(token: object) -> None:
    _policy.reset(token)  # type: ignore[arg-type]


def current_policy() -> ReadPolicy | None:
    return _policy.get()


class Replica:
    """A read-only engine on the replica, and when it was last seen failing."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self._down_until = 0.0
        self._lock = threading.Lock()

    @property
    def resting(self) -> bool:
        return time.monotonic() < self._down_until

    def failed(self, err: Exception) -> None:
        with self._lock:
            if not self.resting:
                log.warning("Replica unavailable, reading from the primary: %s", err)
            self._down_until = time.monotonic() + DOWN_PAUSE

    @contextmanager
    def session_if_fresh(self, min_lsn: int) -> Iterator[Session | None]:
        """A read transaction on the replica when it has replayed ``min_lsn``; else None."""
        if self.resting:
            yield None
            return
        session = self.sessions()
        try:
            try:
                session.begin()
                replayed = parse_lsn(session.scalar(
                    text("SELECT pg_last_wal_replay_lsn()::text")))
            except DBAPIError as err:
                self.failed(err)
                yield None
                return
            # NULL: not in recovery (a promoted replica is a primary, fresh by definition).
            if replayed is not None and replayed < min_lsn:
                yield None
                return
            yield session
            session.commit()
        finally:
            session.close()


def note_write(primary: Engine) -> None:
    """After a commit on the primary, remember its WAL position for this request's reader."""
    policy = _policy.get()
    if policy is None:
        return
    with primary.connect() as conn:
        lsn = parse_lsn(conn.scalar(text("SELECT pg_current_wal_lsn()::text")))
    if lsn is not None:
        policy.written_lsn = max(policy.written_lsn or 0, lsn)
