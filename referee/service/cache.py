"""Each match's folded state, kept in the process between requests, keyed by its last seq.

Judging a move needs the match's state after its last event. Folding it from the log (latest
snapshot + the events after it) on every request costs a reload and up to K re-judged events;
here it is kept instead, so that an append costs the judging of one move.

The database still decides: every append reads the match's ``last_seq`` (under SQLite's write
lock; as last committed on PostgreSQL) and inserts its event at the seq after it, and the
unique ``(match_id, seq)`` refuses a second writer. A state cached at another seq is caught up
from the log (or rebuilt), never trusted, so a stale cache costs a reload, never a wrong
verdict — across threads, processes and machines alike.

The cache holds its own copies: a state being judged is a clone, and the cache takes the new
state only once its transaction has committed (``StateCache.put`` after the unit of work), so a
refused or rolled-back append leaves it as it was. Readers share the cached state read-only.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from referee.engines.base import Engine, Impossible, Standings
from referee.engines.clone import clone
from referee.service import counters
from referee.service.kept import KeptFor
from referee.service.messages import names_of, render
from referee.service.modes import MOVES, engine_in
from referee.service.replay import (
    CHALLENGE,
    CORRECT,
    RULING,
    VOID,
    Folded,
    Loader,
    Replacement,
    Source,
    fresh,
    judge_row,
    log_of,
    platform_types,
    ruled_challenges,
    standings_of,
)
from referee.store import models
from referee.store.as_data import verdict_data
from referee.store.projector import seat_records


@dataclass(frozen=True)
class Rejudged:
    """An event's judgement as the log stands now, where a later void changed it."""

    verdict: dict[str, Any] | None
    impossible: dict[str, Any] | None = None


#: The pages a cached state keeps (``MatchState.page``): a few readers' languages and seats.
PAGES_KEPT = 16


