"""The NOTIFYs that announce appends on PostgreSQL, sent once the appends have committed.

A transaction that sends a NOTIFY takes a lock that every notifying transaction of the whole
database waits for, and holds it until its commit is flushed to disk: appends to different
matches that each NOTIFY commit one after the other, one disk flush each, at the rate one
client alone commits (a few hundred a second on a slow disk), whatever PostgreSQL's group
commit could do for them. So one statement that notifies at a time per process and database:
when none is on its way, an append's notice goes in its own statement (a quiet move written
in one statement that commits as it runs: ``ReadModelProjector.appended``), or right after its
commit as a statement of its own on the same connection (``Prepared.alone``: no BEGIN or
COMMIT round trip, nothing to flush) — a table alone pays no thread to wake and at most one
short round trip; otherwise its notice waits for one thread that sends every notice waiting
in one statement, on a pooled connection: under many tables' appends, one lock, held for one
statement, for all those committed meanwhile. (Each append
sending its own, the notices of 16 tables queued for that lock one statement at a time:
``bench/tables.py`` logged a third fewer appends a second; every notice through the thread,
a table alone paid the thread's wake-up: ``bench/append_peer.py`` on PostgreSQL 0.79 × the
code with the NOTIFY in the append's transaction.)

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
    """The notices of one process and database: one statement at a time, sent by the append
    that committed them when none is on its way, else batched by one thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = weakref.ref(engine)  # kept for the engine, not keeping it
        self._lock = threading.Lock()
        self._waiting: list[tuple[str, str]] = []
        self._bell = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        self._busy = False  # a statement of notices is on its way
        self._pid = os.getpid()

    def send(self, notices: list[tuple[str, str]], committed: Transaction | None = None
             ) -> None:
        """Send ``notices``: at once on ``committed``'s connection (which has just committed)
        when no other statement of notices is on its way, else with the next batch."""
        if committed is not None and committed.may_run_alone() and self.claim():
            try:
                _notify(committed, notices)
            finally:
                self.release()
            return
        with self._lock:
            self._forked()
            self._waiting.extend(notices)
            self._wake()

    def claim(self) -> bool:
        """Take the turn of the one statement of notices on its way, for a caller that sends
        its own (False: one is on its way, or notices wait for the next batch)."""
        with self._lock:
            self._forked()
            if self._busy or self._waiting:
                return False
            self._busy = True
            return True

    def release(self) -> None:
        """The claimed statement has been sent: the batch waiting, if any, may go."""
        with self._lock:
            self._busy = False
            if self._waiting:
                self._wake()

    def _forked(self) -> None:
        """In a forked worker, nothing of its parent's is on its way (the lock held)."""
        if self._pid != os.getpid():
            self._pid, self._busy, self._thread, self._waiting = os.getpid(), False, None, []

    def _wake(self) -> None:
        """The thread, told there is something to send (started if it is not running); the
        lock held."""
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="referee-notices",
                                            daemon=True)
            self._thread.start()
        self._bell.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._busy or not self._waiting:
                    self._bell.wait(IDLE)
                if not self._waiting:
                    if not self._busy:  # nothing for IDLE seconds: the next notice starts one
                        self._thread = None
                        return
                    continue
                if self._busy:
                    continue
                batch, self._waiting = self._waiting, []
                self._busy = True
            try:
                sent = self._flush(batch)
            finally:
                with self._lock:
                    self._busy = False
            if not sent:
                return

    def _flush(self, batch: list[tuple[str, str]]) -> bool:
        """Send ``batch`` on a pooled connection; False when the engine is gone."""
        engine = self.engine()
        if engine is None:
            return False
        transaction = Transaction(engine)
        try:
            _notify(transaction, batch)
        finally:
            transaction.close()
        return True


def _notify(transaction: Transaction, notices: list[tuple[str, str]]) -> None:
    """One statement, sent alone on ``transaction``'s connection; a failure is logged, never
    raised (what committed stays acknowledged; the streams' timed look catches up)."""
    try:
        _SEND.alone(transaction, {"channels": [c for c, _ in notices],
                                  "payloads": [p for _, p in notices]})
    except Exception as error:  # noqa: BLE001
        log.warning("%d notices of appends were not sent (%s)", len(notices), error)


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
        committed = (transaction if isinstance(transaction, Transaction)
                     and transaction.engine is engine else None)
        sender_for(engine).send(notices, committed)


def _forget(session: Session) -> None:
    session.info.pop(PENDING, None)


Transaction.after_commit.append(_send_after_commit)
event.listen(Session, "after_commit", _send_after_commit)
event.listen(Session, "after_rollback", _forget)
