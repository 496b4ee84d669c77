"""Forms made from JSON schemas (each engine's options and move payloads), and back again.

A field is described once, from the schema the engine publishes (``describe(engine)``); the page
shows it as an input of the right kind, and the posted text is turned back into the JSON value
the schema expects. The service validates the result: nothing here knows any game's rules.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from referee.edge.i18n import gettext as _
from referee.edge.i18n import told
from referee.edge.validation import MAX_INT, Refused, load_json, whole_number
from referee.web import vocabulary

PREFIX = "p."  # posted payload fields are named "p.<field>"; options are "o.<field>"
SPLIT = re.compile(r"[\s,;]+")


class FormError(ValueError):
    """A field's text cannot be read as the value its schema asks for."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{label(name)}: {message}")
        self.name = name


@dataclass(frozen=True)
class Field:
    name: str
    kind: str  # integer, number, text, choice, boolean, list, lines, json
    required: bool
    description: str = ""
    choices: tuple[tuple[str, Any], ...] = ()  # (value as posted, label: lazily translated)
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False
    item_kind: str = "text"  # for list/lines: integer or text
    example: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The field's name for the reader; a game's option by the game's own words for it."""
        if self.extra.get("game"):
            return vocabulary.option_label(self.extra["game"], self.name)
        return vocabulary.field_label(self.name)

    @property
    def help(self) -> str:
        """What the field is for, in the reader's language (the engine's words translated)."""
        if self.extra.get("game"):
            return vocabulary.option_description(self.extra["game"], self.name,
                                                 self.description)
        return vocabulary.translated(self.description)

    def text_default(self) -> str:
        """The default value as the input shows it."""
        value = self.default
        if value is None:
            return ""
        if self.kind == "boolean":
            return "true" if value else ""
        if self.kind in ("list",):
            return " ".join(str(v) for v in value)
        if self.kind == "lines":
            return "\n".join(" ".join(str(v) for v in row) for row in value)
        if self.kind == "json":
            return json.dumps(value)
        return str(value)

    @property
    def hint(self) -> str:
        if self.kind == "list":
            return _("Separate the values with spaces or commas.")
        if self.kind == "lines":
            return _("One line each, its values separated by spaces; a lone - for an empty one.")
        if self.kind == "json":
            if self.example:
                return _("As JSON, e.g. {example}.", example=self.example)
            return _("As JSON.")
        return ""


def label(name: str) -> str:
    """``target_seat`` -> ``Target seat``, in the reader's language."""
    return vocabulary.field_label(name)


def scalar_kind(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if "enum" in schema:
        return "choice"
    return {"integer": "integer", "number": "number", "string": "text",
            "boolean": "boolean"}.get(str(kind))


def fields_of(schema: dict[str, Any]) -> list[Field]:
    """The inputs of an object schema, in the schema's order."""
    required = set(schema.get("required", ()))
    return [field_of(name, sub, name in required)
            for name, sub in (schema.get("properties") or {}).items()]


def field_of(name: str, schema: dict[str, Any], required: bool) -> Field:
    common: dict[str, Any] = {
        "name": name, "required": required, "description": schema.get("description", ""),
        "default": schema.get("default"), "nullable": bool(schema.get("nullable")),
        "minimum": schema.get("minimum"), "maximum": schema.get("maximum"),
    }
    kind = scalar_kind(schema)
    if kind == "choice":
        values = schema["enum"]
        choices = tuple((choice_text(v), choice_label(v)) for v in values)
        return Field(kind="choice", choices=choices,
                     nullable=common.pop("nullable") or None in values, **common)
    if kind is not None:
        return Field(kind=kind, **common)
    if schema.get("type") == "array":
        items = schema.get("items") or {}
        item_kind = scalar_kind(items)
        if item_kind in ("integer", "number", "text", "choice"):
            return Field(kind="list", item_kind=item_kind, example=items.get("example", ""),
                         description=common.pop("description") or items.get("description", ""),
                         **common)
        if items.get("type") == "array" and scalar_kind(items.get("items") or {}) in (
                "integer", "number", "text"):
            return Field(kind="lines", item_kind=scalar_kind(items["items"]) or "text", **common)
    return Field(kind="json", example=json.dumps(schema["example"]) if "example" in schema
                 else "", **common)


def choice_text(value: Any) -> str:
    return "" if value is None else str(value)


def choice_label(value: Any) -> Any:
    return vocabulary.choice_label(value)


# --- reading posted text back into JSON values -------------------------------------------------


def read_fields(fields: list[Field], form: Any, prefix: str) -> dict[str, Any]:
    """The JSON object the posted form describes; empty optional fields are left out."""
    out: dict[str, Any] = {}
    for f in fields:
        key = prefix + f.name
        if f.kind == "boolean":
            if key in form or f"{key}.present" in form:
                out[f.name] = form.get(key, "") in ("true", "on", "1", "yes")
            continue
        text = (form.get(key) or "").strip()
        if not text:
            continue
        out[f.name] = read_value(f, text)
    return out


def read_value(f: Field, text: str) -> Any:
    if f.kind == "integer":
        return to_int(f.name, text)
    if f.kind == "number":
        return to_number(f.name, text)
    if f.kind == "choice":
        for value, _label in f.choices:
            if value == text:
                return typed_choice(f, value)
        raise FormError(f.name, _("choose one of {values}.",
                                  values=", ".join(v for v, _label in f.choices)))
    if f.kind == "list":
        return [read_item(f.name, f.item_kind, part) for part in SPLIT.split(text) if part]
    if f.kind == "lines":
        return [[read_item(f.name, f.item_kind, part) for part in SPLIT.split(line)
                 if part and part != "-"] for line in text.splitlines()]
    if f.kind == "json":
        try:
            return load_json(text.encode("utf-8", "surrogatepass"), f.name)
        except Refused as err:
            raise FormError(f.name, _("this is not JSON ({detail}).",
                                      detail=told(err.said_detail))
                            if err.said_detail else told(err.sentence)) from None
    return text


def typed_choice(f: Field, value: str) -> Any:
    """An enum's posted text as its JSON value (enums of integers stay integers)."""
    if value == "":
        return None
    if all(v.lstrip("-").isdigit() for v, _label in f.choices if v):
        return int(value)
    return value


def read_item(name: str, kind: str, text: str) -> Any:
    if kind == "integer":
        return to_int(name, text)
    if kind == "number":
        return to_number(name, text)
    return text


def to_int(name: str, text: str) -> int:
    try:
        return whole_number(text, name, maximum=MAX_INT)
    except Refused:
        if text.strip().lstrip("+-").isdigit():
            raise FormError(name, _("a whole number up to {max}.", max=MAX_INT)) from None
        raise FormError(name, _("{text} is not a whole number.", text=repr(text[:40]))) from None


def to_number(name: str, text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        raise FormError(name, _("{text} is not a number.", text=repr(text[:40]))) from None
    if not math.isfinite(number):
        raise FormError(name, _("a number must be finite."))
    return number
