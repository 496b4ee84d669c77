"""The pages' queries: each page's view model read in one transaction with one authentication,
so what a page shows agrees with itself (the table, the standings and the moves all at one
seq) and a page opens one transaction, not eight."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.service import bgstats, history, night_tables, nights, ratings, take_back, work
from referee.service.access import Access, authenticate, get_match, viewer_as
from referee.service.errors import Unauthenticated
from referee.service.history import MatchesPage, MatchFilter, match_dict
from referee.service.legal import moves_of
from referee.service.messages import names_of
from referee.service.queries import logged_after, state_of, table_at, timeline_of
from referee.service.replay import Source
from referee.service.repository import MatchRepository
from referee.store import models
from referee.store.db import Database


def holder(match: models.Match, token: str | None) -> Access | None:
    """Who the page's token makes its holder; None for the public or a token of no seat (a
    stale cookie: the page is shown as to the public)."""
    if not token:
        return None
    try:
        return authenticate(match, token)
    except Unauthenticated:
        return None


#: Which seat a play page's pad acts for, told the match, its reader and the table it sees
#: (None: no pad, so no legal moves to read).
PadSeat = Callable[[Mapping[str, Any], Access | None, Mapping[str, Any]], int | None]


@dataclass(frozen=True)
class PlayPage:
    """What a seat's or the host's play page shows, read at one seq."""

    match: dict[str, Any]  # ``history.match_dict``
    access: Access | None
    state: dict[str, Any]  # the table now as the reader sees it (``queries.table_at``)
    names: list[str]  # the names at the table, by seat
    logged: dict[str, Any] | None  # the event just logged, when the page was asked with it
    # (with ``voided_by``/``corrected_by``: the seq that voided or corrected it since, if any)
    take_back: dict[str, Any] | None  # the seat's move it may take back now
    legal: list[dict[str, Any]]  # what the pad's seat may log now


def play(db: Database, match_id: int, token: str | None, *, logged: int | None = None,
         pad_seat: PadSeat | None = None) -> PlayPage:
    """The play page of ``match_id`` for the holder of ``token``."""
    with work.page(db) as session:
        match = get_match(session, match_id)
        access = holder(match, token)
        viewer = access.viewer if access else None
        repo = MatchRepository.of(db)
        now = repo.latest(session, match)
        shown = match_dict(match)
        state = table_at(match, now.folded, match.summary.last_seq, viewer)
        seat = pad_seat(shown, access, state["table"]) if pad_seat else None
        return PlayPage(shown, access, state, names_of(match),
                        _event(session, repo, match, viewer, logged),
                        take_back.offer(session, match, access),
                        _seat_moves(match, now.folded.state, seat))


def _event(session: Source, repo: MatchRepository, match: models.Match, viewer: Any,
           seq: int | None) -> dict[str, Any] | None:
    """Event ``seq`` as ``viewer`` may read it (None: none asked, or none there)."""
    if not seq:
        return None
    events, _last = logged_after(session, repo, match, viewer, seq - 1, 1)
    if not events:
        return None
    now = repo.latest(session, match)  # a void or correction logged since outdates its verdict
    voided, replaced = now.voided.get(seq), now.replaced.get(seq)
    return {**events[0], "voided_by": voided[0] if voided else None,
            "corrected_by": replaced.by if replaced else None}


def _seat_moves(match: models.Match, state: Any, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` may log now, for its pad (none for a seat the match does not have)."""
    if seat is None or not 0 <= seat < len(match.seats):
        return []
    return moves_of(match, state, seat)


#: The last moves the TV board shows, with their verdicts.
BOARD_MOVES = 4


@dataclass(frozen=True)
class BoardPage:
    """What the TV board shows to everyone: the match, the table as the public sees it, and
    its last moves."""

    match: dict[str, Any]  # ``history.match_dict``
    table: dict[str, Any]
    recent: list[dict[str, Any]]  # the last ``BOARD_MOVES`` events, oldest first


def board(db: Database, match_id: int) -> BoardPage:
    """The TV board of ``match_id``, as the public sees it."""
    with work.page(db) as session:
        match = get_match(session, match_id)
        repo = MatchRepository.of(db)
        last = match.summary.last_seq
        table = table_at(match, repo.latest(session, match).folded, last, None)["table"]
        recent, _last = logged_after(session, repo, match, None, max(0, last - BOARD_MOVES),
                                     BOARD_MOVES)
        return BoardPage(match_dict(match), table, recent)


@dataclass(frozen=True)
class MatchPage:
    """What a match's page shows: its timeline page, the table after an event when asked,
    and whether the reader hosts the night a rematch would stay in."""

    match: dict[str, Any]  # ``history.match_dict``
    access: Access | None
    timeline: dict[str, Any]  # ``queries.timeline``'s page (shared: read it, never change it)
    state: dict[str, Any] | None  # the table after event ``at``, when asked
    night_host: bool
    chances: list[dict[str, Any]] | None = None  # ``ratings.before_the_end``


