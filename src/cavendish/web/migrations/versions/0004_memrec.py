"""Members' records: each finished hand's double-dummy costs by seat (a cache).

Revision ID: memrec
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "memrec"
down_revision = "spectate"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create hand_costs (``cavendish.web.records``)."""
    op.create_table(
        "hand_costs",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("lost", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("hand_costs")
