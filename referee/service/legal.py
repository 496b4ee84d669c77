"""What a seat, or the host, may log now: the engine's ``legal_moves``, with ``/state``'s rule
for tokens (a seat's token answers for that seat, the host's for any seat and for the host)."""

from __future__ import annotations

from typing import Any, Literal

from referee.engines.base import HOST, Viewer
from referee.service import work
from referee.service.access import authenticate, get_match, viewer_for
from referee.service.errors import Forbidden
from referee.service.modes import engine_of
from referee.service.repository import MatchRepository
from referee.service.sentences import sentence
from referee.store import models
from referee.store.db import Database

As = int | Literal["host"] | None


def legal_moves(db: Database, match_id: int, token: str | None, as_: As) -> dict[str, Any]:
    """The moves ``as_`` may log now (the token's own seat, or the host, when ``as_`` is None;
    nothing for the public)."""
    with work.reading(db) as session:
        match = get_match(session, match_id)
        if as_ == HOST:
            if not authenticate(match, token).host:
                raise Forbidden(sentence("Only the host's token may ask what the host may "
                                         "log."),
                                where="query.as")
            viewer: Any = HOST
        else:
            viewer = viewer_for(match, token, as_ if isinstance(as_, int) else None)
        folded = MatchRepository.of(db).latest(session, match).folded  # shared: read only
        state, engine = folded.state, engine_of(match)
        given_up = getattr(folded, "abandoned", None) is not None  # no move until voided
        return {
            "match_id": match.id, "game": match.game, "at": match.summary.last_seq,
            "as": "public" if viewer is None else viewer, "turn": engine.turn(state),
            "finished": engine.is_finished(state),
            "moves": [] if given_up else moves_of(match, state, viewer),
        }


def moves_of(match: models.Match, state: Any, viewer: Viewer) -> list[dict[str, Any]]:
    """What ``viewer`` may log on ``state`` (the match's latest; nothing for the public)."""
    moves = () if viewer is None else engine_of(match).legal_moves(state, viewer)
    return [m.as_dict() for m in moves]
