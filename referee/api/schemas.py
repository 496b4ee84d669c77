"""Request and response schemas of the API; the OpenAPI document is generated from them."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate, validates_schema
from marshmallow.exceptions import ValidationError

from referee.api.plain import PlainReader, PlainWriter
from referee.service import bounds
from referee.service.bounds import INT32_MAX
from referee.service.matches import ImportSchema  # noqa: F401  (the API takes exports as-is)
from referee.service.players import PlayerName

MAX_ID = INT32_MAX  # the largest id an INTEGER column holds on PostgreSQL
#: A row id in an address: ``/<{ID}:match_id>``.
ID = f"int(max={INT32_MAX})"


CURSOR = r"^[0-9]{1,17}\.[0-9]{1,18}$"  # a moment (microseconds) and a match id, as pages give


class ErrorSchema(Schema):
    code = fields.Integer(required=True)
    status = fields.String(required=True)
    message = fields.String(required=True, metadata={"description": "What was wrong"})
    where = fields.String(metadata={
        "description": "The part of the request, then the field: body.payload.slot, query.as, "
                       "header.If-Match, path.match_id (or database: an outage)"})
    rule = fields.String(metadata={"description": "The rule that refuses it, from the catalogue"})
    kind = fields.String(metadata={"description": "impossible: the move cannot have happened"})
    message_id = fields.String(metadata={"description": "What was wrong, as a message id"})
    params = fields.Dict(metadata={"description": "The message's parameters (seats as numbers)"})
    errors = fields.Dict(metadata={"description": "Field-by-field schema errors"})
    last_seq = fields.Integer(metadata={"description": "On 409: the seq the log is at"})
    match_id = fields.Integer(metadata={
        "description": "On 409 to an import: the match already here"})
    detail = fields.String(metadata={"description": "The parser's own words, when it has some"})
    same_log = fields.Boolean(metadata={
        "description": "On 409 to an import: whether the file holds the very log already here"})
    since = fields.List(fields.Dict(), metadata={
        "description": "On 409: the events logged since the seq the move was made against, as "
                       "GET /events?after= gives them"})
    seen = fields.Integer(metadata={"description": "On a stale move's 409: the seq it was "
                                    "made against"})
    judged_then = fields.Dict(metadata={
        "description": "On a stale move's 409: its judgement at the table its player saw"})
    judged_now = fields.Dict(metadata={
        "description": "On a stale move's 409: its judgement at the table now"})
    won_by = fields.Integer(metadata={
        "description": "On a quick play's 409 « too slow » (CC-QP-4): the seq of the other "
                       "seat's quick play that covered its card first"})


class SeatInSchema(Schema):
    name = PlayerName(metadata={
        "description": "A player's name (an existing player with that name is reused, "
                       "otherwise one is created); compared and kept in one form: Unicode NFC, "
                       "invisible characters dropped, white space trimmed and collapsed, case "
                       "ignored"})
    player_id = fields.Integer(validate=validate.Range(min=1, max=MAX_ID),
                               metadata={"description": "Or an existing player's id"})

    @validates_schema
    def _one_of(self, data: dict[str, Any], **_: object) -> None:
        if ("name" in data) == ("player_id" in data):
            raise ValidationError("Give a seat either a name or a player_id.")


class MatchCreateSchema(Schema):
    game = fields.String(required=True, metadata={"description": "Engine id, see GET /api/games",
                                                  "example": "citroncoco"})
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "The game's options, see GET /api/games/<id>"})
    seats = fields.List(fields.Nested(SeatInSchema), required=True,
                        validate=validate.Length(min=1, max=12),
                        metadata={"description": "In seat order (clockwise); seat 0 first"})
    night_id = fields.Integer(allow_none=True, load_default=None,
                              validate=validate.Range(min=1, max=MAX_ID),
                              metadata={"description": "The game night this match belongs "
                                        "to; filing a match into a night needs the night's "
                                        "host token (Authorization: Bearer)"})
    follows = fields.Integer(allow_none=True, load_default=None,
                             validate=validate.Range(min=1, max=MAX_ID),
                             metadata={"description": "The match this one follows: its loser "
                                       "starts, where the rules say so"})
    mode = fields.String(load_default="moves", validate=validate.OneOf(("moves", "rounds")),
                         metadata={"description": "moves (default: every move judged) or "
                                   "rounds (quick scoring: one 'round' event per round, its "
                                   "payload in GET /api/games, 'rounds')"})


class SeatOutSchema(Schema):
    seat = fields.Integer(required=True)
    player_id = fields.Integer(required=True)
    name = fields.String(required=True)
    total = fields.Integer(required=True)
    missplays = fields.Integer(required=True)
    won = fields.Boolean(required=True)


class MatchSchema(Schema):
    id = fields.Integer(required=True)
    game = fields.String(required=True)
    mode = fields.String(metadata={"description": "moves (every move judged) or rounds "
                                   "(quick scoring: one round event per round)"})
    options = fields.Dict(required=True)
    status = fields.String(required=True, metadata={
        "description": "in progress | finished | abandoned (the host gave it up: an "
        "``abandon`` event stands in its log, and it takes no more moves until that is voided)",
        "enum": ["in progress", "finished", "abandoned"]})
    night_id = fields.Integer(allow_none=True)
    follows = fields.Integer(allow_none=True)
    last_seq = fields.Integer(required=True)
    created_at = fields.String(required=True)
    updated_at = fields.String(required=True)
    outcome = fields.String(required=True)
    winners = fields.List(fields.Integer(), required=True)
    seats = fields.List(fields.Nested(SeatOutSchema), required=True)
    standings = fields.Dict(required=True)
    uuid = fields.String(metadata={"description": "The match's identity, kept by its exports"})
    is_copy = fields.Boolean(metadata={
        "description": "Imported on purpose as a copy: not counted in the players' records"})
    copy_of = fields.String(allow_none=True, metadata={"description": "The uuid it copies"})


class CreatedSchema(MatchSchema):
    host_token = fields.String(required=True, metadata={
        "description": "Any seat's moves, voids, rulings; keep it to the host"})
    seat_tokens = fields.List(fields.String(), required=True, metadata={
        "description": "One per seat, in seat order: that seat's own moves and quick plays"})


class MatchListQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    game = fields.String()
    player = fields.Integer(validate=validate.Range(min=1, max=MAX_ID),
                            metadata={"description": "A player's id"})
    night = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    status = fields.String(validate=validate.OneOf(["in progress", "finished", "abandoned"]))
    since = fields.Date(metadata={"description": "Created on or after this day"})
    until = fields.Date(metadata={"description": "Created on or before this day"})
    before = fields.String(validate=validate.Regexp(CURSOR), metadata={
        "description": "A page cursor: the matches just older than it (the `older` of a page)"})
    after = fields.String(validate=validate.Regexp(CURSOR), metadata={
        "description": "A page cursor: the matches just newer than it (the `newer` of a page)"})
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class MatchPageSchema(Schema):
    items = fields.List(fields.Nested(MatchSchema), required=True)
    per_page = fields.Integer(required=True)
    total = fields.Integer(allow_none=True, required=True, metadata={
        "description": "How many matches fit the filters in all"})
    older = fields.String(allow_none=True, required=True, metadata={
        "description": "Cursor of the next (older) page, to pass as `before`; null on the last"})
    newer = fields.String(allow_none=True, required=True, metadata={
        "description": "Cursor of the previous (newer) page, to pass as `after`; null on the "
                       "first"})


class MoveSchema(Schema):
    type = fields.String(required=True, validate=validate.Length(1, bounds.TYPE_LENGTH),
                         metadata={"description": "A move type of the match's game (GET "
                                   "/api/games/<game>), or void, challenge, ruling",
                                   "example": "draw"})
    seat = fields.Integer(allow_none=True, load_default=None, strict=True,
                          validate=validate.Range(0, 100),
                          metadata={"description": "The seat making the move (default: the "
                                    "token's seat)", "example": 0})
    payload = fields.Dict(keys=fields.String(), load_default=dict, metadata={
        "description": "The move's details; its schema depends on the game and type",
        "example": {"source": "stock"}})
    seen = fields.Integer(allow_none=True, load_default=None, strict=True,
                          validate=validate.Range(0, INT32_MAX), metadata={
        "description": "The seq of the table the player was looking at. When the log has "
                       "moved since and the move would be judged otherwise there than now, "
                       "nothing is logged: 409 with the events logged since", "example": 7})


class MoveQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    dry_run = fields.Boolean(load_default=False, metadata={
        "description": "Judge the move exactly as its append would, and append nothing: 200 "
                       "with its verdict, the standings it would give and, for a void or a "
                       "correction, the later events it would change"})


class MoveHeadersSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    if_match = fields.String(data_key="If-Match", metadata={
        "description": 'The seq of the last event the client saw, e.g. "12"; a stale one is '
                       "refused with 409"})
    idempotency_key = fields.String(data_key="Idempotency-Key", validate=validate.Length(
        1, bounds.IDEMPOTENCY_KEY_LENGTH), metadata={
        "description": "A retried request with the same key appends nothing and gets the same "
                       "answer"})


#: The append's fast path reads a move and its headers as these schemas load them (``plain``).
plain_move, plain_move_headers = PlainReader(MoveSchema()), PlainReader(MoveHeadersSchema())


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "The seat's new token"})


class ClauseRefSchema(Schema):
    """The clause a verdict rests on, from the game's rule catalogue (``/api/games/<id>/rules``)."""

    id = fields.String(required=True, metadata={"description": "The clause's id (the rule)"})
    quote = fields.String(allow_none=True, metadata={
        "description": "The rule text's own sentence, in the text's language; null where the "
                       "text is silent (a ruling)"})
    language = fields.String(allow_none=True, metadata={
        "description": "The rule text's language (fr, en); null for the referee's own rules"})
    rendering = fields.String(allow_none=True, metadata={
        "description": "The quote in the reader's language; null when the reader reads the "
                       "text's language, or there is no quote"})
    ruling = fields.String(allow_none=True, metadata={
        "description": "The project's decision where the text is silent, in the reader's "
                       "language; null when there is none"})
    rule_url = fields.String(required=True, metadata={
        "description": "The clause on its catalogue's page, /rules/<game>#<id>"})


