"""Matches: create, log moves, read the log, the state at any seq, export and import."""

from __future__ import annotations

import re
from typing import Any

from flask import Request, Response, current_app, jsonify, request
from flask.views import MethodView
from webargs.flaskparser import FlaskParser

from referee.api.locale import Blueprint, names_for_request, worded
from referee.api.schemas import (
    ID,
    MAX_ID,
    CreatedSchema,
    DryRunSchema,
    ErrorSchema,
    EventPageSchema,
    EventsQuery,
    ExportSchema,
    ImportQuery,
    MatchCreateSchema,
    MatchListQuery,
    MatchPageSchema,
    MatchSchema,
    MoveHeadersSchema,
    MoveQuery,
    MoveSchema,
    RecordedSchema,
    SeatTokenSchema,
    StandingsSchema,
    StateQuery,
    StateSchema,
    TimelineQuery,
    TimelineSchema,
    plain_move,
    plain_move_headers,
    plain_recorded,
)
from referee.edge import database
from referee.edge.clauses import timeline_urls, with_clause
from referee.edge.validation import IMPORTS, NOT_SCREENED, forget_screened_body, screened_body
from referee.edge.wording import reader_locale, say_kept
from referee.service import counters, history, matches, queries
from referee.service.errors import BadRequest, ServiceError
from referee.service.matches import ImportSchema  # an export, taken as it is
from referee.service.sentences import sentence


class ScreenedParser(FlaskParser):
    """webargs' parser, but an import's JSON body is the one the request screen read: a long
    match's export (megabytes) is decoded once, not once more for its schema."""

    def _raw_load_json(self, req: Request) -> Any:
        if req.endpoint in IMPORTS and (body := screened_body(req)) is not NOT_SCREENED:
            return body
        return super()._raw_load_json(req)


blp = Blueprint("matches", __name__, url_prefix="/api/matches",
                description="Matches: the log of moves and its judgement")
blp.ARGUMENTS_PARSER = ScreenedParser()  # before the decorators below take it

BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
SEQ_TAG = re.compile(r'^(?:W/)?"?(\d{1,12})"?$')


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def expected_seq(headers: dict[str, Any]) -> int | None:
    tag = headers.get("if_match")
    if tag is None:
        return None
    found = SEQ_TAG.match(tag.strip())
    if not found:
        raise BadRequest(sentence('If-Match must be the seq of the last event seen, like "12".'),
                         where="header.If-Match")
    seq = int(found.group(1))
    if seq > MAX_ID:  # no log reaches it, and the seq's column could not be asked about it
        raise BadRequest(sentence("If-Match must be a seq of at most {most}.", most=MAX_ID),
                         where="header.If-Match")
    return seq


def created_dict(created: matches.Created) -> dict[str, Any]:
    out = history.get_match_dict(database(current_app), created.match.id)
    out["host_token"] = created.host_token
    out["seat_tokens"] = created.seat_tokens
    return out


def seat_specs(seats: list[dict[str, Any]]) -> list[matches.SeatSpec]:
    return [matches.SeatSpec(name=s.get("name"), player_id=s.get("player_id")) for s in seats]


