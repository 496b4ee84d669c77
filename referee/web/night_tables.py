"""A night's tables on its page: the roster, « seat the next round », the proposal (its badness
and byes), the host's moves between tables, and starting the round. Each form posts here and
comes back to the night's page: accepted, by a 303 to it; refused, as the night's page itself
with the reason in the form's part of it, what was typed kept and the refusal's status. Only
the night's host's browser may post (403 otherwise)."""

from __future__ import annotations

from typing import Any

from flask import redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from referee.edge.i18n import gettext as _
from referee.edge.wording import reworded
from referee.service import night_tables
from referee.service.errors import ServiceError
from referee.web import games, security
from referee.web.errors import PageError
from referee.web.views import (
    RefusedForm,
    bp,
    db,
    keep_token,
    night_host_token,
    night_refused,
)

SITS_OUT = "out"


def host_token(night_id: int) -> str:
    """The night's host token this browser keeps, or 403."""
    token = night_host_token(night_id)
    if token is None:
        raise PageError(403, _("Only the night's host seats its tables, from the browser that "
                               "created the night or opened its host link."), where="night")
    return token


def back(night_id: int, anchor: str = "tables") -> BaseResponse:
    return redirect(url_for("web.night", night_id=night_id) + f"#{anchor}", 303)


def seating_games() -> list[dict[str, Any]]:
    """The games a round may be seated for, with their seat ranges, for the form."""
    return [{"id": g.id, "title": g.title, "min": g.min_seats, "max": g.max_seats}
            for g in games.all_games()]


@bp.app_template_global("night_tables_view")
def tables_view(data: dict[str, Any], refused: RefusedForm | None = None,
                host: bool = False) -> dict[str, Any]:
    """What the night page's tables section shows (``_night_tables.html``), from the roster
    and rounds the page read (``pages.night``): the open proposal, the rounds played, and a
    refused form of the section (``refusal``) with where the page says it."""
    rounds = data["rounds"]
    open_round = rounds[-1] if rounds and not rounds[-1]["started"] else None
    started = [r for r in rounds if r["started"]]
    return {"roster": data["roster"], "open": open_round, "started": started[::-1],
            "games": seating_games(),
            "last_game": rounds[-1]["game"] if rounds else "citroncoco",
            "refusal": refusal(refused, data["roster"], open_round, started, host)}


#: The input each form's refusal names by its ``where`` (a table's move: ``p<player>``).
FIELDS = {"roster": {"names": "roster-names", "name": "roster-names"},
          "seat": {"game": "seat-game", "tables": "seat-tables"}}


def refusal(refused: RefusedForm | None, roster: list[dict[str, Any]],
            open_round: dict[str, Any] | None, started: list[dict[str, Any]],
            host: bool) -> dict[str, Any] | None:
    """Where the section says a refused form's reason: ``spot`` (its form: ``roster``,
    ``seat``, ``proposal``, ``start``; a started round's ``round-<n>``; else the section's
    top, ``tables``), ``field`` (the id of the input it names, if any), ``box`` (the id of
    the reason, the form's address ends on it), and what was posted."""
    if refused is None or refused.form not in ("roster", "seat", "proposal", "start"):
        return None
    form, where = refused.form, str(refused.error.get("where") or "")
    spot = form
    if not host or (form == "seat" and not roster):
        spot = "tables"
    elif form in ("proposal", "start") and (open_round is None
                                            or open_round["number"] != refused.round):
        played = any(r["number"] == refused.round for r in started)
        spot = f"round-{refused.round}" if played else "tables"
    field = None
    if spot == "proposal" and open_round is not None:
        shown = [p for t in open_round["tables"] for p in t["players"]] + open_round["byes"]
        if where in {f"p{p['player_id']}" for p in shown}:
            field = f"move-{where[1:]}"
    elif spot == form:
        field = FIELDS.get(form, {}).get(where)
    return {"spot": spot, "field": field, "box": f"{form}-refused",
            "error": refused.error, "posted": refused.posted}


@bp.app_template_global("night_live_tables")
def live_tables(night_id: int) -> dict[str, Any]:
    """The night TV's tables (``night_tables.live``), each last verdict in the reader's words
    and with its table's names."""
    live = night_tables.live(db(), night_id)
    for table in live["tables"]:
        if table["last"] is not None:
            table["last"] = reworded(table["last"], table["players"])
    return live


