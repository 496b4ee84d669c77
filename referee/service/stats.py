"""Players' statistics from the results read models, and those read models themselves.

``refresh`` runs in the same transaction as every append (beside the match summary), and
``rebuild`` folds matches again from their logs to write the very same rows: a page view only
aggregates rows, it never replays a match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session, aliased

from referee.engines.base import Standings
from referee.service import ratings, work
from referee.service.errors import Invalid, NotFound
from referee.service.history import MatchesPage, MatchFilter, matches_page
from referee.service.places import line_ranks
from referee.service.replay import Folded, Loader, log_of, standings_of
from referee.service.sentences import sentence
from referee.service.work import UnitOfWork
from referee.store import models
from referee.store.db import Database
from referee.store.projector import Projection, ReadModelProjector
from referee.store.recorder import EventRecorder

# --- what one match says ---------------------------------------------------------------------


def ranks(standings: Standings) -> dict[int, int]:
    """seat -> placement, as every reader's standings say it (``places``: ties share the
    better place, 1, 1, 3; the winners the engine names first)."""
    winners = standings.winners if standings.finished else ()
    places = line_ranks([(ln.seats, ln.total) for ln in standings.lines], winners,
                        standings.lower_is_better)
    return {s: place for ln, place in zip(standings.lines, places, strict=True)
            for s in ln.seats}


def citron_coco_calls(state: Any) -> list[tuple[int, bool, int]]:
    """(caller, succeeded, coconuts) of each scored round with a Citron Coco call.

    Success is the engine's own test (the caller's side holds the fewest coconuts, ties as the
    option says); a call's size is the most any other side scored on it (CC-CALL-4, CCT-CALL-3).
    """
    calls = []
    for summary in getattr(state, "summaries", ()) or ():
        caller = getattr(summary, "caller", None)
        if caller is None:
            continue
        sides: list[list[int]] = state.sides
        hands = [sum(summary.hands[s] for s in seats) for seats in sides]
        mine = next(i for i, seats in enumerate(sides) if caller in seats)
        others = [h for i, h in enumerate(hands) if i != mine]
        options = state.options
        ties = bool(options.get("caller_wins_ties") if isinstance(options, Mapping)
                    else getattr(options, "caller_wins_ties", False))
        won = hands[mine] < min(others) or (ties and hands[mine] <= min(others))
        size = max((sc for i, sc in enumerate(summary.scores) if i != mine), default=0)
        calls.append((caller, won, size if won else 0))
    return calls


def projection(last_seq: int, standings: Standings, folded: Folded) -> Projection:
    """What a fold of a match's log says, as the read models hold it."""
    return Projection(last_seq, standings, folded.missplays,
                      citron_coco_calls(folded.state), ranks(standings))


def refresh(session: Any, match: models.Match, standings: Standings,
            folded: Folded) -> None:
    """Write the match's seat results and match result as its log now stands (``session``:
    a Session, or a unit of work)."""
    projector_of(session).results(match, projection(match.summary.last_seq, standings, folded))


def projector_of(source: Any) -> ReadModelProjector:
    """The read models a Session or a unit of work writes through."""
    if isinstance(source, Session):
        return ReadModelProjector(source, EventRecorder(source))
    return source.read_models


def rebuild(db: Database, match_ids: Iterable[int] | None = None) -> int:
    """Fold matches again from their logs (no snapshot) and rewrite every read model.

    Returns how many matches were rebuilt. One transaction per match, so a long rebuild can
    run beside the service.
    """
    if match_ids is None:
        with work.appending(db) as uow:
            match_ids = uow.events.match_ids()
        everything = True
    else:
        everything = False
    done = 0
    for match_id in match_ids:
        with work.appending(db) as uow:
            rebuild_match(uow, match_id)
        done += 1
        if not everything:
            ratings.changed(db, match_id)
    if everything:
        ratings.rebuild(db)  # the ratings read model too, from the first match
    return done


