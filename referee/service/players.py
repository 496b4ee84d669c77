"""Players by name: one reading of a name wherever one comes in, and one way to the player.

Every name that enters (a match created by the API or the page, an import, a restore) is read
by ``normal_name`` before it is compared or stored, so that names that look the same are the
same player:

- Unicode NFC: « Chloé » typed with a precomposed é or with e and a combining accent is one
  name;
- invisible characters are dropped: format characters (zero-width space and joiners, the BOM,
  the soft hyphen, direction marks, tags: Unicode category Cf), control characters (Cc) and
  the other characters Unicode says are ignorable when shown (fillers, variation selectors).
  Dropped rather than refused: a name pasted with a stray zero-width space is the name it
  looks like;
- white space is trimmed at both ends and each run of it inside made one space.

A name left without a visible character is refused, and so is one longer than its column. Its
key (``name_key``) is the name case-folded (« ALICE » and « alice » are one player).

``player_named`` finds the player of a name or creates them, safely when several requests name
one new player at the same moment: the database's unique key decides (an INSERT that does
nothing on a conflict, then a SELECT), and every request gets the same row, never an error.

Players stored by older code under another form of their name (NFD, an invisible character)
are rewritten in this form by migration 0008 where that makes no two players one; the others
stay as they were, and a name typed now finds the player stored in this form.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from marshmallow import ValidationError, fields, validate
from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from referee.service.errors import Invalid
from referee.service.sentences import ENGLISH, Sentence, sentence
from referee.store import models
from referee.store.bounds import NAME_KEY_LENGTH, NAME_LENGTH

#: Characters that show nothing and are not format characters (Unicode's
#: Default_Ignorable_Code_Point beyond category Cf): the combining grapheme joiner, the Hangul
#: fillers, the Khmer inherent vowels, the Mongolian variation selectors, the variation
#: selectors, and the blank braille pattern, often used as an "invisible" name.
IGNORABLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164,
     0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc"})

def _shown(char: str) -> str:
    """The character as a name keeps it: white space as one space, nothing if invisible."""
    if char.isspace():
        return " "
    if ord(char) in IGNORABLE or unicodedata.category(char) in INVISIBLE_CATEGORIES:
        return ""
    return char


def normal_name(text: str) -> str:
    """The name as it is compared and stored: NFC, without invisible characters, its white
    space trimmed and collapsed ("" when nothing visible is left)."""
    if text.isascii() and text.isprintable() and "  " not in text:
        return text.strip()  # the common case, already in its form
    kept = "".join(_shown(char) for char in unicodedata.normalize("NFC", text))
    return " ".join(unicodedata.normalize("NFC", kept).split())


def name_key(name: str) -> str:
    """The key two names share when they are one player's: the normal name case-folded."""
    return unicodedata.normalize("NFC", normal_name(name).casefold())


def name_problem(name: str) -> Sentence | None:
    """Why a normal name cannot be a player's (nothing visible left, too long for its column
    or its key's), or None when it can."""
    if not name:
        return sentence("A player's name needs at least one visible character.")
    if len(name) > NAME_LENGTH:
        return sentence("A player's name is at most {max} characters.", max=NAME_LENGTH)
    if len(name_key(name)) > NAME_KEY_LENGTH:
        return sentence("This name is too long once its case is folded.")
    return None


def checked_name(text: str, where: str) -> str:
    """The normal name of ``text``, or Invalid (422) saying why it cannot be a player's."""
    name = normal_name(text)
    said = name_problem(name)
    if said is not None:
        raise Invalid(said, where=where)
    return name


class PlayerName(fields.String):
    """A player's name in a schema: loaded as its normal name, refused (with the field's path)
    as ``checked_name`` refuses it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(min=1, max=NAME_LENGTH), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        name = normal_name(super()._deserialize(value, attr, data, **kwargs))
        said = name_problem(name)
        if said is not None:  # in English; the edges translate the schemas' messages
            raise ValidationError(said.worded(ENGLISH))
        return name


def _insert_unless_there(session: Session, values: dict[str, Any]) -> None:
    """INSERT the player, or nothing when their key is taken (by a row committed or being
    committed: PostgreSQL waits for the other transaction, then does nothing)."""
    make = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(make(models.Player).values(**values)
                    .on_conflict_do_nothing(index_elements=["name_key"]))


def player_named(session: Session, name: str, *, where: str = "name",
                 created_at: datetime | None = None,
                 player_id: int | None = None) -> models.Player:
    """The player of this name, created when there is none (``player_id``: with that id, for
    a restore into an empty instance); Invalid when it cannot be a player's name."""
    name = checked_name(name, where)
    key = name_key(name)
    found = session.scalars(select(models.Player).where(models.Player.name_key == key)).first()
    if found is not None:
        return found
    values: dict[str, Any] = {"name": name, "name_key": key,
                                 "created_at": created_at or models.utcnow()}
    if player_id is not None:
        values["id"] = player_id
    _insert_unless_there(session, values)
    return session.scalars(select(models.Player).where(models.Player.name_key == key)).one()


def players_named(session: Session, names: Sequence[str],
                  wheres: Sequence[str]) -> list[models.Player]:
    """The players of these names, in their order; new ones created in the order of their keys,
    so that two creations naming the same new players in other orders wait for each other
    rather than deadlock."""
    checked = [checked_name(name, where) for name, where in zip(names, wheres, strict=True)]
    found: dict[str, models.Player] = {}
    for index in sorted(range(len(checked)), key=lambda i: name_key(checked[i])):
        found[checked[index]] = player_named(session, checked[index], where=wheres[index])
    return [found[name] for name in checked]
