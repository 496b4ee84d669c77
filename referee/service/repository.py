"""Match M at seq N, read one way: the process's cached state when it is at N, else the latest
snapshot at or before N and the events after it (the event-sourcing repository's ``get``).

The append, every page, the API, legal moves, a seat's take-back and the corrections all read a
match through here, so a state is folded in one place and a cached one is never folded again
beside it. What comes back from ``latest`` is shared with other readers: read it, or judge on
its ``clone()``.
"""

from __future__ import annotations

from typing import Any

from referee.service.cache import Known, MatchState, StateCache, build, cache_for, current
from referee.service.replay import Folded, Loader, Marks, Source
from referee.store import models


class MatchRepository:
    """The states of one database's matches, kept in its process cache."""

    def __init__(self, cache: StateCache) -> None:
        self.cache = cache

    @classmethod
    def of(cls, db: Any) -> MatchRepository:
        """The repository of ``db``'s matches (its process cache: one per app)."""
        return cls(cache_for(db))

    def head(self, source: Source, match_id: int, last_seq: int, identity: str, *,
             match: models.Match | None = None, known: Known | None = None) -> MatchState:
        """The match at ``last_seq``, its head as the caller read it (under its lock or
        snapshot); ``known``: the events after the cached state, when read with the head."""
        return current(source, self.cache, match, match_id, last_seq, identity, known)

    def latest(self, source: Source, match: models.Match) -> MatchState:
        """The match at its summary's last seq (shared: read it, never change it)."""
        return current(source, self.cache, match, match.id, match.summary.last_seq,
                       match.host_token_hash)

    def at(self, source: Source, match: models.Match, seq: int,
           now: MatchState | None = None) -> Folded:
        """The state after event ``seq``, the log judged as it stands now: the latest state
        (``now``, when the caller holds it) when it is at ``seq``, else the latest snapshot at
        or before it plus the events after it (at most K of them)."""
        now = now or self.latest(source, match)
        if seq == now.last_seq:
            return now.folded
        return self.log(source, match, now).fold(seq)

    def as_of(self, source: Source, match: models.Match, seq: int) -> MatchState:
        """The match at ``seq`` as its players saw it then: the voids and corrections logged
        since are not known yet (a move judged against the table its player saw). Not kept."""
        return build(source, match, seq)

    @staticmethod
    def log(source: Source, match: models.Match, state: MatchState) -> Loader:
        """The log read the slow way with ``state``'s marks (copied: a hypothetical void or
        correction added to them changes nothing kept), for the rare judgements that fold it
        again: a correction, a dry run's preview, a past state."""
        marks = Marks(dict(state.voided), dict(state.replaced), dict(state.offenders))
        return Loader(source, match, marks=marks)
