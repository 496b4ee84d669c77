"""Pages beyond one match's sheet: the night's board, TV view and recap image, a player's
stats and head-to-head, the what-if page, CSV downloads and the BG Stats link."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for

from referee.edge.i18n import gettext as _
from referee.edge.i18n import told
from referee.edge.wording import reader_locale, reworded, said_play
from referee.service import history, nights, pages, ratings, sheets, stats, whatif
from referee.service.bounds import INT32_MAX
from referee.service.errors import Invalid, ServiceError
from referee.service.messages import seat_names
from referee.web import games, views
from referee.web.errors import PageError
from referee.web.forms import FormError, read_fields
from referee.web.images import board_svg, results_chart
from referee.web.views import db

bp = Blueprint("reports", __name__)
# Refusals read as the match pages' do: one pair of handlers serves both blueprints.
bp.register_error_handler(ServiceError, views.service_error)
bp.register_error_handler(PageError, views.page_error)


def titles() -> dict[str, str]:
    return {g.id: g.title for g in games.all_games()}


# --- the night -----------------------------------------------------------------------------


@bp.get("/nights/<id:night_id>/tv")
def night_tv(night_id: int) -> str:
    """The night's leaderboard for the TV: large type, following the night (night.js)."""
    version = nights.version(db(), night_id)
    return render_template("night_tv.html", board=nights.board(db(), night_id),
                           ratings=ratings.night_ratings(db(), night_id), titles=titles(),
                           version=version)


@bp.get("/nights/<id:night_id>/tv/live")
def night_tv_live(night_id: int) -> Response:
    """The TV view's changing part, asked every second: 304 while the night's version (its
    ETag) is the one the TV shows, so a finished match is on the TV within about a second."""
    version = nights.version(db(), night_id)
    if version in request.if_none_match:
        response = Response(status=304)
    else:
        response = Response(render_template(
            "_night_tv.html", board=nights.board(db(), night_id),
            ratings=ratings.night_ratings(db(), night_id), titles=titles()))
    response.set_etag(version)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/nights/<id:night_id>/recap")
def night_recap(night_id: int) -> str:
    """The night's final board and recap, read-only: the link to share."""
    return render_template("night_recap.html", board=nights.board(db(), night_id),
                           titles=titles())


@bp.get("/nights/<id:night_id>/board.svg")
def night_svg(night_id: int) -> Response:
    board = nights.board(db(), night_id)
    return Response(board_svg(board), mimetype="image/svg+xml", headers={
        "Content-Disposition": f'inline; filename="referee-night-{night_id}.svg"'})


@bp.get("/nights/<id:night_id>/board.png")
def night_png(night_id: int) -> Response:
    """The final board as a PNG (CairoSVG draws the SVG; it needs the system cairo library)."""
    svg = board_svg(nights.board(db(), night_id))
    try:
        import cairosvg
    except (ImportError, OSError) as err:  # OSError: the cairo library itself is missing
        raise PageError(501, _("This server cannot draw PNG images (the cairo library is "
                               "missing); the SVG image has the same board.")) from err
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return Response(png, mimetype="image/png", headers={
        "Content-Disposition": f'inline; filename="referee-night-{night_id}.png"'})


@bp.post("/nights/<id:night_id>/points")
def night_points(night_id: int) -> Any:
    """Set the night's placement points (the night's host's browser only: 403 for any other);
    refused, the night's page comes back with the reason beside the form and what was typed,
    and nothing changed (422)."""
    typed = request.form.get("points", "")
    token = views.night_host_token(night_id)
    if token is None:
        raise PageError(403, _("Only the night's host sets its points, from the browser that "
                               "created the night or opened its host link."), where="night")
    try:
        nights.set_points(db(), night_id, token, typed)
    except Invalid as err:
        return views.night_refused(night_id, "points", err)
    return redirect(url_for("web.night", night_id=night_id) + "#leaderboard", 303)


# --- players -------------------------------------------------------------------------------


@bp.get("/players/<id:player_id>/versus")
def versus(player_id: int) -> str:
    other = request.args.get("other", "")
    if not other.isdigit() or not 1 <= int(other) <= INT32_MAX:
        raise PageError(400, _("Choose the other player."))
    return render_template("versus.html", h2h=stats.head_to_head(db(), player_id, int(other)),
                           titles=titles())


@bp.get("/players/<id:player_id>/chart.svg")
def player_chart(player_id: int) -> Response:
    person = stats.player_stats(db(), player_id)
    chart = results_chart(stats.results_over_time(db(), player_id), person["name"])
    return Response(str(chart), mimetype="image/svg+xml")


# --- a match -------------------------------------------------------------------------------


def option_texts(game: games.Game, options: dict[str, Any]) -> dict[str, str]:
    """Each option's value as the form's input shows it (the match's own, to start from)."""
    return {f.name: replace(f, default=options.get(f.name, f.default)).text_default()
            for f in game.options}


@bp.route("/m/<id:match_id>/what-if", methods=["GET", "POST"])
def what_if_page(match_id: int) -> Any:
    """Replay the log under other options and see, side by side, what would change."""
    match = history.get_match_dict(db(), match_id)
    game = games.game(match["game"])
    result, error, status = None, None, 200
    if request.method == "POST":
        try:
            changes = read_fields(game.options, request.form, "o.")
            result = reworded(whatif.what_if(db(), match_id, changes),
                              seat_names(db(), match_id))  # in the reader's words
        except FormError as err:
            error, status = {"message": str(err), "where": f"options.{err.name}"}, 422
        except Invalid as err:
            error, status = {"message": told(err.sentence),
                             "where": str(err.details.get("where"))}, 422
    names = [s["name"] for s in match["seats"]]
    texts = option_texts(game, match["options"])
    if request.method == "POST":
        texts.update({f.name: request.form.get(f"o.{f.name}", "") for f in game.options
                      if f.kind != "boolean"})
        texts.update({f.name: "true" if request.form.get(f"o.{f.name}") else ""
                      for f in game.options if f.kind == "boolean"})
    return render_template("what_if.html", match=match, game=game, result=result, error=error,
                           names=names, texts=texts), status


@bp.get("/m/<id:match_id>/bgstats")
def send_to_bgstats(match_id: int) -> str:
    """The BG Stats link of a finished match, as a button (and the play it carries)."""
    page = pages.bgstats_page(db(), match_id)
    return render_template("bgstats.html", match=page.match, sent=said_play(page.sent))


# --- the history page's current filter as CSV ------------------------------------------------


@bp.get("/history.csv")
def history_csv() -> Response:
    from referee.web.views import date_arg, int_arg

    args = request.args
    status = args.get("status") or None
    if status not in (None, "in progress", "finished", "abandoned"):
        raise PageError(400, _("Status is “in progress”, “finished” or “abandoned”."))
    f = history.MatchFilter(game=args.get("game") or None,
                            player=int_arg("player", args.get("player"), 1),
                            night=int_arg("night", args.get("night"), 1), status=status,
                            since=date_arg("since", args.get("since")),
                            until=date_arg("until", args.get("until")))
    sep = args.get("sep") or "comma"
    if sep not in sheets.SEPARATORS:
        raise PageError(400, _("The separator is “comma” or “semicolon”, not “{sep}”.", sep=sep))
    sheet = sheets.to_csv(sheets.HISTORY_COLUMNS, sheets.history_rows(db(), f), reader_locale(),
                          sep)
    return Response(sheet, mimetype="text/csv", headers={
        "Content-Disposition": 'attachment; filename="referee-history.csv"'})