def rebuild_match(uow: UnitOfWork | Session, match_id: int) -> None:
    """One match's read models, folded again from its whole log within ``uow`` (or a
    session already open: a migration's)."""
    log = log_of(uow)
    match = log.match(match_id)
    if match is None:
        raise NotFound(sentence("There is no match {match}.", match=match_id), where="match_id")
    loader = Loader(uow, match)
    folded = loader.fold(use_snapshots=False)
    standings = standings_of(loader.engine, folded)
    projector_of(uow).rebuild(match, projection(log.last_seq(match_id), standings, folded))


# --- a player's figures ----------------------------------------------------------------------


def per_game(session: Session, player_id: int) -> list[dict[str, Any]]:
    """Per game: played, finished, won, win rate, average and best score, missplays per match,
    Citron Coco calls and their success rate."""
    r = models.SeatResult
    done = r.finished.is_(True)
    rows = session.execute(
        select(
            r.game, func.count(), func.sum(case((done, 1), else_=0)),
            func.sum(case((r.won.is_(True), 1), else_=0)),
            func.avg(case((done, r.score), else_=None)),
            func.min(case((done, r.score), else_=None)),
            func.max(case((done, r.score), else_=None)),
            func.max(case((r.lower_is_better.is_(True), 1), else_=0)),
            func.sum(r.missplays), func.sum(r.calls), func.sum(r.calls_won),
        ).where(r.player_id == player_id).group_by(r.game).order_by(r.game)
    ).all()
    out = []
    for game, played, done_n, won, avg, low, high, lower, miss, calls, calls_won in rows:
        done_n, won, calls, calls_won = (int(x or 0) for x in (done_n, won, calls, calls_won))
        out.append({
            "game": game, "played": int(played), "finished": done_n, "won": won,
            "win_rate": round(won / done_n, 3) if done_n else None,
            "average_score": None if avg is None else round(float(avg), 1),
            "best_score": low if lower else high,
            "missplays": int(miss or 0),
            "missplays_per_match": round(int(miss or 0) / int(played), 2),
            "calls": calls, "calls_won": calls_won,
            "call_success_rate": round(calls_won / calls, 3) if calls else None,
        })
    return out


def player_or_404(session: Session, player_id: int) -> models.Player:
    player = session.get(models.Player, player_id)
    if player is None:
        raise NotFound(sentence("There is no player {player}.", player=player_id),
                       where="player_id")
    return player


def player_stats(db: Database, player_id: int) -> dict[str, Any]:
    with work.reading(db) as session:
        return _player_stats(session, player_id)


def _player_stats(session: Session, player_id: int) -> dict[str, Any]:
    player = player_or_404(session, player_id)
    return {"id": player.id, "name": player.name, "games": per_game(session, player_id)}


