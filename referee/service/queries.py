"""Queries on matches: a match at a seq, its log page by page, judged as it stands now, its
standings and its export. Each reads the match once, through the match repository."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.engines.base import HOST, Viewer
from referee.service import identity, work
from referee.service.access import get_match, viewer_for
from referee.service.cache import MatchState, Shared
from referee.service.errors import NotFound, Unauthenticated
from referee.service.modes import engine_of
from referee.service.places import with_ranks
from referee.service.replay import (
    CORRECT,
    Folded,
    Judged,
    Loader,
    Replacement,
    Source,
    engine_event,
    fold_as,
    log_of,
    platform_types,
    replacement,
    standings_of,
)
from referee.service.repository import MatchRepository
from referee.service.sentences import sentence
from referee.store import models
from referee.store.as_data import standings_data
from referee.store.db import Database

EXPORT_FORMAT = "referee-match"
#: 2: the options are the match's full set, its readings (service/readings.py); 3: with the
#: readings of revision 0012 (an export of version 2 imports with the readings it had then)
EXPORT_VERSION = 3


def state_at(db: Database, match_id: int, at: int | None, token: str | None,
             as_seat: int | None) -> dict[str, Any]:
    with work.reading(db) as session:
        match = get_match(session, match_id)
        return state_of(session, MatchRepository.of(db), match, at,
                        viewer_for(match, token, as_seat))


def state_of(session: Source, repo: MatchRepository, match: models.Match, at: int | None,
             viewer: Viewer) -> dict[str, Any]:
    """The table after event ``at`` (default: the last) as ``viewer`` sees it; 404 for a seq
    the match does not have."""
    last = match.summary.last_seq
    if at is not None and not 0 <= at <= last:
        said = (sentence("Match {match} has no events yet; there is no seq {at}.",
                         match=match.id, at=at) if last == 0 else
                sentence("Match {match} has events 1 to {last}; there is no seq "
                         "{at}.", match=match.id, last=last, at=at))
        raise NotFound(said, where="query.at")
    at = last if at is None else at
    return table_at(match, repo.at(session, match, at), at, viewer)


def table_at(match: models.Match, folded: Folded, at: int, viewer: Viewer) -> dict[str, Any]:
    """The table after event ``at`` as ``viewer`` sees it, and the standings then."""
    engine = engine_of(match)
    return {
        "match_id": match.id, "game": match.game, "at": at,
        "last_seq": match.summary.last_seq, "viewer": "public" if viewer is None else viewer,
        "table": engine.view(folded.state, viewer),
        "standings": with_ranks(standings_of(engine, folded).as_dict()),
    }


def payload_for(state: MatchState, row: models.Event, viewer: Viewer) -> dict[str, Any]:
    """The payload as ``viewer`` may read it, the match being at ``state``."""
    engine = state.engine
    if row.type == CORRECT:  # the replacement's secrets are sealed as the move's own
        move = {**row.payload["move"],
                "payload": _sealed(state, replacement(row.seq, row.payload), viewer)}
        return {**row.payload, "move": move}
    if row.type in platform_types(engine):
        return dict(row.payload)
    event = engine_event(row, state.game)
    return dict(engine.public_payload(state.folded.state, event, viewer))


def _sealed(state: MatchState, fix: Replacement, viewer: Viewer) -> dict[str, Any]:
    """A replacement's payload as ``viewer`` may read it."""
    return dict(state.engine.public_payload(state.folded.state, engine_event(fix, state.game),
                                            viewer))


def event_dict(state: MatchState, row: models.Event, viewer: Viewer,
               judged: Judged | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seq": row.seq, "type": row.type, "seat": row.seat, "actor": row.actor,
        "payload": payload_for(state, row, viewer), "schema_version": row.schema_version,
        "recorded_at": models.iso(row.recorded_at), "verdict": row.verdict,
    }
    if judged is not None:
        out["judged_now"] = judged.verdict
        out["voided_by"] = judged.voided_by
        out["void_reason"] = judged.void_reason
        out["impossible_now"] = judged.impossible
        out["corrected_by"] = judged.corrected_by
        correction = judged.correction
        if correction is not None:  # sealed secrets of the replacement stay sealed
            correction = {**correction,
                          "payload": _sealed(state, state.replaced[row.seq], viewer)}
        out["correction"] = correction
    return out


def log_rows(session: Source, match_id: int, first: int, last: int) -> Sequence[models.Event]:
    """Events ``first`` to ``last`` (seqs are gapless, so a page is a range of them)."""
    return log_of(session).events(match_id, first - 1, last)


def events_after(db: Database, match_id: int, after: int, limit: int, token: str | None
                 ) -> tuple[list[dict[str, Any]], int]:
    with work.reading(db) as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, None)
        return logged_after(session, MatchRepository.of(db), match, viewer, after, limit)


