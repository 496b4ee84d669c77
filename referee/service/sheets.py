"""CSV sheets: a match round by round, a night's results, a player's matches, a history filter.

Every sheet has a header row and a fixed column order (written down here, in ``*_COLUMNS``), so
a spreadsheet built on one keeps working on the next. A sheet is written for a reader: UTF-8
with a byte order mark (so a spreadsheet reads « Chloé » as written), its headers, games'
names, statuses and yes/no in the reader's language (the ``said`` catalogue's
``word.sheet.<column>`` and ``word.sheet_status.<status>``; English keeps the columns' ids),
seats counted from 1, and a separator of the reader's choice (``;`` for French spreadsheets,
which read ``,`` as the decimal mark). The game's id and the status's code keep their own
columns (``game``, ``status``), whatever the language, for scripts.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from referee.service import history, nights, stats, work
from referee.service.access import get_match
from referee.service.messages import DEFAULT_LOCALE, Unsaid, code_word, game_title, outcome_of
from referee.store import models
from referee.store.db import Database

NIGHT_COLUMNS = ("match_id", "game", "status", "seat", "player_id", "player", "score", "rank",
                 "won", "points", "missplays", "game_name", "status_name")
PLAYER_COLUMNS = ("match_id", "created_at", "ended_at", "game", "night_id", "status", "seat",
                  "rank", "sides", "score", "won", "missplays", "calls", "calls_won", "players",
                  "game_name", "status_name")
HISTORY_COLUMNS = ("match_id", "created_at", "updated_at", "game", "night_id", "status",
                   "players", "totals", "winners", "outcome", "game_name", "status_name")
HISTORY_LIMIT = 100_000
#: The separators a reader may ask for, by name (``?sep=semicolon``).
SEPARATORS = {"comma": ",", "semicolon": ";"}
#: What a sheet starts with: UTF-8's byte order mark, which tells a spreadsheet the encoding.
BOM = "\ufeff"


@dataclass(frozen=True)
class Coded:
    """A code a cell shows in the reader's words: a game by its name, a status by its word."""

    kind: str  # "game", "name" (shown as it is), or a kind of the ``said`` catalogue's words
    code: str

    def worded(self, locale: str) -> str:
        if self.kind == "name":
            return self.code
        if self.kind == "game":
            return game_title(self.code, locale)
        return code_word(self.kind, self.code, locale)


def named(row: dict[str, Any], column: str) -> Any:
    """A row's value for ``column``: the seat counted from 1, the game's and the status's words
    beside their codes."""
    if column == "game_name":
        return Coded("game", str(row["game"]))
    if column == "status_name":
        return Coded("sheet_status", str(row["status"]))
    if column == "seat" and isinstance(row["seat"], int):
        return row["seat"] + 1
    return row[column]


#: What a spreadsheet takes for the start of a formula in a cell it opens from a CSV file.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """A text a spreadsheet would run as a formula (a player named '=HYPERLINK(…)') kept as
    text: a leading apostrophe, as OWASP advises against CSV injection."""
    return "'" + text if text.startswith(FORMULA_START) else text


def cell(value: Any, locale: str = DEFAULT_LOCALE) -> str:
    """A value as a cell shows it; a sentence (``Unsaid``), a code's words, yes and no worded
    for ``locale``."""
    if isinstance(value, Unsaid | Coded):
        return inert(value.worded(locale))
    if value is None:
        return ""
    if isinstance(value, bool):
        return code_word("sheet", "yes" if value else "no", locale)
    if isinstance(value, list | tuple):
        joined = " / ".join(str(v) for v in value)
        return inert(joined) if any(isinstance(v, str) for v in value) else joined
    if isinstance(value, str):
        return inert(value)
    return str(value)


def to_csv(header: Iterable[str | Coded], rows: Iterable[Iterable[Any]],
           locale: str = DEFAULT_LOCALE, sep: str = "comma") -> str:
    """The sheet as CSV for a reader of ``locale``: its columns' names (ids, or given
    ``Coded``) and sentences worded, separated by ``sep`` (``SEPARATORS``), after the BOM."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=SEPARATORS[sep], lineterminator="\r\n")
    writer.writerow([cell(name if isinstance(name, Coded) else Coded("sheet", name), locale)
                     for name in header])
    for row in rows:
        writer.writerow([cell(v, locale) for v in row])
    return out.getvalue()


def sheet_of(columns: Sequence[str], rows: Iterable[dict[str, Any]], locale: str,
             sep: str) -> str:
    """Rows of named values as a sheet of ``columns``."""
    return to_csv(columns, ([named(r, c) for c in columns] for r in rows), locale, sep)


def match_sheet(db: Database, match_id: int, locale: str = DEFAULT_LOCALE,
                sep: str = "comma") -> str:
    """Round by round: the points each side scored that round, then a total row.

    Columns: ``round``, then one column per side in seat order, named by its players. A game
    scored at its end only (no rounds) has the total row alone.
    """
    with work.reading(db) as session:
        match = get_match(session, match_id)
        names = [s.player.name for s in match.seats]
        totals = match.summary.totals
    lines = totals.get("lines", [])
    header = [Coded("sheet", "round")] + [Coded("name", " & ".join(
        names[s] for s in ln["seats"] if s < len(names)) or ln["side"]) for ln in lines]
    rows: list[list[Any]] = []
    before = {ln["side"]: 0 for ln in lines}
    for number, running in enumerate(totals.get("rounds", []), start=1):
        rows.append([number] + [int(running.get(ln["side"], 0)) - before[ln["side"]]
                                for ln in lines])
        before = {ln["side"]: int(running.get(ln["side"], 0)) for ln in lines}
    rows.append([Coded("sheet", "total")] + [ln["total"] for ln in lines])
    return to_csv(header, rows, locale, sep)


def night_results(db: Database, night_id: int, locale: str = DEFAULT_LOCALE,
                  sep: str = "comma") -> str:
    return sheet_of(NIGHT_COLUMNS, nights.results(db, night_id), locale, sep)


def player_matches(db: Database, player_id: int, locale: str = DEFAULT_LOCALE,
                   sep: str = "comma") -> str:
    return sheet_of(PLAYER_COLUMNS, stats.player_matches(db, player_id), locale, sep)


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
                   outcome_of(summary.totals, names, history.kept_outcome(summary.totals)),
                   Coded("game", summary.game), Coded("sheet_status", summary.status)]
