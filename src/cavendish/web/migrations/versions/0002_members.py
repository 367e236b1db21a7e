"""Members: their names, keys (hashes) and the seats they hold.

Revision ID: members
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "members"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create members, member_keys and table_members."""
    op.create_table(
        "members",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "member_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("member_id", sa.String(32), sa.ForeignKey("members.id"), nullable=False,
                  index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_members",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.String(1), primary_key=True),
        sa.Column("member_id", sa.String(32), sa.ForeignKey("members.id"), nullable=False,
                  index=True),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("table_members")
    op.drop_table("member_keys")
    op.drop_table("members")
