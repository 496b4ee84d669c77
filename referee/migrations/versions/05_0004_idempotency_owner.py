"""idempotency keys remember their token and their request

Revision ID: 0004
Revises: 0006
Create Date: 2026-11-24 08:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("key_token_hash", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("key_request_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("key_request_hash")
        batch.drop_column("key_token_hash")
