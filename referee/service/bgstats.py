"""« Send to BG Stats »: a finished match as BG Stats' push-plays deep link.

BG Stats (the board game statistics app) accepts plays from other apps through a link it
documents as "push plays": ``bgstats://app.bgstatsapp.com/addPlay.html?data=<JSON, URL-encoded>``.
Opened on a phone with BG Stats installed, the app shows the play ready to save. Fields used:

- ``sourceName`` "Referee"; ``sourcePlayId`` the match's uuid when it has one, else a stable id
  (``referee-<match id>-<first 12 hex digits of the host token's hash>``, which a backup and
  restore keep), so that sending the same match twice updates one play;
- ``playDate`` ("YYYY-MM-DD HH:MM:SS", UTC: the first move), ``durationMin`` (first to last move,
  at least 1), ``comments`` (the engine's outcome sentence);
- ``game``: ``name`` (the game's title), ``sourceGameId`` (the engine id), ``highestWins``
  (false where fewer is better: coconuts, cards in hand), ``noPoints`` false, ``cooperative`` false;
- ``players``: per seat ``name``, ``sourcePlayerId`` (the player's id), ``score`` (the side's
  total, as text), ``winner``, ``startPlayer`` (the match's first seat), ``seatOrder`` (1-based),
  and ``team`` for team games.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from sqlalchemy import func, select

from referee.engines import get_engine
from referee.service import work
from referee.service.access import get_match
from referee.service.errors import Conflict
from referee.service.history import kept_outcome
from referee.service.messages import outcome_of
from referee.service.sentences import sentence
from referee.store import models
from referee.store.db import Database

LINK = "bgstats://app.bgstatsapp.com/addPlay.html?data="


def source_play_id(match: models.Match) -> str:
    uuid = getattr(match, "uuid", None)
    return str(uuid) if uuid else f"referee-{match.id}-{match.host_token_hash[:12]}"


def play(db: Database, match_id: int) -> dict[str, Any]:
    """The play as BG Stats takes it; only a finished match has one (409 otherwise: the match
    is not yet in the state the request needs)."""
    with work.reading(db) as session:
        match = get_match(session, match_id)
        summary = match.summary
        if summary.status != "finished":
            raise Conflict(sentence("Match {match} is not finished: BG Stats records "
                                    "finished plays.", match=match_id), where="match_id")
        first, last = session.execute(
            select(func.min(models.Event.recorded_at), func.max(models.Event.recorded_at))
            .where(models.Event.match_id == match_id)).one()
        start = models.iso(first or match.created_at)
        minutes = max(1, round(((last - first).total_seconds() if first and last else 0) / 60))
        totals = summary.totals
        engine = get_engine(match.game)
        lines = {s: ln for ln in totals.get("lines", []) for s in ln["seats"]}
        starter = int(match.options.get("first_seat", 0) or 0)
        teams = any(len(ln["seats"]) > 1 for ln in totals.get("lines", []))
        players = []
        for seat in match.seats:
            line = lines.get(seat.seat, {"total": seat.total, "side": str(seat.seat)})
            entry: dict[str, Any] = {
                "name": seat.player.name, "sourcePlayerId": str(seat.player_id),
                "score": str(line["total"]), "winner": seat.seat in summary.winners,
                "startPlayer": seat.seat == starter, "seatOrder": seat.seat + 1,
            }
            if teams:
                entry["team"] = line["side"]
            players.append(entry)
        return {
            "sourceName": "Referee", "sourcePlayId": source_play_id(match),
            "playDate": start[:19].replace("T", " "), "durationMin": minutes,
            "comments": outcome_of(summary.totals, summary.seat_names,
                                   kept_outcome(summary.totals)),  # worded at the edge
            "game": {"name": engine.title, "sourceGameId": match.game,
                     "highestWins": not totals.get("lower_is_better", False),
                     "noPoints": False, "cooperative": False},
            "players": players,
        }


def link(data: dict[str, Any]) -> str:
    return LINK + quote(json.dumps(data, separators=(",", ":"), ensure_ascii=False), safe="")


def send_link(db: Database, match_id: int) -> dict[str, Any]:
    """The play to send, its comment still data: an edge words it and makes the link
    (``referee.edge.wording.said_play``)."""
    return {"play": play(db, match_id)}
