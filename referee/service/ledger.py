"""What an append runs beside its writes: the hooks in its transaction; and the read models'
vocabulary (a match's status, its seats' records), as the store's projector defines it.

The writes themselves (the lock on the match's head, the event row, the read models) are the
store's adapters': ``referee.store.recorder`` and ``referee.store.projector``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from sqlalchemy.orm import Session

from referee.store.prepared import Transaction
from referee.store.projector import ReadModelProjector, SeatRecord, seat_records, status_of
from referee.store.recorder import EventRecorder, Head

#: Called as ``hook(session, match_id, seq)`` right after an event row is inserted, inside the
#: append's transaction: what a hook writes (a NOTIFY, say) commits or rolls back with the move.
AppendHook = Callable[[Session, int, int], None]
after_append: list[AppendHook] = []


def appended(transaction: Transaction | None, match_id: int, seq: int) -> None:
    """Run the append hooks: the one place where an append announces itself (none run on a
    unit of work without a database; with no hook, no session is made for them)."""
    if transaction is None or not after_append:
        return
    for hook in after_append:
        hook(transaction.session, match_id, seq)


def tally(session: Session, game: str, status: str, day: date, delta: int) -> None:
    """Count a match created on ``day`` in (or out of) its game's tally for ``status``."""
    ReadModelProjector(session, EventRecorder(session)).tally(game, status, day, delta)


__all__ = ["AppendHook", "Head", "SeatRecord", "after_append", "appended", "seat_records",
           "status_of", "tally"]
