"""Sentences the service says to a person (an error, a refusal), worded for each reader.

A service error carries its sentence as an English template marked for the catalogue and its
named parameters: ``sentence("There is no match {match}.", match=7)``. The edges (the API,
the pages) word it in the reader's language through gettext, the parameters formatted after
the translation; ``str()`` and the errors' ``message`` are the English wording, for logs and
for the command line. A parameter may be a game's word (``GameTitle``, ``MoveName``,
``OptionName``), worded in the reader's language too, another sentence, or a verdict an engine
said; anything else (numbers, the players' names, what the client typed) is shown as it is.

This module knows no request: the edge gives it a ``Reader`` (the language, its gettext and
the pages' words for moves).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from babel.dates import format_date

from referee.engines.messages import Said
from referee.service import messages


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Reader:
    """Who a sentence is worded for: a language, its translations, its words for moves, and
    the names of the match the request is about (for an engine's words that have none)."""

    locale: str = messages.DEFAULT_LOCALE
    gettext: Callable[[str], str] = _same
    move_word: Callable[[str], str] | None = field(default=None)
    names: Sequence[str] | None = None


#: The English wording: the templates as written, the ids as the API knows them.
ENGLISH = Reader()


class Words:
    """Something a sentence can say, worded for a reader."""

    def worded(self, reader: Reader = ENGLISH) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.worded(ENGLISH)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash(str(self))


class Sentence(Words):
    """An English template (``{name}`` fields) and its parameters."""

    def __init__(self, template: str, params: Mapping[str, Any]) -> None:
        self.template = template
        self.params = dict(params)

    def worded(self, reader: Reader = ENGLISH) -> str:
        text = reader.gettext(self.template)
        if not self.params:
            return text
        return messages.fill(text, {key: shown(value, reader)
                                    for key, value in self.params.items()})


def sentence(template: str, **params: Any) -> Sentence:
    """The marker the catalogue's extraction looks for (``referee.catalogues.KEYWORDS``): a
    sentence to say to a person, its template translated when it is worded."""
    return Sentence(template, params)


class Finished(Words):
    """Words already in their final form (an edge's own, already in the reader's language)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def worded(self, reader: Reader = ENGLISH) -> str:
        return self.text


class EngineSaid(Words):
    """What an engine said (a message id and parameters), with the match's players' names."""

    def __init__(self, said: Said | None, names: Sequence[str] | None = None) -> None:
        self.said = said
        self.names = list(names) if names is not None else None

    def worded(self, reader: Reader = ENGLISH) -> str:
        names = self.names if self.names is not None else reader.names
        return messages.render(self.said, names, reader.locale)


class GameTitle(Words):
    """A game's name: the engine's own in English, the rule texts' words in French."""

    def __init__(self, game: str, english: str) -> None:
        self.game, self.english = game, english

    def worded(self, reader: Reader = ENGLISH) -> str:
        if reader.locale == messages.DEFAULT_LOCALE:
            return self.english
        title = messages.game_title(self.game, reader.locale)
        return self.english if title == self.game else title


class MoveName(Words):
    """A move type: its id in English (as the API takes it; quoted, or read as words when
    ``spaced``), the pages' word for it in another language."""

    def __init__(self, move_type: str, quoted: bool = True, spaced: bool = False) -> None:
        self.move_type, self.quoted, self.spaced = move_type, quoted, spaced

    def worded(self, reader: Reader = ENGLISH) -> str:
        if reader.locale != messages.DEFAULT_LOCALE and reader.move_word is not None:
            word = reader.move_word(self.move_type)
            return f"« {word} »" if self.quoted else word
        text = self.move_type.replace("_", " ") if self.spaced else self.move_type
        return repr(text) if self.quoted else text


class Kind(Words):
    """A verdict's kind (``ok``, ``missplay``, ``impossible``): the catalogue has each word."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind

    def worded(self, reader: Reader = ENGLISH) -> str:
        return reader.gettext(str(self.kind)) if isinstance(self.kind, str) else str(self.kind)


class OptionName(Words):
    """A game's option: its id in English, its name in the reader's language otherwise."""

    def __init__(self, game: str, option: str) -> None:
        self.game, self.option = game, option

    def worded(self, reader: Reader = ENGLISH) -> str:
        if reader.locale == messages.DEFAULT_LOCALE:
            return self.option
        return messages.option_label(self.game, self.option, reader.locale)


class Day(Words):
    """A day of the month and its month ("24 Nov"; French "24 nov.")."""

    def __init__(self, when: datetime) -> None:
        self.when = when

    def worded(self, reader: Reader = ENGLISH) -> str:
        if reader.locale == messages.DEFAULT_LOCALE:
            return f"{self.when:%d %b}"
        return format_date(self.when, "dd MMM", locale=reader.locale)


class Listed(Words):
    """Several words in a row (``draw, play, quick_play``), each worded for the reader; in
    the reader's alphabetical order when ``ordered``."""

    def __init__(self, items: Sequence[Any], separator: Words | str = ", ",
                 ordered: bool = False) -> None:
        self.items, self.separator, self.ordered = list(items), separator, ordered

    def worded(self, reader: Reader = ENGLISH) -> str:
        separator = str(shown(self.separator, reader))
        words = [str(shown(item, reader)) for item in self.items]
        if self.ordered:
            words.sort(key=str.casefold)
        return separator.join(words)


def shown(value: Any, reader: Reader) -> Any:
    """A parameter as the sentence shows it to ``reader``."""
    if isinstance(value, Words):
        return value.worded(reader)
    return value


def counted(seat: int | None) -> int | str:
    """A seat as a sentence to a person numbers it: counted from 1, as the table counts (the
    API's ``seat`` fields count from 0)."""
    return seat + 1 if isinstance(seat, int) else "?"


def english(words: Words | str) -> str:
    """The English wording (for logs, ``str()``, the command line)."""
    return words if isinstance(words, str) else words.worded(ENGLISH)


def title_of(engine: Any) -> GameTitle:
    """An engine's game, named for the reader."""
    return GameTitle(engine.id, engine.title)


def moves_of(move_types: Iterable[str]) -> Listed:
    """Move types listed for the reader (``draw, play``), in order."""
    return Listed([MoveName(t, quoted=False) for t in move_types], ordered=True)


def either(choices: Sequence[str]) -> Words:
    """Two or more choices, the last after "or" ("moves or rounds")."""
    if len(choices) < 2:
        return Listed(choices)
    return sentence("{some} or {last}", some=Listed(choices[:-1]), last=choices[-1])


def marked(text: str) -> str:
    """Marks an English text for the catalogue's extraction without translating it here (an
    edge translates it when it shows it)."""
    return text
