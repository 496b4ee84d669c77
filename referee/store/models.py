"""Tables of the event store and its read models. Nothing here knows any game's rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime
from typing import Any
from uuid import uuid4

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, instrumentation, mapped_column, relationship

from referee.store.bounds import (
    ACTOR_LENGTH,
    HASH_LENGTH,
    IDEMPOTENCY_KEY_LENGTH,
    MODE_LENGTH,
    NAME_KEY_LENGTH,
    NAME_LENGTH,
    NIGHT_NAME_LENGTH,
    TYPE_LENGTH,
    UUID_LENGTH,
)


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_uuid() -> str:
    return str(uuid4())


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC; SQLite hands datetimes back without their zone."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Player(Base):
    """A person, kept across matches so that records follow them."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), unique=True)  # case-folded name
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Night(Base):
    """A game night: the matches played together."""

    __tablename__ = "nights"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NIGHT_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # points per placement in each finished match (1st, 2nd, …); None: the default scale
    placement_points: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # The hash of the night's host token (the token itself is shown once, at creation): only
    # its holder changes the night or files matches into it. None: a night made before nights
    # had hosts, read-only until ``referee night-token`` issues one.
    host_token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)


class NightPlayer(Base):
    """A player present at a night: the roster its rounds are seated from."""

    __tablename__ = "night_players"

    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    player: Mapped[Player] = relationship(lazy="joined")


class NightRound(Base):
    """A round of a night: its seed, the seating proposed from it, the seating the host kept
    (player ids per table, in seat order) and who sat out; started, its tables' matches."""

    __tablename__ = "night_rounds"
    __table_args__ = (UniqueConstraint("night_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("nights.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(TYPE_LENGTH))
    seed: Mapped[int] = mapped_column(Integer)
    wanted_tables: Mapped[int | None] = mapped_column(Integer, nullable=True)
    proposed: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"tables": …, "byes": …}
    tables: Mapped[list[Any]] = mapped_column(JSON)
    byes: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class NightTable(Base):
    """A started round's table: the match it is."""

    __tablename__ = "night_tables"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("night_rounds.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), unique=True)


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(TYPE_LENGTH), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    night_id: Mapped[int | None] = mapped_column(ForeignKey("nights.id"), index=True)
    follows_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id"))
    # "moves" (every move judged) or "rounds" (quick scoring: one event per round)
    mode: Mapped[str] = mapped_column(String(MODE_LENGTH), default="moves", server_default="moves")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The match's identity wherever its log travels (exports carry it): an import of a match
    # already here is refused, so one match never counts twice in the players' records.
    uuid: Mapped[str] = mapped_column(String(UUID_LENGTH), index=True, unique=True,
                                      default=new_uuid)
    # An import made on purpose as a copy: shown as such and left out of the players' records.
    is_copy: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    copy_of: Mapped[str | None] = mapped_column(String(UUID_LENGTH))  # the uuid of the match copied

    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.seat", lazy="selectin"
    )
    summary: Mapped[MatchSummary] = relationship(back_populates="match", lazy="joined")


