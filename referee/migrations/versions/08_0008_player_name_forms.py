"""players' names in one form, and a key column that holds every name's case-folded key

A name is now compared and kept in one form (``referee.service.players.normal_name``): Unicode
NFC, invisible characters dropped, white space trimmed and collapsed; its key is that name
case-folded. Case folding makes a character up to three (« ß » -> « ss »), so ``name_key`` holds
three times a name's 80 characters: a name that fits always has a key that fits.

Players stored before under another form of their name (« Chloé » in NFD, a name with a
zero-width space) are rewritten in the new form, so that the name typed now finds them. A player
is left as they were when the new form would make them one with another player (merging two
players' records cannot be undone, and two players who sat in one match cannot be one), or
when nothing visible would be left of their name.

The normalisation is written out here as it was when this migration was made: a migration
replays the same way whatever the code becomes.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

NAME_LENGTH = 80
OLD_KEY_LENGTH = 80
KEY_LENGTH = 3 * NAME_LENGTH
IGNORABLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164,
     0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])


def _shown(char: str) -> str:
    if char.isspace():
        return " "
    if ord(char) in IGNORABLE or unicodedata.category(char) in ("Cf", "Cc"):
        return ""
    return char


def normal_name(text: str) -> str:
    kept = "".join(_shown(char) for char in unicodedata.normalize("NFC", text))
    return " ".join(unicodedata.normalize("NFC", kept).split())


def name_key(name: str) -> str:
    return unicodedata.normalize("NFC", normal_name(name).casefold())


players = sa.table("players", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("name_key", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=OLD_KEY_LENGTH),
                              type_=sa.String(length=KEY_LENGTH), existing_nullable=False)
    connection = op.get_bind()
    rows = connection.execute(sa.select(players.c.id, players.c.name, players.c.name_key)).all()
    by_key: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        by_key[name_key(row.name)].append(row.id)
    held = {row.name_key: row.id for row in rows}
    for row in rows:
        name = normal_name(row.name)
        key = name_key(row.name)
        if (name, key) == (row.name, row.name_key) or not name or len(name) > NAME_LENGTH:
            continue
        if len(by_key[key]) > 1 or held.get(key, row.id) != row.id:
            continue  # another player would share this key: both are kept as they are
        connection.execute(players.update().where(players.c.id == row.id)
                           .values(name=name, name_key=key))
        del held[row.name_key]
        held[key] = row.id


def downgrade() -> None:
    """The key's column as it was (names rewritten in their normal form stay so: it is the
    form the earlier code stored for names typed in it)."""
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=KEY_LENGTH),
                              type_=sa.String(length=OLD_KEY_LENGTH), existing_nullable=False)
