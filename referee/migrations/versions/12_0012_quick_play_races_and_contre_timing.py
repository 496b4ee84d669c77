"""races and contres: stored matches keep their readings; missplays count against their offender

Revision ID: 0012
Revises: 0011

Data only. Four readings change for matches created from now on: a quick play may no longer
cover one quick-played this turn (CC-QP-8, for CC-QP-4's race), a wrong value there is a wrong
quick play (CC-MISS-2, option ``value_fault_first``), a contre waits for the end of the turn
that left one card (PL-ZZ-1, option ``contre_when``), and quick scoring judges a round's figures
against the deck and the roster (CC-RND-2, CN-RND-2, option ``check_rounds``). Each stored match
lacking the option is given the reading it was judged under (``referee.service.readings``:
``READINGS_BEFORE_0012``), so it replays with the verdicts it had; the snapshots go (their
states hold the options; replay remakes them). A missplay now counts against the seat its
verdict names as offender (a contre's forgetter, a wrong flag's flagger), not the seat that
logged it: every match's read models are folded again from its log, as ``referee
rebuild-read-models`` does. Back down, the new options go again (the older code judges with its
old default) and the snapshots are dropped; run that command with the older code to count
missplays its way.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.orm import Session

from referee.service import stats
from referee.service.readings import INTRODUCED_IN_0012, READINGS_BEFORE_0012

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

matches = sa.table(
    "matches", sa.column("id", sa.Integer), sa.column("game", sa.String),
    sa.column("options", sa.JSON),
)
snapshots = sa.table("snapshots", sa.column("match_id", sa.Integer))


def write_earlier_readings(connection: sa.Connection) -> int:
    """Give every match lacking an option of revision 0012 its earlier reading; returns how
    many matches changed."""
    changed = 0
    rows = connection.execute(sa.select(matches.c.id, matches.c.game, matches.c.options)).all()
    for match_id, game, options in rows:
        stored: dict[str, Any] = dict(options or {})
        missing = {k: v for k, v in READINGS_BEFORE_0012.get(game, {}).items()
                   if k not in stored}
        if missing:
            connection.execute(matches.update().where(matches.c.id == match_id)
                               .values(options={**stored, **missing}))
            changed += 1
    connection.execute(snapshots.delete())
    return changed


def rebuild_read_models(connection: sa.Connection) -> None:
    """Fold every match again from its log and rewrite its read models (the missplays each
    seat made, counted against their offenders), in the migration's transaction."""
    session = Session(bind=connection)
    for match_id in connection.execute(sa.select(matches.c.id).order_by(matches.c.id)
                                       ).scalars().all():
        stats.rebuild_match(session, match_id)
    session.flush()


def drop_introduced_options(connection: sa.Connection) -> None:
    """Undo: take out the option the older code does not know."""
    rows = connection.execute(sa.select(matches.c.id, matches.c.game, matches.c.options)).all()
    for match_id, game, options in rows:
        introduced = INTRODUCED_IN_0012.get(game, frozenset())
        stored = dict(options or {})
        if introduced & stored.keys():
            connection.execute(matches.update().where(matches.c.id == match_id)
                               .values(options={k: v for k, v in stored.items()
                                                if k not in introduced}))
    connection.execute(snapshots.delete())


def upgrade() -> None:
    connection = op.get_bind()
    write_earlier_readings(connection)
    rebuild_read_models(connection)


def downgrade() -> None:
    drop_introduced_options(op.get_bind())
