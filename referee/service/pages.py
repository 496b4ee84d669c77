"""Small reads the web pages need beside the API's: thin, over the store; no game rules."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from referee.service.matches import Access, authenticate, get_match
from referee.store.db import Database


@contextmanager
def one_read(db: Database) -> Iterator[None]:
    """A page's reads in one transaction: what it shows agrees with itself (the table, the
    standings and the moves all at one seq), and the page opens one transaction, not eight."""
    with db.one_read():
        yield


def access_for(db: Database, match_id: int, token: str | None) -> Access | None:
    """Who a page's token makes its holder in this match (host or a seat); None without one.

    Raises NotFound for a match that does not exist, Unauthenticated for a token that belongs
    to no seat of it.
    """
    with db.reading() as session:
        match = get_match(session, match_id)
        if not token:
            return None
        return authenticate(match, token)