@dataclass
class MatchState:
    """A match folded up to ``last_seq``, with what the service tallies beside the engine."""

    match_id: int
    identity: str  # the host token's hash: tells a match from another with the same id
    game: str
    seats: int
    day: date  # the UTC day it was created: its tallies' key
    last_seq: int
    folded: Folded
    voided: dict[int, tuple[int, str]] = field(default_factory=dict)  # seq -> (void seq, why)
    offenders: dict[int, int | None] = field(default_factory=dict)  # challenge seq -> accused
    ruled: set[int] = field(default_factory=set)  # challenges already ruled on
    rejudged: dict[int, Rejudged] = field(default_factory=dict)  # the timeline's void window
    replaced: dict[int, Replacement] = field(default_factory=dict)  # seq -> its correction
    cold: bool = False  # folded from the log just now (not a clone of a cached state)
    mode: str = MOVES  # "moves" or "rounds": which engine judges the match
    started_at: datetime | None = None  # its first move's time, once a result row holds it
    names: tuple[str, ...] = ()  # the players' names, by seat: read models speak with them
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def engine(self) -> Engine[Any]:
        return engine_in(self.game, self.mode)

    @property
    def standings(self) -> Standings:
        """The standings of the state (kept: a cached state never changes)."""
        if "standings" not in self.memo:
            self.memo["standings"] = standings_of(self.engine, self.folded)
        return self.memo["standings"]

    @property
    def records(self) -> tuple[tuple[int, bool, int], ...]:
        """Each seat's (total, won, missplays), as the seats' read model holds them."""
        if "records" not in self.memo:
            self.memo["records"] = seat_records(self.standings, self.folded.missplays,
                                                self.seats)
        return self.memo["records"]

    def render(self, said: Any) -> str:
        """What the engine said, with the players' names (never "seat 2")."""
        return render(said, list(self.names))

    def page(self, key: tuple[Any, ...], make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """A read of this state made once and kept with it (the timeline's newest page, worded
        for one reader: after each move, everyone at the table reads that same page), for as
        long as the state is the match's latest. Kept pages are shared: read them, never change
        them. At most ``PAGES_KEPT``: past that, the kept ones are dropped and kept afresh."""
        pages: dict[tuple[Any, ...], dict[str, Any]] = self.memo.setdefault("pages", {})
        found = pages.get(key)
        if found is None:
            found = make()
            if len(pages) >= PAGES_KEPT:
                pages.clear()
            pages[key] = found
        return found

    def moved_to(self, seq: int) -> None:
        """This clone now holds the state after event ``seq``."""
        self.last_seq = seq
        self.memo.clear()

    def clone(self) -> MatchState:
        """A copy to judge on: the engine state copied as a snapshot would give it back
        (``clone``: its mutable parts copied, its immutable ones shared; about 3 times
        faster than ``copy.deepcopy``), the tallies beside it copied (their values are
        immutable)."""
        folded = Folded(clone(self.folded.state), Counter(self.folded.missplays),
                        getattr(self.folded, "abandoned", None))
        return replace(self, folded=folded, voided=dict(self.voided),
                       offenders=dict(self.offenders), ruled=set(self.ruled),
                       rejudged=dict(self.rejudged), replaced=dict(self.replaced),
                       cold=False, memo={})

    def judged_now(self, row: models.Event) -> Rejudged:
        """How ``row`` stands judged now: re-judged inside the void window, else as logged."""
        found = self.rejudged.get(row.seq)
        if found is not None:
            return found
        shared = platform_types(self.engine)
        if row.type in shared and (row.type in (VOID, CHALLENGE, CORRECT) or (
                row.type == RULING and not row.payload.get("upheld"))):
            return Rejudged(None)
        return Rejudged(row.verdict)


class Shared(dict[str, Any]):
    """A read kept with a state and shared by its readers (``MatchState.page``): read it, never
    change it. It goes with the state, and what the edges keep of it (its wording for each
    reader) goes with it."""


class StateCache:
    """Match states by match id, least recently used dropped first; thread-safe.

    Besides each match's latest state it keeps the ones it replaced last (``EARLIER``): a
    reader whose head is a move or two behind another thread's append in this process (a
    stale move's 409, worded as the log stood at its head) is served from one of them
    instead of folding the match again from its snapshot."""

    #: How many replaced states are kept per match, newest first.
    EARLIER = 2

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._states: OrderedDict[int, MatchState] = OrderedDict()
        self._earlier: dict[int, tuple[MatchState, ...]] = {}
        #: (match id, token hash) -> the seat whose token it was when a head was last read
        #: for it: what lets a seat's move be judged without reading the head first
        #: (``matches.append``), the database checking it again as it inserts the move.
        self._holders: OrderedDict[tuple[int, str], int] = OrderedDict()
        self._lock = threading.Lock()

    def holder(self, match_id: int, digest: str) -> int | None:
        """The seat the token ``digest`` was last seen to belong to in that match, if any."""
        return self._holders.get((match_id, digest))

    def hold(self, match_id: int, digest: str, seat: int | None) -> None:
        """Remember whose token ``digest`` is (None: no seat's), the oldest forgotten first."""
        with self._lock:
            if seat is None:
                self._holders.pop((match_id, digest), None)
                return
            self._holders[(match_id, digest)] = seat
            self._holders.move_to_end((match_id, digest))
            while len(self._holders) > self.size * 8:
                self._holders.popitem(last=False)

    def get(self, match_id: int) -> MatchState | None:
        with self._lock:
            state = self._states.get(match_id)
            if state is not None:
                self._states.move_to_end(match_id)
            return state

    def earlier(self, match_id: int, identity: str, last_seq: int) -> MatchState | None:
        """The newest replaced state of the match at or before ``last_seq``, if one is kept."""
        with self._lock:
            return next((s for s in self._earlier.get(match_id, ())
                         if s.identity == identity and s.last_seq <= last_seq), None)

    def put(self, state: MatchState) -> None:
        """Keep ``state`` unless a newer one of the same match is already kept."""
        with self._lock:
            kept = self._states.get(state.match_id)
            if kept is not None and kept.identity == state.identity \
                    and kept.last_seq > state.last_seq:
                return
            if kept is not None and kept.identity == state.identity \
                    and kept.last_seq < state.last_seq:
                self._earlier[state.match_id] = (
                    kept, *self._earlier.get(state.match_id, ()))[:self.EARLIER]
            elif kept is not state:
                self._earlier.pop(state.match_id, None)
            self._states[state.match_id] = state
            self._states.move_to_end(state.match_id)
            while len(self._states) > self.size:
                dropped, _ = self._states.popitem(last=False)
                self._earlier.pop(dropped, None)

    def drop(self, match_id: int) -> None:
        with self._lock:
            self._states.pop(match_id, None)
            self._earlier.pop(match_id, None)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()
            self._earlier.clear()
            self._holders.clear()


def build(session: Source, match: models.Match, upto: int) -> MatchState:
    """Fold the match from the log (latest snapshot + later events) up to ``upto``.

    When events were voided or corrected, the fold starts before the earliest of them, judges
    each correction's replacement in its event's place, and records how each event up to the
    last void or correction is judged now: that window is all the timeline re-judges.
    """
    loader = Loader(session, match, as_of=upto)  # the voids and corrections logged by then
    loader.offenders = {s: o for s, o in loader.offenders.items() if s <= upto}
    state = MatchState(match.id, match.host_token_hash, match.game, len(match.seats),
                       models.utc_day(match.created_at), upto,
                       fresh(loader.engine, match), dict(loader.voided), dict(loader.offenders),
                       ruled_challenges(loader.log, match.id, upto), cold=True,
                       mode=match.mode or MOVES, replaced=dict(loader.replaced),
                       names=tuple(names_of(match)))
    if not loader.voided and not loader.replaced:
        state.folded = loader.fold(upto)
        return state
    earliest = min([*loader.voided, *loader.replaced])
    window_end = max([*(by for by, _ in loader.voided.values()),
                      *(fix.by for fix in loader.replaced.values())])
    found = loader.latest_snapshot(earliest - 1)
    start = 0
    if found is not None:
        start, state.folded = found
    for row in loader.rows(start, upto):
        if row.seq in loader.voided:
            continue
        try:
            verdict = judge_row(loader.engine, state.folded, loader.in_place(row), match.game,
                                loader.offenders)
        except Impossible as err:
            if row.seq <= window_end:
                state.rejudged[row.seq] = Rejudged(None, err.as_dict())
            continue
        if earliest <= row.seq <= window_end:
            state.rejudged[row.seq] = Rejudged(verdict_data(verdict) if verdict else None)
    return state


def catch_up(session: Source, state: MatchState, last_seq: int, known: Known | None = None
             ) -> MatchState | None:
    """``state`` brought up to ``last_seq`` with the events another process logged since
    (read from the log unless ``known`` has them); None when one of them changes more than
    the fold (a void, a correction, a challenge, a ruling)."""
    rows = known(state.last_seq, last_seq) if known is not None else None
    if rows is None:
        rows = log_of(session).events(state.match_id, state.last_seq, last_seq)
    if len(rows) != last_seq - state.last_seq:
        return None
    engine = state.engine
    if any(r.type in (VOID, CORRECT, CHALLENGE, RULING) for r in rows):
        return None
    fresh_state = state.clone()
    for row in rows:
        try:
            judge_row(engine, fresh_state.folded, row, state.game, fresh_state.offenders)
        except Impossible:
            return None
    fresh_state.moved_to(last_seq)
    return fresh_state


#: Events already read, when they were: ``(after, upto)`` -> the events after seq ``after`` up
#: to ``upto``, or None (``Head.events_between``).
Known = Callable[[int, int], Sequence[models.Event] | None]


def current(session: Source, cache: StateCache, match: models.Match | None, match_id: int,
            last_seq: int, identity: str, known: Known | None = None) -> MatchState:
    """The match's state at ``last_seq`` (read under the caller's lock or snapshot): from the
    cache when it is there, caught up when it lags (with the events ``known`` gives, when it
    has them), folded from the log otherwise.

    What this reads is committed, so it goes into the cache at once (shared, read-only).
    """
    kept = cache.get(match_id)
    if kept is not None and kept.identity == identity and kept.last_seq > last_seq:
        kept = cache.earlier(match_id, identity, last_seq)  # another thread moved it on
    if kept is not None and kept.identity == identity:
        if kept.last_seq == last_seq:
            counters.count(counters.STATE_CACHE, "hit")
            return kept
        if kept.last_seq < last_seq and (caught := catch_up(session, kept, last_seq, known)):
            cache.put(caught)
            counters.count(counters.STATE_CACHE, "caught_up")
            return caught
    counters.count(counters.STATE_CACHE, "miss")
    if match is None:
        match = log_of(session).match(match_id)
        assert match is not None
    built = build(session, match, last_seq)
    cache.put(built)
    return built


_CACHES: KeptFor[Any, StateCache] = KeptFor(StateCache)


def cache_for(db: Any) -> StateCache:
    """The process's cache of match states for one database (one per app)."""
    return _CACHES(db)
