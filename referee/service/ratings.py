"""The players' ratings read model: read the finished matches, rate them (``skill``), keep the
ratings; and the job that does it after a commit.

When a commit changes a finished match (its end, a correction, a void, an import), ``changed``
leaves a mark in ``ratings_due`` — from that match's place in the order of play, or from its
former place if that was earlier — in a transaction of its own, after the append's, and wakes
this process's job: one daemon thread per database, which coalesces the wake-ups (however
many marks, one recomputation takes them all) and is idempotent (no mark, nothing to do).

A recomputation (``settle``) holds no write lock for long: it reads the marks, then the
matches from the earliest mark on and the ratings held just before (the prior), in reads; rates
them; replaces the ratings from there a slice of the order of play at a time, each slice a
short write transaction of its own (``ROWS_A_SLICE`` rows) and the write lock left free a while
after it, so that the moves logged meanwhile wait a slice at most, not the whole recomputation
(a full one takes tens of seconds); then deletes the marks it read, by id. Of several workers
one recomputes at a time (``Database.one_at_a_time``: on PostgreSQL an advisory lock,
``LOCK_KEY`` and the schema); the next waits, then finds the marks taken or new ones to take: a
mark left while a recomputation ran stays for the next, never lost. A change's own mark is
placed from the ratings, which may be half written while it is taken: so the recomputation
reads its matches once more at its end, and leaves a mark from the earliest one that changed
meanwhile. While a mark is left (until the recomputation that read it has written everything)
the pages say the ratings are being updated.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, exists, func, insert, select, tuple_
from sqlalchemy.orm import Session

from referee.engines import REGISTRY
from referee.service import work
from referee.service.errors import NotFound
from referee.service.kept import KeptFor
from referee.service.sentences import sentence
from referee.service.skill import OVERALL, Played, Rated, Side, Skill, chances, rate
from referee.store import models
from referee.store.db import Database

log = logging.getLogger(__name__)

#: The PostgreSQL advisory lock a recomputation holds: this number and the schema's hash (two
#: schemas of one database recompute side by side).
LOCK_KEY = 0x5241_5445  # "RATE"

Point = tuple[datetime | None, str]  # from this match on (its end, its uuid); None: the start
R = models.PlayerRating


def utc(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# --- reading the matches ---------------------------------------------------------------------


def from_point(ended: Any, uuid: Any, point: tuple[datetime, str]) -> tuple[Any, ...]:
    """The rows at or after ``point`` in the order of play (``ended``, ``uuid``), as
    conditions: the plain bound on the end beside the pair lets the end's index serve."""
    return ended >= point[0], tuple_(ended, uuid) >= tuple_(point[0], point[1])


def before_point(ended: Any, uuid: Any, point: tuple[datetime, str]) -> tuple[Any, ...]:
    """The rows before ``point`` in the order of play, as conditions (see ``from_point``)."""
    return ended <= point[0], tuple_(ended, uuid) < tuple_(point[0], point[1])


def played_from(session: Session, point: Point) -> list[Played]:
    """The finished matches from ``point`` on that count: not copies, not abandoned (they
    have no result), each side's players and place from the results (and, where seats share
    a place, the summary's lines: a team is one side, a tie two)."""
    r, m, s = models.SeatResult, models.Match, models.MatchSummary
    # on SQLite the status through a function: its planner would else go through every
    # finished match by the status's index, not from the point by the end's
    status = (func.coalesce(s.status, "") if session.get_bind().dialect.name == "sqlite"
              else s.status)
    query = (select(r.match_id, m.uuid, r.game, r.ended_at, r.seat, r.player_id, r.rank)
             .join(m, m.id == r.match_id).join(s, s.match_id == r.match_id)
             .where(r.finished.is_(True), r.ended_at.is_not(None), m.is_copy.is_(False),
                    status == "finished"))
    if point[0] is not None:
        query = query.where(*from_point(r.ended_at, m.uuid, (point[0], point[1])))
    seats: dict[int, list[Any]] = defaultdict(list)
    for row in session.execute(query):
        seats[row.match_id].append(row)
    shared = [match_id for match_id, rows in seats.items()
              if len({row.rank for row in rows}) < len(rows)]
    lines = _lines(session, shared)
    return [_played(rows, lines.get(match_id)) for match_id, rows in seats.items()]


