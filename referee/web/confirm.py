"""The confirmation step of a costly move: no call, reveal or forfeit is logged on one tap.

The pad posts as usual; when the service says the move is costly (``costs.consequence``), the
answer is a page that says what the move will do and repeats it with a confirm button (the
same fields plus ``confirmed=1``). No script is needed; nothing is logged until confirmed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, render_template, url_for
from werkzeug.datastructures import MultiDict

from referee.edge import database
from referee.edge.wording import said_cost
from referee.service import costs, history
from referee.service.messages import seat_names
from referee.web import games

CONFIRMED = "confirmed"


def ask(match_id: int, token: str | None, form: MultiDict[str, str], move_type: str,
        seat: int | None, payload: Mapping[str, Any]) -> tuple[str, int] | None:
    """The confirm page when this move is costly and not yet confirmed; None: log it now."""
    if form.get(CONFIRMED) == "1":
        return None
    cost = costs.consequence(database(current_app), match_id, token, move_type, seat,
                             dict(payload))
    if cost is None:
        return None
    cost = said_cost(cost, seat_names(database(current_app), match_id))
    match = history.get_match_dict(database(current_app), match_id)
    names = [s["name"] for s in match["seats"]]
    for_seat: dict[str, Any] = {"seat": form["seat"]} if (form.get("seat") or "").isdigit() else {}
    back = (url_for("web.match", match_id=match_id) if form.get("back") == "match" else
            url_for("web.play", match_id=match_id, **for_seat))
    fields = [(k, v) for k, v in form.items(multi=True) if k != CONFIRMED]
    return render_template("confirm.html", match=match, names=names, cost=cost,
                           game=games.for_match(match), fields=fields, back=back), 200
