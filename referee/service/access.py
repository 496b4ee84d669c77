"""Who reads or writes a match: the match found or 404, and the bearer token's holder (the
host, one seat, or nobody known) with what it may see."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engines.base import HOST, Viewer
from referee.service.errors import Forbidden, NotFound, Unauthenticated
from referee.service.replay import Source, log_of
from referee.service.sentences import counted, sentence
from referee.service.tokens import hash_token
from referee.store import models


@dataclass(frozen=True)
class Access:
    """Who holds the bearer token: the host, one seat, or nobody known."""

    host: bool = False
    seat: int | None = None

    @property
    def viewer(self) -> Viewer:
        return HOST if self.host else self.seat

    @property
    def actor(self) -> str:
        return "host" if self.host else f"seat:{self.seat}"



def get_match(session: Source, match_id: int, *, lock: bool = False) -> models.Match:
    """The match (``lock``: its summary row locked, to serialise writers), or 404."""
    match = log_of(session).match(match_id, lock=lock)
    if match is None:
        raise NotFound(sentence("There is no match {match}.", match=match_id), where="match_id")
    return match


def authenticate(match: models.Match, token: str | None) -> Access:
    if not token:
        raise Unauthenticated(sentence("This needs a token: send 'Authorization: Bearer <token>'."),
                              where="header.Authorization")
    digest = hash_token(token)
    if digest == match.host_token_hash:
        return Access(host=True)
    for seat in match.seats:
        if seat.token_hash == digest:
            return Access(seat=seat.seat)
    raise Unauthenticated(sentence("That token belongs to no seat of this match, nor to its host."),
                          where="header.Authorization")


def viewer_for(match: models.Match, token: str | None, as_seat: int | None) -> Viewer:
    """The viewer a state request may see as: the public, or a seat with its or the host's token."""
    if as_seat is None and not token:
        return None
    return viewer_as(match, authenticate(match, token), as_seat)


def viewer_as(match: models.Match, access: Access | None, as_seat: int | None) -> Viewer:
    """``viewer_for`` with the token's holder known (None: no token, the public)."""
    if as_seat is None:
        return access.viewer if access else None
    if access is None:
        access = authenticate(match, None)  # raises: a seat's view needs a token
    if not 0 <= as_seat < len(match.seats):
        raise NotFound(sentence("Match {match} has no seat {seat}.", match=match.id,
                                seat=as_seat), where="query.as")
    if not access.host and access.seat != as_seat:
        raise Forbidden(sentence("Seat {own}'s token cannot see seat {seat}'s hand.",
                                 own=counted(access.seat), seat=as_seat + 1),
                        where="query.as")
    return as_seat
