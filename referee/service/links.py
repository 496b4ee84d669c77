"""Join links that were replaced: their holders are told so, and what to do, not just refused.

Tokens are stored hashed, so a lost join link cannot be shown again: the host issues a new one
and the old one stops working. The old token's hash is kept (``ReplacedToken``) so that a phone
still holding it hears "your link was replaced", not "you have not joined".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.service import work
from referee.service.sentences import Day, Sentence, sentence
from referee.service.tokens import hash_token
from referee.store import models
from referee.store.db import Database


@dataclass(frozen=True)
class Replaced:
    """A join link the host replaced: for which seat, and when."""

    seat: int
    name: str
    replaced_at: datetime

    @property
    def sentence(self) -> Sentence:
        """What its holder is told, and what to do."""
        return sentence("This join link of seat {seat} ({name}) was replaced by a new one on "
                        "{day} at {time} UTC, and no longer works. Ask the host to open the "
                        "match's join links page (“Join links”) and scan your seat's new QR "
                        "code.", seat=self.seat + 1, name=self.name, day=Day(self.replaced_at),
                        time=format(self.replaced_at, "%H:%M"))

    @property
    def message(self) -> str:
        """The same in English."""
        return str(self.sentence)


def retire(session: Session, seat: models.Seat) -> None:
    """Remember the seat's current token as replaced (call before giving it a new one)."""
    if session.get(models.ReplacedToken, seat.token_hash) is None:
        session.add(models.ReplacedToken(token_hash=seat.token_hash, match_id=seat.match_id,
                                         seat=seat.seat))


def replaced(db: Database, match_id: int, token: str | None) -> Replaced | None:
    """The seat whose replaced join link ``token`` was, in this match (None: no such link)."""
    if not token:
        return None
    with work.reading(db) as session:
        found = session.scalars(select(models.ReplacedToken).where(
            models.ReplacedToken.token_hash == hash_token(token),
            models.ReplacedToken.match_id == match_id)).first()
        if found is None:
            return None
        seat = session.scalars(select(models.Seat).where(
            models.Seat.match_id == match_id, models.Seat.seat == found.seat)).one()
        return Replaced(found.seat, seat.player.name, found.replaced_at)