class VerdictSchema(Schema):
    kind = fields.String(required=True, metadata={"description": "ok | missplay"})
    rule = fields.String(required=True)
    reason = fields.String(required=True, metadata={"description": "The verdict, in words"})
    message_id = fields.String(allow_none=True, metadata={
        "description": "What the verdict says, as an id of the game's messages"})
    params = fields.Dict(metadata={"description": "The message's parameters (seats as numbers)"})
    penalty = fields.String(allow_none=True)
    penalty_data = fields.Dict(metadata={"description": "The penalty's message_id and params"})
    effects = fields.List(fields.String(), required=True)
    effects_data = fields.List(fields.Dict(), metadata={
        "description": "Each effect's message_id and params"})
    flags = fields.List(fields.Dict(), required=True, metadata={
        "description": "Findings on earlier events that this move proved"})
    offender = fields.Integer(allow_none=True, metadata={
        "description": "A missplay's offender: the seat whose fault it is (a contre's "
        "forgetter, a wrong flag's flagger), whom the statistics count it against; null for "
        "a fault of the table's. Absent from verdicts that are not missplays, and from "
        "missplays logged before it was kept"})
    clause = fields.Nested(ClauseRefSchema, allow_none=True, metadata={
        "description": "The clause of the rule catalogue the verdict cites; null when the "
                       "game's catalogue does not hold it yet"})


