"""A night of several tables: the players present, each round's seating and its matches.

The host keeps the night's roster (players by name, the same player as anywhere else), asks
for the next round's seating (``seating.seat_round``, from a seed drawn here and stored with
the round, so the proposal can be made again), moves players between tables, then starts the
round: one match per table through ``matches.create_in``, filed into the night, each with its
own host and seat tokens. What the night has played (who met whom, who partnered whom, who sat
out) is read from its matches and its rounds.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.service import matches, nights, work
from referee.service.errors import Conflict, Invalid, NotFound
from referee.service.players import player_named, players_named
from referee.service.seating import (
    GameSeats,
    NotEnoughPlayers,
    Past,
    Seating,
    badness,
    partners_at,
    repeats,
    seat_round,
)
from referee.service.sentences import sentence, title_of
from referee.store import models
from referee.store.bounds import INT32_MAX
from referee.store.db import Database

MAX_ROSTER = 200  # players present at one night, at most
MAX_TABLES = 50


def game_seats(game: str) -> GameSeats:
    """The seating's view of a game: its seat range, and whether its tables are two teams."""
    engine = matches.engine_for(game)
    teams = "teams" in engine.options_schema().fields and engine.min_seats == 4
    return GameSeats(game, engine.min_seats, engine.max_seats, teams)


def _roster(session: Session, night_id: int) -> list[models.NightPlayer]:
    return list(session.scalars(
        select(models.NightPlayer).where(models.NightPlayer.night_id == night_id)
        .order_by(models.NightPlayer.added_at, models.NightPlayer.player_id)).all())


def _names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return dict(session.execute(select(models.Player.id, models.Player.name)
                                .where(models.Player.id.in_(ids))).all())


def past_of(session: Session, night_id: int) -> Past:
    """What the night has played: each pair of its matches' players met as opponents or sat
    as partners (a team match's sides), and the byes of its started rounds."""
    met: Counter[frozenset[int]] = Counter()
    partnered: Counter[frozenset[int]] = Counter()
    for match in session.scalars(select(models.Match)
                                 .where(models.Match.night_id == night_id)).all():
        players = {s.seat: s.player_id for s in match.seats}
        sides = (match.options or {}).get("teams")
        side_of = ({seat: i for i, side in enumerate(sides) for seat in side}
                   if isinstance(sides, list) else {})
        for a, b in combinations(sorted(players), 2):
            pair = frozenset((players[a], players[b]))
            if side_of and side_of.get(a) == side_of.get(b):
                partnered[pair] += 1
            else:
                met[pair] += 1
    byes: Counter[int] = Counter()
    for row in session.scalars(select(models.NightRound).where(
            models.NightRound.night_id == night_id,
            models.NightRound.started_at.is_not(None))).all():
        byes.update(int(p) for p in row.byes)
    return Past(dict(met), dict(partnered), dict(byes))


# --- the roster -------------------------------------------------------------------------------


def roster(db: Database, night_id: int) -> list[dict[str, Any]]:
    """The players present, in the order they came, with how often each sat out."""
    with work.reading(db) as session:
        nights.night_or_404(session, night_id)
        return _roster_dicts(session, night_id)


def _roster_dicts(session: Session, night_id: int) -> list[dict[str, Any]]:
    byes = past_of(session, night_id).byes
    return [{"player_id": row.player_id, "name": row.player.name,
             "byes": byes.get(row.player_id, 0)} for row in _roster(session, night_id)]


def add_player(db: Database, night_id: int, token: str | None, name: str | None = None,
               player_id: int | None = None) -> dict[str, Any]:
    """A player joins the night's roster, by name (found or created, as a match's seat is) or
    by id; already there, nothing changes."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        if player_id is not None:
            player = session.get(models.Player, player_id)
            if player is None:
                raise Invalid(sentence("There is no player {player}.", player=player_id),
                              where="player_id")
        elif name is not None:
            player = player_named(session, name, where="name")
        else:
            raise Invalid(sentence("Name the player: a name or a player id."), where="name")
        _join(session, night_id, player, where="name")
        return {"player_id": player.id, "name": player.name}


def add_players(db: Database, night_id: int, token: str | None,
                names: list[str]) -> list[dict[str, Any]]:
    """Players join the roster by name (found or created), all or none: a name that cannot be
    a player's, or a roster too full for them, and nobody joins."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        players = players_named(session, names, ["names"] * len(names))
        for player in players:
            _join(session, night_id, player, where="names")
        return [{"player_id": p.id, "name": p.name} for p in players]