def _lines(session: Session, match_ids: Sequence[int]) -> dict[int, list[list[int]]]:
    """The seats of each line of the summaries of ``match_ids`` (the JSON read only there)."""
    out: dict[int, list[list[int]]] = {}
    s = models.MatchSummary
    for start in range(0, len(match_ids), 500):
        for match_id, totals in session.execute(
                select(s.match_id, s.totals).where(s.match_id.in_(match_ids[start:start + 500]))):
            out[match_id] = [list(ln.get("seats") or [])
                             for ln in (totals or {}).get("lines") or []]
    return out


def _played(rows: Sequence[Any], lines: list[list[int]] | None) -> Played:
    """One match from its seats' result rows: a side per line of its standings, else a side
    per seat."""
    first = rows[0]
    by_seat = {row.seat: row for row in rows}
    sides = [[s for s in ln if s in by_seat] for ln in lines or []]
    sides = [ln for ln in sides if ln]
    if sorted(s for ln in sides for s in ln) != sorted(by_seat):
        sides = [[s] for s in sorted(by_seat)]
    return Played(first.match_id, first.uuid, first.game, utc(first.ended_at),
                  tuple(Side(tuple(by_seat[s].player_id for s in ln), by_seat[ln[0]].rank)
                        for ln in sides))


def prior(session: Session, point: Point, keys: Iterable[tuple[str, int]]
          ) -> dict[tuple[str, int], Skill]:
    """The ratings held just before ``point`` for each (scope, player) of ``keys``: one
    indexed lookup each (the player's latest row in the scope before it)."""
    if point[0] is None:
        return {}
    out: dict[tuple[str, int], Skill] = {}
    for scope, player in sorted(set(keys)):
        row = session.execute(
            select(R.mu, R.sigma)
            .where(R.player_id == player, R.scope == scope,
                   *before_point(R.ended_at, R.match_uuid, (point[0], point[1])))
            .order_by(R.ended_at.desc(), R.match_uuid.desc()).limit(1)).first()
        if row is not None:
            out[(scope, player)] = Skill(row.mu, row.sigma)
    return out


# --- writing them ----------------------------------------------------------------------------

#: The rating rows one write transaction of a recomputation writes (a slice of the order of
#: play, whole matches): on SQLite about a tenth of a second of its write lock (bench/ratings.py,
#: 100,000 matches: a slice at most 0.2 s on two busy cores), which a move logged meanwhile waits
#: for at worst, never for the whole recomputation. Smaller slices cost more commits: the rows of
#: a slice touch every player's end of the player index, whatever their number.
ROWS_A_SLICE = 5000

#: The longest SQLite's write lock is left free between two slices (as long as the slice
#: before held it, up to this): SQLite lets no writer queue, a writer that waits tries again and
#: again, sleeping up to a tenth of a second between two tries, and would miss a lock free for
#: a moment only, slice after slice. (PostgreSQL's slices lock only their own rows.)
BETWEEN_SLICES = 0.1

Bound = tuple[datetime, str] | None  # up to this match, not included; None: the end


def _within(stmt: Any, start: Point, end: Bound) -> Any:
    """``stmt`` over the rating rows from ``start`` (included) to ``end`` (not)."""
    if start[0] is not None:
        stmt = stmt.where(*from_point(R.ended_at, R.match_uuid, (start[0], start[1])))
    if end is not None:
        stmt = stmt.where(*before_point(R.ended_at, R.match_uuid, end))
    return stmt


def slices(start: Point, rated: Sequence[Rated], size: int
           ) -> list[tuple[Point, Bound, Sequence[Rated]]]:
    """``rated`` (in the order of play) cut into slices of about ``size`` rows, each whole
    matches: each slice's bounds (the first from ``start``, the last to the end) and rows. The
    slices cover everything from ``start`` on, so their rows replace every row there."""
    out: list[tuple[Point, Bound, Sequence[Rated]]] = []
    begin, lower, at = 0, start, size
    while at < len(rated):
        upper = (rated[at].ended_at, rated[at].uuid)
        if upper == (rated[at - 1].ended_at, rated[at - 1].uuid):
            at += 1  # within a match: cut after it
            continue
        out.append((lower, upper, rated[begin:at]))
        begin, lower, at = at, upper, at + size
    out.append((lower, None, rated[begin:]))
    return out


