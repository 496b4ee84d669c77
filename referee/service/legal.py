"""What a seat, or the host, may log now: the engine's ``legal_moves``, with ``/state``'s rule
for tokens (a seat's token answers for that seat, the host's for any seat and for the host)."""

from __future__ import annotations

from typing import Any, Literal

from referee.engines.base import HOST
from referee.service.errors import Forbidden, ServiceError
from referee.service.matches import authenticate, get_match, viewer_for
from referee.service.modes import engine_of
from referee.service.repository import MatchRepository
from referee.service.sentences import sentence
from referee.store.db import Database

As = int | Literal["host"] | None


def legal_moves(db: Database, match_id: int, token: str | None, as_: As) -> dict[str, Any]:
    """The moves ``as_`` may log now (the token's own seat, or the host, when ``as_`` is None;
    nothing for the public)."""
    with db.reading() as session:
        match = get_match(session, match_id)
        if as_ == HOST:
            if not authenticate(match, token).host:
                raise Forbidden(sentence("Only the host's token may ask what the host may "
                                         "log."),
                                where="query.as")
            viewer: Any = HOST
        else:
            viewer = viewer_for(match, token, as_ if isinstance(as_, int) else None)
        state = MatchRepository.of(db).latest(session, match).folded.state  # shared: read only
        engine = engine_of(match)
        moves = () if viewer is None else engine.legal_moves(state, viewer)
        return {
            "match_id": match.id, "game": match.game, "at": match.summary.last_seq,
            "as": "public" if viewer is None else viewer, "turn": engine.turn(state),
            "finished": engine.is_finished(state), "moves": [m.as_dict() for m in moves],
        }


def seat_moves(db: Database, match_id: int, token: str | None, seat: int
               ) -> list[dict[str, Any]]:
    """What ``seat`` may log now, for its move pad (the host's token asks for any seat); none
    when the token may not ask."""
    try:
        return list(legal_moves(db, match_id, token, seat)["moves"])
    except ServiceError:
        return []
