"""The schemas' own messages (marshmallow's and ours) in the reader's language.

marshmallow writes its messages in English, already formatted ("Length must be between 1 and
40."). Each one a schema here can give is listed below as a template marked for the catalogue;
the edges (the API's 422 ``errors``, the pages) find the template a message was made from,
translate it, and put the same values back in. The structure of ``errors`` (which field said
what) is untouched, and a message no template matches (a name typed by a player, an engine's
sentence already worded) stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from string import Formatter
from typing import Any

from referee.service.sentences import marked

#: Every message the schemas can give, as marshmallow (3.x) or this project writes it. A test
#: checks that marshmallow's own defaults are all here, so an upgrade that rewords one is seen.
TEMPLATES = (
    # fields
    marked("Missing data for required field."),
    marked("Field may not be null."),
    marked("Invalid value."),
    marked("Invalid type."),
    marked("Invalid input type."),
    marked("Unknown field."),
    marked("Not a valid integer."),
    marked("Not a valid number."),
    marked("Number too large."),
    marked("Not a valid string."),
    marked("Not a valid utf-8 string."),
    marked("Not a valid boolean."),
    marked("Not a valid list."),
    marked("Not a valid tuple."),
    marked("Not a valid mapping type."),
    marked("Not a valid date."),
    marked("Not a valid datetime."),
    marked("Not a valid time."),
    marked("Not a valid period of time."),
    marked("Not a valid email address."),
    marked("Not a valid URL."),
    marked("Not a valid UUID."),
    marked("Not a valid IP address."),
    marked("Not a valid IP interface."),
    marked("Not a valid IPv4 address."),
    marked("Not a valid IPv4 interface."),
    marked("Not a valid IPv6 address."),
    marked("Not a valid IPv6 interface."),
    marked("Not a valid {obj_type}."),
    marked("Not a valid {awareness} {obj_type}."),
    marked("\"{input}\" cannot be formatted as a {obj_type}."),
    marked("\"{input}\" cannot be formatted as a date."),
    marked("Special numeric values (nan or infinity) are not permitted."),
    # validators
    marked("Length must be between {min} and {max}."),
    marked("Length must be {equal}."),
    marked("Longer than maximum length {max}."),
    marked("Shorter than minimum length {min}."),
    marked("Must be greater than or equal to {min} and less than or equal to {max}."),
    marked("Must be greater than or equal to {min} and less than {max}."),
    marked("Must be greater than {min} and less than or equal to {max}."),
    marked("Must be greater than {min} and less than {max}."),
    marked("Must be greater than or equal to {min}."),
    marked("Must be greater than {min}."),
    marked("Must be less than or equal to {max}."),
    marked("Must be less than {max}."),
    marked("Must be one of: {choices}."),
    marked("Must be equal to {other}."),
    marked("One or more of the choices you made was in: {values}."),
    marked("One or more of the choices you made was not in: {choices}."),
    marked("String does not match expected pattern."),
    marked("Invalid input."),
    # this project's schemas
    marked("Give a seat number (0, 1, …) or 'host'."),
    marked("Give a seat either a name or a player_id."),
    marked("Not a match identity (a lowercase uuid)."),
    marked("An actor is 'host' or 'seat:<n>'."),
    marked("Not a time in ISO 8601 in years 1 to 9999 (such as 2026-05-01T20:30:00+02:00)."),
    marked("A player's name needs at least one visible character."),
    marked("A player's name is at most {max} characters."),
    marked("This name is too long once its case is folded."),
    marked("Give either a name or a player_id."),
)


def fields_of(template: str) -> list[str]:
    """The named fields of a ``str.format`` template, in order."""
    return [name for _, name, _, _ in Formatter().parse(template) if name]


def literal_text(template: str) -> str:
    """A template's fixed words, without its fields."""
    return "".join(text for text, _, _, _ in Formatter().parse(template))


@cache
def patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each template as a pattern that finds its values in a message it made, the most
    specific first: the one with the most fixed text (so "Not a valid integer." wins over
    "Not a valid {obj_type}.", and "… {min} and less than or equal to {max}." over
    "… {min}.", whose {min} would swallow the rest of the sentence)."""
    found = []
    for template in sorted(TEMPLATES, key=lambda t: (-len(literal_text(t)), len(fields_of(t)))):
        pattern = ""
        for text, name, _, _ in Formatter().parse(template):
            pattern += re.escape(text)
            if name:
                group = f"(?P<{name}>.+?)" if f"(?P<{name}>" not in pattern else f"(?P={name})"
                pattern += group
        found.append((re.compile(f"^{pattern}$", re.DOTALL), template))
    return found


def translated(message: str, gettext: Callable[[str], str]) -> str:
    """One schema message in the reader's language, or as it is when no template made it."""
    for pattern, template in patterns():
        match = pattern.match(message)
        if match is None:
            continue
        words = gettext(template)
        if words == template:
            return message
        try:
            return words.format(**match.groupdict())
        except (KeyError, IndexError, ValueError):
            return message
    return message


def schema_errors(errors: Any, gettext: Callable[[str], str]) -> Any:
    """A copy of a schema's ``errors`` (field path -> messages) with each message translated;
    the keys are kept as they are."""
    if isinstance(errors, dict):
        return {key: schema_errors(value, gettext) for key, value in errors.items()}
    if isinstance(errors, list | tuple):
        return [schema_errors(item, gettext) for item in errors]
    if isinstance(errors, str):
        return translated(errors, gettext)
    return errors


def messages_in(errors: Any) -> Iterator[str]:
    """Every message of an ``errors`` tree (for tests)."""
    if isinstance(errors, dict):
        for value in errors.values():
            yield from messages_in(value)
    elif isinstance(errors, list | tuple):
        for item in errors:
            yield from messages_in(item)
    elif isinstance(errors, str):
        yield errors
