"""The rating leaderboards (overall and per game) and the sparkline of a rating's trend."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, render_template, request, url_for
from flask_babel import format_decimal, format_percent
from markupsafe import Markup, escape

from referee.edge.i18n import gettext as _
from referee.service import ratings
from referee.service.errors import ServiceError
from referee.web import games, views
from referee.web.errors import PageError
from referee.web.filters import game_title
from referee.web.views import db, int_arg

bp = Blueprint("standing", __name__)
bp.register_error_handler(ServiceError, views.service_error)
bp.register_error_handler(PageError, views.page_error)

#: Players on one page of a leaderboard.
PER_PAGE = 50


@bp.get("/ratings")
def leaderboard() -> str:
    """Who is really the strongest: the players by rating, overall or in one game."""
    game = request.args.get("game") or None
    page = int_arg("page", request.args.get("page"), 1) or 1
    board = ratings.leaderboard(db(), game, page, PER_PAGE)
    rows = board["items"]

    def page_url(number: int) -> str:
        if game:
            return url_for("standing.leaderboard", page=number, game=game)
        return url_for("standing.leaderboard", page=number)

    return render_template(
        "ratings.html", rows=rows[:PER_PAGE], game=game, page=page, updating=board["updating"],
        games=games.all_games(), newer=page > 1 and page_url(page - 1),
        older=len(rows) > PER_PAGE and page_url(page + 1))


def sparkline(history: list[dict[str, Any]], width: int = 96, height: int = 28) -> Markup:
    """A rating's trend as a small line (SVG), its latest point marked; described in words
    for a screen reader (the figures are in the table beside it)."""
    values = [float(h["rating"]) for h in history]
    if len(values) < 2:
        return Markup("")
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (width - 4) / (len(values) - 1)
    points = [(2 + i * step, 2 + (height - 4) * (1 - (v - low) / span))
              for i, v in enumerate(values)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    label = _("Rating over the last {count} matches: from {first} to {last}",
              count=len(values), first=format_decimal(values[0], "0.0"),
              last=format_decimal(values[-1], "0.0"))
    x, y = points[-1]
    return Markup(
        f'<svg class="sparkline" role="img" aria-label="{escape(label)}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><polyline points="{line}" '
        f'fill="none" stroke="currentColor" stroke-width="1.5"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="currentColor"/></svg>')


def scope_title(scope: str | None) -> str:
    """A rating's scope in words: a game's title, or « all games »."""
    if scope in (None, ratings.OVERALL):
        return _("All games")
    return game_title(scope)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.filters.update(sparkline=sparkline, chance=format_percent)
    app.jinja_env.globals.update(rating_scope=scope_title)
