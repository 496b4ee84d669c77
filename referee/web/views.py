"""The pages: thin views that parse, authorise (through the service), call it, and render."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from referee.edge import database
from referee.edge.i18n import gettext as _
from referee.edge.i18n import schema_errors, told
from referee.edge.validation import Refused, load_json, whole_number
from referee.edge.wording import reworded, said_errors, say, say_kept
from referee.service import counters, history, matches, nights, pages, queries, stats
from referee.service import links as seat_links
from referee.service.access import Access
from referee.service.bounds import IDEMPOTENCY_KEY_LENGTH
from referee.service.errors import Invalid, ServiceError
from referee.web import addresses, confirm, games, pads, security
from referee.web.chart import rounds_chart, sheet_by_side
from referee.web.errors import PageError, error_page
from referee.web.filters import game_title
from referee.web.forms import FormError, read_fields
from referee.web.images import results_chart
from referee.web.options import compose_options
from referee.web.pads.generic import picker_data
from referee.web.pads.neurotrio import card_label as neuro_card_label

bp = Blueprint("web", __name__)

COOKIE_DAYS = 30
NIGHT_MATCHES = 20  # the latest matches a night's page lists (the history has them all)




@bp.errorhandler(ServiceError)
def service_error(error: ServiceError) -> tuple[str, int]:
    return error_page(error.status, told(error.sentence), **error.details)


@bp.errorhandler(PageError)
def page_error(error: PageError) -> tuple[str, int]:
    return error_page(error.status, error.message, **error.details)


def db() -> Any:
    return database(current_app)


# --- who is asking: a token kept in a cookie scoped to its match ------------------------------


def cookie_name(match_id: int) -> str:
    return f"referee_m{match_id}"


def match_path(match_id: int) -> str:
    return f"/m/{match_id}"


def page_token(match_id: int) -> str | None:
    return request.cookies.get(cookie_name(match_id)) or None


def keep_token(response: BaseResponse, match_id: int, token: str) -> BaseResponse:
    response.set_cookie(cookie_name(match_id), token, max_age=COOKIE_DAYS * 86400,
                        path=match_path(match_id), httponly=True, samesite="Lax",
                        secure=request.is_secure)
    return response


def remember_invites(match_id: int, seats: list[str]) -> None:
    """The creating browser keeps the join links, encrypted (the store keeps only hashes)."""
    security.keep_invites(match_id, list(seats))


def public_url(endpoint: str, **values: Any) -> str:
    return addresses.link_base().url + url_for(endpoint, **values)


def qr_svg(url: str, title: str) -> Markup:
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=4, border=2, title=title, svgclass="qr",
                                  dark="#000", light="#fff", omitsize=True))


# --- small parsers -------------------------------------------------------------------------


def idempotency_key(form: Any) -> str | None:
    """A form's ``key`` (its Idempotency-Key: a form posted twice logs once), refused when
    longer than its column holds."""
    key = form.get("key") or None
    if key is not None and len(key) > IDEMPOTENCY_KEY_LENGTH:
        raise Invalid(_("A form's key is at most {most} characters.",
                        most=IDEMPOTENCY_KEY_LENGTH), where="form.key")
    return key


def int_arg(name: str, value: str | None, minimum: int | None = None) -> int | None:
    if value is None or value.strip() == "":
        return None
    try:
        return whole_number(value, name, minimum)
    except Refused as err:
        raise PageError(400, told(err.sentence), where=err.where) from None


def date_arg(name: str, value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise PageError(400, _("{name} must be a date like 2026-11-23, not {value}.",
                               name=name, value=repr(value))) from None


def said_page(page: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A page of the timeline in the reader's words, by the players' names: the newest (read
    by every phone at the table after each move) worded once per language."""
    return say_kept(page, names, kind="web.timeline") if page["later"] is None else say(
        page, names)


def match_or_404(match_id: int) -> dict[str, Any]:
    """The match as pages show it: its outcome said for the reader, by the players' names
    (the read model keeps it as data)."""
    return reworded(history.get_match_dict(db(), match_id))


def seat_names(match: dict[str, Any]) -> list[str]:
    return [s["name"] for s in match["seats"]]