def results_over_time(db: Database, player_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The player's latest finished matches, oldest first: placement and score."""
    with work.reading(db) as session:
        player_or_404(session, player_id)
        return _results_over_time(session, player_id, limit)


def _results_over_time(session: Session, player_id: int, limit: int) -> list[dict[str, Any]]:
    r = models.SeatResult
    rows = session.execute(
        select(r.match_id, r.game, r.rank, r.sides, r.score, r.won, r.ended_at)
        .where(r.player_id == player_id, r.finished.is_(True))
        .order_by(r.ended_at.desc(), r.match_id.desc()).limit(limit)
    ).all()
    return [{"match_id": m, "game": g, "rank": rank, "sides": sides, "score": score,
             "won": bool(won), "ended_at": models.iso(ended) if ended else None}
            for m, g, rank, sides, score, won, ended in reversed(rows)]


@dataclass(frozen=True)
class PlayerPage:
    """Everything a player's page shows, from one read of the read models."""

    stats: dict[str, Any]  # name and per-game figures (``player_stats``)
    matches: MatchesPage  # one page of their matches, newest first
    opponents: list[dict[str, Any]]  # whom they met most lately
    results: list[dict[str, Any]]  # their latest results, for the chart
    ratings: list[dict[str, Any]] = field(default_factory=list)  # ``ratings.player_ratings``
    ratings_updating: bool = False  # a recomputation is due: the ratings are being updated


def player_page(db: Database, player_id: int, per_page: int, *, before: str | None = None,
                after: str | None = None) -> PlayerPage:
    """A player's page in one read: their figures, a page of matches, rivals and results."""
    with work.reading(db) as session:
        person = _player_stats(session, player_id)
        found = matches_page(session, MatchFilter(player=player_id), per_page,
                             before=before, after=after)
        return PlayerPage(person, found, _opponents(session, player_id),
                          _results_over_time(session, player_id, 50),
                          ratings.player_ratings(session, player_id), ratings.updating(session))


def head_to_head(db: Database, player_id: int, other_id: int) -> dict[str, Any]:
    """Finished matches both played: who placed ahead of whom, per game and in all."""
    a, b = aliased(models.SeatResult), aliased(models.SeatResult)
    with work.reading(db) as session:
        first = player_or_404(session, player_id)
        second = player_or_404(session, other_id)
        if player_id == other_id:
            raise Invalid(sentence("Head to head takes two players: choose another player to "
                                   "compare with."), where="other_id")
        rows = session.execute(
            select(a.game, func.count(),
                   func.sum(case((a.rank < b.rank, 1), else_=0)),
                   func.sum(case((b.rank < a.rank, 1), else_=0)))
            .join(b, (b.match_id == a.match_id) & (b.player_id == other_id))
            .where(a.player_id == player_id, a.finished.is_(True))
            .group_by(a.game).order_by(a.game)
        ).all()
    games = [{"game": g, "played": int(n), "ahead": int(x or 0), "behind": int(y or 0),
              "level": int(n) - int(x or 0) - int(y or 0)} for g, n, x, y in rows]
    total = {k: sum(g[k] for g in games) for k in ("played", "ahead", "behind", "level")}
    return {"player": {"id": first.id, "name": first.name},
            "other": {"id": second.id, "name": second.name}, "games": games, "total": total}


def opponents(db: Database, player_id: int, recent: int = 200) -> list[dict[str, Any]]:
    """Whom the player met in their latest ``recent`` matches, most met first (for the
    head-to-head picker; the head-to-head itself counts every match)."""
    with work.reading(db) as session:
        return _opponents(session, player_id, recent)


def _opponents(session: Session, player_id: int, recent: int = 200) -> list[dict[str, Any]]:
    a, b = models.SeatResult, aliased(models.SeatResult)
    latest = (select(a.match_id).where(a.player_id == player_id)
              .order_by(a.match_id.desc()).limit(recent).subquery())
    rows = session.execute(
        select(models.Player.id, models.Player.name, func.count())
        .select_from(b).join(latest, latest.c.match_id == b.match_id)
        .join(models.Player, models.Player.id == b.player_id)
        .where(b.player_id != player_id)
        .group_by(models.Player.id, models.Player.name)
        .order_by(func.count().desc(), models.Player.name).limit(50)
    ).all()
    return [{"id": i, "name": n, "matches": int(c)} for i, n, c in rows]


def player_matches(db: Database, player_id: int) -> list[dict[str, Any]]:
    """Every match the player sat in, newest first, with their result (for the CSV)."""
    r, s = models.SeatResult, models.MatchSummary
    with work.reading(db) as session:
        player_or_404(session, player_id)
        rows = session.execute(
            select(r.match_id, s.created_at, r.ended_at, r.game, r.night_id, r.finished,
                   r.seat, r.rank, r.sides, r.score, r.won, r.missplays, r.calls, r.calls_won,
                   s.seat_names)
            .join(s, s.match_id == r.match_id).where(r.player_id == player_id)
            .order_by(r.match_id.desc())
        ).all()
    return [{"match_id": m, "created_at": models.iso(c),
             "ended_at": models.iso(e) if e else None, "game": g, "night_id": n,
             "status": "finished" if f else "in progress", "seat": seat, "rank": rank,
             "sides": sides, "score": score, "won": bool(won), "missplays": miss,
             "calls": calls, "calls_won": cw, "players": list(names)}
            for (m, c, e, g, n, f, seat, rank, sides, score, won, miss, calls, cw, names)
            in rows]


def when(moment: datetime | None) -> str | None:
    return models.iso(moment) if moment else None