@bp.post("/nights/<id:night_id>/roster")
def roster_add(night_id: int) -> BaseResponse:
    """Players join the roster: one name, or several, one a line or comma-separated."""
    typed = request.form.get("names", "")
    names = [n for line in typed.replace(",", "\n").splitlines() if (n := line.strip())]
    try:
        token = host_token(night_id)
        if not names:
            raise PageError(422, _("Type a player's name to add them to the night."),
                            where="names")
        night_tables.add_players(db(), night_id, token, names[:night_tables.MAX_ROSTER])
    except (PageError, ServiceError) as err:
        return night_refused(night_id, "roster", err)
    return back(night_id, "roster")


@bp.post("/nights/<id:night_id>/roster/<id:player_id>/remove")
def roster_remove(night_id: int, player_id: int) -> BaseResponse:
    try:
        night_tables.remove_player(db(), night_id, host_token(night_id), player_id)
    except (PageError, ServiceError) as err:
        return night_refused(night_id, "roster", err)
    return back(night_id, "roster")


@bp.post("/nights/<id:night_id>/rounds")
def round_seat(night_id: int) -> BaseResponse:
    """Seat the next round for the game chosen (and the number of tables wished, if any)."""
    game = request.form.get("game", "")
    wanted = request.form.get("tables", "").strip()
    try:
        token = host_token(night_id)
        if game not in {g["id"] for g in seating_games()}:
            raise PageError(422, _("Choose the game the round is played at."), where="game")
        if wanted and not (wanted.isdigit() and 1 <= int(wanted) <= night_tables.MAX_TABLES):
            raise PageError(422, _("The number of tables is a whole number from 1 to {most}.",
                                   most=night_tables.MAX_TABLES), where="tables")
        night_tables.propose(db(), night_id, token, game, int(wanted) if wanted else None)
    except (PageError, ServiceError) as err:
        return night_refused(night_id, "seat", err)
    return back(night_id, "proposal")


@bp.post("/nights/<id:night_id>/rounds/<id:number>")
def round_adjust(night_id: int, number: int) -> BaseResponse:
    """The host's moves: each player's table (``p<id>``: a table's number or « out »); a
    table keeps its players in their order, those moved in after them. Refused, the player
    the service names (``tables.<i>.<j>``) is the input of theirs the page points at."""
    tables: dict[int, list[int]] = {}
    try:
        token = host_token(night_id)
        current = night_tables.rounds(db(), night_id)["rounds"]
        row = next((r for r in current if r["number"] == number), None)
        if row is None:
            raise PageError(404, _("This night has no round {n}.", n=number))
        order = [p["player_id"] for t in row["tables"] for p in t["players"]]
        order += [p["player_id"] for p in row["byes"]]
        for player in order:
            choice = request.form.get(f"p{player}", "")
            if choice == SITS_OUT:
                continue
            if not (choice.isdigit() and 1 <= int(choice) <= night_tables.MAX_TABLES):
                raise PageError(422, _("Choose a table for each player, or « sits out »."),
                                where=f"p{player}")
            tables.setdefault(int(choice), []).append(player)
        night_tables.adjust(db(), night_id, token, number,
                            [tables[n] for n in sorted(tables)])
    except (PageError, ServiceError) as err:
        return night_refused(night_id, "proposal", err, round=number,
                             where=moved_player(err, [tables[n] for n in sorted(tables)]))
    return back(night_id, "proposal")


def moved_player(err: Exception, tables: list[list[int]]) -> str | None:
    """The input of the player a refusal's ``tables.<i>.<j>`` names (``p<player>``), as the
    moves posted seated them; None (the refusal's own ``where``) otherwise."""
    where = str(err.details.get("where") or "") if isinstance(err, ServiceError) else ""
    parts = where.split(".")
    if len(parts) == 3 and parts[0] == "tables" and parts[1].isdigit() and parts[2].isdigit():
        i, j = int(parts[1]), int(parts[2])
        if i < len(tables) and j < len(tables[i]):
            return f"p{tables[i][j]}"
    return None


@bp.post("/nights/<id:night_id>/rounds/<id:number>/start")
def round_start(night_id: int, number: int) -> BaseResponse:
    """Start the round: this browser becomes each table's match host (as for a match it
    creates) and keeps the seats' join links."""
    try:
        _round, started = night_tables.start(db(), night_id, host_token(night_id), number)
    except (PageError, ServiceError) as err:
        return night_refused(night_id, "start", err, round=number)
    response = back(night_id, f"round-{number}")
    for table in started:
        match_id = table.created.match.id
        security.keep_invites(match_id, list(table.created.seat_tokens))
        keep_token(response, match_id, table.created.host_token)
    return response
