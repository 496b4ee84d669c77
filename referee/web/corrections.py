"""The host's corrections in the pages: a void or a correction is previewed, then confirmed.

Nothing is logged until the host confirms: the first post is a dry run of the void or of the
correct event, shown with the later events it would change and the totals before and after; the
confirmation appends it under If-Match, so that a preview the log has moved past is shown again
rather than confirmed blind. "Correct this move" starts from the old move's values.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from typing import Any

from flask import redirect, render_template, request, url_for

from referee.edge.i18n import gettext as _
from referee.edge.wording import reworded
from referee.service import matches, pages
from referee.service.bounds import INT32_MAX
from referee.service.errors import Conflict, Forbidden, Invalid, ServiceError
from referee.web import games, pads, views, vocabulary
from referee.web.errors import PageError
from referee.web.forms import Field, FormError, read_fields
from referee.web.pads.generic import picker_data
from referee.web.views import bp

#: Moves a correction may not put in a move's place: records about the log, not moves.
NOT_MOVES = frozenset({"void", "challenge", "ruling", "correct", "abandon"})


def value_text(f: Field, value: Any) -> str:
    """A payload value as its input shows it (the form's own way of writing defaults)."""
    if value is None:
        return ""
    return dataclasses.replace(f, default=value).text_default()


def host_only(match_id: int, seq: int) -> tuple[str, pages.HeldMatch]:
    """The host's token and the page of event ``seq``; 403 for anyone but the host."""
    token = views.page_token(match_id)
    page = pages.held_match(views.db(), match_id, token, seq)
    if page.timeline is None or token is None:
        raise PageError(403, _("Only the host corrects the log: open the host's link on this "
                               "device first."))
    return token, page


def host_event(match_id: int, seq: int) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The host's token, the match (in the reader's words) and its event ``seq`` as the
    timeline shows it now."""
    token, match, event, _table = host_event_table(match_id, seq)
    return token, match, event


def host_event_table(match_id: int, seq: int
                     ) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """``host_event`` and the table just before the event (what its pickers offer)."""
    token, page = host_only(match_id, seq)
    assert page.timeline is not None
    match = reworded(page.match)
    timeline = views.said_page(page.timeline, views.seat_names(match))
    for event in timeline["events"]:
        if event["seq"] == seq:
            return token, match, event, page.table or {}
    raise PageError(404, _("Match {id} has no event #{seq}.", id=match_id, seq=seq))


def prefill(event: dict[str, Any], move_type: str) -> tuple[int | None, dict[str, Any]]:
    """The seat and payload the form starts from: the move now judged in the event's place
    (its latest correction, if any), else the event as logged."""
    now = event.get("correction") or event
    if now["type"] != move_type:
        return now.get("seat"), {}
    return now.get("seat"), dict(now.get("payload") or {})


def render_preview(match_id: int, *, kind: str, seq: int, move_type: str, seat: int | None,
                   payload: dict[str, Any], reason: str, seen: int | None,
                   note: str | None = None) -> Any:
    """The dry run of a void or a correction, and the form that confirms it."""
    token, match, event = host_event(match_id, seq)
    game = games.for_match(match)
    body = ({"seq": seq, "reason": reason} if kind == "void" else
            {"seq": seq, "reason": reason,
             "move": {"type": move_type, "seat": seat, "payload": payload}})
    preview = matches.record(views.db(), match_id, token, kind, None, body, seen=seen,
                             dry_run=True)
    standings = preview.standings
    names = views.seat_names(match)
    return render_template(
        "correction.html", match=match, game=game, event=event, kind=kind, body=body,
        body_json=json.dumps(body, ensure_ascii=False), preview=preview, note=note,
        verdict=reworded(preview.verdict, names),  # in the reader's words, by the players' names
        changes=reworded((preview.preview or {}).get("changes") or [], names),
        names=names, sides=views.side_names(match, standings),
        expected=preview.seq - 1, key=uuid.uuid4().hex, step="preview")


def confirm(match_id: int, kind: str, seq: int) -> Any:
    """Append the previewed void or correction; if the log moved since, preview it again."""
    token, _page = host_only(match_id, seq)
    try:
        body = json.loads(request.form.get("body") or "")
        expected = int(request.form.get("expected") or "")
    except ValueError:
        raise PageError(400, _("This confirmation lost its preview: start the correction "
                               "again from the timeline.")) from None
    if not 0 <= expected <= INT32_MAX:  # no log is there, and the seq's column cannot hold it
        raise PageError(400, _("This confirmation's seq must be between 0 and {most}.",
                               most=INT32_MAX), where="form.expected")
    key = views.idempotency_key(request.form)
    if not isinstance(body, dict) or body.get("seq") != seq:
        raise PageError(400, _("This confirmation does not match its event."))
    try:
        recorded = matches.record(views.db(), match_id, token, kind, None, body,
                                  expected_seq=expected, idempotency_key=key,
                                  wait_for_key=True)
    except Conflict:
        move = body.get("move") or {}
        return render_preview(
            match_id, kind=kind, seq=seq, move_type=move.get("type", ""),
            seat=move.get("seat"), payload=move.get("payload") or {},
            reason=body.get("reason", ""), seen=None,
            note=_("The log moved since your preview: here it is again, as the table stands "
                   "now."))
    return redirect(url_for("web.match", match_id=match_id, logged=recorded.seq)
                    + f"#e{seq}", 303)


@bp.post("/m/<id:match_id>/void/<id:seq>")
def void(match_id: int, seq: int) -> Any:
    """Void an event: first its preview, then (``confirm``) the void itself."""
    if request.form.get("confirm") == "1":
        return confirm(match_id, "void", seq)
    reason = (request.form.get("reason") or "").strip()
    seen = views.int_arg("seen", request.form.get("seen"), 0)
    try:
        if not reason:
            raise Invalid(_("Say why the event was logged by mistake: the timeline shows it."),
                          where="payload.reason")
        return render_preview(match_id, kind="void", seq=seq, move_type="", seat=None,
                              payload={}, reason=reason, seen=seen)
    except ServiceError as err:
        if isinstance(err, Forbidden):
            raise
        return views.render_match(match_id, error=views.error_view(err),
                                  posted=request.form, status=views.error_status(err))


@bp.get("/m/<id:match_id>/correct/<id:seq>")
def correct_form(match_id: int, seq: int) -> Any:
    """"Correct this move": the form of the move that should have been logged, prefilled."""
    return render_correct_form(match_id, seq, request.args.get("type"))


def render_correct_form(match_id: int, seq: int, move_type: str | None, *,
                        error: dict[str, Any] | None = None, posted: Any = None,
                        status: int = 200) -> Any:
    _token, match, event, table = host_event_table(match_id, seq)
    game = games.for_match(match)
    if event["type"] in NOT_MOVES:
        raise PageError(422, _("Event #{seq} is a {type}, not a move: void it instead.",
                               seq=seq, type=event["type"]))
    moves = [m for m in game.moves.values() if m.type not in NOT_MOVES]
    start = (event.get("correction") or event)["type"]
    move_type = move_type if move_type in game.moves and move_type not in NOT_MOVES else start
    if move_type not in game.moves:
        raise PageError(422, _("{game} has no move {move}.", game=game.title,
                               move=repr(move_type)))
    seat, payload = prefill(event, move_type)
    fields = game.moves[move_type].fields
    values = {f.name: value_text(f, payload.get(f.name)) for f in fields if f.name in payload}
    if posted:
        values = {f.name: posted.get("p." + f.name, "") for f in fields}
        seat = views.int_arg("seat", posted.get("seat"), 0)
    # a rounds-only result is corrected seat by seat, as the pad asks for it (not as JSON);
    # a CitronCoco round logged as totals keeps the form that has them
    by_seat = (match["mode"] == "rounds" and move_type == "round"
               and "totals" not in payload and not (posted or {}).get("p.totals"))
    return render_template(
        "correction.html", match=match, game=game, event=event, kind="correct", step="form",
        moves=moves, move_type=move_type, fields=fields, values=values, seat=seat,
        names=views.seat_names(match), error=error, key=uuid.uuid4().hex,
        pickers=picker_data(game.id, match.get("options"), table, views.seat_names(match)),
        reason=(posted or {}).get("reason", ""), seen=match["last_seq"],
        round_again=(posted or pads.round_inputs(payload)) if by_seat else None,
        lines=match["standings"].get("lines", []),
        sides=views.side_names(match, match["standings"])), status


@bp.post("/m/<id:match_id>/correct/<id:seq>")
def correct(match_id: int, seq: int) -> Any:
    """Correct a move: first its preview, then (``confirm``) the correct event itself."""
    if request.form.get("confirm") == "1":
        return confirm(match_id, "correct", seq)
    match = views.match_or_404(match_id)
    game = games.for_match(match)
    form = request.form
    move_type = form.get("move_type", "")
    try:
        if move_type not in game.moves or move_type in NOT_MOVES:
            raise Invalid(_("{game} has no move {move} to put in event #{seq}'s place.",
                            game=game.title, move=repr(move_type), seq=seq),
                          where="payload.move.type")
        seat = views.int_arg("seat", form.get("seat"), 0)
        payload = read_fields(game.moves[move_type].fields, pads.compose(form), "p.")
        return render_preview(match_id, kind="correct", seq=seq, move_type=move_type,
                              seat=seat, payload=payload,
                              reason=(form.get("reason") or "").strip(),
                              seen=views.int_arg("seen", form.get("seen"), 0))
    except (ServiceError, FormError) as err:
        if isinstance(err, Forbidden):
            raise
        return render_correct_form(match_id, seq, move_type, error=views.error_view(err),
                                   posted=form, status=views.error_status(err))



@bp.get("/m/<id:match_id>/abandon")
def abandon_form(match_id: int) -> Any:
    """« Abandon the match »: what it does, and the host's confirmation (nothing is logged
    until then)."""
    page = pages.held_match(views.db(), match_id, views.page_token(match_id))
    if page.access is None or not page.access.host:
        raise PageError(403, _("Only the host abandons a match: open the host's link on this "
                               "device first."))
    match = reworded(page.match)
    if match["status"] != "in progress":
        raise PageError(409, _("Match {id} is {status}: there is nothing to abandon.",
                               id=match_id, status=vocabulary.status_text(match["status"])))
    return render_template("abandon.html", match=match, game=games.for_match(match),
                           names=views.seat_names(match), key=uuid.uuid4().hex)