def _join(session: Session, night_id: int, player: models.Player, where: str) -> None:
    """The player on the roster (already there, nothing changes); Invalid when it is full."""
    present = {row.player_id for row in _roster(session, night_id)}
    if player.id not in present:
        if len(present) >= MAX_ROSTER:
            raise Invalid(sentence("A night's roster holds at most {most} players.",
                                   most=MAX_ROSTER), where=where)
        session.add(models.NightPlayer(night_id=night_id, player_id=player.id))
        session.flush()


def remove_player(db: Database, night_id: int, token: str | None, player_id: int) -> None:
    """A player leaves the roster (their matches stay the night's); an open proposal seating
    them is dropped, as it no longer fits."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        row = session.get(models.NightPlayer, (night_id, player_id))
        if row is None:
            raise NotFound(sentence("Player {player} is not on night {night}'s roster.",
                                    player=player_id, night=night_id), where="player_id")
        session.delete(row)
        open_round = _open_round(session, night_id)
        if open_round is not None and any(player_id in t for t in open_round.tables):
            session.delete(open_round)
        elif open_round is not None:
            open_round.byes = [p for p in open_round.byes if p != player_id]


# --- rounds -----------------------------------------------------------------------------------


def _rounds(session: Session, night_id: int) -> list[models.NightRound]:
    return list(session.scalars(select(models.NightRound)
                                .where(models.NightRound.night_id == night_id)
                                .order_by(models.NightRound.number)).all())


def _open_round(session: Session, night_id: int) -> models.NightRound | None:
    rounds = _rounds(session, night_id)
    return rounds[-1] if rounds and rounds[-1].started_at is None else None


def new_seed() -> int:
    """A round's seed, drawn here (the seating itself draws nothing)."""
    return secrets.randbelow(INT32_MAX)


def propose(db: Database, night_id: int, token: str | None, game: str,
            wanted_tables: int | None = None, seed: int | None = None) -> dict[str, Any]:
    """The next round's seating of the roster for ``game``, from a new seed (or ``seed``, to
    make a proposal again); it replaces a proposal not yet started."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        seats = game_seats(game)
        present = [row.player_id for row in _roster(session, night_id)]
        seed = new_seed() if seed is None else seed
        try:
            seating = seat_round(present, past_of(session, night_id), seats, seed,
                                 wanted_tables)
        except NotEnoughPlayers:
            raise Invalid(sentence("{game} needs at least {low} players present; the roster "
                                   "has {count}.", game=title_of(matches.engine_for(game)),
                                   low=seats.min_seats, count=len(present)),
                          where="game") from None
        row = _open_round(session, night_id)
        if row is None:
            done = _rounds(session, night_id)
            row = models.NightRound(night_id=night_id, number=len(done) + 1)
            session.add(row)
        row.game, row.seed, row.wanted_tables = game, seed, wanted_tables
        row.proposed = {"tables": [list(t) for t in seating.tables],
                        "byes": list(seating.byes)}
        row.tables = [list(t) for t in seating.tables]
        row.byes = list(seating.byes)
        session.flush()
        return round_dict(session, row)


def adjust(db: Database, night_id: int, token: str | None, number: int,
           tables: list[list[int]]) -> dict[str, Any]:
    """The host's changes to a proposal: the players at each table in seat order; the roster's
    others sit out. Each table within the game's seat range, each player on the roster, at one
    table only (422 saying where, otherwise)."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        row = _round_to_change(session, night_id, number)
        present = {r.player_id for r in _roster(session, night_id)}
        check_tables(tables, present, game_seats(row.game))
        seated = {p for t in tables for p in t}
        row.tables = [list(t) for t in tables]
        row.byes = sorted(present - seated)
        session.flush()
        return round_dict(session, row)


