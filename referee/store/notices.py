"""The NOTIFYs that announce appends on PostgreSQL, sent once the appends have committed.

A transaction that sends a NOTIFY takes a lock that every notifying transaction of the whole
database waits for, and holds it until its commit is flushed to disk: appends to different
matches that each NOTIFY commit one after the other, one disk flush each, at the rate one
client alone commits (a few hundred a second on a slow disk), whatever PostgreSQL's group
commit could do for them. So an append commits without one; after its commit its notice goes
to a sender, one thread per process and database, that sends every notice waiting in one
statement of its own (``Prepared.alone``: no BEGIN or COMMIT round trip, nothing to flush), on
a pooled connection: one lock, held for one statement, for all the appends that committed
meanwhile. (Sent by each append on its own connection instead, the notices of 16 tables
queue up for that lock one statement at a time: ``bench/tables.py`` logged a third fewer
appends a second.)

A wake-up only says "read the log again" (``referee.service.live``): one lost with a process
that dies between the commit and the sending costs the other processes' streams a delay until
their timed look at the log, never a move; the streams of the appending process are rung
after the commit, as before.
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, event, text
from sqlalchemy.orm import Session

from referee.store.prepared import Prepared, Transaction

log = logging.getLogger(__name__)

#: Where a transaction keeps the notices to send once it commits: (channel, payload after the
#: schema), as ``referee.service.live.announced`` gives them.
PENDING = "referee.notices"

#: Every notice given, in one statement: the payload is prefixed with the schema, as the
#: listeners expect (several schemas of one database do not wake each other's streams).
#: Sent alone (``Prepared.alone``): one round trip, no BEGIN or COMMIT of its own.
_SEND = Prepared(text("SELECT pg_notify(c, concat(current_schema(), p)) "
                      "FROM unnest(CAST(:channels AS text[]), CAST(:payloads AS text[])) "
                      "AS n(c, p)"))

#: A sender with nothing to send for this long ends its thread (the next notice starts one).
IDLE = 5.0


def after_commit(transaction: Transaction, notice: tuple[str, str]) -> None:
    """Send ``notice`` once ``transaction`` commits (never if it rolls back)."""
    transaction.info.setdefault(PENDING, []).append((transaction.engine, notice))


class Sender:
    """The notices of one process and database, sent in batches by one thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = weakref.ref(engine)  # kept for the engine, not keeping it
        self._lock = threading.Lock()
        self._waiting: list[tuple[str, str]] = []
        self._bell = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        self._pid = 0

    def send(self, notices: list[tuple[str, str]]) -> None:
        with self._lock:
            self._waiting.extend(notices)
            running = (self._thread is not None and self._thread.is_alive()
                       and self._pid == os.getpid())  # a forked worker starts its own
            if not running:
                self._pid = os.getpid()
                self._thread = threading.Thread(target=self._run, name="referee-notices",
                                                daemon=True)
                self._thread.start()
            self._bell.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._bell.wait(IDLE)
                batch, self._waiting = self._waiting, []
                if not batch:
                    self._thread = None
                    return
            if not self._flush(batch):
                return

    def _flush(self, batch: list[tuple[str, str]]) -> bool:
        """Send ``batch`` in one statement, its own transaction; False when the engine is
        gone."""
        engine = self.engine()
        if engine is None:
            return False
        transaction = Transaction(engine)
        try:
            _SEND.alone(transaction, {"channels": [c for c, _ in batch],
                                      "payloads": [p for _, p in batch]})
        except Exception as error:  # noqa: BLE001 — the streams' timed look catches up
            log.warning("%d notices of appends were not sent (%s)", len(batch), error)
        finally:
            transaction.close()
        return True


_senders: WeakKeyDictionary[Engine, Sender] = WeakKeyDictionary()
_senders_lock = threading.Lock()


def sender_for(engine: Engine) -> Sender:
    with _senders_lock:
        found = _senders.get(engine)
        if found is None:
            found = _senders[engine] = Sender(engine)
        return found


def _send_after_commit(transaction: Session | Transaction) -> None:
    pending = transaction.info.pop(PENDING, None)
    if not pending:
        return
    by_engine: dict[Engine, list[tuple[str, str]]] = {}
    for engine, notice in pending:
        by_engine.setdefault(engine, []).append(notice)
    for engine, notices in by_engine.items():
        sender_for(engine).send(notices)


def _forget(session: Session) -> None:
    session.info.pop(PENDING, None)


Transaction.after_commit.append(_send_after_commit)
event.listen(Session, "after_commit", _send_after_commit)
event.listen(Session, "after_rollback", _forget)
