"""a match's identity (uuid), the copies made on purpose, the join tokens replaced

Revision ID: 0003
Revises: 0001
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("uuid", sa.String(length=36), nullable=True))
        batch_op.add_column(sa.Column("is_copy", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column("copy_of", sa.String(length=36), nullable=True))
    matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("uuid", sa.String))
    connection = op.get_bind()
    for (match_id,) in connection.execute(sa.select(matches.c.id)).all():
        connection.execute(matches.update().where(matches.c.id == match_id)
                           .values(uuid=str(uuid.uuid4())))
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.alter_column("uuid", existing_type=sa.String(length=36), nullable=False)
        batch_op.create_index(batch_op.f("ix_matches_uuid"), ["uuid"], unique=True)
    op.create_table(
        "replaced_tokens",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("replaced_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_replaced_tokens_match_id"), ["match_id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("replaced_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_replaced_tokens_match_id"))
    op.drop_table("replaced_tokens")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_uuid"))
        batch_op.drop_column("copy_of")
        batch_op.drop_column("is_copy")
        batch_op.drop_column("uuid")
