"""explicit match options: every existing match keeps the readings it was judged under

Revision ID: 0002
Revises: 0003
Create Date: 2026-11-24 08:30:00

Data only. Each match already stores the option set it was created with; options added since
(the rule texts' literal readings became the defaults) are absent from it, and an absent option
would take its new default. This writes the earlier reading of each such option into every
match that lacks it (``referee.service.readings``), so a stored match replays with the verdicts
it had, and drops the snapshots (folded under the earlier engine states; replay remakes them).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from referee.service.readings import INTRODUCED_IN_0002, READINGS_BEFORE_0002

revision = "0002"
down_revision = "0003"  # after the match identities (0003)
branch_labels = None
depends_on = None

matches = sa.table(
    "matches", sa.column("id", sa.Integer), sa.column("game", sa.String),
    sa.column("options", sa.JSON),
)
snapshots = sa.table("snapshots", sa.column("match_id", sa.Integer))


def write_earlier_readings(connection: sa.Connection) -> int:
    """Fill in the earlier reading of every absent option; returns how many matches changed."""
    changed = 0
    rows = connection.execute(sa.select(matches.c.id, matches.c.game, matches.c.options)).all()
    for match_id, game, options in rows:
        stored: dict[str, Any] = dict(options or {})
        missing = {k: v for k, v in READINGS_BEFORE_0002.get(game, {}).items() if k not in stored}
        if not missing:
            continue
        connection.execute(matches.update().where(matches.c.id == match_id)
                           .values(options={**stored, **missing}))
        changed += 1
    connection.execute(snapshots.delete())
    return changed


def drop_introduced_options(connection: sa.Connection) -> None:
    """Undo: take out the options revision 0001's engines did not know."""
    rows = connection.execute(sa.select(matches.c.id, matches.c.game, matches.c.options)).all()
    for match_id, game, options in rows:
        introduced = INTRODUCED_IN_0002.get(game, frozenset())
        stored = dict(options or {})
        if introduced & stored.keys():
            kept = {k: v for k, v in stored.items() if k not in introduced}
            connection.execute(matches.update().where(matches.c.id == match_id)
                               .values(options=kept))
    connection.execute(snapshots.delete())


def upgrade() -> None:
    write_earlier_readings(op.get_bind())


def downgrade() -> None:
    drop_introduced_options(op.get_bind())