@blp.route("")
class Matches(MethodView):
    @blp.arguments(MatchListQuery, location="query")
    @blp.response(200, MatchPageSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Browse matches by game, player, night, status and date; newest first, paged."""
        per_page, before, after = query.pop("per_page"), query.pop("before", None), \
            query.pop("after", None)
        found = history.list_matches(database(current_app), history.MatchFilter(**query),
                                     per_page, before=before, after=after)
        return {"items": found.items, "per_page": per_page, "total": found.total,
                "older": found.older, "newer": found.newer}

    @blp.arguments(MatchCreateSchema)
    @blp.response(201, CreatedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a match: returns the host's token and one token per seat. Into a night
        (``night_id``): with the night's host token (Authorization: Bearer)."""
        created = matches.create_match(database(current_app), body["game"], body["options"],
                                       seat_specs(body["seats"]), body["night_id"],
                                       body["follows"], body["mode"],
                                       night_token=bearer_token())
        return created_dict(created)


@blp.route("/import")
class Import(MethodView):
    @blp.arguments(ImportQuery, location="query")
    @blp.arguments(ImportSchema)
    @blp.response(201, CreatedSchema)
    @blp.alt_response(409, schema=ErrorSchema, description="This match is already here "
                      "(``match_id``); ask for a copy with ``?copy=true``")
    def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """Import a match's exported log as a new match, judging every event on the way in.
        Into a night (``night_id``): with the night's host token (Authorization: Bearer)."""
        forget_screened_body(request)  # loaded into ``body``: the raw copy may go
        created = matches.import_match(database(current_app), body, body.get("night_id"),
                                       copy=query["copy"], night_token=bearer_token())
        return created_dict(created)


@blp.route(f"/<{ID}:match_id>")
class Match(MethodView):
    @blp.response(200, MatchSchema)
    def get(self, match_id: int) -> dict[str, Any]:
        """A match: its seats, status, standings."""
        return history.get_match_dict(database(current_app), match_id)


@blp.route(f"/<{ID}:match_id>/seats/<int(max=100):seat>/token")
class SeatToken(MethodView):
    @blp.response(201, SeatTokenSchema)
    @blp.doc(security=BEARER)
    def post(self, match_id: int, seat: int) -> dict[str, Any]:
        """Issue a seat's token again (host only), when a join link is lost: the old one stops
        working."""
        token = matches.reissue_seat_token(database(current_app), match_id, bearer_token(), seat)
        return {"seat": seat, "token": token}


#: The append's schemas, made once: webargs builds a schema given as a class again for every
#: request, which costs the hot path more than parsing its three small inputs does.
_MOVE_QUERY, _MOVE_HEADERS, _MOVE = MoveQuery(), MoveHeadersSchema(), MoveSchema()
_RECORDED = RecordedSchema()
#: An event's judgements that carry their clause on ``/events``.
CLAUSED = ("verdict", "judged_now")
#: The query of an append without one (webargs would load the same from an empty query).
_NO_QUERY: dict[str, Any] = _MOVE_QUERY.load({})


def move_arguments() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None:
    """An ordinary append's arguments (no query, a JSON body), as the decorators would load
    them but without webargs' and marshmallow's rounds (``referee.api.plain``); None for
    anything else, which the decorated view then parses and answers (its errors as they are)."""
    if request.query_string or request.mimetype != "application/json":
        return None
    body = screened_body(request)  # read once, by the request screen
    if body is NOT_SCREENED:
        return None
    headers = plain_move_headers(request.headers)
    move = plain_move(body)
    if headers is None or move is None:
        return None
    return dict(_NO_QUERY), headers, move


def log_move(query: dict[str, Any], headers: dict[str, Any], move: dict[str, Any],
             match_id: int) -> Response:
    """The append's answer: 201 with the verdict and the standings in the reader's words; 200
    for a dry run; 201 again, marked, for a retry with the same ``Idempotency-Key``."""
    try:
        recorded = matches.record(
            database(current_app), match_id, bearer_token(), move["type"], move["seat"],
            move["payload"], expected_seq=expected_seq(headers),
            idempotency_key=headers.get("idempotency_key"), seen=move["seen"],
            dry_run=query["dry_run"],
        )
    except ServiceError as err:
        if err.status == 422 and not query["dry_run"]:
            counters.refused()
        raise
    if recorded.preview is None and not recorded.replayed:
        counters.appended(recorded.verdict)
    body = {"seq": recorded.seq, "verdict": with_clause(recorded.verdict, reader_locale()),
            "standings": recorded.standings}
    if recorded.preview is not None:  # 200, not 201: nothing was appended
        return jsonify(worded(DryRunSchema().dump({**body, "dry_run": True, "changes": [],
                                                   "totals": {}, **recorded.preview})))
    if recorded.replayed:  # the answer to an earlier request with the same key
        response = jsonify(worded(_RECORDED.dump(body)))  # as the response decorator makes it
        response.headers.extend({"Idempotent-Replayed": "true"})
    else:
        plain = plain_recorded(body)  # the schema's data, without its copy (worded copies)
        response = jsonify(worded(_RECORDED.dump(body) if plain is None else plain))
    response.status_code = 201
    return response


@blp.route(f"/<{ID}:match_id>/events")
class Events(MethodView):
    def dispatch_request(self, **kwargs: Any) -> Any:
        """An ordinary append goes straight to ``log_move``; everything else through the
        decorated methods."""
        if request.method == "POST" and (arguments := move_arguments()) is not None:
            return log_move(*arguments, **kwargs)
        return super().dispatch_request(**kwargs)

    @blp.arguments(EventsQuery, location="query")
    @blp.response(200, EventPageSchema)
    def get(self, query: dict[str, Any], match_id: int) -> dict[str, Any]:
        """The log after seq ``after``, as logged (sealed secrets hidden but from their seat),
        each verdict with the clause it cites (``clause``)."""
        events, last = queries.events_after(database(current_app), match_id, query["after"],
                                            query["limit"], bearer_token())
        locale = reader_locale()
        return {"events": [{**e, **{key: with_clause(e[key], locale) for key in CLAUSED
                                    if key in e}} for e in events], "last_seq": last}

    @blp.arguments(_MOVE_QUERY, location="query")  # instances: not built again per move
    @blp.arguments(_MOVE_HEADERS, location="headers")
    @blp.arguments(_MOVE)
    @blp.response(201, RecordedSchema)
    @blp.alt_response(200, schema=DryRunSchema, description="A dry run: nothing appended")
    @blp.doc(security=BEARER)
    def post(self, query: dict[str, Any], headers: dict[str, Any], move: dict[str, Any],
             match_id: int) -> Response:
        """Log a move: it is judged (ok or missplay) and appended, or refused (422); a move
        made against a table that has changed since in a way that changes its verdict is
        refused (409), and so is a quick play that lost the race to another seat's (409,
        ``won_by``: CC-QP-4). With ``dry_run``: judged the same way, appended nowhere (200).

        The host's ``abandon`` (an empty payload) gives the match up: its ``status`` becomes
        ``abandoned``, it is left out of the players' statistics, and every later move but a
        ``void`` is refused (409, rule ``PLATFORM-ABANDON``) until the abandon is voided; a
        finished match cannot be abandoned (409), a seat's token may not abandon (403)."""
        return log_move(query, headers, move, match_id)


_TIMELINE = TimelineSchema()


@blp.route(f"/<{ID}:match_id>/timeline")
class Timeline(MethodView):
    @blp.arguments(TimelineQuery, location="query")
    @blp.response(200, TimelineSchema)
    def get(self, query: dict[str, Any], match_id: int) -> dict[str, Any] | Response:
        """The log judged as it stands now (verdicts, voids and what they changed), a page at a
        time: the latest events, or those ``before`` or ``after`` a seq."""
        page = queries.timeline(database(current_app), match_id, bearer_token(),
                                before=query.get("before"), after=query.get("after"),
                                limit=query["limit"])
        if page["later"] is not None:  # an earlier page, read now and then: worded as dumped
            return timeline_urls(page)
        return jsonify(say_kept(page, names_for_request(),  # the newest: read by every phone
                                made=lambda kept: timeline_urls(_TIMELINE.dump(kept)),
                                kind="api.timeline"))


@blp.route(f"/<{ID}:match_id>/state")
class State(MethodView):
    @blp.arguments(StateQuery, location="query")
    @blp.response(200, StateSchema)
    @blp.doc(security=BEARER)
    def get(self, query: dict[str, Any], match_id: int) -> dict[str, Any]:
        """The table right after event ``at``, as the public or as a seat."""
        return queries.state_at(database(current_app), match_id, query.get("at"),
                                bearer_token(), query.get("as_seat"))


@blp.route(f"/<{ID}:match_id>/standings")
class StandingsView(MethodView):
    @blp.response(200, StandingsSchema)
    def get(self, match_id: int) -> dict[str, Any]:
        """The running totals toward the finish, and the outcome once there is one."""
        return queries.standings(database(current_app), match_id)


@blp.route(f"/<{ID}:match_id>/export")
class Export(MethodView):
    @blp.response(200, ExportSchema)
    def get(self, match_id: int) -> dict[str, Any]:
        """The match's whole log as JSON, to keep or to import elsewhere."""
        return queries.export(database(current_app), match_id, bearer_token())
