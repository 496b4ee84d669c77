"""A player's latest matches by index: seat results keyed by player, then match

The player page asks whom a player met in their latest matches; without this index the database
reads every one of the player's results scattered over the table to find the latest.

Revision ID: 0007
Revises: 0005
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_seat_results_player_match", "seat_results", ["player_id", "match_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_results_player_match", table_name="seat_results")
