"""What the database's columns hold, as the edges check it (the API's schemas, the pages'
forms, imports): the store declares the bounds once (``referee.store.bounds``, which makes the
tables with them), the service names them to the edges.
"""

from __future__ import annotations

from referee.store.bounds import (
    ACTOR_LENGTH,
    HASH_LENGTH,
    IDEMPOTENCY_KEY_LENGTH,
    INT32_MAX,
    MODE_LENGTH,
    NAME_KEY_LENGTH,
    NAME_LENGTH,
    NIGHT_NAME_LENGTH,
    TYPE_LENGTH,
    UUID_LENGTH,
)

__all__ = ["ACTOR_LENGTH", "HASH_LENGTH", "IDEMPOTENCY_KEY_LENGTH", "INT32_MAX", "MODE_LENGTH",
           "NAME_KEY_LENGTH", "NAME_LENGTH", "NIGHT_NAME_LENGTH", "TYPE_LENGTH", "UUID_LENGTH"]
