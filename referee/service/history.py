"""Browsing: matches, nights and players, from the read models only (never a replay)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypeVar

from sqlalchemy import Select, case, func, literal, select, tuple_
from sqlalchemy.orm import Session

from referee.service import ratings, work
from referee.service.errors import Invalid, NotFound
from referee.service.places import with_ranks
from referee.service.sentences import sentence
from referee.store import models
from referee.store.db import Database
from referee.store.recorder import EventRecorder

SelectAny = TypeVar("SelectAny", bound="Select[*tuple[Any, ...]]")  # any columns


@dataclass(frozen=True)
class MatchFilter:
    game: str | None = None
    player: int | None = None
    night: int | None = None
    status: str | None = None
    since: date | None = None
    until: date | None = None


def kept_outcome(totals: Any) -> str:
    """The outcome's sentence a summary written by an older version kept in its totals, to be
    shown where its data cannot be said again; "" for a summary kept as data only (each reader
    gets the outcome said from ``standings``' data, ``referee.service.messages.reword``)."""
    kept = totals.get("outcome") if isinstance(totals, dict) else None
    return kept if isinstance(kept, str) else ""


def match_dict(match: models.Match) -> dict[str, Any]:
    summary = match.summary
    return {
        "id": match.id, "game": match.game, "options": match.options, "mode": match.mode,
        "status": summary.status, "night_id": match.night_id, "follows": match.follows_id,
        "last_seq": summary.last_seq, "created_at": models.iso(match.created_at),
        "updated_at": models.iso(summary.updated_at), "outcome": kept_outcome(summary.totals),
        "winners": list(summary.winners), "uuid": match.uuid, "is_copy": match.is_copy,
        "copy_of": match.copy_of,
        "seats": [
            {"seat": s.seat, "player_id": s.player_id, "name": s.player.name, "total": s.total,
             "missplays": s.missplays, "won": s.won}
            for s in match.seats
        ],
        "standings": with_ranks(summary.totals),
    }


def get_match_dict(db: Database, match_id: int) -> dict[str, Any]:
    with work.reading(db) as session:
        match = EventRecorder(session).match(match_id)  # with its seats, in one statement
        if match is None:
            raise NotFound(sentence("There is no match {match}.", match=match_id),
                           where="match_id")
        return match_dict(match)


def _filtered(query: SelectAny, f: MatchFilter) -> SelectAny:
    summary = models.MatchSummary
    if f.game:
        query = query.where(summary.game == f.game)
    if f.status:
        query = query.where(summary.status == f.status)
    if f.night is not None:
        query = query.where(summary.night_id == f.night)
    if f.player is not None:
        query = query.where(summary.match_id.in_(
            select(models.Seat.match_id).where(models.Seat.player_id == f.player)))
    if f.since:
        query = query.where(summary.created_at >= datetime.combine(f.since, time(), UTC))
    if f.until:
        end = datetime.combine(f.until + timedelta(days=1), time(), UTC)
        query = query.where(summary.created_at < end)
    return query


@dataclass(frozen=True)
class MatchesPage:
    """One page of matches, newest first, and the cursors of the pages on either side."""

    items: list[dict[str, Any]]
    total: int | None  # from the tallies (or one player's or night's matches); None: unknown
    older: str | None  # pass as ``before`` for the next page, None on the last
    newer: str | None  # pass as ``after`` for the previous page, None on the first


def cursor_of(updated_at: datetime, match_id: int) -> str:
    """A page boundary: a match's place in the newest-first order, as ``<µs since epoch>.<id>``."""
    if updated_at.tzinfo is None:
        updated_at = updated_at.replace(tzinfo=UTC)
    micros = (updated_at - EPOCH) // timedelta(microseconds=1)
    return f"{micros}.{match_id}"


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def parse_cursor(text: str, where: str) -> tuple[datetime, int]:
    micros, dot, match_id = text.partition(".")
    try:
        if not dot or not 0 <= int(match_id) < 2**63:
            raise ValueError
        return EPOCH + timedelta(microseconds=int(micros)), int(match_id)
    except (ValueError, OverflowError):
        raise Invalid(sentence("{text} is not a page cursor; follow the older and newer "
                               "links.", text=repr(text)),
                      where=where) from None


def list_matches(db: Database, f: MatchFilter, per_page: int, *, before: str | None = None,
                 after: str | None = None) -> MatchesPage:
    """One page of matches, newest first, by key: the ``per_page`` matches just older than
    cursor ``before`` (or just newer than ``after``; the newest without either). The indexes
    on ``(updated_at, match_id)`` serve every page alike: the 50th costs what the first does."""
    with work.reading(db) as session:
        return matches_page(session, f, per_page, before=before, after=after)


def matches_page(session: Session, f: MatchFilter, per_page: int, *, before: str | None = None,
                 after: str | None = None) -> MatchesPage:
    """``list_matches`` within a read a page already holds (one read per page)."""
    summary = models.MatchSummary
    key = tuple_(summary.updated_at, summary.match_id)
    query = _filtered(select(summary.match_id, summary.updated_at), f)
    if after is not None:
        moment, match_id = parse_cursor(after, "query.after")
        query = query.where(key > tuple_(literal(moment), literal(match_id)))
        query = query.order_by(summary.updated_at.asc(), summary.match_id.asc())
    else:
        if before is not None:
            moment, match_id = parse_cursor(before, "query.before")
            query = query.where(key < tuple_(literal(moment), literal(match_id)))
        query = query.order_by(summary.updated_at.desc(), summary.match_id.desc())
    keys = list(session.execute(query.limit(per_page + 1)).all())
    more = len(keys) > per_page
    keys = keys[:per_page]
    if after is not None:
        keys.reverse()
    ids = [k.match_id for k in keys]
    matches = {m.id: m for m in session.scalars(
        select(models.Match).where(models.Match.id.in_(ids)))} if ids else {}
    items = [match_dict(matches[i]) for i in ids]
    total = _total(session, f)
    first = cursor_of(keys[0].updated_at, keys[0].match_id) if keys else None
    last = cursor_of(keys[-1].updated_at, keys[-1].match_id) if keys else None
    if after is not None:
        return MatchesPage(items, total, last, first if more else None)
    return MatchesPage(items, total, last if more else None,
                     first if before is not None and keys else None)


def _total(session: Session, f: MatchFilter) -> int | None:
    """How many matches fit ``f``, from the tallies; for one player's or one night's matches,
    counted among theirs alone (an index gives them)."""
    if f.player is not None and f == MatchFilter(player=f.player):
        seat = models.Seat  # every match has its summary: the player's seats alone count them
        return int(session.scalar(select(func.count(func.distinct(seat.match_id)))
                                  .where(seat.player_id == f.player)) or 0)
    if f.player is not None or f.night is not None:
        return int(session.scalar(
            _filtered(select(func.count(models.MatchSummary.match_id)), f)) or 0)
    tally = models.MatchTally
    query = select(func.coalesce(func.sum(tally.count), 0))
    if f.game:
        query = query.where(tally.game == f.game)
    if f.status:
        query = query.where(tally.status == f.status)
    if f.since:
        query = query.where(tally.day >= f.since)
    if f.until:
        query = query.where(tally.day <= f.until)
    return int(session.scalar(query) or 0)


# --- nights ----------------------------------------------------------------------------------


def night_dict(session: Session, night: models.Night, with_matches: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"id": night.id, "name": night.name,
                           "created_at": models.iso(night.created_at)}
    if with_matches:
        matches = session.scalars(select(models.Match).where(models.Match.night_id == night.id)
                                  .order_by(models.Match.id)).all()
        out["matches"] = [match_dict(m) for m in matches]
    return out


def list_nights(db: Database, page: int, per_page: int, *, one_more: bool = False
                ) -> list[dict[str, Any]]:
    """Page ``page`` of the nights, newest first (``one_more``: and the next page's first,
    which says whether there is one)."""
    with work.reading(db) as session:
        nights = session.scalars(select(models.Night).order_by(models.Night.id.desc())
                                 .offset((page - 1) * per_page)
                                 .limit(per_page + one_more)).all()
        return [night_dict(session, n, False) for n in nights]


def get_night(db: Database, night_id: int) -> dict[str, Any]:
    with work.reading(db) as session:
        night = session.get(models.Night, night_id)
        if night is None:
            raise NotFound(sentence("There is no night {night}.", night=night_id),
                           where="night_id")
        return night_dict(session, night, True)


# --- players ---------------------------------------------------------------------------------


def player_record(session: Session, player_id: int) -> list[dict[str, Any]]:
    """Per game: matches played and finished, won, average final score, missplays.

    A copy imported on purpose is left out: the match it copies already counts."""
    seat, summary = models.Seat, models.MatchSummary
    finished = summary.status == "finished"
    rows = session.execute(
        select(
            summary.game,
            func.count(seat.id),
            func.sum(case((finished, 1), else_=0)),
            func.sum(case((seat.won, 1), else_=0)),
            func.avg(case((finished, seat.total), else_=None)),
            func.sum(seat.missplays),
        )
        .join(summary, summary.match_id == seat.match_id)
        .join(models.Match, models.Match.id == seat.match_id)
        .where(seat.player_id == player_id, models.Match.is_copy.is_(False))
        .group_by(summary.game)
        .order_by(summary.game)
    ).all()
    return [
        {"game": game, "played": int(played), "finished": int(done or 0), "won": int(won or 0),
         "average_score": None if avg is None else round(float(avg), 1),
         "missplays": int(missplays or 0)}
        for game, played, done, won, avg, missplays in rows
    ]


def player_dict(session: Session, player: models.Player, with_record: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"id": player.id, "name": player.name,
                           "created_at": models.iso(player.created_at)}
    if with_record:
        out["record"] = player_record(session, player.id)
    return out


def list_players(db: Database, page: int, per_page: int, *, one_more: bool = False
                 ) -> list[dict[str, Any]]:
    """Page ``page`` of the players, by name (``one_more``: and the next page's first, which
    says whether there is one)."""
    with work.reading(db) as session:
        players = session.scalars(select(models.Player).order_by(models.Player.name_key)
                                  .offset((page - 1) * per_page)
                                  .limit(per_page + one_more)).all()
        return [player_dict(session, p, False) for p in players]


def get_player(db: Database, player_id: int) -> dict[str, Any]:
    with work.reading(db) as session:
        player = session.get(models.Player, player_id)
        if player is None:
            raise NotFound(sentence("There is no player {player}.", player=player_id),
                           where="player_id")
        out = player_dict(session, player, True)
        out["ratings"] = ratings.player_ratings(session, player.id)
        out["ratings_updating"] = ratings.updating(session)
        return out