def check_tables(tables: list[list[int]], present: set[int], game: GameSeats) -> None:
    """Invalid (422, with where) unless every table fits the game and the roster."""
    if not tables:
        raise Invalid(sentence("A round needs at least one table."), where="tables")
    if len(tables) > MAX_TABLES:
        raise Invalid(sentence("A round has at most {most} tables.", most=MAX_TABLES),
                      where="tables")
    where: dict[int, int] = {}
    for i, table in enumerate(tables):
        if not game.min_seats <= len(table) <= game.max_seats:
            raise Invalid(sentence("Table {table} has {count} players; {game} is played by "
                                   "{low} to {high}.", table=i + 1, count=len(table),
                                   game=title_of(matches.engine_for(game.id)),
                                   low=game.min_seats, high=game.max_seats),
                          where=f"tables.{i}")
        for j, player in enumerate(table):
            if player not in present:
                raise Invalid(sentence("Player {player} is not on the night's roster.",
                                       player=player), where=f"tables.{i}.{j}")
            if player in where:
                raise Invalid(sentence("Player {player} is at table {first} and table "
                                       "{second}: a player sits at one table a round.",
                                       player=player, first=where[player] + 1, second=i + 1),
                              where=f"tables.{i}.{j}")
            where[player] = i


def _round_to_change(session: Session, night_id: int, number: int) -> models.NightRound:
    row = session.scalars(select(models.NightRound).where(
        models.NightRound.night_id == night_id, models.NightRound.number == number)).first()
    if row is None:
        raise NotFound(sentence("Night {night} has no round {round}.", night=night_id,
                                round=number), where="number")
    if row.started_at is not None:
        raise Conflict(sentence("Round {round} has started: its seating is kept as it was "
                                "played.", round=number), where="number")
    return row


@dataclass(frozen=True)
class StartedTable:
    """A started table: its match and the tokens shown once (the match's host, each seat)."""

    number: int
    created: matches.Created


def start(db: Database, night_id: int, token: str | None, number: int
          ) -> tuple[dict[str, Any], list[StartedTable]]:
    """Start round ``number``: a match per table, filed into the night, all or none."""
    with work.writing(db) as session:
        nights.check_host(nights.night_or_404(session, night_id), token)
        row = _round_to_change(session, night_id, number)
        present = {r.player_id for r in _roster(session, night_id)}
        check_tables(row.tables, present, game_seats(row.game))
        row.byes = sorted(present - {p for t in row.tables for p in t})  # late comers too
        started = []
        for i, table in enumerate(row.tables):
            created = matches.create_in(
                session, row.game, [matches.SeatSpec(player_id=p) for p in table], night_id,
                token)
            session.add(models.NightTable(round_id=row.id, number=i + 1,
                                          match_id=created.match.id))
            started.append(StartedTable(i + 1, created))
        row.started_at = models.utcnow()
        session.flush()
        return round_dict(session, row), started


def rounds(db: Database, night_id: int) -> dict[str, Any]:
    """The roster and every round of the night, the open proposal last."""
    with work.reading(db) as session:
        nights.night_or_404(session, night_id)
        return {"roster": _roster_dicts(session, night_id),
                "rounds": [round_dict(session, r) for r in _rounds(session, night_id)]}


def round_dict(session: Session, row: models.NightRound) -> dict[str, Any]:
    """A round as data: its game, seed, tables (players and, once started, match), byes, the
    badness of the proposal and of the seating kept."""
    seats = game_seats(row.game)
    past = _past_before(session, row)
    ids = {p for t in row.tables for p in t} | set(row.byes)
    names = _names(session, ids)
    started = dict(session.execute(select(models.NightTable.number, models.NightTable.match_id)
                                   .where(models.NightTable.round_id == row.id)).all())

    def people(ids: list[int]) -> list[dict[str, Any]]:
        return [{"player_id": p, "name": names.get(p, str(p))} for p in ids]

    return {
        "number": row.number, "game": row.game, "seed": row.seed,
        "wanted_tables": row.wanted_tables, "started": row.started_at is not None,
        "started_at": models.iso(row.started_at) if row.started_at else None,
        "teams": seats.teams, "min_seats": seats.min_seats, "max_seats": seats.max_seats,
        "tables": [{"number": i + 1, "players": people(t), "match_id": started.get(i + 1),
                    "partners": [list(p) for p in sorted(partners_at(len(t), seats.teams))]}
                   for i, t in enumerate(row.tables)],
        "byes": people(row.byes),
        "badness": badness(row.tables, past, seats.teams),
        "repeats": repeats(row.tables, past, seats.teams),
        "proposed": {"tables": row.proposed["tables"], "byes": row.proposed["byes"],
                     "badness": badness(row.proposed["tables"], past, seats.teams)},
    }


