"""A game night across its matches: the leaderboard, the matches under way, the recap.

Everything here reads the results read models (``seat_results``, ``match_results``) and the
match summaries: a night's page never replays a match.

Placement points: each finished match gives its players points by their placement in it (ties
share the better place). The default scale is ``DEFAULT_POINTS`` — 1st 5, 2nd 3, 3rd 2, 4th 1,
later places 0 — and a night may set its own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from referee.service import history, ratings, work
from referee.service.errors import Forbidden, Invalid, NotFound, Unauthenticated
from referee.service.sentences import sentence
from referee.service.tokens import hash_token, new_token
from referee.store import models
from referee.store.db import Database

DEFAULT_POINTS: tuple[int, ...] = (5, 3, 2, 1)
MAX_PLACES = 12


def points_for(scale: list[int] | tuple[int, ...], rank: int) -> int:
    return scale[rank - 1] if 1 <= rank <= len(scale) else 0


def parse_points(value: Any) -> list[int]:
    """A points scale from a list or from text like "5, 3, 2, 1"; Invalid (422) otherwise."""
    items: list[Any]
    if isinstance(value, str):
        items = [v.strip() for v in value.replace(";", ",").split(",") if v.strip()]
    elif isinstance(value, list):
        items = value
    else:
        raise Invalid(sentence("Placement points are a list of whole numbers, 1st place first."),
                      where="placement_points")
    try:
        points = [int(v) for v in items]
    except (TypeError, ValueError):
        raise Invalid(sentence("Placement points are whole numbers, like 5, 3, 2, 1."),
                      where="placement_points") from None
    if not 1 <= len(points) <= MAX_PLACES:
        raise Invalid(sentence("Give points for 1 to {most} places.", most=MAX_PLACES),
                      where="placement_points")
    if any(not 0 <= p <= 1000 for p in points):
        raise Invalid(sentence("Each place's points are between 0 and 1000."),
                      where="placement_points")
    if any(a < b for a, b in zip(points, points[1:], strict=False)):
        raise Invalid(sentence("A better place never gives fewer points than a worse one."),
                      where="placement_points")
    return points


def night_or_404(session: Session, night_id: int) -> models.Night:
    night = session.get(models.Night, night_id)
    if night is None:
        raise NotFound(sentence("There is no night {night}.", night=night_id), where="night_id")
    return night


def scale_of(night: models.Night) -> list[int]:
    return list(night.placement_points or DEFAULT_POINTS)


# --- the night's host: one token, made and kept as a match's host token ---------------------


@dataclass(frozen=True)
class CreatedNight:
    night: dict[str, Any]
    host_token: str  # shown once: only its hash is stored


def create(db: Database, name: str) -> CreatedNight:
    """A new night and its host token, the one key to changing it or filing matches into it."""
    token = new_token()
    with work.writing(db) as session:
        night = models.Night(name=name.strip(), host_token_hash=hash_token(token))
        session.add(night)
        session.flush()
        return CreatedNight(history.night_dict(session, night, True), token)


def check_host(night: models.Night, token: str | None) -> None:
    """The night's host token, or no change: 401 without a token, 403 with another one (or on
    a night made before nights had hosts, which nobody may change until one is issued)."""
    if night.host_token_hash is None:
        raise Forbidden(sentence("Night {night} has no host token (it was made before nights "
                                 "had hosts): it is read-only until the command line issues "
                                 "one (referee night-token {night}).", night=night.id),
                        where="header.Authorization")
    if not token:
        raise Unauthenticated(sentence("Only night {night}'s host may change it or file "
                                       "matches into it: send the night's host token "
                                       "('Authorization: Bearer <token>').", night=night.id),
                              where="header.Authorization")
    if hash_token(token) != night.host_token_hash:
        raise Forbidden(sentence("That token is not night {night}'s host token: only the "
                                 "night's host may change it or file matches into it.",
                                 night=night.id),
                        where="header.Authorization")


def check_filing(session: Session, night_id: int, token: str | None) -> None:
    """A match is filed into a night that is there (422), by the night's host (401, 403)."""
    night = session.get(models.Night, night_id)
    if night is None:
        raise Invalid(sentence("There is no night {night}.", night=night_id), where="night_id")
    check_host(night, token)


def is_host(db: Database, night_id: int, token: str | None) -> bool:
    """Whether ``token`` is the night's host token (a page shows the host's controls)."""
    if not token:
        return False
    with work.reading(db) as session:
        return hosts(session, night_id, token)


def hosts(session: Session, night_id: int, token: str | None) -> bool:
    """``is_host`` in a read already open."""
    if not token:
        return False
    night = night_or_404(session, night_id)
    return night.host_token_hash is not None and hash_token(token) == night.host_token_hash


def issue_token(db: Database, night_id: int) -> str:
    """A new host token for the night (the command line's, for a night made before nights had
    hosts or a host who lost theirs); the old one stops working."""
    token = new_token()
    with work.writing(db) as session:
        night_or_404(session, night_id).host_token_hash = hash_token(token)
    return token


def set_points(db: Database, night_id: int, token: str | None, value: Any) -> list[int]:
    """The night's placement points, set by its host (the scale checked after the token)."""
    with work.writing(db) as session:
        night = night_or_404(session, night_id)
        check_host(night, token)
        night.placement_points = parse_points(value)
        return list(night.placement_points)


def _results(session: Session, night_id: int) -> list[tuple[models.SeatResult, str]]:
    rows = session.execute(
        select(models.SeatResult, models.Player.name)
        .join(models.Player, models.Player.id == models.SeatResult.player_id)
        .where(models.SeatResult.night_id == night_id)
        .order_by(models.SeatResult.match_id, models.SeatResult.seat)
    ).all()
    return [(r, name) for r, name in rows]


