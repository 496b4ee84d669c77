"""No dead ends: every page a phone may be left on can be reloaded, and says what to do.

- ``GET /m/<id>/moves`` (a move's address, reopened or reloaded) leads back to the pad.
- A page that answers a refused move (a POST) puts the pad's own address in the address bar,
  so that reloading it shows the pad again instead of posting the move a second time.
- A phone whose join link was replaced is told so, and what to do, instead of "not joined".
"""

from __future__ import annotations

from typing import Any

from flask import redirect, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from referee.edge.i18n import told
from referee.service import links
from referee.web.views import bp, cookie_name, db


@bp.get("/m/<id:match_id>/moves")
def moves_page(match_id: int) -> Response:
    """Moves are posted here; opened as a page, it is the pad."""
    seat = request.args.get("seat")
    values: dict[str, Any] = {"seat": seat} if seat and seat.isdigit() else {}
    return redirect(url_for("web.play", match_id=match_id, **values), 303)


def address_after_post() -> str | None:
    """Where a refused move's page really is (the pad or the match page), or None."""
    if request.method != "POST" or request.endpoint != "web.log_move":
        return None
    match_id = (request.view_args or {}).get("match_id")
    try:
        form = request.form
    except HTTPException:  # a body too large to read (413): the pad, whoever's it was
        return url_for("web.play", match_id=match_id)
    if form.get("back") == "match":
        return url_for("web.match", match_id=match_id)
    seat = form.get("seat")
    values: dict[str, Any] = {"seat": seat} if seat and seat.isdigit() else {}
    return url_for("web.play", match_id=match_id, **values)


def replaced_link(match_id: int) -> str | None:
    """What to tell a phone whose cookie holds a join link the host has replaced."""
    token = request.cookies.get(cookie_name(match_id))
    gone = links.replaced(db(), match_id, token) if token else None
    return told(gone.sentence) if gone else None


@bp.app_context_processor
def flow_helpers() -> dict[str, Any]:
    return {"address_after_post": address_after_post, "replaced_link": replaced_link}
