"""The shape of one event in a match export, as an import takes it: typed and bounded.

An export is a file a user hands over; each field is checked for its type and range before
the log is replayed, so a hostile file is refused with the field it got wrong.
"""

from __future__ import annotations

from datetime import UTC, datetime

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from referee.store.bounds import INT32_MAX, TYPE_LENGTH

ACTOR = r"^(host|seat:\d{1,3})$"  # who logged the event, as ``Access.actor`` writes it
TIME_ERROR = "Not a time in ISO 8601 in years 1 to 9999 (such as 2026-05-01T20:30:00+02:00)."


def readable_time(text: str | None) -> None:
    """An event's time as an export writes it (ISO 8601; no offset means UTC), which the
    log can keep in UTC: "yesterday", or year 1 at +14:00 (year 0 in UTC), is refused."""
    if text is None:
        return
    try:
        when = datetime.fromisoformat(text)
        (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise ValidationError(TIME_ERROR) from None


class ImportEventSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # verdicts and re-judgements are judged again, not taken

    seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=INT32_MAX))
    type = fields.String(required=True, validate=validate.Length(min=1, max=TYPE_LENGTH))
    seat = fields.Integer(allow_none=True, load_default=None, strict=True,
                          validate=validate.Range(min=0, max=100))
    payload = fields.Dict(keys=fields.String(), allow_none=True, load_default=dict)
    schema_version = fields.Integer(load_default=1, strict=True,
                                    validate=validate.Range(min=1, max=1000))
    actor = fields.String(allow_none=True, load_default="host",
                          validate=validate.Regexp(ACTOR, error="An actor is 'host' or "
                                                   "'seat:<n>'."))
    recorded_at = fields.String(allow_none=True, load_default=None,
                                validate=[validate.Length(max=40), readable_time])
