"""stats read models: seat and match results, a night's placement points, a match's mode

Revision ID: 0006
Revises: 0002
Create Date: 2026-11-24 08:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mode", sa.String(length=10), nullable=False,
                                      server_default="moves"))
    with op.batch_alter_table("nights", schema=None) as batch_op:
        batch_op.add_column(sa.Column("placement_points", sa.JSON(), nullable=True))
    op.create_table(
        "seat_results",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("sides", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("lower_is_better", sa.Boolean(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("missplays", sa.Integer(), nullable=False),
        sa.Column("calls", sa.Integer(), nullable=False),
        sa.Column("calls_won", sa.Integer(), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("match_id", "seat"),
    )
    with op.batch_alter_table("seat_results", schema=None) as batch_op:
        batch_op.create_index("ix_seat_results_night", ["night_id"], unique=False)
        batch_op.create_index("ix_seat_results_player_game", ["player_id", "game"],
                              unique=False)
    op.create_table(
        "match_results",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=True),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("missplays", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("best_call", sa.Integer(), nullable=True),
        sa.Column("best_call_seat", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("match_id"),
    )
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_results_night_id"), ["night_id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_results_night_id"))
    op.drop_table("match_results")
    with op.batch_alter_table("seat_results", schema=None) as batch_op:
        batch_op.drop_index("ix_seat_results_player_game")
        batch_op.drop_index("ix_seat_results_night")
    op.drop_table("seat_results")
    with op.batch_alter_table("nights", schema=None) as batch_op:
        batch_op.drop_column("placement_points")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("mode")
