"""a game night's host token, stored hashed as a match's is

Nights made before have none (NULL): they stay readable and read-only until the command line
issues them a token (``referee night-token NIGHT``).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("nights") as batch:
        batch.add_column(sa.Column("host_token_hash", sa.String(length=64), nullable=True))
        batch.create_unique_constraint("uq_nights_host_token_hash", ["host_token_hash"])


def downgrade() -> None:
    with op.batch_alter_table("nights") as batch:
        batch.drop_constraint("uq_nights_host_token_hash", type_="unique")
        batch.drop_column("host_token_hash")
