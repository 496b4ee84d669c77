"""Each game's rule catalogue as data: its clauses, the text's sentences they quote, what the
referee makes of them, its rulings and readings, in the reader's language (the quotations in
the text's own). Answers carry an ETag: a client asks again with If-None-Match and gets 304."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Response, request
from flask.views import MethodView
from marshmallow import Schema, fields

from referee.api.locale import Blueprint
from referee.api.schemas import ErrorSchema
from referee.edge.clauses import book_data, clause_data
from referee.edge.i18n import vary_on
from referee.edge.wording import reader_locale
from referee.service import rulebook

blp = Blueprint("rules", __name__, url_prefix="/api/games",
                description="The rule catalogues: each clause, its quotation and rulings")

#: The clause's id in an address: letters, digits and dashes (``CC-QP-2``).
CLAUSE = "string(maxlength=40)"


class ReadingSchema(Schema):
    option = fields.String(required=True)
    value = fields.String(required=True)
    default = fields.Boolean(required=True, metadata={"description": "The match's reading "
                                                      "unless it chose another"})
    says = fields.String(required=True, metadata={"description": "What this value makes of "
                                                  "the clause, in the reader's language"})


class ClauseSchema(Schema):
    id = fields.String(required=True)
    section = fields.String(required=True)
    quote = fields.String(allow_none=True, metadata={
        "description": "The rule text's sentence, in the text's language (null: a ruling)"})
    language = fields.String(allow_none=True, metadata={"description": "The text's language"})
    rendering = fields.String(allow_none=True, metadata={
        "description": "The quote in the reader's language (null when it is the text's)"})
    says = fields.String(required=True, metadata={"description": "What the referee makes of "
                                                  "it, in the reader's language"})
    ruling = fields.String(allow_none=True, metadata={
        "description": "The project's decision where the text is silent"})
    options = fields.List(fields.String(), required=True, metadata={
        "description": "The match options that change the clause"})
    readings = fields.List(fields.Nested(ReadingSchema), required=True)
    rule_url = fields.String(required=True, metadata={"description": "Its place on the page"})


class SourceSchema(Schema):
    title = fields.String(required=True)
    credit = fields.String(required=True)
    file = fields.String(required=True, metadata={"description": "The rule text's file "
                                                  "(rules/<file>), not copied here"})
    language = fields.String(required=True)


class SectionSchema(Schema):
    key = fields.String(required=True)
    title = fields.String(required=True)
    intro = fields.String(allow_none=True)
    clauses = fields.List(fields.Nested(ClauseSchema), required=True)


class RulebookSchema(Schema):
    game = fields.String(required=True)
    platform = fields.Boolean(required=True, metadata={
        "description": "The referee's own rules (``referee``), not a game's"})
    title = fields.String(required=True)
    preamble = fields.String(required=True)
    language = fields.String(allow_none=True, metadata={"description": "The text's language"})
    source = fields.Nested(SourceSchema, allow_none=True, metadata={
        "description": "The published text the quotations come from"})
    sections = fields.List(fields.Nested(SectionSchema), required=True)
    rule_url = fields.String(required=True)


_BOOK, _CLAUSE = RulebookSchema(), ClauseSchema()


def tagged(data: dict[str, Any]) -> Response:
    """The answer with its ETag, or 304 when the client holds it already; either varies on
    the reader's language (a cache keeps one per language)."""
    body = json.dumps(data, ensure_ascii=False, sort_keys=True)
    tag = hashlib.sha256(body.encode()).hexdigest()[:32]
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = Response(body, mimetype="application/json")
    response.set_etag(tag)
    vary_on(response, "Accept-Language", "Cookie")
    return response


@blp.route("/<game_id>/rules")
class Rules(MethodView):
    @blp.response(200, RulebookSchema)
    @blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current")
    @blp.alt_response(404, schema=ErrorSchema, description="No such game, or its catalogue is "
                      "not written yet")
    def get(self, game_id: str) -> Response:
        """A game's rule catalogue, clause by clause and by section (``referee``: the
        referee's own rules): each clause's quotation in the text's language, its rendering,
        what it says and its ruling in the reader's language, its options and readings."""
        book = rulebook.catalogue(game_id)
        return tagged(_BOOK.dump(book_data(book.game, reader_locale())))


@blp.route(f"/<game_id>/rules/<{CLAUSE}:clause_id>")
class Rule(MethodView):
    @blp.response(200, ClauseSchema)
    @blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current")
    @blp.alt_response(404, schema=ErrorSchema, description="No such game, or no such clause in "
                      "its catalogue")
    def get(self, game_id: str, clause_id: str) -> Response:
        """One clause of a game's rule catalogue, as the catalogue gives it."""
        book, clause = rulebook.clause(game_id, clause_id)
        return tagged(_CLAUSE.dump(clause_data(book, clause, reader_locale())))