def write(db: Database, start: Point, rated: Sequence[Rated]) -> None:
    """The ratings from ``start`` on replaced by ``rated``, a slice at a time, each its own
    short write transaction, in the order of play: the appends go on between two (a reader
    meanwhile sees the new ratings up to a match and the former ones after it, and the marks
    left say the ratings are being updated)."""
    table = cast(Table, R.__table__)
    for lower, upper, rows in slices(start, rated, ROWS_A_SLICE):
        values = [_row(r) for r in rows]
        began = time.monotonic()
        with work.writing(db) as session:
            session.execute(_within(delete(R), lower, upper))
            if values:  # Core's executemany: no ORM bookkeeping
                session.connection().execute(insert(table), values)
        if upper is not None and db.is_sqlite:  # a waiting writer's turn (BETWEEN_SLICES)
            time.sleep(min(time.monotonic() - began, BETWEEN_SLICES))


def _row(r: Rated) -> dict[str, Any]:
    return {"scope": r.scope, "player_id": r.player_id, "match_id": r.match_id,
            "match_uuid": r.uuid, "ended_at": r.ended_at, "mu": r.skill.mu,
            "sigma": r.skill.sigma, "ordinal": r.skill.ordinal, "change": r.change}


def moved(read: Sequence[Played], now: Sequence[Played]) -> Point | None:
    """The earliest place of a match that is not what it was when the recomputation read it
    (changed, gone, come): None if none."""
    before = {m.match_id: m for m in read}
    after = {m.match_id: m for m in now}
    points = [m.order for ms, others in ((before, after), (after, before))
              for match_id, m in ms.items() if others.get(match_id) != m]
    return min(points) if points else None


def settle_once(db: Database) -> bool:
    """Take the marks left and recompute from the earliest; False when none was left.

    One recomputation at a time among the processes (``Database.one_at_a_time``), which holds
    no write lock: it reads the marks, then the matches, in reads; rates them; writes the
    ratings a slice at a time (``write``); reads the matches again, and in one last short
    write deletes the marks it read and, if a match changed meanwhile, leaves a mark from its
    place. A mark left after it read its own stays for the next turn; and the one last read
    catches a change whose own mark came from the ratings while they were half written (its
    former place there: this one's, or one before it)."""
    with db.one_at_a_time(LOCK_KEY):
        with work.reading(db, primary=True) as session:
            marks = session.execute(select(models.RatingsDue.id, models.RatingsDue.ended_at,
                                           models.RatingsDue.match_uuid)).all()
            if not marks:
                return False
            points = [(None if e is None else utc(e), u) for _, e, u in marks]
            start: Point = ((None, "") if any(p[0] is None for p in points)
                            else min(points))  # type: ignore[type-var,unused-ignore]
            matches = played_from(session, start)
            held = prior(session, start, ((scope, p) for m in matches for side in m.sides
                                          for p in side.players
                                          for scope in (m.game, OVERALL)))
        # in the order of play: the order's and the match's indexes grow at their end, the
        # others at the end of each player's rows (sorted by key instead, bench/ratings.py
        # ran 2-3x slower)
        write(db, start, rate(matches, held))
        with work.reading(db, primary=True) as session:
            again = moved(matches, played_from(session, start))
        with work.writing(db) as session:
            session.execute(delete(models.RatingsDue).where(
                models.RatingsDue.id.in_([i for i, _, _ in marks])))
            if again is not None:
                session.add(models.RatingsDue(ended_at=again[0], match_uuid=again[1]))
        return True


def settle(db: Database) -> None:
    """Recompute until no mark is left (a mark left meanwhile is taken by the next turn)."""
    while settle_once(db):
        pass


def rebuild(db: Database) -> None:
    """Every rating again from the first match (``referee rebuild-read-models``)."""
    with work.writing(db) as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    settle(db)


# --- after a commit --------------------------------------------------------------------------


def place_of(session: Session, match_id: int) -> Point | None:
    """Where the ratings must start again for a change of ``match_id``: its former place in
    the ratings or its place now, whichever is earlier; None if it counts in neither."""
    old = session.execute(select(R.ended_at, R.match_uuid).where(R.match_id == match_id)
                          .limit(1)).first()
    new = session.execute(
        select(models.SeatResult.ended_at, models.Match.uuid)
        .join(models.Match, models.Match.id == models.SeatResult.match_id)
        .where(models.SeatResult.match_id == match_id, models.SeatResult.finished.is_(True),
               models.SeatResult.ended_at.is_not(None), models.Match.is_copy.is_(False))
        .limit(1)).first()
    points: list[tuple[datetime, str]] = [(utc(row[0]), row[1]) for row in (old, new)
                                          if row is not None and row[0] is not None]
    return min(points) if points else None