@dataclass(frozen=True)
class Asked:
    """What a match page asks for besides its match: a timeline page (just ``before`` or
    ``after`` a seq, else the latest), the table after event ``at`` as seat ``as_seat`` sees
    it (or the public, ``public``), and the night host's token by night (for a rematch)."""

    limit: int
    before: int | None = None
    after: int | None = None
    at: int | None = None
    as_seat: int | None = None
    public: bool = False
    night_token: Callable[[int], str | None] | None = None


def match_page(db: Database, match_id: int, token: str | None, asked: Asked) -> MatchPage:
    """The page of ``match_id`` for the holder of ``token``."""
    with work.page(db) as session:
        match = get_match(session, match_id)
        access = holder(match, token)
        repo = MatchRepository.of(db)
        timeline = timeline_of(session, repo, match, access.viewer if access else None,
                               before=asked.before, after=asked.after, limit=asked.limit)
        state = None
        if asked.at is not None:
            viewer = viewer_as(match, None if asked.public else access, asked.as_seat)
            state = state_of(session, repo, match, asked.at, viewer)
        night = match.night_id
        night_host = bool(night and match.summary.status == "finished" and asked.night_token
                          and nights.hosts(session, night, asked.night_token(night)))
        return MatchPage(match_dict(match), access, timeline, state, night_host,
                         chances=ratings.before_the_end(session, match))


@dataclass(frozen=True)
class HeldMatch:
    """A match as its pages show it, who the page's token makes its reader, and for the host
    the timeline's page that starts at the event asked (a correction's page)."""

    match: dict[str, Any]  # ``history.match_dict``
    access: Access | None
    timeline: dict[str, Any] | None = None
    table: dict[str, Any] | None = None  # the table just before the event, as the host sees it


def held_match(db: Database, match_id: int, token: str | None, event: int | None = None
               ) -> HeldMatch:
    """``match_id`` and the holder of ``token``; for the host, event ``event`` as the
    timeline shows it (the invite page, a join link, a correction's page)."""
    with work.page(db) as session:
        match = get_match(session, match_id)
        access = holder(match, token)
        if event is None or access is None or not access.host:
            return HeldMatch(match_dict(match), access)
        repo = MatchRepository.of(db)
        timeline = timeline_of(session, repo, match, access.viewer,
                               before=None, after=event - 1, limit=1)
        before = max(0, min(event - 1, match.summary.last_seq))
        table = state_of(session, repo, match, before, access.viewer)["table"]
        return HeldMatch(match_dict(match), access, timeline, table)


# --- browsing: each page one read, on the replica when the request may use it ----------------


@dataclass(frozen=True)
class HomePage:
    """The home page: matches under way, the latest finished, the latest nights."""

    under_way: list[dict[str, Any]]
    finished: list[dict[str, Any]]
    nights: list[dict[str, Any]]


def home(db: Database) -> HomePage:
    """The home page in one read."""
    with work.page(db, browsing=True):
        return HomePage(history.list_matches(db, MatchFilter(status="in progress"), 12).items,
                        history.list_matches(db, MatchFilter(status="finished"), 6).items,
                        history.list_nights(db, 1, 10))


@dataclass(frozen=True)
class HistoryPage:
    """A page of the history, and who and which nights its filters can name."""

    found: MatchesPage
    players: list[dict[str, Any]]
    nights: list[dict[str, Any]]


def history_page(db: Database, f: MatchFilter, per_page: int, *, before: str | None = None,
                 after: str | None = None) -> HistoryPage:
    """The history page in one read."""
    with work.page(db, browsing=True):
        return HistoryPage(history.list_matches(db, f, per_page, before=before, after=after),
                           history.list_players(db, 1, 500), history.list_nights(db, 1, 200))


@dataclass(frozen=True)
class NightPage:
    """A night's page: its board, its latest matches, and whether the reader hosts it."""

    board: dict[str, Any]  # ``nights.board``
    latest: MatchesPage
    host: bool
    tables: dict[str, Any] | None = None  # ``night_tables.rounds``: the roster and rounds
    ratings: dict[str, Any] | None = None  # ``ratings.night_ratings``: each player's change


def night(db: Database, night_id: int, token: str | None, latest: int) -> NightPage:
    """Night ``night_id``'s page for the holder of ``token`` (the night's host token or
    none), with its ``latest`` matches, in one read."""
    with work.page(db, browsing=True):
        board = nights.board(db, night_id)  # 404 first, for a night that is not there
        return NightPage(board, history.list_matches(db, MatchFilter(night=night_id), latest),
                         nights.is_host(db, night_id, token), night_tables.rounds(db, night_id),
                         ratings=ratings.night_ratings(db, night_id))


@dataclass(frozen=True)
class BgStatsPage:
    """A finished match's « send to BG Stats » page: the match and the play it sends."""

    match: dict[str, Any]  # ``history.match_dict``
    sent: dict[str, Any]  # ``bgstats.send_link``


def bgstats_page(db: Database, match_id: int) -> BgStatsPage:
    """The BG Stats page of ``match_id`` in one read."""
    with work.page(db, browsing=True):
        return BgStatsPage(history.get_match_dict(db, match_id), bgstats.send_link(db, match_id))