class Seat(Base):
    """A player's place in a match, with that seat's token and its running record."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"))
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)
    # read model, refreshed with every append
    total: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    missplays: Mapped[int] = mapped_column(Integer, default=0)

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class ReplacedToken(Base):
    """A seat's join token that the host replaced: its holder is told so, not just refused."""

    __tablename__ = "replaced_tokens"

    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    replaced_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Event(Base):
    """One logged move. Never edited, never deleted: corrections are later events."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idempotency_key"),
        Index("ix_events_match_type", "match_id", "type"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(TYPE_LENGTH))
    seat: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    schema_version: Mapped[int] = mapped_column(Integer, default=1)
    actor: Mapped[str] = mapped_column(String(ACTOR_LENGTH))  # "host" or "seat:N"
    idempotency_key: Mapped[str | None] = mapped_column(String(IDEMPOTENCY_KEY_LENGTH))
    # Whose key it is and for which request (sha256 of the token, of the canonical request).
    key_token_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH))
    key_request_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    verdict: Mapped[dict[str, Any]] = mapped_column(JSON)  # as judged when appended

    @classmethod
    def held(cls, **values: Any) -> Event:
        """A row held in memory only, never added to a session (a move being judged, which
        the recorder inserts as plain values): made without the ORM's event for each
        attribute set, some seven times faster than ``Event(...)``."""
        row: Event = instrumentation.manager_of_class(cls).new_instance()
        row.__dict__.update(values)
        return row

    @classmethod
    def held_all(cls, names: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[Event]:
        """``held`` rows, each from its values in the order of ``names`` (a SELECT's columns)."""
        new = instrumentation.manager_of_class(cls).new_instance
        out: list[Event] = []
        for values in rows:
            row = new()
            row.__dict__.update(zip(names, values, strict=True))
            out.append(row)
        return out


class Snapshot(Base):
    """Engine state after ``seq``: an optimisation that can be deleted at any time.

    ``state`` is a JSON document of ``referee.store.codec``; ``codec`` its encoding version.
    """

    __tablename__ = "snapshots"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state_version: Mapped[int] = mapped_column(Integer)
    codec: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MatchSummary(Base):
    """Read model of a match for lists and history pages: refreshed with every append.

    Lists page by key, newest first: ``(updated_at, match_id)`` is the cursor the indexes serve.
    """

    __tablename__ = "match_summaries"
    __table_args__ = (
        Index("ix_match_summaries_updated", "updated_at", "match_id"),
        Index("ix_match_summaries_status_updated", "status", "updated_at", "match_id"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(TYPE_LENGTH), index=True)
    seat_names: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(20), index=True)  # "in progress" | "finished"
    # standings as last judged, as data: the outcome is its message id and parameters
    # (``outcome_data``, ``result``), worded for each reader (``referee.store.as_data``)
    totals: Mapped[dict[str, Any]] = mapped_column(JSON)
    winners: Mapped[list[Any]] = mapped_column(JSON)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    night_id: Mapped[int | None] = mapped_column(Integer, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    match: Mapped[Match] = relationship(back_populates="summary")


class SeatResult(Base):
    """Read model of one seat's result in one match, for players' stats and nights' boards.

    Refreshed with every append (and by ``referee rebuild-read-models``), so that stats pages
    aggregate rows and never replay a match.
    """

    __tablename__ = "seat_results"
    __table_args__ = (
        Index("ix_seat_results_player_game", "player_id", "game"),
        Index("ix_seat_results_player_match", "player_id", "match_id"),
        Index("ix_seat_results_night", "night_id"),
        Index("ix_seat_results_ended", "ended_at"),  # the ratings, from a match on
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(TYPE_LENGTH))
    night_id: Mapped[int | None] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    rank: Mapped[int] = mapped_column(Integer, default=1)  # 1 = first; ties share a rank
    sides: Mapped[int] = mapped_column(Integer, default=1)  # how many sides played
    score: Mapped[int] = mapped_column(Integer, default=0)  # the seat's side's total
    lower_is_better: Mapped[bool] = mapped_column(Boolean, default=False)
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    missplays: Mapped[int] = mapped_column(Integer, default=0)
    calls: Mapped[int] = mapped_column(Integer, default=0)  # Citron Coco called
    calls_won: Mapped[int] = mapped_column(Integer, default=0)  # … and succeeded
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class MatchResult(Base):
    """Read model of a match's figures for a night's recap: length, rounds, best call."""

    __tablename__ = "match_results"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    night_id: Mapped[int | None] = mapped_column(Integer, index=True)
    game: Mapped[str] = mapped_column(String(TYPE_LENGTH))
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    events: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    missplays: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    seconds: Mapped[int] = mapped_column(Integer, default=0)  # first move to last move
    best_call: Mapped[int | None] = mapped_column(Integer)  # coconuts of the biggest Citron Coco
    best_call_seat: Mapped[int | None] = mapped_column(Integer)


class MatchTally(Base):
    """Read model: how many matches of each game, in each status, were created each day (UTC),
    so that a list's total is a sum of a few tallies, never a count of the whole table."""

    __tablename__ = "match_tallies"

    game: Mapped[str] = mapped_column(String(TYPE_LENGTH), primary_key=True)
    status: Mapped[str] = mapped_column(String(20), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


class RateLimitCounter(Base):
    """A rate limit's count in its current fixed window, shared by every process serving the
    database (``referee.store.ratelimits``): one row per client address and limit; the window
    ends at ``expires_at`` (seconds since the epoch), and rows past it are swept away."""

    __tablename__ = "rate_limit_counters"
    __table_args__ = (Index("ix_rate_limit_counters_expires_at", "expires_at"),)

    limit_key: Mapped[str] = mapped_column(Text, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)


class PlayerRating(Base):
    """Read model: a player's OpenSkill rating in one scope (a game's id, or ``*`` for every
    game) just after one finished match, so that a trend and a night's change are rows to read.
    Recomputed after the commit from the results (``referee.service.ratings``), never in an
    append's transaction; ``ordinal`` (mu - 3 sigma) is the rating shown."""

    __tablename__ = "player_ratings"
    __table_args__ = (
        Index("ix_player_ratings_player", "player_id", "scope", "ended_at", "match_uuid"),
        Index("ix_player_ratings_order", "ended_at", "match_uuid"),
        Index("ix_player_ratings_match", "match_id"),
    )

    scope: Mapped[str] = mapped_column(String(TYPE_LENGTH), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    match_uuid: Mapped[str] = mapped_column(String(UUID_LENGTH))
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    change: Mapped[float] = mapped_column(Float)  # the ordinal's change by this match


class RatingsDue(Base):
    """The ratings are stale from this match on (its end, then its uuid): a mark left after
    a commit that changed a finished match, taken away by the recomputation that read it.
    While one is left, pages say the ratings are being updated."""

    __tablename__ = "ratings_due"

    id: Mapped[int] = mapped_column(primary_key=True)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # None: all
    match_uuid: Mapped[str] = mapped_column(String(UUID_LENGTH), default="")


def utc_day(moment: datetime) -> date:
    """The UTC day of a stored moment (SQLite hands datetimes back without their zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).date()