class LineSchema(Schema):
    side = fields.String(required=True)
    seats = fields.List(fields.Integer(), required=True)
    total = fields.Integer(required=True)
    detail = fields.Dict(required=True, metadata={"description": "Where the total comes from"})
    rank = fields.Integer(metadata={
        "description": "The side's place, 1 first; tied sides share the better place (1, 1, 3) "
                       "and the winners come first"})


class StandingsSchema(Schema):
    unit = fields.String(required=True, metadata={"description": "coconuts, victory points…"})
    lower_is_better = fields.Boolean(required=True)
    lines = fields.List(fields.Nested(LineSchema), required=True)
    finished = fields.Boolean(required=True)
    winners = fields.List(fields.Integer(), required=True)
    outcome = fields.String(required=True, metadata={
        "description": "The outcome, or the running outcome, in the reader's language"})
    outcome_data = fields.Dict(metadata={
        "description": "The running outcome's message_id and params"})
    result = fields.Dict(allow_none=True, metadata={
        "description": "The outcome as data: winners, termination (a message id), figures"})
    target = fields.Integer(allow_none=True)
    rounds = fields.List(fields.Dict(), required=True, metadata={
        "description": "Running totals per side after each round"})


class RecordedSchema(Schema):
    seq = fields.Integer(required=True)
    verdict = fields.Nested(VerdictSchema, required=True)
    standings = fields.Dict(required=True)