def changed(db: Database, match_id: int) -> None:
    """A commit changed ``match_id`` (ended, corrected, imported): leave a mark from its place
    in the order of play, in a transaction of its own, and wake the job. Never raises: the
    move is logged whatever becomes of its ratings (a mark left is taken later)."""
    try:
        with work.writing(db) as session:
            point = place_of(session, match_id)
            if point is None:
                return
            session.add(models.RatingsDue(ended_at=point[0], match_uuid=point[1]))
    except Exception:  # noqa: BLE001 — the move stands; the ratings wait for the next mark
        log.exception("Could not mark the ratings due after match %s", match_id)
        return
    job_of(db).wake()


def all_changed(db: Database) -> None:
    """A commit changed many matches at once (a restore): every rating is due, from the
    first match; the job is woken."""
    with work.writing(db) as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    job_of(db).wake()


class Job:
    """This process's recomputations for one database: one thread, woken by ``wake``; the
    wake-ups that come while it works make one more turn, not one each."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.woken = threading.Event()
        self.idle = threading.Event()
        self.idle.set()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def wake(self) -> None:
        with self.lock:
            self.idle.clear()
            self.woken.set()
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="referee-ratings",
                                               daemon=True)
                self.thread.start()

    def _run(self) -> None:
        """Recompute while woken; the thread ends when no wake-up came meanwhile (the next
        one starts another)."""
        while True:
            self.woken.wait()
            self.woken.clear()
            try:
                settle(self.db)
            except Exception:  # noqa: BLE001 — the marks stay: the next wake-up tries again
                log.exception("The ratings could not be recomputed")
            with self.lock:
                if not self.woken.is_set():
                    self.idle.set()
                    self.thread = None
                    return

    def wait(self, timeout: float = 30.0) -> bool:
        """Whether the job went idle within ``timeout`` seconds (for tests and the command)."""
        return self.idle.wait(timeout)


#: This process's recomputations, one job per database.
job_of: KeptFor[Database, Job] = KeptFor(Job, with_key=True)


# --- what the pages and the API read ---------------------------------------------------------


def updating(session: Session) -> bool:
    """Whether a recomputation is due (the pages say the ratings are being updated)."""
    return bool(session.scalar(select(exists().where(models.RatingsDue.id.is_not(None)))))


@dataclass(frozen=True)
class Trend:
    """A player's rating in one scope: now, and its last changes (oldest first)."""

    scope: str
    mu: float
    sigma: float
    ordinal: float
    matches: int
    history: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "game": None if self.scope == OVERALL else self.scope,
                "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "rating": round(self.ordinal, 2), "matches": self.matches,
                "history": self.history}


def player_ratings(session: Session, player_id: int, last: int = 20) -> list[dict[str, Any]]:
    """The player's rating per scope (overall first, then each game), with its trend: the
    rating after each of their ``last`` matches."""
    counts = dict(session.execute(select(R.scope, func.count()).where(R.player_id == player_id)
                                  .group_by(R.scope)).all())
    out = []
    for scope in sorted(counts, key=lambda s: (s != OVERALL, s)):
        rows = session.execute(
            select(R.match_id, R.ended_at, R.mu, R.sigma, R.ordinal, R.change)
            .where(R.player_id == player_id, R.scope == scope)
            .order_by(R.ended_at.desc(), R.match_uuid.desc()).limit(last)).all()
        history = [{"match_id": m, "ended_at": models.iso(e), "rating": round(o, 2),
                    "change": round(c, 2)} for m, e, _mu, _s, o, c in reversed(rows)]
        now = rows[0]
        out.append(Trend(scope, now.mu, now.sigma, now.ordinal, int(counts[scope]),
                         history).as_dict())
    return out


def current(scope: Any, players: Any = None) -> Any:
    """Each player's latest row in ``scope`` (of ``players`` only, if given), as a subquery;
    both values or bound parameters."""
    place = func.row_number().over(partition_by=R.player_id,
                                   order_by=(R.ended_at.desc(), R.match_uuid.desc()))
    counted = func.count().over(partition_by=R.player_id)
    query = (select(R.player_id, R.mu, R.sigma, R.ordinal, place.label("place"),
                    counted.label("matches")).where(R.scope == scope))
    if players is not None:
        query = query.where(R.player_id.in_(players))
    return query.subquery()


