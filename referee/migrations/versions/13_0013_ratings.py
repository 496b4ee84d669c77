"""players' OpenSkill ratings after each match, per game and overall, and the marks that say
from which match on they are due for a recomputation

The ratings are a read model of the results: the new tables start empty with one mark "from
the start", so the first recomputation (after the next finished match, or ``referee
rebuild-read-models``) rates every match already played.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_ratings",
        sa.Column("scope", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("match_uuid", sa.String(length=36), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("change", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("scope", "player_id", "match_id"),
    )
    op.create_index("ix_player_ratings_player", "player_ratings",
                    ["player_id", "scope", "ended_at", "match_uuid"])
    op.create_index("ix_player_ratings_order", "player_ratings", ["ended_at", "match_uuid"])
    op.create_index("ix_player_ratings_match", "player_ratings", ["match_id"])
    op.create_index("ix_seat_results_ended", "seat_results", ["ended_at"])
    due = op.create_table(
        "ratings_due",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("match_uuid", sa.String(length=36), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    if op.get_bind().execute(sa.text("SELECT 1 FROM seat_results LIMIT 1")).first():
        op.bulk_insert(due, [{"ended_at": None, "match_uuid": ""}])


def downgrade() -> None:
    op.drop_index("ix_seat_results_ended", table_name="seat_results")
    op.drop_table("ratings_due")
    op.drop_index("ix_player_ratings_match", table_name="player_ratings")
    op.drop_index("ix_player_ratings_order", table_name="player_ratings")
    op.drop_index("ix_player_ratings_player", table_name="player_ratings")
    op.drop_table("player_ratings")