#: The append's answer, as ``RecordedSchema`` dumps it, when plainly typed (``plain``).
plain_recorded = PlainWriter(RecordedSchema())


class JudgementSchema(Schema):
    kind = fields.String(required=True, metadata={"description": "ok | missplay | impossible | "
                                                  "voided"})
    rule = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    penalty = fields.String(allow_none=True)
    effects = fields.List(fields.String())


class PreviewChangeSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True)
    old = fields.Dict(required=True, metadata={"description": "Its judgement now"})
    new = fields.Dict(required=True, metadata={"description": "Its judgement after the void or "
                                               "correction (kind impossible: skipped)"})


class DryRunSchema(Schema):
    dry_run = fields.Boolean(required=True)
    seq = fields.Integer(required=True, metadata={"description": "The seq it would get"})
    verdict = fields.Nested(VerdictSchema, required=True)
    standings = fields.Dict(required=True, metadata={"description": "As it would leave them"})
    changes = fields.List(fields.Nested(PreviewChangeSchema), required=True, metadata={
        "description": "Void or correction: each later event whose verdict would change or "
                       "that would become impossible"})
    totals = fields.Dict(required=True, metadata={
        "description": "Each side's total before and after: {before: {side: n}, after: …}"})


class EventSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True)
    actor = fields.String(required=True)
    payload = fields.Dict(required=True)
    schema_version = fields.Integer(required=True)
    recorded_at = fields.String(required=True)
    verdict = fields.Dict(required=True, metadata={"description": "As judged when logged"})
    judged_now = fields.Dict(allow_none=True, metadata={
        "description": "As the log stands now (after corrections); null when voided"})
    voided_by = fields.Integer(allow_none=True)
    void_reason = fields.String(allow_none=True)
    impossible_now = fields.Dict(allow_none=True)
    corrected_by = fields.Integer(allow_none=True, metadata={
        "description": "The correct event that replaced this one in replay"})
    correction = fields.Dict(allow_none=True, metadata={
        "description": "The move judged in this one's place: type, seat, payload, reason"})


class EventsQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_ID))
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=5000))


class EventPageSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)
    last_seq = fields.Integer(required=True)


class TimelineQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    before = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "The events just before this seq (the page's `earlier`)"})
    after = fields.Integer(validate=validate.Range(min=0, max=MAX_ID), metadata={
        "description": "The events just after this seq (the page's `later`)"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class TimelineSchema(Schema):
    match_id = fields.Integer(required=True)
    game = fields.String(required=True)
    last_seq = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True,
                         metadata={"description": "One page, in log order; the latest by "
                                   "default"})
    earlier = fields.Integer(allow_none=True, metadata={
        "description": "Pass as `before` for the page of earlier events; null on the first"})
    later = fields.Integer(allow_none=True, metadata={
        "description": "Pass as `after` for the page of later events; null on the latest"})
    challenges = fields.List(fields.Integer(), metadata={
        "description": "Challenges not yet ruled on (their seqs)"})
    standings = fields.Dict(required=True)


class StateQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    at = fields.Integer(validate=validate.Range(min=0, max=MAX_ID), metadata={
        "description": "Show the table right after this event (default: now)"})
    as_seat = fields.Integer(data_key="as", validate=validate.Range(min=0, max=100), metadata={
        "description": "See it as this seat (needs that seat's or the host's token)"})


class StateSchema(Schema):
    match_id = fields.Integer(required=True)
    game = fields.String(required=True)
    at = fields.Integer(required=True)
    last_seq = fields.Integer(required=True)
    viewer = fields.Raw(required=True, metadata={"description": "public, host, or a seat"})
    table = fields.Dict(required=True, metadata={"description": "What the viewer may see"})
    standings = fields.Dict(required=True)


class ImportQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    copy = fields.Boolean(load_default=False, metadata={
        "description": "Import as a copy: a new identity, marked as a copy, not counted in the "
        "players' records (without it, a match already here is refused with 409)"})


class ExportSchema(Schema):
    format = fields.String(required=True)
    version = fields.Integer(required=True)
    game = fields.String(required=True)
    options = fields.Dict(required=True)
    mode = fields.String(metadata={"description": "moves or rounds"})
    seats = fields.List(fields.Dict(), required=True)
    created_at = fields.String()
    uuid = fields.String(metadata={"description": "The match's identity"})
    digest = fields.String(metadata={"description": "Fingerprint of the log exported"})
    events = fields.List(fields.Dict(), required=True)
    standings = fields.Dict()
    complete = fields.Boolean(metadata={"description": "False when sealed secrets were hidden"})


class GameSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    rules = fields.String(required=True, metadata={"description": "The rule text it judges"})
    catalogue = fields.String(required=True, metadata={"description": "Its rule catalogue"})
    options = fields.Dict(required=True, metadata={"description": "JSON schema of the options"})
    moves = fields.Dict(required=True, metadata={
        "description": "Move type -> {host_only, call (a call or announcement: a seat cannot "
                       "take it back), cards: whose cards it may state (none, own, others: the "
                       "host's), payload: JSON schema}"})
    reportable_missplays = fields.Dict(required=True)
    rounds = fields.Dict(metadata={"description": "Quick scoring (mode rounds): move type -> "
                                   "{host_only, payload: JSON schema}"})


class NightInSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(
        min=1, max=bounds.NIGHT_NAME_LENGTH))


class NightSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.String(required=True)
    matches = fields.List(fields.Nested(MatchSchema))


class NightCreatedSchema(NightSchema):
    host_token = fields.String(required=True, metadata={
        "description": "The night's host token, shown this once: send it (Authorization: "
                       "Bearer) to set the night's points or to create or import a match "
                       "into the night"})


class NumberedPageSchema(Schema):
    """A numbered page's place among the pages (``?page=&per_page=``); the answer's ``Link``
    header names the next and previous pages too (RFC 8288)."""

    page = fields.Integer(required=True, metadata={"description": "This page's number, from 1"})
    per_page = fields.Integer(required=True, metadata={"description": "At most this many items"})
    has_more = fields.Boolean(required=True, metadata={
        "description": "Whether a next page holds more (`page + 1`)"})


class NightListSchema(NumberedPageSchema):
    items = fields.List(fields.Nested(NightSchema), required=True)


class PlayerRecordSchema(Schema):
    game = fields.String(required=True)
    played = fields.Integer(required=True)
    finished = fields.Integer(required=True)
    won = fields.Integer(required=True)
    average_score = fields.Float(allow_none=True)
    missplays = fields.Integer(required=True)


class RatingStepSchema(Schema):
    match_id = fields.Integer(required=True)
    ended_at = fields.String(required=True, metadata={"description": "When the match ended"})
    rating = fields.Float(required=True, metadata={"description": "The rating after it"})
    change = fields.Float(required=True, metadata={"description": "Its change by the match"})


class PlayerRatingSchema(Schema):
    scope = fields.String(required=True, metadata={
        "description": "A game's id, or `*` for the overall rating (every game's matches)"})
    game = fields.String(allow_none=True, metadata={"description": "None: overall"})
    mu = fields.Float(required=True, metadata={"description": "OpenSkill's estimate"})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty"})
    rating = fields.Float(required=True, metadata={
        "description": "The rating shown: mu - 3 sigma (a newcomer's is 0)"})
    matches = fields.Integer(required=True, metadata={"description": "Matches rated"})
    history = fields.List(fields.Nested(RatingStepSchema), required=True, metadata={
        "description": "The rating after each of the latest matches, oldest first"})


class PlayerSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.String(required=True)
    record = fields.List(fields.Nested(PlayerRecordSchema))
    ratings = fields.List(fields.Nested(PlayerRatingSchema), metadata={
        "description": "OpenSkill (Plackett–Luce) ratings, overall first, then per game"})
    ratings_updating = fields.Boolean(metadata={
        "description": "True while the ratings are being recomputed after a change"})


class PlayerListSchema(NumberedPageSchema):
    items = fields.List(fields.Nested(PlayerSchema), required=True)


class PageQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
