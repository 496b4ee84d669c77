"""a night's roster and its rounds of several tables: each round's seed, proposal and matches

Revision ID: 0014
Revises: 0013

New tables only: ``night_players`` (who is present), ``night_rounds`` (a round's seed, the
seating proposed from it, the seating kept, the byes) and ``night_tables`` (a started round's
matches). Nights made before have an empty roster and no round.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "night_players",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["nights.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("night_id", "player_id"),
    )
    op.create_table(
        "night_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("wanted_tables", sa.Integer(), nullable=True),
        sa.Column("proposed", sa.JSON(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["night_id"], ["nights.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("night_id", "number"),
    )
    op.create_index("ix_night_rounds_night_id", "night_rounds", ["night_id"])
    op.create_table(
        "night_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["night_rounds.id"]),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "number"),
        sa.UniqueConstraint("match_id"),
    )
    op.create_index("ix_night_tables_round_id", "night_tables", ["round_id"])


def downgrade() -> None:
    op.drop_index("ix_night_tables_round_id", table_name="night_tables")
    op.drop_table("night_tables")
    op.drop_index("ix_night_rounds_night_id", table_name="night_rounds")
    op.drop_table("night_rounds")
    op.drop_table("night_players")
