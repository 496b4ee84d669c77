"""JSON snapshots, history paged by key, match tallies

Snapshots become JSON documents (``referee.store.codec``) with their codec version; the old
pickled ones are dropped (they are an optimisation: the log rebuilds them). Match summaries get
the indexes that history's seek pagination walks, and a tally per game and status replaces
counting the whole table.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM snapshots")
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.drop_column("state")
        batch_op.add_column(sa.Column("codec", sa.Integer(), nullable=False))
        batch_op.add_column(sa.Column("state", sa.JSON(), nullable=False))
    with op.batch_alter_table("match_summaries", schema=None) as batch_op:
        batch_op.create_index("ix_match_summaries_updated", ["updated_at", "match_id"],
                              unique=False)
        batch_op.create_index("ix_match_summaries_status_updated",
                              ["status", "updated_at", "match_id"], unique=False)
    op.create_table(
        "match_tallies",
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game", "status", "day"),
    )
    if op.get_bind().dialect.name == "postgresql":
        day = "CAST(created_at AT TIME ZONE 'UTC' AS date)"
    else:
        day = "date(created_at)"
    op.execute(f"INSERT INTO match_tallies (game, status, day, count) "
               f"SELECT game, status, {day}, COUNT(*) FROM match_summaries "
               f"GROUP BY game, status, {day}")


def downgrade() -> None:
    op.drop_table("match_tallies")
    with op.batch_alter_table("match_summaries", schema=None) as batch_op:
        batch_op.drop_index("ix_match_summaries_status_updated")
        batch_op.drop_index("ix_match_summaries_updated")
    op.execute("DELETE FROM snapshots")
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.drop_column("state")
        batch_op.drop_column("codec")
        batch_op.add_column(sa.Column("state", sa.LargeBinary(), nullable=False))
