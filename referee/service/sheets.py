"""CSV sheets: a match round by round, a night's results, a player's matches, a history filter.

Every sheet has a header row and a fixed column order (written down here, in ``*_COLUMNS``), so
a spreadsheet built on one keeps working on the next.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import select

from referee.service import history, nights, stats, work
from referee.service.access import get_match
from referee.service.messages import DEFAULT_LOCALE, Unsaid, outcome_of
from referee.store import models
from referee.store.db import Database

NIGHT_COLUMNS = ("match_id", "game", "status", "seat", "player_id", "player", "score", "rank",
                 "won", "points", "missplays")
PLAYER_COLUMNS = ("match_id", "created_at", "ended_at", "game", "night_id", "status", "seat",
                  "rank", "sides", "score", "won", "missplays", "calls", "calls_won", "players")
HISTORY_COLUMNS = ("match_id", "created_at", "updated_at", "game", "night_id", "status",
                   "players", "totals", "winners", "outcome")
HISTORY_LIMIT = 100_000


#: What a spreadsheet takes for the start of a formula in a cell it opens from a CSV file.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """A text a spreadsheet would run as a formula (a player named '=HYPERLINK(…)') kept as
    text: a leading apostrophe, as OWASP advises against CSV injection."""
    return "'" + text if text.startswith(FORMULA_START) else text


def cell(value: Any, locale: str = DEFAULT_LOCALE) -> str:
    """A value as a cell shows it; a sentence (``Unsaid``) worded for ``locale``."""
    if isinstance(value, Unsaid):
        return inert(value.worded(locale))
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        joined = " / ".join(str(v) for v in value)
        return inert(joined) if any(isinstance(v, str) for v in value) else joined
    if isinstance(value, str):
        return inert(value)
    return str(value)


def to_csv(header: Iterable[str], rows: Iterable[Iterable[Any]],
           locale: str = DEFAULT_LOCALE) -> str:
    """The sheet as CSV, its sentences worded for ``locale`` (the edge's reader)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([inert(name) for name in header])
    for row in rows:
        writer.writerow([cell(v, locale) for v in row])
    return out.getvalue()


def match_sheet(db: Database, match_id: int) -> str:
    """Round by round: the points each side scored that round, then a total row.

    Columns: ``round``, then one column per side in seat order, named by its players. A game
    scored at its end only (no rounds) has the total row alone.
    """
    with work.reading(db) as session:
        match = get_match(session, match_id)
        names = [s.player.name for s in match.seats]
        totals = match.summary.totals
    lines = totals.get("lines", [])
    header = ["round"] + [" & ".join(names[s] for s in ln["seats"] if s < len(names))
                          or ln["side"] for ln in lines]
    rows: list[list[Any]] = []
    before = {ln["side"]: 0 for ln in lines}
    for number, running in enumerate(totals.get("rounds", []), start=1):
        rows.append([number] + [int(running.get(ln["side"], 0)) - before[ln["side"]]
                                for ln in lines])
        before = {ln["side"]: int(running.get(ln["side"], 0)) for ln in lines}
    rows.append(["total"] + [ln["total"] for ln in lines])
    return to_csv(header, rows)


def night_results(db: Database, night_id: int) -> str:
    rows = nights.results(db, night_id)
    return to_csv(NIGHT_COLUMNS, ([r[c] for c in NIGHT_COLUMNS] for r in rows))


def player_matches(db: Database, player_id: int) -> str:
    rows = stats.player_matches(db, player_id)
    return to_csv(PLAYER_COLUMNS, ([r[c] for c in PLAYER_COLUMNS] for r in rows))


def history_rows(db: Database, f: history.MatchFilter) -> Iterator[list[Any]]:
    s = models.MatchSummary
    with work.reading(db) as session:
        query = history._filtered(select(s), f).order_by(s.updated_at.desc(), s.match_id.desc())
        for summary in session.scalars(query.limit(HISTORY_LIMIT)):
            lines = summary.totals.get("lines", [])
            names = summary.seat_names
            yield [summary.match_id, models.iso(summary.created_at),
                   models.iso(summary.updated_at), summary.game, summary.night_id,
                   summary.status, list(names),
                   [f"{' & '.join(names[i] for i in ln['seats'] if i < len(names))} "
                    f"{ln['total']}" for ln in lines],
                   [names[i] for i in summary.winners if i < len(names)],
                   outcome_of(summary.totals, names, history.kept_outcome(summary.totals))]