def _past_before(session: Session, row: models.NightRound) -> Past:
    """What the night had played before this round (its own tables' matches left out)."""
    past = past_of(session, row.night_id)
    if row.started_at is None:
        return past
    mine = session.scalars(select(models.NightTable.match_id)
                           .where(models.NightTable.round_id == row.id)).all()
    own = Counter(int(p) for p in row.byes)
    met, partnered = Counter(past.met), Counter(past.partnered)
    for match_id in mine:
        match = session.get(models.Match, match_id)
        if match is None:
            continue
        table = [s.player_id for s in match.seats]
        mates = partners_at(len(table), game_seats(row.game).teams)
        for i, j in combinations(range(len(table)), 2):
            (partnered if (i, j) in mates else met)[frozenset((table[i], table[j]))] -= 1
    byes = Counter(past.byes)
    byes.subtract(own)
    return Past(+met, +partnered, +byes)


def replay(db: Database, night_id: int, number: int) -> Seating:
    """Round ``number``'s proposal made again from its stored seed (and the night as it stood
    before it): the same seating, when the roster is the one it was seated from."""
    with work.reading(db) as session:
        nights.night_or_404(session, night_id)
        row = session.scalars(select(models.NightRound).where(
            models.NightRound.night_id == night_id,
            models.NightRound.number == number)).first()
        if row is None:
            raise NotFound(sentence("Night {night} has no round {round}.", night=night_id,
                                    round=number), where="number")
        present = [p for t in row.proposed["tables"] for p in t] + list(row.proposed["byes"])
        return seat_round(present, _past_before(session, row), game_seats(row.game), row.seed,
                          row.wanted_tables)


# --- the night's TV: every table of the round under way ---------------------------------------


def live(db: Database, night_id: int) -> dict[str, Any]:
    """The latest started round's tables as the TV shows them: each match's players, its
    leader (the best side, ties shared) and the last verdict (data, worded by the edge)."""
    with work.reading(db) as session:
        nights.night_or_404(session, night_id)
        row = session.scalars(select(models.NightRound).where(
            models.NightRound.night_id == night_id, models.NightRound.started_at.is_not(None))
            .order_by(models.NightRound.number.desc())).first()
        if row is None:
            return {"round": None, "tables": []}
        tables = session.execute(select(models.NightTable.number, models.MatchSummary)
                                 .join(models.MatchSummary, models.MatchSummary.match_id
                                       == models.NightTable.match_id)
                                 .where(models.NightTable.round_id == row.id)
                                 .order_by(models.NightTable.number)).all()
        return {"round": row.number, "game": row.game,
                "tables": [_live_table(session, number, summary)
                           for number, summary in tables]}


def _live_table(session: Session, number: int, summary: models.MatchSummary) -> dict[str, Any]:
    names = [str(n) for n in summary.seat_names]
    lines = list((summary.totals or {}).get("lines", []))
    leaders: list[str] = []
    if lines and summary.last_seq > 0:
        pick = min if (summary.totals or {}).get("lower_is_better") else max
        best = pick(ln["total"] for ln in lines)
        leaders = [" & ".join(names[s] for s in ln["seats"] if s < len(names))
                   for ln in lines if ln["total"] == best]
    last = session.scalars(select(models.Event).where(
        models.Event.match_id == summary.match_id, models.Event.seq == summary.last_seq)
    ).first() if summary.last_seq else None
    return {
        "number": number, "match_id": summary.match_id, "game": summary.game,
        "status": summary.status, "players": names,
        "lines": [{"side": ln["side"], "seats": ln["seats"], "total": ln["total"]}
                  for ln in lines],
        "leaders": leaders, "level": len(leaders) > 1 and len(leaders) == len(lines),
        "winners": list(summary.winners or []),
        "last": None if last is None else {"seq": last.seq, "type": last.type,
                                           "seat": last.seat, "verdict": last.verdict},
    }


