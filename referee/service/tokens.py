"""Bearer tokens: a host token and one per seat. Only their hashes are stored."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
