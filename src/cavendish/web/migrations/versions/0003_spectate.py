"""The chat of each table, and the duplicate challenges with their rooms' results.

Revision ID: spectate
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "spectate"
down_revision = "members"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create chat, challenges and challenge_rooms."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
                  index=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.String(1), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("spec", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "challenge_rooms",
        sa.Column("challenge_id", sa.String(32), sa.ForeignKey("challenges.id"),
                  primary_key=True),
        sa.Column("board", sa.Integer(), primary_key=True),
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("result", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("challenge_rooms")
    op.drop_table("challenges")
    op.drop_table("chat")
