"""Rendering what the engines say: a message id and its parameters become a sentence.

The engines speak in ``Message`` values (``referee.engines.messages``); this module turns them
into sentences for a reader, with the names the players gave at the table (never "seat 2").
Templates are ``str.format`` strings with named fields, one table per game and one shared
table (``messages_en/<game>.py``, ``messages_en/common.py``), so that each can later become a
gettext msgid for another language.

Fields of a template may ask for a parameter as-is (``{value}``) or through a formatter:
seats (``seat``, ``*_seat``) become names, lists of seats (``seats``, ``*_seats``) a list of
names; other lists are joined with commas.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from string import Formatter
from typing import Any

from referee.engines.messages import Message, Said, is_seat_key, is_seats_key

Names = Sequence[str]
LOCALES = ("en",)
CATALOGUE_MODULES = ("common", "plouc", "neurotrio", "citroncoco", "citroncoco_teams",
                     "croconounours")


class MissingMessage(KeyError):
    """An engine said something no catalogue knows: a bug in the catalogue, caught by tests."""


@cache
def catalogue(locale: str = "en") -> Mapping[str, str]:
    """Every template of ``locale``, by message id."""
    table: dict[str, str] = {}
    for name in CATALOGUE_MODULES:
        module = importlib.import_module(f"referee.service.messages_{locale}.{name}")
        table.update(module.MESSAGES)
    return table


@cache
def words(locale: str = "en") -> Mapping[str, Mapping[str, str]]:
    """Words for parameters given as codes (suits, directions), by parameter kind."""
    module = importlib.import_module(f"referee.service.messages_{locale}.common")
    return dict(module.WORDS)


def seat_name(seat: Any, names: Names | None) -> str:
    """The name given at the table; "seat N" only when the match has no names to give."""
    if isinstance(seat, int) and names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"seat {seat}"


def join(words: Sequence[str]) -> str:
    """"Alice", "Alice and Bob", "Alice, Bob and Carole"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def shown(key: str, value: Any, names: Names | None, locale: str = "en") -> Any:
    """A parameter as the sentence shows it."""
    if isinstance(value, Mapping) and "message_id" in value:  # a message within a message
        return render(Message(value["message_id"], value.get("params", {})), names, locale)
    kind = words(locale).get(key.rsplit("_", 1)[-1]) or words(locale).get(key)
    if kind is not None and isinstance(value, str):
        return kind.get(value, value)
    if is_seat_key(key) and (isinstance(value, int) or value is None):
        return "nobody" if value is None else seat_name(value, names)
    if is_seats_key(key) and isinstance(value, list | tuple):
        return join([seat_name(s, names) for s in value])
    if isinstance(value, list | tuple):  # cards read as laid, one after the other
        return (" " if key == "cards" else ", ").join(str(v) for v in value)
    return value


def render(message: Said | None, names: Names | None = None, locale: str = "en") -> str:
    """The sentence ``message`` says to a reader of ``locale``, players called by ``names``."""
    if message is None or isinstance(message, str):
        return message or ""
    template = catalogue(locale).get(message.id)
    if template is None:
        raise MissingMessage(message.id)
    params = {k: shown(k, v, names, locale) for k, v in message.params.items()}
    return template.format_map(params)


def renderer(names: Names | None = None, locale: str = "en") -> Callable[[Said | None], str]:
    """``render`` with the match's names bound, for ``Verdict.as_dict(render=…)``."""
    return lambda message: render(message, names, locale)


def fields_of(template: str) -> set[str]:
    """The named fields a template uses (tests check every one is a parameter the engine gives)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


__all__ = ["Message", "MissingMessage", "catalogue", "fields_of", "render", "renderer",
           "seat_name"]


def names_of(match: Any) -> list[str]:
    """The names given at the table, by seat, of a stored match."""
    summary = getattr(match, "summary", None)
    return list(summary.seat_names or []) if summary is not None else []


def for_match(match: Any, locale: str = "en") -> Callable[[Said | None], str]:
    """The renderer of a stored match: its players called by their names."""
    return renderer(names_of(match), locale)