def logged_after(session: Source, repo: MatchRepository, match: models.Match, viewer: Viewer,
                 after: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    """The events after seq ``after`` (at most ``limit``) as ``viewer`` may read them, and
    the match's last seq."""
    last = match.summary.last_seq
    if after >= last:  # nothing after it (and no seq past the column's range is asked for)
        return [], last
    now = repo.latest(session, match)
    rows = log_rows(session, match.id, after + 1, min(last, after + limit))
    return [event_dict(now, r, viewer) for r in rows], last


TIMELINE_PAGE = 50


def _judged(state: MatchState, row: models.Event) -> Judged:
    if row.seq in state.voided:
        by, reason = state.voided[row.seq]
        return Judged(row, None, voided_by=by, void_reason=reason)
    now = state.judged_now(row)
    fix = state.replaced.get(row.seq)
    if fix is None:
        return Judged(row, now.verdict, impossible=now.impossible)
    return Judged(row, now.verdict, impossible=now.impossible, corrected_by=fix.by,
                  correction={"type": fix.type, "seat": fix.seat, "payload": fix.payload,
                              "reason": fix.reason})


def timeline(db: Database, match_id: int, token: str | None = None, *,
             before: int | None = None, after: int | None = None,
             limit: int = TIMELINE_PAGE) -> dict[str, Any]:
    """One page of the log as it stands judged now (verdicts, voids, what corrections changed):
    the latest ``limit`` events, or those just before seq ``before``, or just after ``after``.

    Judgements come from the log (each event's verdict as appended) and, for the events a void
    changed, from the cached state's re-judged window: nothing is folded for a page. The newest
    page is kept with the cached state until the next move: it is shared, to be read, not
    changed. A page is data: each reader's sentences are said where the answer is made.
    """
    with work.reading(db) as session:
        match = get_match(session, match_id)
        return timeline_of(session, MatchRepository.of(db), match, viewer_for(match, token, None),
                           before=before, after=after, limit=limit)


def timeline_of(session: Source, repo: MatchRepository, match: models.Match, viewer: Viewer, *,
                before: int | None, after: int | None, limit: int) -> dict[str, Any]:
    """``timeline`` in a read already open, for ``viewer``."""
    last = match.summary.last_seq
    if after is not None:
        first, end = after + 1, min(last, after + limit)
    else:
        end = last if before is None else min(last, before - 1)
        first = max(1, end - limit + 1)
    now = repo.latest(session, match)

    def page() -> dict[str, Any]:
        rows = log_rows(session, match.id, first, end) if end >= first else []
        return Shared({
            "match_id": match.id, "game": match.game, "last_seq": last,
            "events": [event_dict(now, r, viewer, _judged(now, r)) for r in rows],
            "earlier": rows[0].seq if rows and rows[0].seq > 1 else None,
            "later": rows[-1].seq if rows and rows[-1].seq < last else None,
            "challenges": sorted(s for s in now.offenders if s not in now.ruled
                                 and s not in now.voided),
            "standings": with_ranks(standings_data(now.standings)),
        })

    if end < last:  # an earlier page: read by one reader now and then, not kept
        return page()
    return now.page(("timeline", first, end, viewer), page)


def full_timeline(db: Database, match_id: int, token: str | None = None) -> dict[str, Any]:
    """The whole log re-judged from the first move, folding every event again: a check of
    the stored judgements (``referee replay``), not what pages use."""
    with work.reading(db) as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, None)
        loader = Loader(session, match)
        folded, entries = fold_as(loader)
        now = MatchRepository.of(db).latest(session, match)
        return {
            "match_id": match.id, "game": match.game, "last_seq": match.summary.last_seq,
            "events": [event_dict(now, j.row, viewer, j) for j in entries],
            "standings": with_ranks(standings_data(standings_of(loader.engine, folded))),
        }


def standings(db: Database, match_id: int) -> dict[str, Any]:
    with work.reading(db) as session:
        match = get_match(session, match_id)
        return with_ranks(match.summary.totals)


def export(db: Database, match_id: int, token: str | None = None, *,
           public_if_stale: bool = False) -> dict[str, Any]:
    """The match's whole log, enough to replay it elsewhere (``import_match``); as the public
    reads it for a token of no seat when ``public_if_stale`` (a page's stale cookie)."""
    with work.reading(db) as session:
        match = get_match(session, match_id)
        try:
            viewer = viewer_for(match, token, None)
        except Unauthenticated:
            if not public_if_stale:
                raise
            viewer = None
        now = MatchRepository.of(db).latest(session, match)
        rows = log_rows(session, match_id, 1, match.summary.last_seq)
        events = [event_dict(now, r, viewer) for r in rows]
        return {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": match.game,
            # of the log as this reader sees it: a sealed secret cannot be tried against it
            "uuid": match.uuid, "digest": identity.log_digest(events), "options": match.options,
            "mode": match.mode,
            "seats": [{"seat": s.seat, "name": s.player.name} for s in match.seats],
            "created_at": models.iso(match.created_at),
            "events": events,
            "standings": with_ranks(match.summary.totals),
            "complete": viewer == HOST or not _has_sealed(now, rows),
        }


def readers_digests(db: Database, session: Source, match: models.Match) -> set[str]:
    """The digest of the match's log as each of its readers exports it (the host, the public,
    every seat): an export of it, whoever made it, carries one of these."""
    now = MatchRepository.of(db).latest(session, match)
    rows = log_rows(session, match.id, 1, match.summary.last_seq)
    viewers: list[Viewer] = [HOST, None, *(s.seat for s in match.seats)]
    return {identity.log_digest([event_dict(now, r, viewer) for r in rows])
            for viewer in viewers}


def _has_sealed(now: MatchState, rows: Sequence[models.Event]) -> bool:
    return any(payload_for(now, r, None) != r.payload for r in rows)
