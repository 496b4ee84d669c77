"""a match summary's outcome is data: the ``outcome`` column (a sentence) goes

The summary's totals keep the outcome as its message id and parameters (``outcome_data``, and
``result`` once the match is over), from which each reader's sentence is said in the reader's
language; the ``outcome`` column held that sentence once more, in the language of the request
that last wrote the row. Its text is moved into the totals of a row whose totals do not hold it
already (rows written before the totals kept it), where it is shown only when the data cannot
be said (an id no catalogue knows); ``referee rebuild-read-models`` then rewrites every summary
as data only. Back down, the column comes back holding the totals' kept text, or "" (the older
code says the outcome from the totals' data too).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

summaries = sa.table("match_summaries", sa.column("match_id", sa.Integer),
                     sa.column("totals", sa.JSON), sa.column("outcome", sa.Text))


def _totals(value: Any) -> dict[str, Any]:
    """A row's totals as a dict (SQLite may hand JSON back as text)."""
    if isinstance(value, str):
        value = json.loads(value)
    return dict(value) if isinstance(value, dict) else {}


def upgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(summaries.c.match_id, summaries.c.totals,
                                        summaries.c.outcome)).all()
    for match_id, totals, outcome in rows:
        kept = _totals(totals)
        if outcome and not kept.get("outcome"):
            connection.execute(summaries.update().where(summaries.c.match_id == match_id)
                               .values(totals={**kept, "outcome": outcome}))
    with op.batch_alter_table("match_summaries") as batch:
        batch.drop_column("outcome")


def downgrade() -> None:
    with op.batch_alter_table("match_summaries") as batch:
        batch.add_column(sa.Column("outcome", sa.Text(), nullable=False, server_default=""))
    connection = op.get_bind()
    for match_id, totals in connection.execute(sa.select(summaries.c.match_id,
                                                         summaries.c.totals)).all():
        kept = _totals(totals).get("outcome")
        connection.execute(summaries.update().where(summaries.c.match_id == match_id)
                           .values(outcome=kept if isinstance(kept, str) else ""))
