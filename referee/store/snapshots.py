"""Snapshots of folded match states, stored as JSON (``referee.store.codec``).

A snapshot is an optimisation that can be deleted at any time: it serves a cold start (a process
that has no cached state for the match) and states at past seqs. One that no longer fits the code
(another codec version, another engine ``state_version``, a state class whose fields changed) is
never used: the state is folded from the log instead, and the stale snapshots are replaced.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, or_, select
from sqlalchemy.orm import Session

from referee.store import codec
from referee.store.models import Snapshot, utcnow
from referee.store.prepared import Transactional

#: What loading a snapshot the code no longer fits can raise: a class that changed shape or
#: moved (``Stale``), or a document damaged or written by other code.
UNREADABLE = (codec.Stale, KeyError, TypeError, ValueError, AttributeError)


def save(session: Session, match_id: int, seq: int, state_version: int, value: Any) -> None:
    """Store ``value`` (the state after event ``seq``) in the current transaction."""
    session.execute(insert(Snapshot).values(
        match_id=match_id, seq=seq, state_version=state_version, codec=codec.CODEC_VERSION,
        state=codec.dumps(value), created_at=utcnow()))


def latest(session: Session, match_id: int, state_version: int, upto: int | None = None
           ) -> tuple[int, Any] | None:
    """The newest usable snapshot at or before ``upto`` as ``(seq, value)``, or None."""
    query = select(Snapshot.seq, Snapshot.state).where(
        Snapshot.match_id == match_id, Snapshot.state_version == state_version,
        Snapshot.codec == codec.CODEC_VERSION)
    if upto is not None:
        query = query.where(Snapshot.seq <= upto)
    found = session.execute(query.order_by(Snapshot.seq.desc()).limit(1)).first()
    if found is None:
        return None
    try:
        return found.seq, codec.loads(found.state)
    except UNREADABLE:
        return None  # the state is folded from the log instead (and the snapshot replaced)


def drop_stale(session: Session, match_id: int, state_version: int) -> int:
    """Delete the match's snapshots that the code can no longer read (another codec or state
    version; or, when its newest one's classes changed shape, all of them); how many went."""
    gone = session.execute(delete(Snapshot).where(
        Snapshot.match_id == match_id,
        or_(Snapshot.state_version != state_version, Snapshot.codec != codec.CODEC_VERSION)))
    count = int(gone.rowcount or 0)  # type: ignore[attr-defined]
    newest = session.execute(select(Snapshot.state).where(Snapshot.match_id == match_id)
                             .order_by(Snapshot.seq.desc()).limit(1)).scalar()
    if newest is not None and not _usable(newest):
        gone = session.execute(delete(Snapshot).where(Snapshot.match_id == match_id))
        count += int(gone.rowcount or 0)  # type: ignore[attr-defined]
    return count


def _usable(document: dict[str, Any]) -> bool:
    """Whether the code can load this snapshot as it is (one load, on a cold start only)."""
    try:
        codec.loads(document)
    except UNREADABLE:
        return False
    return True


def drop_from(session: Session, match_id: int, seq: int) -> None:
    """Snapshots from ``seq`` on are stale (an event there was voided): drop them."""
    session.execute(delete(Snapshot).where(Snapshot.match_id == match_id, Snapshot.seq >= seq))


class SnapshotStore(Transactional):
    """A match's snapshots in the database, within one unit of work (the functions above,
    bound to its session)."""

    def save(self, match_id: int, seq: int, state_version: int, value: Any) -> None:
        save(self.session, match_id, seq, state_version, value)

    def latest(self, match_id: int, state_version: int, upto: int | None = None
               ) -> tuple[int, Any] | None:
        return latest(self.session, match_id, state_version, upto)

    def drop_stale(self, match_id: int, state_version: int) -> int:
        return drop_stale(self.session, match_id, state_version)

    def drop_from(self, match_id: int, seq: int) -> None:
        drop_from(self.session, match_id, seq)
