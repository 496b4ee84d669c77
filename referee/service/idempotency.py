"""Idempotency keys: a key belongs to the token that used it and to one exact request.

A retried request (same token, same move) is answered as the first time; the same key with
another token is refused (403), and with another move, seat or payload too (409): a key is never
an answer to someone else's question.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from referee.service.errors import Conflict, Forbidden
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
            raise Conflict(sentence("That Idempotency-Key was used for another request "
                                    "(event {seq}, a {move}): a retry sends the same type, "
                                    "seat and payload; a new move needs a new key.",
                                    seq=row.seq, move=MoveName(row.type)), where=WHERE)
        return
    if row.type != move_type or (seat is not None and row.seat != seat):  # logged before 0004
        raise Conflict(sentence("That Idempotency-Key was used for a different move."),
                       where=WHERE)
