"""The plain readers and writers are made from a schema only when they can read and write it
exactly as marshmallow does: a field, validator, option or hook they do not know stops them
being made, so that a field added to a move's schema cannot be read otherwise by the fast
path."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import INCLUDE, Schema, fields, post_dump, pre_load, validate, validates_schema

from referee.api.plain import PlainReader, PlainWriter, Unplain


class Reading(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 3))


def schema_with(**declared: Any) -> Schema:
    return type("Odd", (Schema,), declared)()


class Hooked(Schema):
    name = fields.String()

    @pre_load
    def _trim(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        return data


class Checked(Schema):
    name = fields.String()

    @validates_schema
    def _check(self, data: dict[str, Any], **_: Any) -> None:
        pass


class Including(Schema):
    class Meta:
        unknown = INCLUDE

    name = fields.String()


@pytest.mark.parametrize("schema", [
    schema_with(at=fields.Float()),
    schema_with(name=fields.Email()),
    schema_with(name=fields.String(validate=validate.OneOf(["a"]))),
    schema_with(name=fields.String(validate=validate.Length(equal=2))),
    schema_with(n=fields.Integer(validate=validate.Range(0, 9, min_inclusive=False))),
    schema_with(n=fields.Integer(validate=validate.Length(1, 2))),
    schema_with(n=fields.Integer(validate=lambda n: n > 0)),
    schema_with(d=fields.Dict(values=fields.Integer())),
    schema_with(d=fields.Dict(keys=fields.String(validate=validate.Length(1, 2)))),
    schema_with(n=fields.Integer(attribute="m")),
    schema_with(n=fields.Nested(Reading)),
    Hooked(), Checked(), Including(), Reading(many=True),
], ids=repr)
def test_a_schema_it_does_not_know_is_refused(schema: Schema) -> None:
    with pytest.raises(Unplain):
        PlainReader(schema)


class Dumped(Schema):
    name = fields.String()

    @post_dump
    def _more(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        return data


@pytest.mark.parametrize("schema", [
    schema_with(at=fields.Float()), schema_with(items=fields.List(fields.Nested(Reading))),
    schema_with(inner=fields.Nested(Reading, many=True)), Dumped(),
], ids=repr)
def test_an_answer_it_does_not_know_is_refused(schema: Schema) -> None:
    with pytest.raises(Unplain):
        PlainWriter(schema)


def test_what_it_reads_is_what_the_schema_loads() -> None:
    reader = PlainReader(Reading())
    assert reader({"name": "abc"}) == Reading().load({"name": "abc"})
    assert [reader(body) for body in ({}, {"name": ""}, {"name": "abcd"}, {"name": None},
                                      {"name": "a", "more": 1})] == [None] * 5