# --- in a backup: the rosters and the rounds ---------------------------------------------------


def backed_up(session: Session) -> dict[str, Any]:
    """Every night's roster and rounds, for ``backup.dump`` (ids as the backup keeps them)."""
    tables: dict[int, dict[int, int]] = {}
    for row in session.scalars(select(models.NightTable)).all():
        tables.setdefault(row.round_id, {})[row.number] = row.match_id
    return {
        "roster": [{"night_id": r.night_id, "player_id": r.player_id,
                    "added_at": models.iso(r.added_at)}
                   for r in session.scalars(select(models.NightPlayer).order_by(
                       models.NightPlayer.night_id, models.NightPlayer.added_at)).all()],
        "rounds": [{"night_id": r.night_id, "number": r.number, "game": r.game,
                    "seed": r.seed, "wanted_tables": r.wanted_tables, "proposed": r.proposed,
                    "tables": r.tables, "byes": r.byes, "created_at": models.iso(r.created_at),
                    "started_at": models.iso(r.started_at) if r.started_at else None,
                    "matches": {str(n): m for n, m in sorted(tables.get(r.id, {}).items())}}
                   for r in session.scalars(select(models.NightRound).order_by(
                       models.NightRound.id)).all()],
    }


def restore_backed_up(session: Session, data: Any, players: dict[int, int],
                      nights: dict[int, int], matches: dict[int, int]) -> None:
    """The rosters and rounds of a backup (``backed_up``), their ids mapped to this instance's;
    a night's round already here is kept as it is. Invalid (422) for a part a restore cannot
    read."""
    try:
        _restore_roster(session, data.get("roster", []), players, nights)
        for item in data.get("rounds", []):
            _restore_round(session, item, players, nights, matches)
    except (AttributeError, KeyError, TypeError, ValueError):
        raise Invalid(sentence("The backup's night tables cannot be read."),
                      where="night_tables") from None


def _restore_roster(session: Session, items: list[dict[str, Any]], players: dict[int, int],
                    nights: dict[int, int]) -> None:
    for item in items:
        night, player = nights[int(item["night_id"])], players[int(item["player_id"])]
        if session.get(models.NightPlayer, (night, player)) is None:
            session.add(models.NightPlayer(night_id=night, player_id=player))
    session.flush()


def _restore_round(session: Session, item: dict[str, Any], players: dict[int, int],
                   nights: dict[int, int], matches: dict[int, int]) -> None:
    night = nights[int(item["night_id"])]
    if session.scalars(select(models.NightRound).where(
            models.NightRound.night_id == night,
            models.NightRound.number == int(item["number"]))).first() is not None:
        return

    def ids(values: list[Any]) -> list[int]:
        return [players[int(p)] for p in values]

    started = item.get("started_at")
    row = models.NightRound(
        night_id=night, number=int(item["number"]), game=str(item["game"]),
        seed=int(item["seed"]), wanted_tables=item.get("wanted_tables"),
        proposed={"tables": [ids(t) for t in item["proposed"]["tables"]],
                  "byes": ids(item["proposed"]["byes"])},
        tables=[ids(t) for t in item["tables"]], byes=ids(item["byes"]),
        created_at=datetime.fromisoformat(item["created_at"]),
        started_at=datetime.fromisoformat(started) if started else None)
    session.add(row)
    session.flush()
    for number, match in dict(item.get("matches") or {}).items():
        if int(match) in matches:
            session.add(models.NightTable(round_id=row.id, number=int(number),
                                          match_id=matches[int(match)]))
    session.flush()
