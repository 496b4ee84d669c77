"""Idempotency keys: a key belongs to the token that used it and to one exact request.

A retried request (same token, same move) is answered as the first time; the same key with
another token is refused (403), and with another move, seat or payload too (422, as the IETF
Idempotency-Key draft says): a key is never an answer to someone else's question. A retry
that arrives while the first request is still being judged is told so (409) and sends again a
moment later, to be answered as the first was. The process serving both knows (``processing``);
a retry served by another process waits for the first to commit and is answered as it was
(the key is unique in the log), so a key never logs two moves either way.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from referee.service.errors import Conflict, Forbidden, Invalid
from referee.service.sentences import MoveName, sentence
from referee.service.tokens import hash_token
from referee.store import models

WHERE = "header.Idempotency-Key"


def request_digest(move_type: str, seat: int | None, payload: dict[str, Any]) -> str:
    """The request as sent, canonical (sorted keys), hashed."""
    canonical = json.dumps({"type": move_type, "seat": seat, "payload": payload},
                           sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def stamp(key: str | None, token: str | None, move_type: str, seat: int | None,
          payload: dict[str, Any]) -> dict[str, Any]:
    """The columns a new event keeps with its key: whose key it is, for which request."""
    if key is None or not token:
        return {}
    return {"key_token_hash": hash_token(token),
            "key_request_hash": request_digest(move_type, seat, payload)}


def check_same_request(row: models.Event, token: str | None, move_type: str, seat: int | None,
                       payload: dict[str, Any]) -> None:
    """Refuse to answer again unless this is the request the key was first used for."""
    if row.key_token_hash is not None and row.key_token_hash != hash_token(token or ""):
        raise Forbidden(sentence("That Idempotency-Key was used by another token: a key "
                                 "answers only the token that first sent it; send your own "
                                 "key."), where=WHERE)
    if row.key_request_hash is not None:
        if row.key_request_hash != request_digest(move_type, seat, payload):
            raise Invalid(sentence("That Idempotency-Key was used for another request "
                                    "(event {seq}, a {move}): a retry sends the same type, "
                                    "seat and payload; a new move needs a new key.",
                                    seq=row.seq, move=MoveName(row.type)), where=WHERE)
        return
    if row.type != move_type or (seat is not None and row.seat != seat):  # logged before 0004
        raise Invalid(sentence("That Idempotency-Key was used for a different move."),
                      where=WHERE)


_being_processed: dict[tuple[int, int, str], threading.Event] = {}  # of this process
_processing_lock = threading.Lock()
#: How long a waiting retry waits for its first request (seconds; then it is refused 409).
WAIT_AT_MOST = 30.0


@contextmanager
def processing(database: object, match_id: int, key: str | None, wait: bool = False
               ) -> Iterator[None]:
    """Hold ``key`` of ``match_id`` while its request is judged and appended. The same key
    meanwhile, in this process, is refused 409 (its client sends it again a moment later),
    or with ``wait`` (a pad's form, sent twice by a double tap) waits for the first to be
    done, to be answered as it was."""
    if key is None:
        yield
        return
    held = (id(database), match_id, key)
    while True:
        with _processing_lock:
            first = _being_processed.get(held)
            if first is None:
                done = _being_processed[held] = threading.Event()
                break
        if not wait or not first.wait(WAIT_AT_MOST):
            raise Conflict(sentence("A request with that Idempotency-Key is still being "
                                    "judged: send it again in a moment, to be answered as it "
                                    "was."), where=WHERE)
    try:
        yield
    finally:
        with _processing_lock:
            del _being_processed[held]
        done.set()