def leaderboard(rows: list[tuple[models.SeatResult, str]], scale: list[int]
                ) -> list[dict[str, Any]]:
    """Players by placement points over the night's finished matches; then wins, then name."""
    board: dict[int, dict[str, Any]] = {}
    for r, name in rows:
        line = board.setdefault(r.player_id, {
            "player_id": r.player_id, "name": name, "points": 0, "played": 0, "won": 0,
            "missplays": 0, "places": defaultdict(int)})
        line["missplays"] += r.missplays
        if not r.finished:
            continue
        line["played"] += 1
        line["won"] += int(r.won)
        line["points"] += points_for(scale, r.rank)
        line["places"][r.rank] += 1
    ordered = sorted(board.values(), key=lambda ln: (-ln["points"], -ln["won"], ln["name"]))
    place = 0
    for i, line in enumerate(ordered):
        if i == 0 or (line["points"], line["won"]) != (ordered[i - 1]["points"],
                                                       ordered[i - 1]["won"]):
            place = i + 1
        line["place"] = place
        line["places"] = {str(k): v for k, v in sorted(line["places"].items())}
    return ordered


def recap(session: Session, night_id: int, rows: list[tuple[models.SeatResult, str]]
          ) -> dict[str, Any]:
    """Winners of each finished match, the biggest Citron Coco, the most missplays, the
    longest match."""
    names = {r.player_id: name for r, name in rows}
    by_match: dict[int, list[models.SeatResult]] = defaultdict(list)
    for r, _ in rows:
        by_match[r.match_id].append(r)
    results = session.scalars(select(models.MatchResult)
                              .where(models.MatchResult.night_id == night_id)).all()
    winners = [
        {"match_id": m, "game": seats[0].game,
         "winners": [names[r.player_id] for r in seats if r.won]}
        for m, seats in sorted(by_match.items()) if seats[0].finished
    ]
    calls = [res for res in results if res.best_call]
    best = max(calls, key=lambda res: (res.best_call, -res.match_id), default=None)
    best_call = None
    if best is not None:
        seat = next((r for r in by_match[best.match_id] if r.seat == best.best_call_seat), None)
        best_call = {"match_id": best.match_id, "coconuts": best.best_call,
                     "name": names.get(seat.player_id) if seat else None}
    missplays: dict[int, int] = defaultdict(int)
    for r, _ in rows:
        missplays[r.player_id] += r.missplays
    worst = max(missplays.items(), key=lambda kv: (kv[1], -kv[0]), default=None)
    most = ({"player_id": worst[0], "name": names[worst[0]], "missplays": worst[1]}
            if worst and worst[1] > 0 else None)
    longest_row = max((res for res in results if res.finished),
                      key=lambda res: (res.seconds, -res.match_id), default=None)
    longest = None if longest_row is None else {
        "match_id": longest_row.match_id, "game": longest_row.game,
        "minutes": round(longest_row.seconds / 60), "events": longest_row.events}
    return {"winners": winners, "biggest_citron_coco": best_call, "most_missplays": most,
            "longest_match": longest}


def version(db: Database, night_id: int) -> str:
    """What the night's board is made of, in one short read: its matches, how far each has
    been logged and its points scale. Any move, void, correction, new or finished match
    changes it, and so do the ratings once they are recomputed after a match ends; a board asked
    again with the same version would be the same (the TV's poll answers 304 on it instead of
    building the board again)."""
    with work.reading(db) as session:
        night = night_or_404(session, night_id)
        count, logged = session.execute(
            select(func.count(models.MatchSummary.match_id),
                   func.coalesce(func.sum(models.MatchSummary.last_seq), 0))
            .where(models.MatchSummary.night_id == night_id)).one()
        rated = "u" if ratings.updating(session) else "r"
        return f"{count}.{logged}.{'-'.join(str(p) for p in scale_of(night))}.{rated}"


def board(db: Database, night_id: int) -> dict[str, Any]:
    """The night: leaderboard, matches under way, recap, and the points scale used."""
    with work.reading(db) as session:
        night = night_or_404(session, night_id)
        scale = scale_of(night)
        rows = _results(session, night_id)
        running = session.execute(
            select(models.MatchSummary.match_id, models.MatchSummary.game,
                   models.MatchSummary.seat_names, models.MatchSummary.totals)
            .where(models.MatchSummary.night_id == night_id,
                   models.MatchSummary.status == "in progress")
            .order_by(models.MatchSummary.match_id)
        ).all()
        matches = {r.match_id for r, _ in rows}
        finished = {r.match_id for r, _ in rows if r.finished}
        return {
            "id": night.id, "name": night.name, "created_at": models.iso(night.created_at),
            "placement_points": scale, "default_points": list(DEFAULT_POINTS),
            "leaderboard": leaderboard(rows, scale),
            "running": [{"match_id": m, "game": g, "players": list(n),
                         "lines": [{"side": ln["side"], "total": ln["total"]}
                                   for ln in (t or {}).get("lines", [])]}
                        for m, g, n, t in running],
            "matches": len(matches), "finished": len(finished),
            "recap": recap(session, night_id, rows),
        }


def results(db: Database, night_id: int) -> list[dict[str, Any]]:
    """One row per seat of each of the night's matches, with its placement points (CSV)."""
    with work.reading(db) as session:
        scale = scale_of(night_or_404(session, night_id))
        return [{"match_id": r.match_id, "game": r.game,
                 "status": "finished" if r.finished else "in progress", "seat": r.seat,
                 "player_id": r.player_id, "player": name, "score": r.score,
                 "rank": r.rank if r.finished else None, "won": r.won,
                 "points": points_for(scale, r.rank) if r.finished else 0,
                 "missplays": r.missplays}
                for r, name in _results(session, night_id)]