def side_names(match: dict[str, Any], standings: dict[str, Any]) -> dict[str, str]:
    """Each side of the standings named by its players (a team by its side and players)."""
    names = seat_names(match)
    out = {}
    for line in standings.get("lines", []):
        players = " & ".join(names[s] for s in line["seats"] if s < len(names))
        out[line["side"]] = players if len(line["seats"]) == 1 else f"{line['side']}: {players}"
    return out


def ranked(standings: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines best first, by the place the service gives each (``rank``: ties share it),
    tied lines in seat order."""
    return sorted(standings.get("lines", []), key=lambda ln: ln.get("rank") or 0)


# --- home and nights -----------------------------------------------------------------------


@bp.get("/")
def home() -> str:
    page = pages.home(db())
    # each outcome in the reader's words, by the players' names
    return render_template("home.html", under_way=page.under_way,
                           finished=reworded(page.finished), nights=page.nights)


@bp.post("/nights")
def create_night() -> BaseResponse:
    """A new night; this browser keeps its host token (encrypted), the key to its controls."""
    name = (request.form.get("name") or "").strip()
    if not name:
        raise PageError(422, _("A game night needs a name, like “Friday at Alice's”."))
    if len(name) > 120:
        raise PageError(422, _("A game night's name is at most 120 characters."))
    created = nights.create(db(), name)
    security.keep_night_token(created.night["id"], created.host_token)
    return redirect(url_for("web.night", night_id=created.night["id"]), 303)


def night_host_token(night_id: int) -> str | None:
    """The night's host token if this browser keeps it (None: this browser is not the host)."""
    token = security.night_token(night_id)
    return token if nights.is_host(db(), night_id, token) else None


def hosted_night(night_id: int | None) -> dict[str, Any] | None:
    """The night a match is started in or imported into, for its host's browser only (403
    for any other)."""
    if night_id is None:
        return None
    night = history.get_night(db(), night_id)
    if night_host_token(night_id) is None:
        raise PageError(403, _("Only the night's host starts or imports a match in it, from "
                               "the browser that created the night or opened its host link."),
                        where="night")
    return night


@bp.get("/nights/<id:night_id>")
def night(night_id: int) -> Response:
    return night_response(night_id)


@dataclass(frozen=True)
class RefusedForm:
    """A host's form on the night's page the service or the page refused: which form
    (``points``, ``roster``, ``seat``, ``proposal``, ``start``), the refusal as ``error_view``
    gives it, what was posted (shown again), and the round it was for, if any."""

    form: str
    error: dict[str, Any]
    posted: Any
    round: int | None = None


def night_response(night_id: int, refused: RefusedForm | None = None,
                   status: int = 200) -> Response:
    """The night's page (a refused form said in its section, with the refusal's status)."""
    response = current_app.response_class(night_page(night_id, refused), status=status)
    response.headers["Cache-Control"] = "no-store"  # the host's page carries the host link
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def night_refused(night_id: int, form: str, err: Exception, round: int | None = None,
                  where: str | None = None) -> Response:
    """The night's page again after a refused form: the reason beside the form (and the field
    ``where`` names, the refusal's own when not given), what was typed kept, nothing changed,
    the refusal's status."""
    error = error_view(err)
    if where is not None:
        error["where"] = where
    return night_response(night_id, RefusedForm(form, error, request.form, round),
                          error_status(err))


def night_page(night_id: int, refused: RefusedForm | None = None) -> str:
    """The night's page, with the host's controls (points, a new match, the tables, the host
    link) for the host's browser only; a refused form of the host's is shown again in its
    section with its reason and what was typed (``RefusedForm``)."""
    token = security.night_token(night_id)
    page = pages.night(db(), night_id, token, NIGHT_MATCHES)
    host_link = night_host_link(night_id, token) if token and page.host else None
    latest = reworded(page.latest.items)  # each outcome in the reader's words, by the names
    count = page.latest.total if page.latest.total is not None else len(latest)
    return render_template("night.html", night=page.board, latest=latest, count=count,
                           board=page.board, titles={g.id: g.title for g in games.all_games()},
                           refused=refused, host=page.host, host_link=host_link,
                           tables=page.tables, ratings=page.ratings)


def night_host_link(night_id: int, token: str) -> str:
    """A night's host link: its token after "#", in no request line, log or Referer."""
    return public_url("web.night_host", night_id=night_id) + "#" + urlencode({"t": token})


@bp.get("/nights/<id:night_id>/host")
def night_host(night_id: int) -> BaseResponse | str:
    """The page a night's host link opens (its script posts the token after the "#"); a token
    in the address, as a hand-made link may carry, is taken and the address left at once."""
    night = history.get_night(db(), night_id)  # 404 for a night that is not there
    if token := (request.args.get("token") or "").strip():
        return night_hosted(night_id, token)
    return render_template(
        "join.html", title=_("The night's host link"), heading=night["name"],
        waiting=_("Opening the night as its host…"), label=_("The night's host link"),
        action=url_for("web.night_host_posted", night_id=night_id),
        explain=_("Open the night's host link in this browser: this page then makes it a host "
                  "of the night. If it does not, paste the whole link here."))


@bp.post("/nights/<id:night_id>/host")
def night_host_posted(night_id: int) -> BaseResponse:
    history.get_night(db(), night_id)
    return night_hosted(night_id, token_in(request.form.get("link") or ""))


def night_hosted(night_id: int, token: str) -> BaseResponse:
    """The night's page, this browser now keeping the night's host token."""
    if not token or not nights.is_host(db(), night_id, token):
        raise PageError(403, _("This link does not hold night {id}'s host token; ask the "
                               "night's host for the link again.", id=night_id),
                        where="link")
    security.keep_night_token(night_id, token)
    return redirect(url_for("web.night", night_id=night_id), 303)


# --- creating a match ------------------------------------------------------------------------


@bp.get("/new")
def choose_game() -> str:
    night = hosted_night(int_arg("night", request.args.get("night"), 1))
    return render_template("new_game.html", games=games.all_games(), night=night)


def game_or_404(game_id: str) -> games.Game:
    try:
        return games.game(game_id)
    except KeyError:
        raise PageError(404, _("There is no game {game}.", game=repr(game_id))) from None


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_match(game_id: str) -> Any:
    game = game_or_404(game_id)
    night_id = int_arg("night", request.values.get("night"), 1)
    night = hosted_night(night_id)
    players = history.list_players(db(), 1, 500)
    if request.method == "GET":
        return render_template("new_match.html", game=game, night=night, players=players,
                               form={}, error=None)
    form = request.form
    names = [n.strip() for n in form.getlist("seat")]
    while names and not names[-1]:
        names.pop()
    try:
        if any(not n for n in names):
            raise Invalid(_("Fill the seats in order: an empty seat cannot sit between two "
                            "players."), where="seats")
        follows = int_arg("follows", form.get("follows"), 1)
        options = {**previous_options(follows),
                   **read_fields(game.options, compose_options(form), "o.")}
        created = matches.create_match(db(), game.id, options,
                                       [matches.SeatSpec(name=n) for n in names], night_id,
                                       follows, mode=form.get("mode") or "moves",
                                       night_token=security.night_token(night_id)
                                       if night_id else None)
    except (ServiceError, FormError, PageError) as err:
        return render_template("new_match.html", game=game, night=night, players=players,
                               form=form, error=error_view(err)), error_status(err)
    return created_redirect(created)


def previous_options(follows: int | None) -> dict[str, Any]:
    """A rematch keeps the options, but not who starts: the service gives that to the loser."""
    if follows is None:
        return {}
    options = dict(match_or_404(follows)["options"])
    options.pop("first_seat", None)
    return options


def created_redirect(created: matches.Created) -> BaseResponse:
    match_id = created.match.id
    remember_invites(match_id, created.seat_tokens)
    response = redirect(url_for("web.invite", match_id=match_id), 303)
    return keep_token(response, match_id, created.host_token)


@bp.get("/m/<id:match_id>/invite")
def invite(match_id: int) -> Any:
    page = pages.held_match(db(), match_id, page_token(match_id))
    match, access = reworded(page.match), page.access
    links: dict[str, Any] | None = None
    if access is not None and access.host:
        tokens = list(security.read_invites().get(str(match_id)) or [])
        host = join_link(match_id, page_token(match_id) or "")
        seats: list[dict[str, Any]] = []
        links = {"host": host, "host_qr": qr_svg(host, _("Host's link")), "seats": seats}
        for seat, name in enumerate(seat_names(match)):
            token = tokens[seat] if seat < len(tokens) else None
            url = join_link(match_id, token) if token else None
            seats.append({
                "seat": seat, "name": name, "url": url,
                "qr": qr_svg(url, _("Join link of seat {n}, {name}", n=seat + 1,
                                                     name=name)) if url else None})
    response = current_app.response_class(render_template(
        "invite.html", match=match, access=access, links=links,
        network=addresses.link_base()))
    response.headers["Cache-Control"] = "no-store"  # the page carries the seats' tokens
    return response


@bp.post("/m/<id:match_id>/seats/<int(max=100):seat>/token")
def reissue(match_id: int, seat: int) -> BaseResponse:
    """A new join link for a seat (host only): for a lost link, or one this browser lacks."""
    token = matches.reissue_seat_token(db(), match_id, page_token(match_id), seat)
    seats: list[str | None] = list(security.read_invites().get(str(match_id)) or [])
    seats += [None] * (seat + 1 - len(seats))
    seats[seat] = token
    security.keep_invites(match_id, seats)
    return redirect(url_for("web.invite", match_id=match_id) + f"#seat-{seat}", 303)


# --- joining: a join link's token goes into a cookie scoped to its match --------------------
#
# A join link carries its token after "#" (``/m/<id>/join/link#t=…``): a browser never sends
# that part, so the token is in no request line, access log or Referer. The join page's script
# reads it and posts it to ``/m/<id>/join``; without a script the page takes the link pasted.
# Links printed before (``/m/<id>/join?token=…``) still join, then leave for the pad's address.


def join_link(match_id: int, token: str) -> str:
    """A seat's or the host's join link, as its QR code and the invite page give it."""
    return public_url("web.join_page", match_id=match_id) + "#" + urlencode({"t": token})


def token_in(text: str) -> str:
    """The token in what the join form got: the token itself, or a whole join link pasted (its
    ``#t=``, or the ``?token=`` of an older one)."""
    text = text.strip()
    if not any(mark in text for mark in "/#?"):  # a token is URL-safe base 64: none of these
        return text
    parts = urlsplit(text)
    found = parse_qs(parts.fragment).get("t") or parse_qs(parts.query).get("token")
    return found[0].strip() if found else ""


@bp.get("/m/<id:match_id>/join/link")
def join_page(match_id: int) -> str:
    """The page a join link opens: its script posts the token that follows the "#"."""
    match = match_or_404(match_id)
    return render_template(
        "join.html", title=_("Join match {id}", id=match_id),
        heading=_("{game} #{id}: join", game=game_title(match["game"]), id=match_id),
        waiting=_("Joining the match…"), label=_("Your join link"),
        action=url_for("web.join_posted", match_id=match_id),
        explain=_("Open your seat's join link on this phone (or scan its code): this page then "
                  "logs you in as that seat. If it does not, paste the whole link here."))


@bp.post("/m/<id:match_id>/join")
def join_posted(match_id: int) -> BaseResponse:
    token = token_in(request.form.get("link") or "")
    if not token:
        raise PageError(400, _("Give your seat's join link (or its token) to join the match."),
                        where="link")
    return joined_redirect(match_id, token)


@bp.get("/m/<id:match_id>/join")
def join(match_id: int) -> BaseResponse:
    """An older join link, its token in the address: it still joins (printed codes), and the
    pad it leads to has a clean address."""
    token = (request.args.get("token") or "").strip()
    if not token:
        raise PageError(400, _("This join link has no token; ask the host for the link again."))
    return joined_redirect(match_id, token)


def joined_redirect(match_id: int, token: str) -> BaseResponse:
    """The pad, this browser now acting with ``token`` (a seat's or the host's)."""
    if pages.held_match(db(), match_id, token).access is None:
        if gone := seat_links.replaced(db(), match_id, token):
            raise PageError(403, told(gone.sentence))
        raise PageError(403, _("This join link does not belong to match {id}: its token is "
                               "no seat's, nor the host's.", id=match_id))
    response = redirect(url_for("web.play", match_id=match_id), 303)
    return keep_token(response, match_id, token)


@bp.post("/m/<id:match_id>/leave")
def leave(match_id: int) -> BaseResponse:
    response = redirect(url_for("web.match", match_id=match_id), 303)
    response.delete_cookie(cookie_name(match_id), path=match_path(match_id))
    return response


# --- move entry --------------------------------------------------------------------------------


@bp.get("/m/<id:match_id>/play")
def play(match_id: int) -> str:
    return render_play(match_id, logged=int_arg("logged", request.args.get("logged"), 1))


def render_play(match_id: int, *, logged: int | None = None, error: dict[str, Any] | None = None,
                posted: Any = None, status: int = 200) -> Any:
    asked = request.args.to_dict()
    if posted:  # a refused move shows its pad again, for the seat and warrior it was for
        asked = {"seat": posted.get("seat"), "warrior": posted.get("p.warrior"), **asked}

    def pad_seat(match: Any, access: Access | None, table: Any) -> int | None:
        shaped = match["mode"] != "rounds" and match["game"] in pads.SHAPERS
        return pads.acting_seat(access, table, asked.get("seat")) if shaped else None

    page = pages.play(db(), match_id, page_token(match_id), logged=logged, pad_seat=pad_seat)
    match, access = reworded(page.match), page.access
    game = games.for_match(match)
    state = {**page.state, "standings": reworded(page.state["standings"], page.names)}
    moves = game.moves_for(host=bool(access and access.host)) if access else []
    pad = None if match["mode"] == "rounds" else pads.pad_for(
        game.id, state["table"], access, asked, options=match.get("options"),
        legal=lambda seat: page.legal)
    pickers = picker_data(game.id, match.get("options"), state["table"],
                          seat_names(match)) if access else {}
    return render_template(
        "play.html", match=match, access=access, game=game, moves=moves, state=state, pad=pad,
        pickers=pickers,
        table=state["table"], names=seat_names(match),
        logged=reworded(page.logged, seat_names(match)),
        error=error, posted=posted or {}, key=uuid.uuid4().hex,
        sides=side_names(match, state["standings"]), ranked=ranked(state["standings"]),
        take_back=page.take_back,
    ), status


@bp.post("/m/<id:match_id>/moves")
def log_move(match_id: int) -> Any:
    try:
        form = pads.compose(request.form)
    except FormError as err:
        return render_play(match_id, error=error_view(err), posted=request.form,
                           status=error_status(err))
    back = form.get("back") if form.get("back") in ("play", "match") else "play"
    game = games.for_match(match_or_404(match_id))
    move_type = form.get("type", "")
    try:
        if move_type not in game.moves:
            raise Invalid(_("{game} has no move {move}.", game=game.title,
                            move=repr(move_type)), where="type")
        seat = int_arg("seat", form.get("seat"), 0)
        payload = read_fields(game.moves[move_type].fields, form, "p.")
        if asked := confirm.ask(match_id, page_token(match_id), form, move_type, seat, payload):
            return asked
        recorded = matches.record(db(), match_id, page_token(match_id), move_type, seat,
                                  payload, idempotency_key=idempotency_key(form),
                                  seen=int_arg("seen", form.get("seen"), 0),
                                  wait_for_key=True)  # a double tap: shown the first's answer
    except (ServiceError, FormError) as err:
        if isinstance(err, ServiceError) and err.status == 422:
            counters.refused()
        if back == "match":
            return render_match(match_id, error=error_view(err), posted=form,
                                status=error_status(err))
        stale = isinstance(err, ServiceError) and "since" in err.details
        return render_play(match_id, error=error_view(err), posted=None if stale else form,
                           status=error_status(err))
    if not recorded.replayed:
        counters.appended(recorded.verdict)
    endpoint = "web.match" if back == "match" else "web.play"
    anchor = f"#e{recorded.seq}" if back == "match" else "#verdict"
    return redirect(url_for(endpoint, match_id=match_id, logged=recorded.seq) + anchor, 303)


def error_view(err: Exception) -> dict[str, Any]:
    if isinstance(err, ServiceError):
        details = dict(err.details)
        return {"message": told(err.sentence), "rule": details.get("rule"),
                "where": details.get("where"), "kind": details.get("kind"),
                "errors": flatten_errors(schema_errors(said_errors(details.get("errors")))),
                "since": details.get("since")}  # a stale move: what changed since
    where = err.details.get("where") if isinstance(err, PageError) else getattr(err, "name", None)
    return {"message": str(err), "where": where, "errors": [],
            "since": None}  # a form's own refusal: never "too slow"


def error_status(err: Exception) -> int:
    return err.status if isinstance(err, ServiceError | PageError) else 422


def flatten_errors(errors: Any, path: str = "") -> list[str]:
    """marshmallow's nested messages as lines: ``payload.slot: Must be at least 1.``"""
    if errors is None:
        return []
    if isinstance(errors, dict):
        out: list[str] = []
        for key, value in errors.items():
            out += flatten_errors(value, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(errors, list):
        if all(isinstance(e, str) for e in errors):
            return [f"{path}: {' '.join(errors)}" if path else " ".join(errors)]
        out = []
        for e in errors:
            out += flatten_errors(e, path)
        return out
    return [f"{path}: {errors}" if path else str(errors)]


# --- the match page: timeline, the table after any event, corrections -----------------------


#: The events a match page shows at once, the latest first ("earlier" pages back): a phone's
#: screenful or three, and a page that renders fast whatever the match's length.
MATCH_PAGE_EVENTS = 25


@bp.get("/m/<id:match_id>")
def match(match_id: int) -> Any:
    return render_match(match_id, logged=int_arg("logged", request.args.get("logged"), 1))


def render_match(match_id: int, *, logged: int | None = None,
                 error: dict[str, Any] | None = None, posted: Any = None,
                 status: int = 200) -> Any:
    at = int_arg("at", request.args.get("at"), 0)
    before = int_arg("before", request.args.get("before"), 1)
    after = int_arg("after", request.args.get("after"), 0)
    if at is not None and before is None and after is None:
        before = at + 11  # the page that shows the event asked for, near its top
    as_arg = request.args.get("as", "")
    public = as_arg == "public"
    page = pages.match_page(db(), match_id, page_token(match_id), pages.Asked(
        MATCH_PAGE_EVENTS, before, after, at, public=public, night_token=security.night_token,
        as_seat=None if at is None or public else int_arg("as", as_arg, 0)))
    match, access, state = reworded(page.match), page.access, page.state
    timeline = said_page(page.timeline, seat_names(match))
    game = games.for_match(match)
    challenges = sorted({*timeline["challenges"],
                         *(e["seq"] for e in timeline["events"] if e["type"] == "flag")})
    standings = timeline["standings"]
    return render_template(
        "match.html", match=match, access=access, game=game, timeline=timeline,
        night_host=page.night_host,  # a rematch stays in the night for the night's host
        events=list(reversed(timeline["events"])), state=state, at=at, as_arg=as_arg,
        names=seat_names(match), error=error, posted=posted or {}, logged=logged,
        challenges=challenges, key=uuid.uuid4().hex, standings=standings,
        sides=side_names(match, standings), ranked=ranked(standings),
        chart=rounds_chart(standings, side_names(match, standings),
                           _("{game}: totals round by round", game=game.title)),
        chances=page.chances,
    ), status


@bp.get("/m/<id:match_id>/export.json")
def export(match_id: int) -> Response:
    data = queries.export(db(), match_id, page_token(match_id), public_if_stale=True)
    body = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return current_app.response_class(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="referee-match-{match_id}.json"'})


@bp.route("/import", methods=["GET", "POST"])
def import_match() -> Any:
    # the nights this browser hosts: a match is filed into a night by its host only
    nights = [n for n in history.list_nights(db(), 1, 50) if security.night_token(n["id"])]
    if request.method == "GET":
        return render_template("import.html", nights=nights, error=None)
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise Invalid(_("Choose the match's JSON file (a Referee export) to import."),
                          where="file")
        try:
            data = load_json(upload.read(), "file")
        except Refused as err:
            raise Invalid(_("{file} is not a JSON file: {why}", file=upload.filename,
                            why=told(err.said_detail or err.sentence)), where=err.where) from err
        if not isinstance(data, dict):
            raise Invalid(_("{file} holds no match export.", file=upload.filename),
                          where="file")
        night_id = int_arg("night", request.form.get("night"), 1)
        hosted_night(night_id)
        created = matches.import_match(db(), data, night_id,
                                       copy=request.form.get("copy") == "on",
                                       night_token=security.night_token(night_id)
                                       if night_id else None)
    except ServiceError as err:
        return render_template("import.html", nights=nights, error=error_view(err),
                               existing=err.details.get("match_id")), err.status
    return created_redirect(created)


# --- the scoreboard ----------------------------------------------------------------------


def board_context(match_id: int) -> dict[str, Any]:
    page = pages.board(db(), match_id)
    match = reworded(page.match)
    standings = match["standings"]
    names = side_names(match, standings)
    game = games.for_match(match)
    table = page.table  # an abandoned match has nobody to play
    if match["status"] == "abandoned":
        table = {k: v for k, v in table.items() if k != "turn"}
    return {"match": match, "standings": standings, "sides": names,
            "turn": table.get("turn"), "names": seat_names(match),
            "ranked": ranked(standings), "game": game,
            "sheet": sheet_by_side(standings, names) if standings.get("rounds") else None,
            "table": table, "card_label": neuro_card_label,
            "chart_shown": bool(standings.get("rounds")),
            "winning_sides": winning_sides(standings),
            "recent": reworded(list(reversed(page.recent)), seat_names(match)),  # their words
            "chart": rounds_chart(standings, names,
                                  _("{game}: totals round by round", game=game.title),
                                  tv=True, legend=True)}


def winning_sides(standings: dict[str, Any]) -> list[str]:
    """The sides holding a seat the standings name a winner."""
    won = set(standings.get("winners") or [])
    return [ln["side"] for ln in standings.get("lines", []) if won & set(ln["seats"])]


@bp.get("/m/<id:match_id>/board")
def board(match_id: int) -> str:
    return render_template("board.html", **board_context(match_id))


@bp.get("/m/<id:match_id>/board/live")
def board_live(match_id: int) -> Response:
    """The scoreboard's changing part, fetched by the page's few lines of script."""
    context = board_context(match_id)
    response = current_app.response_class(render_template("_board.html", **context))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Last-Seq"] = str(context["match"]["last_seq"])
    return response


# --- history and players -------------------------------------------------------------------


@bp.get("/history")
def browse() -> str:
    args = request.args
    status = args.get("status") or None
    if status not in (None, "in progress", "finished", "abandoned"):
        raise PageError(400, _("Status is “in progress”, “finished” or “abandoned”."))
    game = args.get("game") or None
    f = history.MatchFilter(game=game, player=int_arg("player", args.get("player"), 1),
                            night=int_arg("night", args.get("night"), 1), status=status,
                            since=date_arg("since", args.get("since")),
                            until=date_arg("until", args.get("until")))
    page = pages.history_page(db(), f, current_app.config["PAGE_SIZE"],
                              before=args.get("before") or None, after=args.get("after") or None)
    found = page.found
    kept = {k: v for k, v in args.items() if k not in ("before", "after", "page") and v}
    return render_template(
        "history.html", items=reworded(found.items), total=found.total,
        older=found.older and cursor_url("web.browse", kept, before=found.older),
        newer=found.newer and cursor_url("web.browse", kept, after=found.newer),
        f=f, args=args, games=games.all_games(),
        players=page.players, nights=page.nights)


@bp.get("/players")
def players() -> str:
    page = int_arg("page", request.args.get("page"), 1) or 1
    per_page = 50
    people = history.list_players(db(), page, per_page, one_more=True)
    return render_template("players.html", players=people[:per_page], page=page,
                           more=len(people) > per_page)


@bp.get("/players/<id:player_id>")
def player(player_id: int) -> str:
    args = request.args
    page = stats.player_page(db(), player_id, current_app.config["PAGE_SIZE"],
                             before=args.get("before") or None, after=args.get("after") or None)
    person, found = page.stats, page.matches
    titles = {g.id: g.title for g in games.all_games()}
    kept = {"player_id": player_id}
    return render_template(
        "player.html", player=person, items=reworded(found.items), total=found.total, titles=titles,
        older=found.older and cursor_url("web.player", kept, before=found.older),
        newer=found.newer and cursor_url("web.player", kept, after=found.newer),
        stats=person, opponents=page.opponents, ratings=page.ratings,
        ratings_updating=page.ratings_updating,
        chart=results_chart(page.results, person["name"]))


def cursor_url(endpoint: str, kept: dict[str, Any], **cursor: str) -> str:
    """A link to the page on one side of a cursor, the filters kept."""
    values = {k: v for k, v in kept.items() if k == "player_id"}
    query = {k: v for k, v in kept.items() if k != "player_id"}
    return url_for(endpoint, **values) + "?" + urlencode({**query, **cursor})
