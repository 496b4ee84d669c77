"""Plain readers and writers made from a marshmallow schema's own fields, for the append's
fast path (``referee.api.matches``): the schema stays the one declaration of a move, its
headers and its answer, and the fast path does what it says without marshmallow's and webargs'
rounds (some 160 µs an append).

``PlainReader(schema)(data)`` is ``schema.load(data)`` for input whose every value is plainly
right (its JSON type exactly, within the validators' bounds), and None for anything else, which
the schema then reads (and refuses or takes) as before. ``PlainWriter(schema)(obj)`` is
``schema.dump(obj)``'s data when every value already has its field's type (lists and dicts not
copied), None otherwise. Both are made at import from the fields, their options and their
validators; a field, validator, option or hook they do not know makes them refuse to be made
(``Unplain``), so that a field added to the schema cannot be read otherwise on the two paths.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, fields, validate
from marshmallow.decorators import (
    POST_DUMP,
    POST_LOAD,
    PRE_DUMP,
    PRE_LOAD,
    VALIDATES,
    VALIDATES_SCHEMA,
)
from marshmallow.utils import missing
from werkzeug.datastructures import Headers


class Unplain(TypeError):
    """A schema that cannot be read or written plainly exactly as marshmallow does."""


#: A value read or written plainly: the one Python type of each field class's plain values.
_TYPES: dict[type[fields.Field], type] = {fields.String: str, fields.Integer: int,
                                          fields.Dict: dict}
_REFUSED = object()
_ABSENT = object()
Check = Callable[[Any], Any]  # the value as loaded or dumped, or _REFUSED


def _kind(name: str, field: fields.Field) -> type:
    """The field's one plain type; refused: a field class, key or value field, attribute or
    name it does not know."""
    kind = _TYPES.get(type(field))
    if kind is None or field.attribute not in (None, name) or "." in name:
        raise Unplain(f"{name}: {type(field).__name__} is not read plainly")
    if isinstance(field, fields.Dict) and (
            field.value_field is not None
            or (field.key_field is not None and (type(field.key_field) is not fields.String
                                                 or field.key_field.validators))):
        raise Unplain(f"{name}: a Dict's keys and values are not read plainly")
    return kind


def _bounds(name: str, field: fields.Field, kind: type) -> tuple[float, float]:
    """The least and most of the value (an int) or of its length (a str), as its validators
    say; refused: any other validator, or one that bounds otherwise."""
    least, most = -math.inf, math.inf
    for check in field.validators:
        lengths = type(check) is validate.Length and kind is str and check.equal is None
        if not lengths and not (type(check) is validate.Range and kind is int
                                and check.min_inclusive and check.max_inclusive):
            raise Unplain(f"{name}: {check!r} is not checked plainly")
        assert isinstance(check, validate.Length | validate.Range)
        least = least if check.min is None else max(least, check.min)
        most = most if check.max is None else min(most, check.max)
    return least, most


def _loader(name: str, field: fields.Field) -> Check:
    """The field's value as loaded, if plain."""
    kind = _kind(name, field)
    least, most = _bounds(name, field, kind)
    if kind is str:
        return lambda value: (value if type(value) is str and least <= len(value) <= most
                              else _REFUSED)
    if kind is int:
        return lambda value: value if type(value) is int and least <= value <= most else _REFUSED
    return lambda value: (dict(value) if type(value) is dict
                          and all(type(key) is str for key in value) else _REFUSED)


def _plain_options(schema: Schema, hooks: tuple[str, ...]) -> None:
    if schema.many or schema.partial or any(schema._hooks[tag] for tag in hooks):
        raise Unplain(f"{type(schema).__name__}: its options or hooks are not followed plainly")


class PlainReader:
    """``schema.load`` of plain input (a JSON object, or a request's headers), else None."""

    def __init__(self, schema: Schema) -> None:
        _plain_options(schema, (PRE_LOAD, POST_LOAD, VALIDATES, VALIDATES_SCHEMA))
        if schema.unknown not in (RAISE, EXCLUDE):
            raise Unplain(f"{type(schema).__name__}: unknown={schema.unknown}")
        self.exact = schema.unknown == RAISE  # a key it does not name refuses the input
        self.fields = tuple(
            (field.data_key or name, name, field.required, field.allow_none, field.load_default,
             _loader(name, field)) for name, field in schema.load_fields.items())
        self.keys = frozenset(key for key, *_ in self.fields)

    def takes(self, data: Any) -> bool:
        """A JSON object naming no key the schema does not know (when it refuses them), or
        headers (when it leaves out what it does not name)."""
        if type(data) is dict:
            return not self.exact or self.keys.issuperset(data)
        return not self.exact and isinstance(data, Headers)

    def __call__(self, data: Any) -> dict[str, Any] | None:
        if not self.takes(data):
            return None
        loaded = {}
        for key, name, required, allow_none, default, load in self.fields:
            value = data.get(key, _ABSENT)
            if value is _ABSENT:
                if required:
                    return None
                if default is missing:
                    continue
                value = default() if callable(default) else default
            elif value is None:
                if not allow_none:
                    return None
            elif (value := load(value)) is _REFUSED:
                return None
            loaded[name] = value
        return loaded


def _writer(name: str, field: fields.Field) -> Check:
    """The field's value as dumped (not copied), if it has the field's type."""
    if isinstance(field, fields.Nested) and not field.many and field.only is None \
            and not field.exclude:
        nested = PlainWriter(field.schema)
        return lambda value: _REFUSED if (out := nested(value)) is None else out
    if type(field) is fields.List:
        item = _kind(name, field.inner)
        return lambda value: (value if type(value) is list
                              and all(type(each) is item for each in value) else _REFUSED)
    kind = _kind(name, field)
    return lambda value: value if type(value) is kind else _REFUSED


class PlainWriter:
    """``schema.dump``'s data when every value already has its field's type, else None."""

    def __init__(self, schema: Schema) -> None:
        _plain_options(schema, (PRE_DUMP, POST_DUMP))
        self.fields = tuple((name, field.data_key or name, _writer(name, field))
                            for name, field in schema.dump_fields.items())

    def __call__(self, obj: Any) -> dict[str, Any] | None:
        if type(obj) is not dict:
            return None
        out = {}
        for name, key, write in self.fields:
            if name in obj:
                value = obj[name]
                if value is not None and (value := write(value)) is _REFUSED:
                    return None
                out[key] = value
        return out