def _latest_of_players() -> Any:
    latest = current(bindparam("scope"), bindparam("players", expanding=True))
    return (select(latest.c.player_id, latest.c.mu, latest.c.sigma)
            .where(latest.c.place == 1))


#: The latest rating of each of some players in a game (``scope``, ``players``): built once,
#: as every view of a match under way asks it.
LATEST_OF_PLAYERS = _latest_of_players()


def leaderboard_rows(session: Session, scope: str, page: int, per_page: int,
                     one_more: bool = False) -> list[dict[str, Any]]:
    """Page ``page`` of the players rated in ``scope``, best rating first."""
    now = current(scope)
    rows = session.execute(
        select(models.Player.id, models.Player.name, now.c.mu, now.c.sigma, now.c.ordinal,
               now.c.matches)
        .join(now, now.c.player_id == models.Player.id).where(now.c.place == 1)
        .order_by(now.c.ordinal.desc(), models.Player.id)
        .offset((page - 1) * per_page).limit(per_page + one_more)).all()
    return [{"position": (page - 1) * per_page + i, "player": {"id": pid, "name": name},
             "mu": round(mu, 3), "sigma": round(sigma, 3), "rating": round(ordinal, 2),
             "matches": int(n)}
            for i, (pid, name, mu, sigma, ordinal, n) in enumerate(rows, start=1)]


def scope_of(game: str | None) -> str:
    """The ratings' scope of ``game`` (None: every game); 404 for a game nobody knows."""
    if game is None:
        return OVERALL
    if game not in REGISTRY:
        raise NotFound(sentence("There is no game {game}.", game=repr(game)), where="game")
    return game


def leaderboard(db: Database, game: str | None, page: int, per_page: int) -> dict[str, Any]:
    """A leaderboard page of ``game`` (None: overall) in one read: its rows (one past the
    page, which says whether there is a next), and whether the ratings are being updated."""
    scope = scope_of(game)
    with work.reading(db) as session:
        rows = leaderboard_rows(session, scope, page, per_page, one_more=True)
        due = updating(session)
    if due:
        job_of(db).wake()  # a mark left by a process gone: taken now
    return {"scope": scope, "game": None if scope == OVERALL else scope, "items": rows,
            "updating": due}


def night_changes(session: Session, night_id: int) -> list[dict[str, Any]]:
    """Each player's overall rating change over the night's matches, and where it stands."""
    rows = session.execute(
        select(models.Player.id, models.Player.name, func.sum(R.change), func.count())
        .join(models.Player, models.Player.id == R.player_id)
        .join(models.Match, models.Match.id == R.match_id)
        .where(models.Match.night_id == night_id, R.scope == OVERALL)
        .group_by(models.Player.id, models.Player.name)
        .order_by(func.sum(R.change).desc(), models.Player.name)).all()
    return [{"player": {"id": pid, "name": name}, "change": round(float(total), 2),
             "matches": int(n)} for pid, name, total, n in rows]


def night_ratings(db: Database, night_id: int) -> dict[str, Any]:
    """The night's rating changes, and whether they are due."""
    with work.reading(db) as session:
        return {"changes": night_changes(session, night_id), "updating": updating(session)}


def match_chances(session: Session, match: models.Match, sides: Sequence[Sequence[int]]
                  ) -> list[float] | None:
    """Each side's chance of winning ``match`` (by seats), from its players' ratings in its
    game; None when a seat's player has never been rated in it."""
    players = {seat.seat: seat.player_id for seat in match.seats}
    wanted = {players[s] for side in sides for s in side if s in players}
    held = {pid: Skill(mu, sigma) for pid, mu, sigma in session.execute(
        LATEST_OF_PLAYERS, {"scope": match.game, "players": sorted(wanted)})}
    if len(sides) < 2 or any(players.get(s) not in held for side in sides for s in side):
        return None
    return chances([[held[players[s]] for s in side] for side in sides])


def before_the_end(session: Session, match: models.Match) -> list[dict[str, Any]] | None:
    """Before a match starts and while it runs: each side's seats and chance of winning, when
    every seat's player has a rating in its game; None otherwise (or once it is over)."""
    if match.summary.status != "in progress":
        return None
    lines = [list(ln.get("seats") or []) for ln in (match.summary.totals or {}).get("lines") or []]
    sides = [ln for ln in lines if ln] or [[seat.seat] for seat in match.seats]
    odds = match_chances(session, match, sides)
    if odds is None:
        return None
    return [{"seats": side, "chance": round(p, 3)} for side, p in zip(sides, odds, strict=True)]
