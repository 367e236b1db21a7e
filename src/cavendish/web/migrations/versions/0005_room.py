"""The room: every step of the club's room laws (16-25), in order.

Revision ID: room
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "room"
down_revision = "memrec"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create room_events."""
    op.create_table(
        "room_events",
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("room_events")
